// What each compared period's days rest on, in words: with data, under way, not yet, not read.
import { stateOn, type Coverage } from '$lib/coverage';
import { WEEKDAYS, countOf, dayStateWords, formatDay } from '$lib/format';
import type { DateRange, PeriodPair } from '$lib/metrics/compare';
import { daySlots, type DaySlot } from '$lib/metrics/day-slots';
import type { CursorReading } from '$lib/charts/line-chart/line-chart';
import type { Series } from '$lib/metrics/types';
import { parseDateInt, weekdayOfDate } from '$lib/time/zone';
import { periodNames } from './compare-view';

/** A series id of a night's measure: a night dated today ended this morning and counts whole. */
export function isNightSeries(id: string): boolean {
	return id.startsWith('sleep.');
}

/** Each day of a period in its slot: a value, no record, under way, not yet, not read, failed. */
export function periodSlots(range: DateRange, coverage: Coverage, series: Series): DaySlot[] {
	return daySlots(range.from, range.to, coverage, series.points, {
		todayOver: isNightSeries(series.id)
	});
}

/** `Sat 28 – Sun 29 Nov`, or `Sun 29 Nov` for one day. */
function daysText(first: number, last: number): string {
	if (first === last) return formatDay(first);
	const from = parseDateInt(first);
	const sameMonth = from.month === parseDateInt(last).month;
	const start = sameMonth
		? `${WEEKDAYS[weekdayOfDate(first)] ?? ''} ${from.day}`
		: formatDay(first);
	return `${start}\u00a0– ${formatDay(last)}`;
}

/**
 * What one period rests on: "Last week: 7 of 7 days with data", and while it is under way "This
 * week: 4 of 4 whole days with data, today so far; Sat 28 – Sun 29 Nov not yet", with the days
 * not read yet or that could not be loaded named by count.
 */
export function periodDaysText(name: string, slots: readonly DaySlot[]): string {
	const count = (state: DaySlot['state']) => slots.filter((slot) => slot.state === state).length;
	const withData = count('finished');
	const underway = count('underway') > 0;
	const future = slots.filter((slot) => slot.state === 'future');
	const past = slots.length - future.length - (underway ? 1 : 0);
	// While the period runs, the days counted are the whole ones: today is apart, so far.
	const noun = underway || future.length > 0 ? 'whole day' : 'day';
	const head =
		past === 0 && underway
			? `${name}: today so far`
			: `${name}: ${withData} of ${countOf(past, noun)} with data${underway ? ', today so far' : ''}`;
	const first = future[0];
	const last = future.at(-1);
	const rest: string[] = [];
	if (first && last) rest.push(`${daysText(first.dateInt, last.dateInt)} not yet`);
	const unread = count('unread');
	if (unread > 0) rest.push(`${countOf(unread, 'day')} not read yet`);
	const failed = count('failed');
	if (failed > 0) rest.push(`${countOf(failed, 'day')} could not be loaded`);
	return [head, ...rest].join('; ');
}

/** Both periods' days in one line, for the overlaid chart. */
export function coverageText(
	pair: PeriodPair,
	slotsA: readonly DaySlot[],
	slotsB: readonly DaySlot[]
): string {
	const names = periodNames(pair);
	return `${periodDaysText(names.a, slotsA)}. ${periodDaysText(names.b, slotsB)}.`;
}

/**
 * Why an overlaid point is empty: a day to come is "not yet", one read without a record "no
 * record", one still being read "not read yet"; a place where the period has no day (it starts
 * later in the week, or is shorter) "no such day".
 */
export function gapWords(
	pair: PeriodPair,
	coverage: Coverage
): (reading: Pick<CursorReading, 'dateInt' | 'order'>) => string {
	return (reading) => {
		const range = reading.order === 0 ? pair.a : pair.b;
		const date = reading.dateInt;
		if (date === null || date < range.from || date > range.to) return 'no such day';
		return dayStateWords(stateOn(coverage, date)) || 'no record';
	};
}
