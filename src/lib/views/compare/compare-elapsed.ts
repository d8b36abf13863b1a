// The same elapsed part of two periods while the first is under way: whole days up to today, and
// today and its counterpart up to the same hour, from the moves' hourly totals.
import type { Move } from '$lib/api';
import { formatHour } from '$lib/format';
import type { ElapsedSpan, PeriodPair } from '$lib/metrics/compare';
import type { HourlyMetric } from '$lib/metrics/hourly';
import type { Series } from '$lib/metrics/types';
import { latestOn, totalBefore } from '$lib/views/today/by-this-hour';
import { daysBetween } from '$lib/time/zone';

/** How far today is read: its date, and the wall hour whose start the data reaches (null: not read). */
export interface ElapsedCut {
	today: number;
	/** Hours 0 to `hour` − 1 of today are read whole; null when today is not read at all. */
	hour: number | null;
}

/** The move fields whose hours the API totals: these are cut at the hour, the rest leave the day out. */
const HOURLY: Readonly<Record<string, HourlyMetric>> = {
	'move.steps': 'steps',
	'move.distance': 'distance',
	'move.active_time': 'active_time',
	'move.calories': 'calories'
};

/**
 * A day's value up to the hour: for a move field with hourly totals, the total of its hours
 * before `hour`; for any other move field (workout time has none), or when the hour is not known,
 * null: the day is left out. A night's value stays: it ended in the morning, dated by waking.
 */
function upToHour(
	series: Series,
	moves: readonly Move[],
	date: number,
	hour: number | null
): Series {
	if (!series.id.startsWith('move.')) return series;
	const metric = HOURLY[series.id];
	const move = latestOn(moves, date);
	const value =
		metric !== undefined && hour !== null && move !== null ? totalBefore(move, hour, metric) : null;
	return {
		...series,
		points: series.points.map((point) => (point.dateInt === date ? { ...point, value } : point))
	};
}

/**
 * Both periods' series over the same elapsed part: period A's today and period B's day in the
 * same place (when B has one) cut to the same hour.
 */
export function cutToSameHour(
	seriesA: readonly Series[],
	seriesB: readonly Series[],
	moves: readonly Move[],
	span: ElapsedSpan,
	cut: ElapsedCut
): { a: Series[]; b: Series[] } {
	const lengthB = daysBetween(span.pair.b.from, span.pair.b.to) + 1;
	const counterpart = lengthB === span.days ? span.pair.b.to : null;
	return {
		a: seriesA.map((series) => upToHour(series, moves, cut.today, cut.hour)),
		b: seriesB.map((series) =>
			counterpart === null ? series : upToHour(series, moves, counterpart, cut.hour)
		)
	};
}

/** The days of a week from Monday, as the week presets run. */
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The same part of each period in words: "Monday to Friday up to 09:00 of each week", "the
 * first 27 days of each month, the last up to 09:00"; while today is not read, "…, today's
 * activity left out".
 */
export function elapsedWords(span: ElapsedSpan, pair: PeriodPair, cut: ElapsedCut | null): string {
	const hour = cut === null || cut.hour === null ? null : `up to ${formatHour(cut.hour)}`;
	if (pair.id === 'week') {
		const days = span.days === 1 ? 'Monday' : `Monday to ${WEEK[span.days - 1] ?? 'Sunday'}`;
		return hour === null
			? `${days} of each week, today’s activity left out`
			: `${days} ${hour} of each week`;
	}
	const noun = pair.id === 'custom' ? 'period' : 'month';
	const first = span.days === 1 ? 'the first day' : `the first ${span.days} days`;
	return hour === null
		? `${first} of each ${noun}, today’s activity left out`
		: `${first} of each ${noun}, the last ${hour}`;
}
