import { describe, expect, it } from 'vitest';
import {
	addDays,
	clockOfOffset,
	dateIntFromString,
	daysBetween,
	fixedOffsetOf,
	formatClock,
	hourKey,
	hoursInLocalDay,
	isDateInt,
	isValidTz,
	localDateInt,
	normalizeTz,
	offsetSeconds,
	startOfLocalDay,
	tzAt,
	weekdayOfDate,
	zonedParts,
	zonedToEpoch
} from './zone';

// 2026-03-29 01:00 UTC: Berlin springs from 02:00 CET to 03:00 CEST.
const BERLIN_SPRING = Date.UTC(2026, 2, 29, 1, 0, 0) / 1000;
// 2026-10-25 01:00 UTC: Berlin falls back from 03:00 CEST to 02:00 CET.
const BERLIN_FALL = Date.UTC(2026, 9, 25, 1, 0, 0) / 1000;

describe('zone arithmetic', () => {
	it('runs under a test zone unlike any record zone, so leaks would show', () => {
		expect(process.env.TZ).toBe('Asia/Kathmandu');
	});

	it('reads the wall clock of an Olson zone, not the machine zone', () => {
		const instant = Date.UTC(2026, 0, 15, 23, 30, 0) / 1000;
		expect(zonedParts(instant, 'Europe/Berlin')).toEqual({
			year: 2026,
			month: 1,
			day: 16,
			hour: 0,
			minute: 30,
			second: 0,
			weekday: 5
		});
		expect(localDateInt(instant, 'America/New_York')).toBe(20260115);
		expect(hourKey(instant, 'America/New_York')).toBe('2026011518');
	});

	it('handles GMT offsets by arithmetic, including half-hour and negative ones', () => {
		expect(fixedOffsetOf('GMT+0530')).toBe(19800);
		expect(fixedOffsetOf('GMT-0800')).toBe(-28800);
		expect(fixedOffsetOf('GMT+05:45')).toBe(20700);
		expect(fixedOffsetOf('Europe/Berlin')).toBeNull();
		const instant = Date.UTC(2026, 5, 1, 20, 0, 0) / 1000;
		expect(hourKey(instant, 'GMT+0530')).toBe('2026060201');
		expect(zonedToEpoch(2026, 6, 2, 2, 0, 0, 'GMT+0530')).toBe(instant + 1800);
	});

	it('rejects unknown zones instead of falling back silently', () => {
		expect(isValidTz('Mars/Olympus_Mons')).toBe(false);
		expect(isValidTz('GMT+2500')).toBe(false);
		expect(() => normalizeTz('Mars/Olympus_Mons')).toThrow(/Unknown time zone/);
		expect(normalizeTz(null)).toBe('UTC');
		expect(normalizeTz(' Europe/Berlin ')).toBe('Europe/Berlin');
	});

	it('changes offset at the spring-forward instant and skips the 02 hour key', () => {
		expect(offsetSeconds(BERLIN_SPRING - 1, 'Europe/Berlin')).toBe(3600);
		expect(offsetSeconds(BERLIN_SPRING, 'Europe/Berlin')).toBe(7200);
		expect(hourKey(BERLIN_SPRING - 1, 'Europe/Berlin')).toBe('2026032901');
		expect(hourKey(BERLIN_SPRING, 'Europe/Berlin')).toBe('2026032903');
		expect(hoursInLocalDay(20260329, 'Europe/Berlin')).toBe(23);
	});

	it('reads the offset in effect at every quarter hour of a year, on days with a change and without', () => {
		// The oracle: Intl's own name of the offset ("GMT+10:30"), read another way than zone.ts does.
		const named = (tz: string) =>
			new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
		const offsetNamed = (format: Intl.DateTimeFormat, epochSec: number) => {
			const name = format.formatToParts(epochSec * 1000).find((p) => p.type === 'timeZoneName');
			const match = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(name?.value ?? '');
			if (!match?.[1]) return 0;
			return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60);
		};
		// Changes at UTC hours all over the day, a half-hour DST (Lord Howe), a 45-minute zone.
		const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham'];
		const from = Date.UTC(2026, 0, 1) / 1000;
		for (const tz of zones) {
			const format = named(tz);
			for (let at = from; at < from + 366 * 86400; at += 900 * 7) {
				expect(offsetSeconds(at, tz), `${tz} at ${at}`).toBe(offsetNamed(format, at));
			}
		}
		// The very second either side of a change inside a UTC day.
		expect(offsetSeconds(BERLIN_FALL - 1, 'Europe/Berlin')).toBe(7200);
		expect(offsetSeconds(BERLIN_FALL, 'Europe/Berlin')).toBe(3600);
	});

	it('repeats the 02 hour key on the fall-back night and counts 25 hours', () => {
		expect(hourKey(BERLIN_FALL - 1800, 'Europe/Berlin')).toBe('2026102502');
		expect(hourKey(BERLIN_FALL + 1800, 'Europe/Berlin')).toBe('2026102502');
		expect(hoursInLocalDay(20261025, 'Europe/Berlin')).toBe(25);
		expect(hoursInLocalDay(20261026, 'Europe/Berlin')).toBe(24);
	});

	it('resolves a skipped wall time past the gap and a repeated one to the earlier instant', () => {
		// 02:30 does not exist on 2026-03-29 in Berlin: it becomes 03:30 CEST (01:30 UTC).
		expect(zonedToEpoch(2026, 3, 29, 2, 30, 0, 'Europe/Berlin')).toBe(BERLIN_SPRING + 1800);
		// 02:30 happens twice on 2026-10-25: the first (CEST, 00:30 UTC) is chosen.
		expect(zonedToEpoch(2026, 10, 25, 2, 30, 0, 'Europe/Berlin')).toBe(BERLIN_FALL - 1800);
		expect(startOfLocalDay(20260329, 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23) / 1000);
	});

	it('finds the zone in effect for a day that crossed zones', () => {
		const landed = Date.UTC(2026, 4, 10, 16, 0, 0) / 1000;
		const tzs = [
			[Date.UTC(2026, 4, 9, 22, 0, 0) / 1000, 'Europe/Berlin'],
			[landed, 'America/New_York']
		] as const;
		expect(tzAt(landed - 60, 'Europe/Berlin', tzs)).toBe('Europe/Berlin');
		expect(tzAt(landed, 'Europe/Berlin', tzs)).toBe('America/New_York');
		expect(tzAt(landed + 3600, 'America/New_York', null)).toBe('America/New_York');
		expect(formatClock(landed, tzAt(landed, 'Europe/Berlin', tzs))).toBe('12:00');
	});

	it('does calendar arithmetic on date integers across months, leap days and years', () => {
		expect(addDays(20240228, 1)).toBe(20240229);
		expect(addDays(20240229, 1)).toBe(20240301);
		expect(addDays(20260101, -1)).toBe(20251231);
		expect(daysBetween(20250301, 20260301)).toBe(365);
		expect(daysBetween(20260301, 20250301)).toBe(-365);
		expect(weekdayOfDate(20261122)).toBe(0);
		expect(isDateInt(20250229)).toBe(false);
		expect(isDateInt(20240229)).toBe(true);
		expect(dateIntFromString('2026-03-30')).toBe(20260330);
		expect(dateIntFromString('2026-02-30')).toBeNull();
	});

	it('reads offsets from midnight as clock times on either side of midnight', () => {
		expect(clockOfOffset(-3600)).toBe('23:00');
		expect(clockOfOffset(2400)).toBe('00:40');
		expect(clockOfOffset(-86400 + 60)).toBe('00:01');
		expect(clockOfOffset(30 * 3600)).toBe('06:00');
	});
});
