// Today so far against the usual by the same time of day: sums of the hours before now, in each record's own zone.
import type { Move } from '$lib/api';
import type { HourlyMetric } from '$lib/metrics/hourly';
import { hourKeyOf } from '$lib/metrics/hourly';
import { addDays, localDateInt, normalizeTz, tzAt, zonedParts } from '$lib/time/zone';

/** Same weekdays the usual reads: the 4 weeks before today. */
export const BY_THIS_HOUR_WEEKS = 4;

export interface ByThisHour {
	metric: HourlyMetric;
	/** The wall hour the comparison stops at: hours 0 to `hour` - 1 count (24 = the whole day). */
	hour: number;
	/** Today's total over those hours; null without a record today. */
	value: number | null;
	/** Median of the same hours' totals over the comparison days; null when none had a record. */
	usual: number | null;
	/** How many of the same weekdays had a record carrying the metric (what the median is over). */
	days: number;
}

/**
 * The wall hour `asOf` falls in on `dateInt`, read in the zone in effect then: on a travel day the
 * zone `tzs` says the person had reached, else the record's (or the person's) zone. A moment on
 * a later date means the whole day is over (24); one on an earlier date, none of it (0).
 */
export function wallHourOf(
	asOf: number,
	dateInt: number,
	zone: string | null | undefined,
	tzs?: Move['details']['tzs']
): number {
	const reached = tzs && tzs.length > 0 ? tzAt(asOf, zone, tzs) : normalizeTz(zone);
	const day = localDateInt(asOf, reached);
	if (day > dateInt) return 24;
	if (day < dateInt) return 0;
	return zonedParts(asOf, reached).hour;
}

/**
 * Whether a move carries `metric` at all: a day total, or a value in one of its hours. A record
 * without distance or energy (a phone that counts only steps) has nothing to sum: its "0 km by
 * this hour" would be invented.
 */
export function carries(move: Move, metric: HourlyMetric): boolean {
	if (move.details[metric] !== null) return true;
	return Object.values(move.details.hourly_totals).some((total) => total[metric] !== null);
}

/**
 * A move's total of `metric` over its wall hours before `hour`, or null when the record does
 * not carry the metric. The keys are local `YYYYMMDDHH` on the record's own clock, so "before
 * 18:00" means the same on a day that lost or repeated an hour (a spring-forward day simply has
 * no 02 key) and on a day spent in two zones. An hour without a key had no activity, which
 * counts as 0 on a day that has a record.
 */
export function totalBefore(move: Move, hour: number, metric: HourlyMetric): number | null {
	if (!carries(move, metric)) return null;
	let total = 0;
	for (let h = 0; h < Math.min(hour, 24); h++) {
		total += move.details.hourly_totals[hourKeyOf(move.date, h)]?.[metric] ?? 0;
	}
	return total;
}

/** The same weekdays the usual of `dateInt` reads, the latest first. */
export function usualDates(dateInt: number, weeks = BY_THIS_HOUR_WEEKS): number[] {
	return Array.from({ length: weeks }, (_, index) => addDays(dateInt, -7 * (index + 1)));
}

function median(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1
		? (sorted[middle] ?? 0)
		: ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The move of a date (the latest updated, when there are two), or null. */
export function latestOn(moves: readonly Move[], dateInt: number): Move | null {
	let found: Move | null = null;
	for (const move of moves) {
		if (move.date === dateInt && (!found || move.time_updated >= found.time_updated)) found = move;
	}
	return found;
}

/**
 * Today up to the current wall hour against the median of the same hours on the same weekday of
 * the last 4 weeks. `asOf` is the moment the data stands at (the last sync): counting only whole
 * hours before it keeps today's unfinished hour out of both sides. `zone` is the person's zone,
 * used when today has no record yet.
 */
export function byThisHour(
	moves: readonly Move[],
	dateInt: number,
	asOf: number,
	zone: string | null | undefined,
	metric: HourlyMetric,
	weeks = BY_THIS_HOUR_WEEKS
): ByThisHour {
	const today = latestOn(moves, dateInt);
	const hour = today
		? wallHourOf(asOf, dateInt, today.details.tz, today.details.tzs)
		: wallHourOf(asOf, dateInt, zone);
	const past: number[] = [];
	for (const date of usualDates(dateInt, weeks)) {
		const move = latestOn(moves, date);
		const total = move ? totalBefore(move, hour, metric) : null;
		if (total !== null) past.push(total);
	}
	return {
		metric,
		hour,
		value: today ? totalBefore(today, hour, metric) : null,
		usual: median(past),
		days: past.length
	};
}
