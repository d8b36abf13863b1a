// Period comparison: preset and custom period pairs, day alignment of two periods, per-metric change and sleep timing shift.
import { addDays, daysBetween, formatDateInt, isoWeekStart, weekdayOfDate } from '$lib/time/zone';
import { bedtimeRegularity, type BedtimeRegularity } from './bedtime';
import type { BedtimeNight, Series, SeriesPoint } from './types';

/** Inclusive range of calendar dates `YYYYMMDD`. */
export interface DateRange {
	from: number;
	to: number;
}

/** Period `a` (the one looked at) against period `b` (the reference). */
export interface PeriodPair {
	id: 'week' | 'month' | 'month-last-year' | 'custom';
	label: string;
	a: DateRange;
	b: DateRange;
}

function monthOf(year: number, month: number): DateRange {
	const from = year * 10000 + month * 100 + 1;
	const nextFrom = month === 12 ? (year + 1) * 10000 + 101 : year * 10000 + (month + 1) * 100 + 1;
	return { from, to: addDays(nextFrom, -1) };
}

/**
 * The preset pairs for a day: this ISO week (Monday to Sunday) vs last week, this calendar month
 * vs last month, this month vs the same month a year earlier. Periods are whole calendar periods
 * even when they run past today: the comparison uses days with data, so future days count as
 * absent rather than as zero.
 */
export function periodPresets(todayDateInt: number): PeriodPair[] {
	const monday = isoWeekStart(todayDateInt);
	const year = Math.floor(todayDateInt / 10000);
	const month = Math.floor(todayDateInt / 100) % 100;
	return [
		{
			id: 'week',
			label: 'This week vs last week',
			a: { from: monday, to: addDays(monday, 6) },
			b: { from: addDays(monday, -7), to: addDays(monday, -1) }
		},
		{
			id: 'month',
			label: 'This month vs last month',
			a: monthOf(year, month),
			b: month === 1 ? monthOf(year - 1, 12) : monthOf(year, month - 1)
		},
		{
			id: 'month-last-year',
			label: 'This month vs the same month last year',
			a: monthOf(year, month),
			b: monthOf(year - 1, month)
		}
	];
}

/** A custom pair: `fromA..toA` against the period of equal length starting `fromB`. */
export function customPeriods(fromA: number, toA: number, fromB: number): PeriodPair {
	const span = daysBetween(fromA, toA);
	if (span < 0) throw new RangeError(`Period ends before it starts: ${fromA}..${toA}`);
	const toB = addDays(fromB, span);
	return {
		id: 'custom',
		label: `${formatDateInt(fromA)} – ${formatDateInt(toA)} vs ${formatDateInt(fromB)} – ${formatDateInt(toB)}`,
		a: { from: fromA, to: toA },
		b: { from: fromB, to: toB }
	};
}

/** The two periods cut to the same elapsed span while period A is still under way. */
export interface ElapsedSpan {
	/** Days of A so far, today included. */
	days: number;
	/** A from its start to today, B over as many days from its start (fewer if B is shorter). */
	pair: PeriodPair;
}

/**
 * While period A is under way (today falls inside it, before its last day) a whole B would be
 * judged against a part of A, so both are cut to A's days so far: Monday to Wednesday against
 * Monday to Wednesday. Today counts as far as it has gone. Null when A is over or not begun.
 */
export function sameElapsedSpan(pair: PeriodPair, today: number): ElapsedSpan | null {
	if (today < pair.a.from || today >= pair.a.to) return null;
	const days = daysBetween(pair.a.from, today) + 1;
	const lengthB = daysBetween(pair.b.from, pair.b.to) + 1;
	return {
		days,
		pair: {
			...pair,
			a: { from: pair.a.from, to: today },
			b: { from: pair.b.from, to: addDays(pair.b.from, Math.min(days, lengthB) - 1) }
		}
	};
}

/** A period's daily values. */
export interface PeriodSeries {
	range: DateRange;
	points: readonly SeriesPoint[];
}

/** One row of two aligned periods; a side is null where its period has no such day. */
export interface AlignedRow {
	index: number;
	dateA: number | null;
	dateB: number | null;
	a: number | null;
	b: number | null;
}

function valuesByDate(series: PeriodSeries): Map<number, number | null> {
	const byDate = new Map<number, number | null>();
	for (const point of series.points) {
		if (point.dateInt >= series.range.from && point.dateInt <= series.range.to) {
			byDate.set(point.dateInt, point.value);
		}
	}
	return byDate;
}

/**
 * Two periods row by row. 'day-of-period': day 1 with day 1, and so on; the shorter period (30
 * vs 31 days, February 29 vs 28) is padded with null dates at the end. 'weekday': both periods are
 * laid on Monday-first weeks so Mondays face Mondays; a side is padded with nulls before its first
 * and after its last day. Days inside a period without a point have a date and a null value.
 */
export function alignSeries(
	a: PeriodSeries,
	b: PeriodSeries,
	mode: 'weekday' | 'day-of-period'
): AlignedRow[] {
	const lengthA = Math.max(0, daysBetween(a.range.from, a.range.to) + 1);
	const lengthB = Math.max(0, daysBetween(b.range.from, b.range.to) + 1);
	let leadA = 0;
	let leadB = 0;
	if (mode === 'weekday') {
		leadA = (weekdayOfDate(a.range.from) + 6) % 7;
		leadB = (weekdayOfDate(b.range.from) + 6) % 7;
		const shared = Math.min(leadA, leadB);
		leadA -= shared;
		leadB -= shared;
	}
	const byDateA = valuesByDate(a);
	const byDateB = valuesByDate(b);
	const rowCount = Math.max(leadA + lengthA, leadB + lengthB);
	const rows: AlignedRow[] = [];
	for (let index = 0; index < rowCount; index++) {
		const dayA = index - leadA;
		const dayB = index - leadB;
		const dateA = dayA >= 0 && dayA < lengthA ? addDays(a.range.from, dayA) : null;
		const dateB = dayB >= 0 && dayB < lengthB ? addDays(b.range.from, dayB) : null;
		rows.push({
			index,
			dateA,
			dateB,
			a: dateA === null ? null : (byDateA.get(dateA) ?? null),
			b: dateB === null ? null : (byDateB.get(dateB) ?? null)
		});
	}
	return rows;
}

/** One metric over two periods, counting only days with data. */
export interface MetricComparison {
	id: string;
	label: string;
	unit: string;
	meanA: number | null;
	meanB: number | null;
	totalA: number | null;
	totalB: number | null;
	/** (meanA - meanB) / meanB * 100; null when meanB is 0 or missing or meanA is missing. */
	changePct: number | null;
	daysA: number;
	daysB: number;
}

function summarize(points: readonly SeriesPoint[]): { total: number | null; days: number } {
	let total = 0;
	let days = 0;
	for (const { value } of points) {
		if (value === null || !Number.isFinite(value)) continue;
		total += value;
		days++;
	}
	return { total: days === 0 ? null : total, days };
}

/** One series of period A against the same metric of period B. */
export function compareSeries(
	seriesA: Series | undefined,
	seriesB: Series | undefined
): MetricComparison {
	const reference = seriesA ?? seriesB;
	const a = summarize(seriesA?.points ?? []);
	const b = summarize(seriesB?.points ?? []);
	const meanA = a.total === null ? null : a.total / a.days;
	const meanB = b.total === null ? null : b.total / b.days;
	return {
		id: reference?.id ?? '',
		label: reference?.label ?? '',
		unit: reference?.unit ?? '',
		meanA,
		meanB,
		totalA: a.total,
		totalB: b.total,
		changePct:
			meanA === null || meanB === null || meanB === 0 ? null : ((meanA - meanB) / meanB) * 100,
		daysA: a.days,
		daysB: b.days
	};
}

/**
 * Per metric (matched by series id, in the order first seen in A then B): means and totals over
 * days with data in each period, and the change of the mean in percent.
 */
export function comparePeriods(
	seriesA: readonly Series[],
	seriesB: readonly Series[]
): MetricComparison[] {
	const ids = [...new Set([...seriesA.map((s) => s.id), ...seriesB.map((s) => s.id)])];
	return ids.map((id) =>
		compareSeries(
			seriesA.find((s) => s.id === id),
			seriesB.find((s) => s.id === id)
		)
	);
}

export interface SleepTimingShift {
	/** Median bedtime of A minus that of B, seconds; positive = later in A. Null if either has no night. */
	bedtimeShift: number | null;
	wakeShift: number | null;
	regularityA: BedtimeRegularity;
	regularityB: BedtimeRegularity;
}

/** How bedtime and wake time moved between two periods, from nights only (naps ignored). */
export function sleepTimingShift(
	nightsA: readonly BedtimeNight[],
	nightsB: readonly BedtimeNight[]
): SleepTimingShift {
	const regularityA = bedtimeRegularity(nightsA);
	const regularityB = bedtimeRegularity(nightsB);
	const shift = (x: number | null, y: number | null): number | null =>
		x === null || y === null ? null : x - y;
	return {
		bedtimeShift: shift(regularityA.medianBedtime, regularityB.medianBedtime),
		wakeShift: shift(regularityA.medianWake, regularityB.medianWake),
		regularityA,
		regularityB
	};
}
