// A day x hour grid of one hourly metric over a date range (typed array, no per-cell objects) and its text summary.
import type { Move } from '$lib/api';
import { addDays, daysBetween, hourKey, parseDateInt, tzAt } from '$lib/time/zone';
import type { HourlyMetric } from './hourly';
import type { DayHourGrid } from './types';
import { distanceIn, type UnitSystem } from './units';

// Latest real instant at which any zone's wall clock still reads a given date: +14 h past the UTC
// end of the day. A move synced after that certainly covers its whole day.
const LATEST_ZONE_SECONDS = 14 * 3600;

/** The last wall hour of `move.date` the band had reported by `time_completed` (-1: none, 23: all). */
function lastReportedHour(move: Move): number {
	const { year, month, day } = parseDateInt(move.date);
	const dayEndUtc = Date.UTC(year, month - 1, day + 1) / 1000;
	if (move.time_completed >= dayEndUtc + LATEST_ZONE_SECONDS) return 23;
	const key = hourKey(
		move.time_completed,
		tzAt(move.time_completed, move.details.tz, move.details.tzs)
	);
	const keyDate = Number(key.slice(0, 8));
	if (keyDate > move.date) return 23;
	if (keyDate < move.date) return -1;
	return Number(key.slice(8));
}

/**
 * Rows of dates `fromDate..toDate` (every calendar date, ascending), 24 columns of wall hours,
 * read straight from the hourly_totals keys (date and hour come from the key, so DST and trips
 * need no zone arithmetic) of the moves dated inside the range. Cell = dateIndex * 24 + hour. A day with a move has 0 in the hours up
 * to the band's last update that have no key (hourly_totals lists only active hours); hours after
 * that, and days without a move, are NaN. A spring-forward day's 02 hour therefore reads 0.
 */
export function dayHourGrid(
	moves: readonly Move[],
	fromDate: number,
	toDate: number,
	metric: HourlyMetric = 'steps'
): DayHourGrid {
	const dayCount = Math.max(0, daysBetween(fromDate, toDate) + 1);
	const dates: number[] = new Array<number>(dayCount);
	const rowOf = new Map<number, number>();
	for (let row = 0, date = fromDate; row < dayCount; row++, date = addDays(date, 1)) {
		dates[row] = date;
		rowOf.set(date, row);
	}
	const values = new Float64Array(dayCount * 24).fill(NaN);
	for (const move of moves) {
		const moveRow = rowOf.get(move.date);
		if (moveRow === undefined) continue;
		const lastHour = lastReportedHour(move);
		for (let hour = 0; hour <= lastHour; hour++) {
			const cell = moveRow * 24 + hour;
			if (Number.isNaN(values[cell])) values[cell] = 0;
		}
		const totals = move.details.hourly_totals;
		// The keys are integer-like ("2026032307"), which engines store as indexed elements: looking
		// the move's own 24 hours up by number is several times faster than listing the keys as
		// strings. Only a move holding keys of another date (none seen so far) takes the slow path.
		let found = 0;
		const base = move.date * 100;
		for (let hour = 0; hour < 24; hour++) {
			const total = totals[base + hour];
			if (total === undefined) continue;
			found++;
			addValue(values, moveRow * 24 + hour, total[metric]);
		}
		if (found === Object.keys(totals).length) continue;
		for (const [key, total] of Object.entries(totals)) {
			// A key is ten digits, YYYYMMDDHH: one number parse gives both the date and the hour.
			const hourNumber = Number(key);
			const date = Math.floor(hourNumber / 100);
			if (date === move.date) continue;
			const row = rowOf.get(date);
			if (row !== undefined) addValue(values, row * 24 + (hourNumber % 100), total[metric]);
		}
	}
	let max = 0;
	for (const value of values) if (value > max) max = value;
	return { dates, values, max };
}

function addValue(values: Float64Array, cell: number, value: number | null): void {
	if (value === null) return;
	const previous = values[cell] ?? NaN;
	values[cell] = Number.isNaN(previous) ? value : previous + value;
}

/**
 * A grid of meters as the user reads distance: miles for imperial users (the heatmap's colours,
 * legend and table then speak miles); any other grid, and metric users' meters, unchanged.
 */
export function gridInUnits(
	grid: DayHourGrid,
	metric: HourlyMetric,
	system: UnitSystem
): DayHourGrid {
	if (metric !== 'distance' || system !== 'imperial') return grid;
	const miles = (meters: number) => distanceIn(meters, system).value;
	return { dates: grid.dates, values: grid.values.map(miles), max: miles(grid.max) };
}
