// What the Trends view draws from a trends series: metric choices, display series in the user's units, axes, notes.
import type { TrendSeries } from '$lib/client';
import { formatQuantity, plural } from '$lib/format';
import type { LegendItem } from '$lib/charts/frame/legend';
import { lineChartTable } from '$lib/charts/line-chart/line-chart';
import type { ChartTable } from '$lib/charts/frame/table';
import { compareSeries } from '$lib/metrics/compare';
import { distanceIn, weightIn, type UnitSystem } from '$lib/metrics/units';
import {
	hiddenByScope,
	TREND_METRICS,
	trendMetric,
	trendSeries,
	type TrendMetric
} from '$lib/metrics/trends';
import type { Series } from '$lib/metrics/types';
import { daysBetween, formatDateInt } from '$lib/time/zone';
import {
	BUCKET_LABELS,
	bucketEnd,
	bucketStart,
	type BucketSize,
	type ZoomSpan
} from './trends-state';

export interface MetricGroup {
	label: string;
	metrics: TrendMetric[];
}

const GROUPS: ReadonlyArray<{ label: string; test: (metric: TrendMetric) => boolean }> = [
	{ label: 'Activity', test: (m) => m.key.startsWith('m_') },
	{ label: 'Sleep', test: (m) => m.key.startsWith('s_') },
	{ label: 'Naps', test: (m) => m.key.startsWith('n_') },
	{ label: 'Body', test: (m) => m.scope === 'weight_read' || m.scope === 'basic_read' },
	{ label: 'Food and nutrients', test: (m) => m.key.startsWith('e_') }
];

/**
 * The catalogue grouped for a picker. Coded fields (gender, weight goal intent) are left out: a
 * line through 0, 1 and 2 means nothing.
 */
export function metricGroups(): MetricGroup[] {
	const plottable = TREND_METRICS.filter((metric) => metric.unit !== 'code');
	return GROUPS.map((group) => ({
		label: group.label,
		metrics: plottable.filter((metric) => group.test(metric))
	})).filter((group) => group.metrics.length > 0);
}

/** Whether a metric is a time of day: bedtimes are drawn on a clock axis around midnight. */
export function isClockMetric(key: string): boolean {
	return trendMetric(key)?.unit === 'clock';
}

/**
 * One metric of a trends series, oldest bucket first, in the units the user reads: distance in
 * km or miles (meters stay meters in metric: the chart writes them as km), weight in kg or lb,
 * times of day as seconds from the wake date's midnight (negative = the evening before), unit
 * `clock`, so a 02:00 bedtime after a 23:00 one sits three hours on, not a day away.
 */
export function displaySeries(trends: TrendSeries, key: string, system: UnitSystem): Series {
	const series = trendSeries({ earliest: trends.earliest, data: trends.buckets }, key);
	const convert = (toUnit: (value: number) => { value: number; unit: string }): Series => {
		const unit = toUnit(0).unit;
		return {
			...series,
			unit,
			points: series.points.map((point) => ({
				dateInt: point.dateInt,
				value: point.value === null ? null : toUnit(point.value).value
			}))
		};
	};
	if (series.unit === 'm' && system === 'imperial') return convert((m) => distanceIn(m, system));
	if (series.unit === 'kg' && system === 'imperial') return convert((kg) => weightIn(kg, system));
	return series;
}

/**
 * Which series goes on the twin right axis: the second one when its unit differs from the
 * first's. Two metrics of one unit share the left axis so their heights compare directly.
 */
export function rightAxisFor(first: Series, second: Series | null): string | null {
	return second !== null && second.unit !== first.unit ? second.id : null;
}

/** Why a chosen metric has no line: the sign-in lacks the scope the API filters it by. */
export function scopeNotes(keys: readonly string[], scopes: readonly string[] | null): string[] {
	if (scopes === null) return [];
	return hiddenByScope(keys, scopes).map(
		(metric) =>
			`${metric.label} needs ${metric.scope}: this sign-in did not grant it, so the API leaves it out.`
	);
}

/**
 * "Daily · 2025-12-31 to 2026-03-30 · 90 days" from the buckets the series holds; zoomed in,
 * "… · 20 of 90 days", `of` being the count of the whole span.
 */
export function spanText(series: Series, bucket: BucketSize, of: number | null = null): string {
	const first = series.points[0];
	const last = series.points.at(-1);
	const { adjective, plural: many } = BUCKET_LABELS[bucket];
	if (!first || !last) return `${adjective} · no buckets`;
	const count = series.points.length;
	const noun = plural(of ?? count, many.slice(0, -1), many);
	const counted = of === null ? `${count} ${noun}` : `${count} of ${of} ${noun}`;
	return `${adjective} · ${formatDateInt(first.dateInt)} to ${formatDateInt(last.dateInt)} · ${counted}`;
}

/**
 * The buckets from the one holding the first record on: a yearly view of someone who started in
 * 2024 begins at 2024, not at years of empty axis. Without a first record nothing is dropped.
 */
export function fromFirstRecord(trends: TrendSeries, bucket: BucketSize): TrendSeries {
	if (trends.earliest === null) return trends;
	const first = bucketStart(trends.earliest, bucket);
	return { ...trends, buckets: trends.buckets.filter(([dateInt]) => dateInt >= first) };
}

/** The points of a series inside a zoom (both dates shown); the whole series without one. */
export function zoomedSeries(series: Series, zoom: ZoomSpan | null): Series {
	if (zoom === null) return series;
	const [from, to] = zoom;
	return { ...series, points: series.points.filter((p) => p.dateInt >= from && p.dateInt <= to) };
}

/** A last bucket the calendar has not finished: the week, month or year still under way. */
export interface PartialBucket {
	/** The bucket's first day, its date in the series. */
	dateInt: number;
	/** Days of it the data covers so far (today counted, though not over). */
	elapsed: number;
	/** Days it has in full. */
	days: number;
}

/**
 * The last bucket when it is unfinished: its calendar end lies after the span's end, or it holds
 * `today`, which is not over. A daily bucket is one day and is never called partial.
 */
export function partialBucket(
	lastStart: number | undefined,
	bucket: BucketSize,
	end: number,
	today: number | null
): PartialBucket | null {
	if (bucket === 'd' || lastStart === undefined) return null;
	const natural = bucketEnd(lastStart, bucket);
	const holdsToday = today !== null && lastStart <= today && natural >= today;
	if (natural <= end && !holdsToday) return null;
	const through = today !== null && today < end ? today : end;
	return {
		dateInt: lastStart,
		elapsed: Math.max(0, daysBetween(lastStart, through) + 1),
		days: daysBetween(lastStart, natural) + 1
	};
}

const BUCKET_NOUN: Record<BucketSize, string> = {
	d: 'day',
	w: 'week',
	m: 'month',
	y: 'year'
};

/** The sentence under the chart about an unfinished last bucket. */
export function partialNote(partial: PartialBucket, bucket: BucketSize): string {
	const noun = BUCKET_NOUN[bucket];
	return (
		`The ${noun} from ${formatDateInt(partial.dateInt)} is not over (${partial.elapsed} of ` +
		`${partial.days} days so far): its point is drawn hollow and left out of the mean, lowest and highest.`
	);
}

/** How the chosen series can be shown: nothing to draw, one value to state, or a line. */
export type TrendShape = 'empty' | 'single' | 'chart';

export function trendShape(series: readonly Series[]): TrendShape {
	const counts = series.map((s) => s.points.filter((p) => p.value !== null).length);
	const most = Math.max(0, ...counts);
	return most === 0 ? 'empty' : most === 1 ? 'single' : 'chart';
}

/** A series with one bucket of data as a figure: "9,000 steps" in the week of 2026-03-30. */
export interface SingleValue {
	label: string;
	value: string;
	when: string;
}

export function singleValues(series: readonly Series[], bucket: BucketSize): SingleValue[] {
	const noun = BUCKET_NOUN[bucket];
	return series.flatMap((s) => {
		const point = s.points.find((p) => p.value !== null);
		if (!point || point.value === null) return [];
		const date = formatDateInt(point.dateInt);
		return [
			{
				label: s.label,
				value: formatQuantity(point.value, s.unit),
				when: bucket === 'd' ? `on ${date}` : `in the ${noun} from ${date}`
			}
		];
	});
}

/**
 * A sentence a person (or a screen reader) can take in instead of the line: the mean over the
 * buckets with data, the lowest and highest buckets, and the latest value. An unfinished bucket
 * (`partial`, its date) is left out of the mean and extremes, whose counts then say "finished",
 * and its latest value is marked "so far".
 */
export function seriesSummary(series: Series, unfinished: number | null = null): string {
	const partial = series.points.some((p) => p.dateInt === unfinished) ? unfinished : null;
	const finished =
		partial === null
			? series
			: { ...series, points: series.points.filter((p) => p.dateInt !== partial) };
	const { meanA: mean, daysA: withData } = compareSeries(finished, undefined);
	let latest: { dateInt: number; value: number } | undefined;
	for (const { dateInt, value } of series.points) if (value !== null) latest = { dateInt, value };
	const show = (point: { dateInt: number; value: number } | undefined) =>
		point
			? `${formatQuantity(point.value, series.unit)} (${formatDateInt(point.dateInt)}` +
				`${point.dateInt === partial ? ', so far' : ''})`
			: 'no data';
	if (mean === null) {
		return latest === undefined
			? `${series.label}: no data in this span.`
			: `${series.label}: no finished bucket with data; latest ${show(latest)}.`;
	}
	let lowest: { dateInt: number; value: number } | undefined;
	let highest: { dateInt: number; value: number } | undefined;
	for (const { dateInt, value } of finished.points) {
		if (value === null) continue;
		if (!lowest || value < lowest.value) lowest = { dateInt, value };
		if (!highest || value > highest.value) highest = { dateInt, value };
	}
	const of = partial === null ? `${series.points.length}` : `${finished.points.length} finished`;
	// Times of day read as early and late; "latest" is then the most recent bucket's.
	const [low, high, recent] =
		series.unit === 'clock'
			? ['earliest', 'latest', 'most recent']
			: ['lowest', 'highest', 'latest'];
	return (
		`${series.label}: mean ${formatQuantity(mean, series.unit)} over ${withData} of ` +
		`${of} buckets with data; ${low} ${show(lowest)}, ${high} ${show(highest)}, ` +
		`${recent} ${show(latest)}.`
	);
}

/** Everything the Trends page shows for one answer of the trends endpoint. */
export interface TrendDisplay {
	/** The series as drawn (the whole span; the chart zooms itself). */
	series: Series[];
	shape: TrendShape;
	right: string | null;
	legend: LegendItem[];
	title: string;
	/** The span shown, following the zoom. */
	subtitle: string;
	/** The rows of the span shown, following the zoom. */
	table: ChartTable;
	summaries: string[];
	/** One figure per series when the span holds one bucket with data. */
	singles: SingleValue[];
	/** The date of an unfinished last bucket, drawn hollow; null when every bucket is over. */
	partial: number | null;
	/** What the hollow point means; null without one. */
	notes: string[];
	earliest: number | null;
}

export interface TrendChoice {
	metric: string;
	metric2: string | null;
	bucket: BucketSize;
	/** The span's last date, today resolved. */
	end: number;
	zoom: ZoomSpan | null;
}

/**
 * The page's whole reading of a trends answer: the buckets from the first record on, the
 * series in the user's units, the twin axis, the unfinished last bucket, and the title, span,
 * table and summary of the part in view.
 */
export function trendDisplay(
	answer: TrendSeries,
	choice: TrendChoice,
	system: UnitSystem,
	today: number | null
): TrendDisplay {
	const trends = fromFirstRecord(answer, choice.bucket);
	const first = displaySeries(trends, choice.metric, system);
	const second = choice.metric2 === null ? null : displaySeries(trends, choice.metric2, system);
	const series = second === null ? [first] : [first, second];
	const right = rightAxisFor(first, second);
	const legend: LegendItem[] = [{ label: first.label, color: 'var(--accent)' }];
	if (second) {
		const side = right === null ? '' : ' (right axis)';
		legend.push({ label: `${second.label}${side}`, color: 'var(--sleep-deep)', dashed: true });
	}
	const partial = partialBucket(first.points.at(-1)?.dateInt, choice.bucket, choice.end, today);
	const inView = series.map((s) => zoomedSeries(s, choice.zoom));
	const shape = trendShape(inView);
	const viewFirst = inView[0] ?? first;
	const partialDate = partial?.dateInt ?? null;
	const partialInView =
		partial !== null && viewFirst.points.some((p) => p.dateInt === partial.dateInt);
	if (partialInView && shape === 'chart') {
		legend.push({
			label: `The ${BUCKET_NOUN[choice.bucket]} not over yet (hollow point)`,
			color: 'var(--accent)',
			mark: 'ring'
		});
	}
	return {
		series,
		shape,
		right,
		legend,
		title: series.map((s) => s.label).join(' and '),
		subtitle: spanText(viewFirst, choice.bucket, choice.zoom === null ? null : first.points.length),
		table: lineChartTable(inView, 'date'),
		summaries: inView.map((s) => seriesSummary(s, partialDate)),
		singles: shape === 'single' ? singleValues(inView, choice.bucket) : [],
		partial: partialDate,
		notes: partialInView && shape === 'chart' ? [partialNote(partial, choice.bucket)] : [],
		earliest: answer.earliest
	};
}
