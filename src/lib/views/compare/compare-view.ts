// What the Compare view shows for two periods: per-metric means, totals and change, sleep timing, overlaid series.
import type { Move, Sleep } from '$lib/api';
import type { ChartTable } from '$lib/charts/frame/table';
import { csvNumber, csvUnit } from '$lib/charts/export/csv-numbers';
import type { LegendItem } from '$lib/charts/frame/legend';
import { WEEKDAYS, formatChange, formatDateRange, formatQuantity } from '$lib/format';
import {
	alignSeries,
	comparePeriods,
	sameElapsedSpan,
	sleepTimingShift,
	type DateRange,
	type ElapsedSpan,
	type MetricComparison,
	type PeriodPair,
	type SleepTimingShift
} from '$lib/metrics/compare';
import { bedtimeNight } from '$lib/metrics/bedtime';
import { betterDirection, judgeChange, VERDICT_WORDS, type Verdict } from '$lib/metrics/direction';
import {
	distanceIn,
	formatDistance,
	formatDuration,
	formatPercent,
	type UnitSystem
} from '$lib/metrics/units';
import { cutToSameHour, elapsedWords, type ElapsedCut } from './compare-elapsed';
import { isNap, nightDate } from '$lib/metrics/sleep';
import {
	MOVE_FIELDS,
	movesToSeries,
	SLEEP_FIELDS,
	sleepsToSeries,
	type MoveField,
	type SleepField
} from '$lib/metrics/series';
import type { BedtimeNight, Series } from '$lib/metrics/types';
import { addDays, clockOfOffset, formatDateInt, weekdayOfDate } from '$lib/time/zone';
import { COMPARE_METRIC_KEYS, type Alignment, type CompareMetricKey } from './compare-state';

type MetricSource = { source: 'move'; field: MoveField } | { source: 'sleep'; field: SleepField };

const SOURCES: Readonly<Record<CompareMetricKey, MetricSource>> = {
	steps: { source: 'move', field: 'steps' },
	distance: { source: 'move', field: 'distance' },
	active_time: { source: 'move', field: 'active_time' },
	calories: { source: 'move', field: 'calories' },
	wo_time: { source: 'move', field: 'wo_time' },
	asleep: { source: 'sleep', field: 'asleep' },
	duration: { source: 'sleep', field: 'duration' },
	deep: { source: 'sleep', field: 'deep' },
	light: { source: 'sleep', field: 'light' },
	awake: { source: 'sleep', field: 'awake' },
	latency: { source: 'sleep', field: 'latency' },
	awakenings: { source: 'sleep', field: 'awakenings' }
};

/** The picker's entries: key and label, activity first, then sleep. */
export const COMPARE_METRIC_OPTIONS: ReadonlyArray<{ key: CompareMetricKey; label: string }> =
	COMPARE_METRIC_KEYS.map((key) => {
		const source = SOURCES[key];
		const label =
			source.source === 'move' ? MOVE_FIELDS[source.field].label : SLEEP_FIELDS[source.field].label;
		return { key, label: source.source === 'sleep' ? `${label} (nights)` : label };
	});

/** The series id `periodSeries` gives a metric. */
export function seriesIdOf(key: CompareMetricKey): string {
	const source = SOURCES[key];
	return `${source.source}.${source.field}`;
}

/** Every compared metric as a daily series over one period: moves by date, nights by wake date, naps left out. */
export function periodSeries(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	range: DateRange
): Series[] {
	return COMPARE_METRIC_KEYS.map((key) => {
		const source = SOURCES[key];
		return source.source === 'move'
			? movesToSeries(moves, source.field, { range })
			: sleepsToSeries(sleeps, source.field, { range });
	});
}

/** How the two periods are called: "This week" and "Last week", or "Period A" and "Period B". */
export function periodNames(pair: PeriodPair): { a: string; b: string } {
	switch (pair.id) {
		case 'week':
			return { a: 'This week', b: 'Last week' };
		case 'month':
			return { a: 'This month', b: 'Last month' };
		case 'month-last-year':
			return { a: 'This month', b: 'Same month last year' };
		case 'custom':
			return { a: 'Period A', b: 'Period B' };
	}
}

/**
 * The two periods in words: "This week against last week"; two custom periods are named by
 * their dates, "14 – 20 Mar 2026 against 1 – 7 Mar 2026" (a date range never breaks before its
 * dash).
 */
export function pairText(pair: PeriodPair): string {
	if (pair.id === 'custom') return `${rangeText(pair.a)} against ${rangeText(pair.b)}`;
	const names = periodNames(pair);
	return `${names.a} against ${names.b.toLowerCase()}`;
}

/** The overlaid chart's title: "Steps: this week against last week", or with the dates. */
export function overlayTitle(metricLabel: string, pair: PeriodPair): string {
	const text = pairText(pair);
	return `${metricLabel}: ${pair.id === 'custom' ? text : text.charAt(0).toLowerCase() + text.slice(1)}`;
}

/** How the overlaid chart labels its positions (0 = the first row). */
export interface OverlayAxis {
	/** A tick's label: `Mon`, `Week 2`, or `Day 1`. */
	tick: (index: number) => string;
	/** The label of the position read by the cursor: `Sat`, `Mon, week 2`, or `Day 1`. */
	title: (index: number) => string;
	/** Positions that get a tick; undefined lets the chart choose. */
	ticks: number[] | undefined;
	/** Subtitle words for the alignment. */
	subtitle: string;
}

/** Up to this many positions, every one gets a tick named by its weekday. */
const EVERY_DAY_TICKS_UP_TO = 15;

/**
 * The x axis of two overlaid periods. Aligned by weekday, each position is one weekday in both
 * periods, so the axis names weekdays (a Saturday start reads Sat, Sun, Mon …); a longer span
 * ticks each Monday as the start of a week. By day of period the axis counts days, unless both
 * periods start on the same weekday (the week presets), where weekday names say the same and more.
 */
export function overlayAxis(
	overlay: readonly Series[],
	pair: PeriodPair,
	align: Alignment
): OverlayAxis {
	const sameWeekday = weekdayOfDate(pair.a.from) === weekdayOfDate(pair.b.from);
	const subtitle = align === 'weekday' ? 'Lined up by weekday' : 'Lined up by day of period';
	if (align === 'day' && !sameWeekday) {
		const day = (index: number) => `Day ${Math.round(index) + 1}`;
		return { tick: day, title: day, ticks: undefined, subtitle };
	}
	const dates = overlay[0]?.points.map((point) => point.dateInt) ?? [];
	const weekdayAt = (index: number): number | undefined => {
		const date = dates[Math.round(index)];
		return date === undefined ? undefined : weekdayOfDate(date);
	};
	const nameAt = (index: number): string => {
		const weekday = weekdayAt(index);
		return weekday === undefined ? '' : (WEEKDAYS[weekday] ?? '');
	};
	const positions = dates.map((_, index) => index);
	if (dates.length <= EVERY_DAY_TICKS_UP_TO) {
		return { tick: nameAt, title: nameAt, ticks: positions, subtitle };
	}
	// Week 1 is the one the first position falls in; weeks run Monday to Sunday.
	const firstLead = ((weekdayAt(0) ?? 1) + 6) % 7;
	const weekOf = (index: number) => Math.floor((Math.round(index) + firstLead) / 7) + 1;
	return {
		tick: (index) => `Week ${weekOf(index)}`,
		title: (index) => `${nameAt(index)}, week ${weekOf(index)}`,
		ticks: positions.filter((index) => weekdayAt(index) === 1),
		subtitle
	};
}

/**
 * The overlaid chart as a table (and CSV): one row per position, named as the axis names it
 * (`Sun`, `Day 3`), then each period's date there (ISO; empty where that period has no such day)
 * and its value, or why it has none in `gap`'s words ("not yet", "no record").
 */
export function overlayTable(
	overlay: readonly Series[],
	pair: PeriodPair,
	axis: Pick<OverlayAxis, 'title'>,
	gap: (point: { dateInt: number; order: number }) => string | null = () => null
): ChartTable {
	const ranges = [pair.a, pair.b];
	const length = Math.max(0, ...overlay.map((series) => series.points.length));
	return {
		columns: [
			{ key: 'day', label: 'Day' },
			...overlay.flatMap((series, order) => [
				{ key: `d${order}`, label: `${series.label}: date` },
				{
					key: `s${order}`,
					label: series.label,
					unit: series.unit,
					format: (value: number) => formatQuantity(value, series.unit)
				}
			])
		],
		rows: Array.from({ length }, (_, index) => {
			const row: Record<string, string | number | null> = { day: axis.title(index) };
			overlay.forEach((series, order) => {
				const point = series.points[index];
				const range = ranges[order];
				const inside =
					point !== undefined &&
					range !== undefined &&
					point.dateInt >= range.from &&
					point.dateInt <= range.to;
				row[`d${order}`] = inside ? formatDateInt(point.dateInt) : null;
				row[`s${order}`] = point?.value ?? (inside ? gap({ dateInt: point.dateInt, order }) : null);
			});
			return row;
		})
	};
}

/** "23 – 29 Mar 2026", "28 Feb – 6 Mar 2026", "29 Dec 2025 – 4 Jan 2026", in the one style of dates. */
export function rangeText(range: DateRange): string {
	return formatDateRange(range.from, range.to);
}

/** Legend entries naming each period with its dates; B is dashed, as the chart draws it. */
export function periodLegend(pair: PeriodPair): LegendItem[] {
	const names = periodNames(pair);
	return [
		{ label: `${names.a}: ${rangeText(pair.a)}`, color: 'var(--accent)' },
		{ label: `${names.b}: ${rangeText(pair.b)}`, color: 'var(--sleep-deep)', dashed: true }
	];
}

/** A series in the user's units: distance in km shown as meters (the chart writes km) or miles. */
export function inUnits(series: Series, system: UnitSystem): Series {
	if (series.unit !== 'm' || system === 'metric') return series;
	return {
		...series,
		unit: 'mi',
		points: series.points.map((point) => ({
			dateInt: point.dateInt,
			value: point.value === null ? null : distanceIn(point.value, system).value
		}))
	};
}

/**
 * The chosen metric of both periods as two series laid on one index axis, aligned by weekday or
 * by day of period, each named as the period is ("This week"; the legend gives the dates). A
 * padded day (before a period starts or after it ends) has a null value and the calendar date it
 * would have had, since a chart point always carries a date.
 */
export function overlaySeries(
	seriesA: Series,
	seriesB: Series,
	pair: PeriodPair,
	align: Alignment,
	system: UnitSystem
): Series[] {
	const rows = alignSeries(
		{ range: pair.a, points: seriesA.points },
		{ range: pair.b, points: seriesB.points },
		align === 'weekday' ? 'weekday' : 'day-of-period'
	);
	const names = periodNames(pair);
	const side = (series: Series, range: DateRange, pick: 'a' | 'b', name: string): Series => {
		const lead = rows.findIndex((row) => (pick === 'a' ? row.dateA : row.dateB) !== null);
		return inUnits(
			{
				id: `${series.id}.${pick}`,
				label: name,
				unit: series.unit,
				points: rows.map((row) => ({
					dateInt: (pick === 'a' ? row.dateA : row.dateB) ?? addDays(range.from, row.index - lead),
					value: pick === 'a' ? row.a : row.b
				}))
			},
			system
		);
	};
	return [side(seriesA, pair.a, 'a', names.a), side(seriesB, pair.b, 'b', names.b)];
}

/**
 * One line of a comparison table as shown: formatted cells and the change the bar draws. The
 * same shape as CompareTable's `CompareTableRow` (a .svelte module's types are invisible to the
 * typed lint of .ts files, so it is spelled out here).
 */
export interface CompareRow {
	id: string;
	label: string;
	cells: string[];
	/** Percent change, for the bar; null draws none. */
	change: number | null;
	changeText: string;
	/** What the change means for this measure; null when unknown or not judged. */
	verdict: Verdict | null;
	/** The verdict in words ("better", "about the same"); empty when there is none. */
	verdictText: string;
}

/** A value in its unit as people read it, distances in the user's system. */
export function formatValue(value: number | null, unit: string, system: UnitSystem): string {
	if (value === null || !Number.isFinite(value)) return '–';
	if (unit === 'm') return formatDistance(value, system);
	if (unit === 'count') return (Math.round(value * 10) / 10).toString();
	return formatQuantity(value, unit);
}

/** Column headings of the metric table for two period names. */
export function metricColumns(names: { a: string; b: string }): string[] {
	return [
		`${names.a}: daily mean`,
		`${names.b}: daily mean`,
		`${names.a}: total`,
		`${names.b}: total`,
		'Days with data'
	];
}

/** Each metric's row: means, totals, days with data, and its change judged by which way is better. */
export function metricRows(
	comparisons: readonly MetricComparison[],
	system: UnitSystem
): CompareRow[] {
	return comparisons.map((row) => {
		const verdict = judgeChange(row.changePct, betterDirection(row.id));
		return {
			id: row.id,
			label: row.label,
			cells: [
				formatValue(row.meanA, row.unit, system),
				formatValue(row.meanB, row.unit, system),
				formatValue(row.totalA, row.unit, system),
				formatValue(row.totalB, row.unit, system),
				`${row.daysA} vs ${row.daysB}`
			],
			change: row.changePct,
			changeText: row.changePct === null ? '–' : formatChange(row.changePct),
			verdict,
			verdictText: verdict === null ? '' : VERDICT_WORDS[verdict]
		};
	});
}

/** The key to the change colours: the table's words in the colours it gives them. */
export function changeLegend(): LegendItem[] {
	return [
		{ label: 'Better', color: 'var(--accent)' },
		{ label: 'Worse', color: 'var(--danger)' },
		{ label: 'Higher or lower, neither better nor worse; or about the same', color: 'var(--muted)' }
	];
}

/**
 * The numbers of the metric table for CSV, one row per metric, each in its plain unit and rounded
 * to it (durations in minutes), as the Unit column says.
 */
export function metricCsvTable(
	comparisons: readonly MetricComparison[],
	names: { a: string; b: string }
): ChartTable {
	return {
		columns: [
			{ key: 'metric', label: 'Metric' },
			{ key: 'unit', label: 'Unit' },
			{ key: 'meanA', label: `${names.a} daily mean` },
			{ key: 'meanB', label: `${names.b} daily mean` },
			{ key: 'totalA', label: `${names.a} total` },
			{ key: 'totalB', label: `${names.b} total` },
			{ key: 'changePct', label: 'Change of the mean', unit: '%' },
			{ key: 'daysA', label: `${names.a} days with data` },
			{ key: 'daysB', label: `${names.b} days with data` }
		],
		rows: comparisons.map((row) => ({
			metric: row.label,
			unit: csvUnit(row.unit),
			meanA: csvNumber(row.meanA, row.unit),
			meanB: csvNumber(row.meanB, row.unit),
			totalA: csvNumber(row.totalA, row.unit),
			totalB: csvNumber(row.totalB, row.unit),
			changePct: row.changePct,
			daysA: row.daysA,
			daysB: row.daysB
		}))
	};
}

/** Nights (naps left out) whose wake date lies in the range, as bedtime offsets. */
export function nightsIn(sleeps: readonly Sleep[], range: DateRange): BedtimeNight[] {
	return sleeps
		.filter((sleep) => !isNap(sleep))
		.filter((sleep) => {
			const date = nightDate(sleep);
			return date >= range.from && date <= range.to;
		})
		.map(bedtimeNight);
}

/** How a clock time moved: "25 min later", "1 h 5 min earlier", "no change". */
export function shiftText(seconds: number | null): string {
	if (seconds === null) return '–';
	if (Math.round(seconds / 60) === 0) return 'no change';
	return `${formatDuration(Math.abs(seconds))} ${seconds > 0 ? 'later' : 'earlier'}`;
}

const clock = (offset: number | null) => (offset === null ? '–' : clockOfOffset(offset));

/**
 * How far one median moved, from the times as shown (to the minute): 23:14 against 22:42 reads
 * "32 min later" even when the seconds behind them differ by 32 min 40 s.
 */
export function shownShift(a: number | null, b: number | null): number | null {
	return a === null || b === null ? null : (Math.round(a / 60) - Math.round(b / 60)) * 60;
}
const share = (ratio: number | null) => formatPercent(ratio);
const spread = (seconds: number | null) => formatDuration(seconds);

/** The sleep timing table: medians, their shift, the spread and how many nights kept to the medians. */
export function timingRows(timing: SleepTimingShift): CompareRow[] {
	const { regularityA: a, regularityB: b } = timing;
	const row = (id: string, label: string, cells: string[], changeText = ''): CompareRow => ({
		id,
		label,
		cells,
		change: null,
		changeText,
		verdict: null,
		verdictText: ''
	});
	return [
		row(
			'bedtime',
			'Median bedtime',
			[clock(a.medianBedtime), clock(b.medianBedtime)],
			shiftText(shownShift(a.medianBedtime, b.medianBedtime))
		),
		row(
			'wake',
			'Median wake time',
			[clock(a.medianWake), clock(b.medianWake)],
			shiftText(shownShift(a.medianWake, b.medianWake))
		),
		row('bedtime-spread', 'Bedtime spread (middle half)', [
			spread(a.bedtimeSpread),
			spread(b.bedtimeSpread)
		]),
		row('wake-spread', 'Wake time spread (middle half)', [
			spread(a.wakeSpread),
			spread(b.wakeSpread)
		]),
		row('regular', 'Nights within 30 min of both medians', [
			share(a.shareWithin30min),
			share(b.shareWithin30min)
		]),
		row('nights', 'Nights', [String(a.nights), String(b.nights)])
	];
}

/** Everything the view shows for two periods. */
export interface PeriodComparison {
	comparisons: MetricComparison[];
	timing: SleepTimingShift;
	/** Whole periods, for the overlaid chart. */
	whole: MetricComparison[];
	seriesA: Series[];
	seriesB: Series[];
	/** The span the table judges when period A is under way; null when both are whole. */
	span: ElapsedSpan | null;
	/** How far today is read, when period A is under way; null otherwise. */
	cut: ElapsedCut | null;
}

/**
 * The table's numbers and the chart's series. While period A is under way the means, totals,
 * changes and sleep timing are taken over the same elapsed part of both periods
 * (`sameElapsedSpan`): whole days up to yesterday, and today against its counterpart up to the
 * same hour (`cutToSameHour`), a night whole once it has ended. The chart still draws both
 * periods whole.
 */
export function comparePeriodRecords(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	pair: PeriodPair,
	cut: ElapsedCut | null = null
): PeriodComparison {
	const seriesA = periodSeries(moves, sleeps, pair.a);
	const seriesB = periodSeries(moves, sleeps, pair.b);
	const span = cut === null ? null : sameElapsedSpan(pair, cut.today);
	const judged = span?.pair ?? pair;
	const whole = comparePeriods(seriesA, seriesB);
	let comparisons = whole;
	if (span !== null && cut !== null) {
		const same = cutToSameHour(
			periodSeries(moves, sleeps, judged.a),
			periodSeries(moves, sleeps, judged.b),
			moves,
			span,
			cut
		);
		comparisons = comparePeriods(same.a, same.b);
	}
	return {
		comparisons,
		whole,
		timing: sleepTimingShift(nightsIn(sleeps, judged.a), nightsIn(sleeps, judged.b)),
		seriesA,
		seriesB,
		span,
		cut: span === null ? null : cut
	};
}

/**
 * What the table compares, in words: the whole periods, or while period A is under way "Same
 * part of each: Monday to Wednesday up to 09:00 of each week (30 Mar – 1 Apr 2026 against
 * 23 – 25 Mar 2026), since this week is not over".
 */
export function judgedSpanText(
	span: ElapsedSpan | null,
	pair: PeriodPair,
	cut: ElapsedCut | null = null
): string {
	if (span === null) return `${pairText(pair)}, whole periods`;
	const noun = pair.id === 'custom' ? 'period A' : pair.id === 'week' ? 'this week' : 'this month';
	return (
		`Same part of each: ${elapsedWords(span, pair, cut)} (${rangeText(span.pair.a)} against ` +
		`${rangeText(span.pair.b)}), since ${noun} is not over. Workout time has no hourly record: ` +
		`that last day of each is left out of it. A night counts once it has ended.`
	);
}

/** The span of dates to load for both periods. */
export function loadRange(pair: PeriodPair): DateRange {
	return { from: Math.min(pair.a.from, pair.b.from), to: Math.max(pair.a.to, pair.b.to) };
}

/** `2026-03-30_vs_2026-03-23`: export files say which periods they hold. */
export function exportSuffix(pair: PeriodPair): string {
	return `${formatDateInt(pair.a.from)}_vs_${formatDateInt(pair.b.from)}`;
}
