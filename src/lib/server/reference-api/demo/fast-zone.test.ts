import { describe, expect, it } from 'vitest';
import { hourKey, localDateInt, offsetSeconds, zonedToEpoch } from '$lib/time/zone';
import { localDate, localHourKey, offsetAt, wallToEpoch } from './fast-zone';

// Instants around both Berlin changes of 2025 and both New York changes of 2024, every 7 minutes.
const WINDOWS: [string, number][] = [
	['Europe/Berlin', Date.UTC(2025, 2, 30, 1) / 1000],
	['Europe/Berlin', Date.UTC(2025, 9, 26, 1) / 1000],
	['America/New_York', Date.UTC(2024, 2, 10, 7) / 1000],
	['America/New_York', Date.UTC(2024, 10, 3, 6) / 1000]
];

describe('fast-zone', () => {
	it('agrees with the shared time module around every clock change', () => {
		const disagreements: string[] = [];
		for (const [tz, around] of WINDOWS) {
			for (let t = around - 6 * 3600; t < around + 6 * 3600; t += 7 * 60 + 1) {
				if (offsetAt(t, tz) !== offsetSeconds(t, tz)) disagreements.push(`${tz} offset ${t}`);
				if (localHourKey(t, tz) !== hourKey(t, tz)) disagreements.push(`${tz} hour ${t}`);
				if (localDate(t, tz) !== localDateInt(t, tz)) disagreements.push(`${tz} date ${t}`);
			}
		}
		expect(disagreements).toEqual([]);
	});

	it('resolves skipped and repeated wall times like zonedToEpoch', () => {
		const cases: [number, number, number, number, number, string][] = [
			[2025, 3, 30, 2, 30, 'Europe/Berlin'],
			[2025, 10, 26, 2, 30, 'Europe/Berlin'],
			[2024, 3, 10, 2, 15, 'America/New_York'],
			[2024, 11, 3, 1, 45, 'America/New_York'],
			[2024, 8, 3, 13, 5, 'America/New_York']
		];
		for (const [year, month, day, hour, minute, tz] of cases) {
			expect(wallToEpoch(year, month, day, hour, minute, tz)).toBe(
				zonedToEpoch(year, month, day, hour, minute, 0, tz)
			);
		}
		// the spring gap moves 02:30 forward to 03:30 local
		expect(hourKey(wallToEpoch(2025, 3, 30, 2, 30, 'Europe/Berlin'), 'Europe/Berlin')).toBe(
			'2025033003'
		);
	});
});
