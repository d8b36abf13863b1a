// Vendor timestamps read as instants: wall-clock strings placed in a zone, and ISO strings with their own offset.
import { zonedToEpoch } from '$lib/time/zone';

interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function valid(wall: WallClock): WallClock | null {
	const { year, month, day, hour, minute, second } = wall;
	if (month < 1 || month > 12 || day < 1 || day > (DAYS_IN_MONTH[month - 1] ?? 0)) return null;
	if (hour > 23 || minute > 59 || second > 60) return null;
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	if (month === 2 && day === 29 && !leap) return null;
	return wall;
}

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const US_LOCAL = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_OFFSET =
	/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/;

/** `2018-04-29T00:21:30.000` or `2024-06-14 22:09:00`: a wall clock without a zone. */
export function parseIsoWall(text: string): WallClock | null {
	const m = ISO_LOCAL.exec(text.trim());
	if (!m) return null;
	return valid({
		year: Number(m[1]),
		month: Number(m[2]),
		day: Number(m[3]),
		hour: Number(m[4]),
		minute: Number(m[5]),
		second: Number(m[6] ?? '0')
	});
}

/** Fitbit's `04/01/18 05:13:00` (month/day/two-digit year): a wall clock without a zone. */
export function parseUsWall(text: string): WallClock | null {
	const m = US_LOCAL.exec(text.trim());
	if (!m) return null;
	return valid({
		year: 2000 + Number(m[3]),
		month: Number(m[1]),
		day: Number(m[2]),
		hour: Number(m[4]),
		minute: Number(m[5]),
		second: Number(m[6])
	});
}

/** The instant a wall clock stands for in `tz` (an Olson name or `GMT±hhmm`). */
export function wallToEpoch(wall: WallClock, tz: string): number {
	return zonedToEpoch(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second, tz);
}

/** A wall clock read as UTC (Fitbit's minute series and Garmin's `…GMT` fields are UTC). */
export function wallAsUtc(wall: WallClock): number {
	return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) / 1000;
}

/** `2025-06-15T23:42:30-04:00`: the instant and the offset (minutes east of UTC) it was written in. */
export function parseIsoInstant(text: string): { epoch: number; offset: number } | null {
	const m = ISO_OFFSET.exec(text.trim());
	if (!m) return null;
	const wall = valid({
		year: Number(m[1]),
		month: Number(m[2]),
		day: Number(m[3]),
		hour: Number(m[4]),
		minute: Number(m[5]),
		second: Number(m[6] ?? '0')
	});
	if (!wall) return null;
	const offset = m[7] === 'Z' ? 0 : (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
	return { epoch: wallAsUtc(wall) - offset * 60, offset };
}

/** `YYYY-MM-DD` → `YYYYMMDD`, or null. */
export function dateIntOf(text: string): number | null {
	const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
	if (!m) return null;
	const wall = valid({
		year: Number(m[1]),
		month: Number(m[2]),
		day: Number(m[3]),
		hour: 0,
		minute: 0,
		second: 0
	});
	return wall ? wall.year * 10000 + wall.month * 100 + wall.day : null;
}
