// What the Trends view draws from a trends series: metric choices, display series in the user's units, axes, notes.
import type { TrendSeries } from '$lib/client';
import { formatQuantity } from '$lib/charts/format';
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
import { formatDateInt } from '$lib/time/zone';
import { BUCKET_LABELS, type BucketSize } from './trends-state';

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

/** Whether a metric is a time of day: bedtimes are drawn as time from the wake date's midnight. */
export function isClockMetric(key: string): boolean {
	return trendMetric(key)?.unit === 'clock';
}

/**
 * One metric of a trends series, oldest bucket first, in the units the user reads: distance in
 * km or miles (meters stay meters in metric: the chart writes them as km), weight in kg or lb,
 * times of day as seconds from midnight (negative = the evening before).
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
	if (series.unit === 'clock') {
		return { ...series, unit: 'seconds', label: `${series.label} (time from midnight)` };
	}
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

/** "Daily · 2025-12-31 to 2026-03-30 · 90 days" from the buckets the series holds. */
export function spanText(series: Series, bucket: BucketSize): string {
	const first = series.points[0];
	const last = series.points.at(-1);
	const { adjective, plural } = BUCKET_LABELS[bucket];
	if (!first || !last) return `${adjective} · no buckets`;
	const count = series.points.length;
	const noun = count === 1 ? plural.slice(0, -1) : plural;
	return `${adjective} · ${formatDateInt(first.dateInt)} to ${formatDateInt(last.dateInt)} · ${count} ${noun}`;
}

/**
 * A sentence a person (or a screen reader) can take in instead of the line: the mean over the
 * buckets with data, the lowest and highest buckets, and the latest value.
 */
export function seriesSummary(series: Series): string {
	const { meanA: mean, daysA: withData } = compareSeries(series, undefined);
	if (mean === null) return `${series.label}: no data in this span.`;
	let lowest: { dateInt: number; value: number } | undefined;
	let highest: { dateInt: number; value: number } | undefined;
	let latest: { dateInt: number; value: number } | undefined;
	for (const { dateInt, value } of series.points) {
		if (value === null) continue;
		const point = { dateInt, value };
		if (!lowest || value < lowest.value) lowest = point;
		if (!highest || value > highest.value) highest = point;
		latest = point;
	}
	const show = (point: { dateInt: number; value: number } | undefined) =>
		point
			? `${formatQuantity(point.value, series.unit)} (${formatDateInt(point.dateInt)})`
			: 'no data';
	return (
		`${series.label}: mean ${formatQuantity(mean, series.unit)} over ${withData} of ` +
		`${series.points.length} buckets with data; lowest ${show(lowest)}, highest ${show(highest)}, ` +
		`latest ${show(latest)}.`
	);
}
