// Time-zone arithmetic for records that carry their own zone: Olson names through Intl, `GMT±hhmm` by hand.
//
// Nothing here reads the machine's zone: every function takes the zone it works in, so a record is
// always shown in the zone it was recorded in, whatever the browser or server is set to.

export interface ZonedParts {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	/** 0 = Sunday … 6 = Saturday */
	weekday: number;
}

/** A `[epoch seconds, zone]` pair of a move's `details.tzs`: the zone in effect from that instant. */
export type ZoneChange = readonly [number, string];

// `GMT+hhmm`, `GMT-hh:mm`, `GMT+h`: the form the API uses when no Olson name is known.
const GMT_OFFSET = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
const validity = new Map<string, boolean>();

function formatterFor(tz: string): Intl.DateTimeFormat {
	let formatter = formatters.get(tz);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone: tz,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric'
		});
		formatters.set(tz, formatter);
	}
	return formatter;
}

/** Seconds east of UTC for a fixed `GMT±hhmm` zone, or null for an Olson name. */
export function fixedOffsetOf(tz: string): number | null {
	const match = GMT_OFFSET.exec(tz);
	if (!match) return tz === 'UTC' || tz === 'GMT' ? 0 : null;
	const sign = match[1] === '-' ? -1 : 1;
	const hours = Number(match[2]);
	const minutes = Number(match[3] ?? '0');
	if (hours > 14 || minutes > 59) return null;
	return sign * (hours * 3600 + minutes * 60);
}

/** Whether a zone string is usable: a fixed `GMT±hhmm` offset or a zone Intl knows. */
export function isValidTz(tz: string): boolean {
	const known = validity.get(tz);
	if (known !== undefined) return known;
	let valid = GMT_OFFSET.test(tz) ? fixedOffsetOf(tz) !== null : false;
	if (!valid) {
		try {
			formatterFor(tz);
			valid = true;
		} catch {
			valid = false;
		}
	}
	validity.set(tz, valid);
	return valid;
}

/**
 * The zone to compute in: the record's own zone, or UTC when the record has none (body events may
 * carry a null zone). An unknown zone is an error rather than a silent fallback to UTC.
 */
export function normalizeTz(tz: string | null | undefined): string {
	if (tz === null || tz === undefined || tz.trim() === '') return 'UTC';
	const trimmed = tz.trim();
	if (!isValidTz(trimmed)) throw new RangeError(`Unknown time zone: ${trimmed}`);
	return trimmed;
}

// Offsets only change on whole quarter hours in every zone in use, so one look-up per quarter
// hour serves every instant inside it; this keeps bulk work (two years of hourly data) cheap.
const offsetCache = new Map<string, number>();
const QUARTER_HOUR = 900;

/** Seconds east of UTC in effect in `tz` at the instant `epochSec`. */
export function offsetSeconds(epochSec: number, tz: string): number {
	const fixed = fixedOffsetOf(tz);
	if (fixed !== null) return fixed;
	const bucket = Math.floor(epochSec / QUARTER_HOUR);
	const cacheKey = `${tz}|${bucket}`;
	const cached = offsetCache.get(cacheKey);
	if (cached !== undefined) return cached;
	const at = bucket * QUARTER_HOUR;
	let year = 0;
	let month = 0;
	let day = 0;
	let hour = 0;
	let minute = 0;
	let second = 0;
	for (const part of formatterFor(tz).formatToParts(at * 1000)) {
		const value = Number(part.value);
		switch (part.type) {
			case 'year':
				year = value;
				break;
			case 'month':
				month = value;
				break;
			case 'day':
				day = value;
				break;
			case 'hour':
				hour = value;
				break;
			case 'minute':
				minute = value;
				break;
			case 'second':
				second = value;
				break;
		}
	}
	const offset = Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - at;
	if (offsetCache.size > 200_000) offsetCache.clear();
	offsetCache.set(cacheKey, offset);
	return offset;
}

/** The wall-clock reading in `tz` at the instant `epochSec`. */
export function zonedParts(epochSec: number, tz: string): ZonedParts {
	const wall = new Date((Math.floor(epochSec) + offsetSeconds(epochSec, tz)) * 1000);
	return {
		year: wall.getUTCFullYear(),
		month: wall.getUTCMonth() + 1,
		day: wall.getUTCDate(),
		hour: wall.getUTCHours(),
		minute: wall.getUTCMinutes(),
		second: wall.getUTCSeconds(),
		weekday: wall.getUTCDay()
	};
}

/** The local date `YYYYMMDD` in `tz` at the instant `epochSec`. */
export function localDateInt(epochSec: number, tz: string): number {
	const p = zonedParts(epochSec, tz);
	return p.year * 10000 + p.month * 100 + p.day;
}

/** The `YYYYMMDDHH` key of hourly_totals for the local hour containing `epochSec` in `tz`. */
export function hourKey(epochSec: number, tz: string): string {
	const p = zonedParts(epochSec, tz);
	return `${p.year * 10000 + p.month * 100 + p.day}${String(p.hour).padStart(2, '0')}`;
}

/**
 * The instant at which the wall clock in `tz` reads the given time. A time skipped by a DST
 * change (02:30 on a spring-forward night) resolves to the same distance past the gap (03:30);
 * a time that occurs twice resolves to the earlier one: the "compatible" rule of Temporal.
 */
export function zonedToEpoch(
	year: number,
	month: number,
	day: number,
	hour: number,
	minute: number,
	second: number,
	tz: string
): number {
	const asUtc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
	const fixed = fixedOffsetOf(tz);
	if (fixed !== null) return asUtc - fixed;
	const offsetBefore = offsetSeconds(asUtc - 86400, tz);
	const offsetAfter = offsetSeconds(asUtc + 86400, tz);
	const candidates = [asUtc - offsetBefore, asUtc - offsetAfter].filter(
		(candidate) => candidate + offsetSeconds(candidate, tz) === asUtc
	);
	if (candidates.length > 0) return Math.min(...candidates);
	return asUtc - offsetBefore;
}

/** Splits a `YYYYMMDD` integer into its parts. */
export function parseDateInt(dateInt: number): { year: number; month: number; day: number } {
	return {
		year: Math.floor(dateInt / 10000),
		month: Math.floor(dateInt / 100) % 100,
		day: dateInt % 100
	};
}

/** Whether an integer is a real calendar date written `YYYYMMDD`. */
export function isDateInt(value: number): boolean {
	if (!Number.isInteger(value) || value < 10000101 || value > 99991231) return false;
	const { year, month, day } = parseDateInt(value);
	const date = new Date(Date.UTC(year, month - 1, day));
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}

function dateIntOfUtc(date: Date): number {
	return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** The calendar date `n` days after `dateInt` (zone-free: dates are labels, not instants). */
export function addDays(dateInt: number, n: number): number {
	const { year, month, day } = parseDateInt(dateInt);
	return dateIntOfUtc(new Date(Date.UTC(year, month - 1, day + n)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: number, to: number): number {
	const a = parseDateInt(from);
	const b = parseDateInt(to);
	return Math.round(
		(Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000
	);
}

/** Day of the week of a calendar date: 0 = Sunday … 6 = Saturday. */
export function weekdayOfDate(dateInt: number): number {
	const { year, month, day } = parseDateInt(dateInt);
	return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Monday of the ISO week containing the date. */
export function isoWeekStart(dateInt: number): number {
	return addDays(dateInt, -((weekdayOfDate(dateInt) + 6) % 7));
}

/** `YYYY-MM-DD` for a `YYYYMMDD` integer. */
export function formatDateInt(dateInt: number): string {
	const { year, month, day } = parseDateInt(dateInt);
	return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The `YYYYMMDD` integer of a `YYYY-MM-DD` or `YYYYMMDD` string, or null when it is no date. */
export function dateIntFromString(text: string): number | null {
	const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
	if (!match) return null;
	const value = Number(`${match[1]}${match[2]}${match[3]}`);
	return isDateInt(value) ? value : null;
}

// Local midnights by zone and date: coverage asks for every day of a year each time a window of
// history lands, and a look-up here costs a sixth of working one out again.
const midnights = new Map<string, Map<number, number>>();

/** The instant of the local midnight that starts `dateInt` in `tz`. */
export function startOfLocalDay(dateInt: number, tz: string): number {
	const known = midnights.get(tz)?.get(dateInt);
	if (known !== undefined) return known;
	const { year, month, day } = parseDateInt(dateInt);
	const midnight = zonedToEpoch(year, month, day, 0, 0, 0, tz);
	const ofZone = midnights.get(tz) ?? new Map<number, number>();
	if (ofZone.size > 100_000) ofZone.clear();
	ofZone.set(dateInt, midnight);
	midnights.set(tz, ofZone);
	return midnight;
}

/** Hours in a local day: 24, or 23 / 25 on the days the clocks change. */
export function hoursInLocalDay(dateInt: number, tz: string): number {
	return (startOfLocalDay(addDays(dateInt, 1), tz) - startOfLocalDay(dateInt, tz)) / 3600;
}

/**
 * The zone in effect at `epochSec` for a record whose day crossed zones: the latest `tzs` entry
 * that started at or before the instant, else the record's own `tz`.
 */
export function tzAt(
	epochSec: number,
	tz: string | null | undefined,
	tzs: readonly ZoneChange[] | null | undefined
): string {
	let current = normalizeTz(tz);
	if (!tzs) return current;
	let startedAt = -Infinity;
	for (const [from, zone] of tzs) {
		if (from <= epochSec && from >= startedAt) {
			current = normalizeTz(zone);
			startedAt = from;
		}
	}
	return current;
}

/** `HH:MM` on the wall clock of `tz` at `epochSec`. */
export function formatClock(epochSec: number, tz: string): string {
	const p = zonedParts(epochSec, tz);
	return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * `HH:MM` for seconds relative to midnight (trends' `s_bedtime` and friends): -3600 reads 23:00,
 * 2400 reads 00:40.
 */
export function clockOfOffset(offsetSec: number): string {
	const minutes = Math.round(offsetSec / 60);
	const wrapped = ((minutes % 1440) + 1440) % 1440;
	return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}
