// Bulk-speed zone arithmetic for the generator, built on the shared time module's offsets.

/*
 * `$lib/time/zone` caches one Intl look-up per quarter hour, so two years of minute-level work
 * still costs tens of thousands of Intl calls. The zones the demo uses change offset at most
 * once a day, so here one offset per UTC day (plus a search on the change days) answers every
 * instant. The shared module stays the oracle: every value comes from its `offsetSeconds`.
 */

import { offsetSeconds } from '$lib/time/zone';

const DAY = 86400;
const byDay = new Map<string, Map<number, number | number[]>>();

/** Offset (seconds east of UTC) in `tz` at `epochSec`, for zones changing at most once a day. */
export function offsetAt(epochSec: number, tz: string): number {
	let days = byDay.get(tz);
	if (!days) {
		days = new Map();
		byDay.set(tz, days);
	}
	const day = Math.floor(epochSec / DAY);
	let entry = days.get(day);
	if (entry === undefined) {
		const atStart = offsetSeconds(day * DAY, tz);
		const atEnd = offsetSeconds(day * DAY + DAY - 1, tz);
		if (atStart === atEnd) {
			entry = atStart;
		} else {
			// The change day: the instant of the change, found by bisection on whole seconds.
			let low = day * DAY;
			let high = day * DAY + DAY - 1;
			while (high - low > 1) {
				const mid = Math.floor((low + high) / 2);
				if (offsetSeconds(mid, tz) === atStart) low = mid;
				else high = mid;
			}
			entry = [high, atStart, atEnd];
		}
		days.set(day, entry);
	}
	if (typeof entry === 'number') return entry;
	const [change = 0, before = 0, after = 0] = entry;
	return epochSec < change ? before : after;
}

/** Wall-clock fields of an instant in `tz`. */
function wall(epochSec: number, tz: string): Date {
	return new Date((epochSec + offsetAt(epochSec, tz)) * 1000);
}

/** `YYYYMMDD` of an instant in `tz` (as `localDateInt` of the shared module). */
export function localDate(epochSec: number, tz: string): number {
	const d = wall(epochSec, tz);
	return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** `YYYYMMDDHH` of an instant in `tz` (as `hourKey` of the shared module). */
export function localHourKey(epochSec: number, tz: string): string {
	const d = wall(epochSec, tz);
	const date = d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
	return `${date}${String(d.getUTCHours()).padStart(2, '0')}`;
}

/** The local hour (0–23) of an instant in `tz`. */
export function localHour(epochSec: number, tz: string): number {
	return wall(epochSec, tz).getUTCHours();
}

/**
 * The instant the wall clock in `tz` reads the given time, with the shared module's rule: a
 * skipped time moves forward by the gap, a repeated time resolves to the earlier instant.
 */
export function wallToEpoch(
	year: number,
	month: number,
	day: number,
	hour: number,
	minute: number,
	tz: string
): number {
	const asUtc = Date.UTC(year, month - 1, day, hour, minute, 0) / 1000;
	const offsetBefore = offsetAt(asUtc - DAY, tz);
	const offsetAfter = offsetAt(asUtc + DAY, tz);
	let best: number | null = null;
	for (const candidate of [asUtc - offsetBefore, asUtc - offsetAfter]) {
		if (candidate + offsetAt(candidate, tz) === asUtc && (best === null || candidate < best)) {
			best = candidate;
		}
	}
	return best ?? asUtc - offsetBefore;
}
