// What the Trends view draws from a trends series: metric choices, display series in the user's units, axes, notes.
import type { TrendSeries } from '$lib/client';
import { formatDateRange, formatQuantity, plural } from '$lib/format';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import type { Coverage, SpanStatus } from '$lib/coverage';
import { daySlots } from '$lib/metrics/day-slots';
import { distanceIn, weightIn, type UnitSystem } from '$lib/metrics/units';
import {
	hiddenByScope,
	TREND_METRICS,
	trendMetric,
	trendSeries,
	type TrendMetric
} from '$lib/metrics/trends';
import type { Series } from '$lib/metrics/types';
import type { Figure } from '../controls/figure';
import { formatDateInt } from '$lib/time/zone';
import {
	bucketBasis,
	bucketName,
	bucketNotes,
	hollowDates,
	perDaySeries,
	readsPerDay,
	trendBuckets,
	type TrendBucket
} from './trend-buckets';
import { seriesSummary } from './trend-summary';
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

/** Whether a metric describes the night's sleep, whole once the night dated today has ended. */
export function isNightMetric(key: string): boolean {
	return key.startsWith('s_');
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
 * "Daily · 30 Aug – 27 Nov 2026 · 90 days" from the buckets the series holds: from the first
 * bucket (or the first record, inside it) to the last (or the span's end, inside it). Zoomed in,
 * "… · 20 of 90 days", `of` being the count of the whole span.
 */
export function spanText(
	series: Series,
	bucket: BucketSize,
	of: number | null = null,
	bounds: { earliest: number | null; end: number } | null = null
): string {
	const first = series.points[0];
	const last = series.points.at(-1);
	const { adjective, plural: many } = BUCKET_LABELS[bucket];
	if (!first || !last) return `${adjective} · no buckets`;
	const count = series.points.length;
	const noun = plural(of ?? count, many.slice(0, -1), many);
	const counted = of === null ? `${count} ${noun}` : `${count} of ${of} ${noun}`;
	const earliest = bounds?.earliest ?? null;
	const from = earliest !== null && earliest > first.dateInt ? earliest : first.dateInt;
	const to = Math.min(bucketEnd(last.dateInt, bucket), bounds?.end ?? Infinity);
	return `${adjective} · ${formatDateRange(from, to)} · ${counted}`;
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

const BUCKET_NOUN: Record<BucketSize, string> = {
	d: 'day',
	w: 'week',
	m: 'month',
	y: 'year'
};

/** How the chosen series can be shown: nothing to draw, one value to state, or a line. */
export type TrendShape = 'empty' | 'single' | 'chart';

export function trendShape(series: readonly Series[]): TrendShape {
	const counts = series.map((s) => s.points.filter((p) => p.value !== null).length);
	const most = Math.max(0, ...counts);
	return most === 0 ? 'empty' : most === 1 ? 'single' : 'chart';
}

/**
 * A series with one bucket of data as a figure: "9,000 steps", noted "in week of 30 Mar 2026,
 * the only bucket with data here" (and "so far" for one under way, `hollow`).
 */
export function singleValues(
	series: readonly Series[],
	bucket: BucketSize,
	hollow: readonly number[] = []
): Figure[] {
	return series.flatMap((s) => {
		const point = s.points.find((p) => p.value !== null);
		if (!point || point.value === null) return [];
		const name = bucketName(point.dateInt, bucket);
		const when = bucket === 'd' ? `on ${name}` : `in ${name}`;
		const soFar = hollow.includes(point.dateInt) ? ' so far' : '';
		return [
			{
				label: s.label,
				value: formatQuantity(point.value, s.unit),
				note: `${when}${soFar}, the only bucket with data here`
			}
		];
	});
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
	/** The rows of the span shown, following the zoom: each value, its total, what it rests on. */
	table: ChartTable;
	summaries: string[];
	/** One figure per series when the span holds one bucket with data. */
	singles: Figure[];
	/** Dates of the buckets drawn hollow: today, the one under way, the ones only partly covered. */
	hollow: number[];
	/** What the hollow points in view mean. */
	notes: string[];
	earliest: number | null;
	/** What the figures rest on as a whole (stale while offline). */
	coverage: Coverage | null;
}

export interface TrendChoice {
	metric: string;
	metric2: string | null;
	bucket: BucketSize;
	/** The span's last date, today resolved. */
	end: number;
	zoom: ZoomSpan | null;
	/** Whether a daily line gets its trailing 7-day average beside it. */
	average?: boolean;
}

/** What the answer is read against: the person's today, when it was computed, and whether offline. */
export interface TrendContext {
	today: number | null;
	/** When the series was computed (epoch seconds); null when not known. */
	asOf: number | null;
	/** `stale` while the service cannot be reached; complete otherwise. */
	status?: SpanStatus;
}

/**
 * The trailing 7-day average of a daily series, as Activity draws it: the mean of the finished
 * days with a value among the seven ending on each date (today, under way, never joins it).
 */
export function weekAverage(series: Series, coverage: Coverage): Series {
	const slots = daySlots(coverage.from, coverage.to, coverage, series.points);
	const average = new Map(
		slots.map((slot) => [slot.dateInt, slot.state === 'underway' ? null : slot.average])
	);
	return {
		id: `${series.id}.avg7`,
		label: `${series.label}, 7-day average`,
		unit: series.unit,
		points: series.points.map((point) => ({
			dateInt: point.dateInt,
			value: average.get(point.dateInt) ?? null
		}))
	};
}

const SERIES_COLOURS = ['var(--accent)', 'var(--sleep-deep)', 'var(--sleep-awake)'];

/** The table of the buckets in view: each series' value, its total when it reads a day, and the basis. */
function trendTable(
	inView: readonly Series[],
	totals: ReadonlyMap<string, Series>,
	buckets: readonly TrendBucket[],
	bucket: BucketSize
): ChartTable {
	const columns = inView.flatMap((s, order) => {
		const total = totals.get(s.id);
		const value = {
			key: `s${order}`,
			label: total ? `${s.label} a day` : s.label,
			unit: s.unit,
			format: (v: number) => formatQuantity(v, s.unit)
		};
		return total ? [value, { ...value, key: `t${order}`, label: `${s.label}, total` }] : [value];
	});
	const byDate = new Map(buckets.map((b) => [b.date, b]));
	const dates = [...new Set(inView.flatMap((s) => s.points.map((p) => p.dateInt)))].sort(
		(x, y) => x - y
	);
	const valueOf = (s: Series | undefined, date: number) =>
		s?.points.find((p) => p.dateInt === date)?.value ?? null;
	return {
		columns: [{ key: 'date', label: 'Date' }, ...columns, { key: 'basis', label: 'Rests on' }],
		rows: dates.map((date) => {
			const row: Record<string, string | number | null> = { date: formatDateInt(date) };
			inView.forEach((s, order) => {
				row[`s${order}`] = valueOf(s, date);
				const total = totals.get(s.id);
				if (total) row[`t${order}`] = valueOf(total, date);
			});
			const found = byDate.get(date);
			row.basis = found ? bucketBasis(found, bucket) : '';
			return row;
		})
	};
}

/**
 * The page's whole reading of a trends answer: the buckets from the first record on, what each
 * rests on, the series in the user's units (a summed metric over weeks, months or years as its
 * value a day), the twin axis, the hollow buckets, and the title, span, table and summary of
 * the part in view.
 */
export function trendDisplay(
	answer: TrendSeries,
	choice: TrendChoice,
	system: UnitSystem,
	context: TrendContext
): TrendDisplay {
	const trends = fromFirstRecord(answer, choice.bucket);
	const totals = [choice.metric, ...(choice.metric2 === null ? [] : [choice.metric2])].map((key) =>
		displaySeries(trends, key, system)
	);
	const dates = (totals[0]?.points ?? []).map((point) => point.dateInt);
	const { coverage, buckets } = trendBuckets(dates, {
		bucket: choice.bucket,
		end: choice.end,
		today: context.today,
		asOf: context.asOf,
		earliest: answer.earliest,
		status: context.status,
		// A night dated today ended this morning: a daily line of nights alone counts it whole.
		todayOver: [choice.metric, choice.metric2].every((key) => key === null || isNightMetric(key))
	});
	const keys = [choice.metric, choice.metric2];
	const perDay = totals.map((total, index) =>
		readsPerDay(keys[index] ?? '', choice.bucket) ? perDaySeries(total, buckets) : total
	);
	const totalOf = new Map(
		perDay.flatMap((s, index) => (s === totals[index] ? [] : [[s.id, totals[index] ?? s]]))
	);
	const [first, second = null] = perDay;
	if (!first) throw new RangeError(`Unknown trend metric: ${choice.metric}`);
	const average =
		choice.average && choice.bucket === 'd' && coverage ? weekAverage(first, coverage) : null;
	const series = [first, ...(second ? [second] : []), ...(average ? [average] : [])];
	const right = rightAxisFor(first, second);
	const legend: LegendItem[] = series.map((s, order) => ({
		label: `${s.label}${s.id === right ? ' (right axis)' : ''}`,
		color: SERIES_COLOURS[order] ?? 'var(--accent)',
		...(order > 0 ? { dashed: true } : {})
	}));
	const hollow = hollowDates(buckets);
	const inView = series.map((s) => zoomedSeries(s, choice.zoom));
	const shape = trendShape(inView);
	const viewFirst = inView[0] ?? first;
	const viewDates = new Set(viewFirst.points.map((p) => p.dateInt));
	const bucketsInView = buckets.filter((b) => viewDates.has(b.date));
	const hollowInView = shape === 'chart' && hollow.some((date) => viewDates.has(date));
	if (hollowInView) {
		legend.push({
			label:
				choice.bucket === 'd'
					? 'Today, under way (hollow point)'
					: `Part of a ${BUCKET_NOUN[choice.bucket]} (hollow point)`,
			color: 'var(--accent)',
			mark: 'ring'
		});
	}
	const summed = perDay.map((s, index) => s !== totals[index]);
	return {
		series,
		shape,
		right,
		legend,
		title: perDay.map((s, index) => (summed[index] ? `${s.label} a day` : s.label)).join(' and '),
		subtitle: spanText(
			viewFirst,
			choice.bucket,
			choice.zoom === null ? null : first.points.length,
			{
				earliest: answer.earliest,
				end: choice.end
			}
		),
		table: trendTable(inView, totalOf, bucketsInView, choice.bucket),
		summaries: perDay.map((s, index) =>
			seriesSummary(zoomedSeries(s, choice.zoom), bucketsInView, choice.bucket, summed[index])
		),
		singles: shape === 'single' ? singleValues(inView, choice.bucket, hollow) : [],
		hollow,
		notes: hollowInView ? bucketNotes(bucketsInView, choice.bucket, answer.earliest) : [],
		earliest: answer.earliest,
		coverage
	};
}
