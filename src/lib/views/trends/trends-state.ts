// The Trends view's choices as read from and written to its URL, and moving the span along the calendar.
import type { TrendsQuery } from '$lib/client';
import { trendMetric } from '$lib/metrics/trends';
import { addDays, parseDateInt } from '$lib/time/zone';
import { dateParam, enumParam, intParam, type ParamValue } from '../url-state';

export type BucketSize = TrendsQuery['bucketSize'];

export const BUCKET_SIZES: readonly BucketSize[] = ['d', 'w', 'm', 'y'];

export const BUCKET_LABELS: Readonly<Record<BucketSize, { adjective: string; plural: string }>> = {
	d: { adjective: 'Daily', plural: 'days' },
	w: { adjective: 'Weekly', plural: 'weeks' },
	m: { adjective: 'Monthly', plural: 'months' },
	y: { adjective: 'Yearly', plural: 'years' }
};

/** How many buckets a bucket size shows when the URL does not say: about a season, a year, two, five. */
export const DEFAULT_BUCKETS: Readonly<Record<BucketSize, number>> = { d: 90, w: 52, m: 24, y: 5 };

/** The reference API answers at most 1000 buckets; 1000 days is already more than the history. */
export const MAX_BUCKETS = 1000;

export const DEFAULT_METRIC = 'm_steps';

export interface TrendsState {
	metric: string;
	/** A second metric drawn beside the first; null when none. */
	metric2: string | null;
	bucket: BucketSize;
	/** Date of the last bucket, `YYYYMMDD`; null until the user's today is known. */
	end: number | null;
	n: number;
}

function metricParam(url: URL, name: string): string | null {
	const raw = url.searchParams.get(name);
	// A v.1.0 name (s_deep) reads as its v.1.1 entry, so pickers and links agree on one key.
	return raw === null ? null : (trendMetric(raw)?.key ?? null);
}

/** The view's state from `?metric=&metric2=&bucket=&end=&n=`, with defaults for what is missing or wrong. */
export function readTrendsState(url: URL, today: number | null): TrendsState {
	const metric = metricParam(url, 'metric') ?? DEFAULT_METRIC;
	const second = metricParam(url, 'metric2');
	const bucket = enumParam(url, 'bucket', BUCKET_SIZES, 'd');
	const end = today === null ? dateParam(url, 'end', 0) || null : dateParam(url, 'end', today);
	return {
		metric,
		metric2: second === metric ? null : second,
		bucket,
		end,
		n: intParam(url, 'n', 1, MAX_BUCKETS, DEFAULT_BUCKETS[bucket])
	};
}

/** URL parameters for a state; `end` is written only when it is not today, so links stay "latest". */
export function trendsParams(state: TrendsState, today: number | null): Record<string, ParamValue> {
	return {
		metric: state.metric,
		metric2: state.metric2,
		bucket: state.bucket,
		end: state.end === null || state.end === today ? null : state.end,
		n: state.n === DEFAULT_BUCKETS[state.bucket] ? null : state.n
	};
}

/** The date `count` months after `dateInt` (negative goes back), the day clamped to the month's end. */
export function addMonths(dateInt: number, count: number): number {
	const { year, month, day } = parseDateInt(dateInt);
	const index = year * 12 + (month - 1) + count;
	const y = Math.floor(index / 12);
	const m = index - y * 12 + 1;
	const nextFirst = m === 12 ? (y + 1) * 10000 + 101 : y * 10000 + (m + 1) * 100 + 1;
	const lastDay = parseDateInt(addDays(nextFirst, -1)).day;
	return y * 10000 + m * 100 + Math.min(day, lastDay);
}

/** The end date `count` buckets later (negative: earlier), never past `latest`. */
export function shiftEnd(
	end: number,
	bucket: BucketSize,
	count: number,
	latest: number | null
): number {
	const shifted =
		bucket === 'd'
			? addDays(end, count)
			: bucket === 'w'
				? addDays(end, 7 * count)
				: addMonths(end, bucket === 'm' ? count : 12 * count);
	return latest !== null && shifted > latest ? latest : shifted;
}
