// The Trends view's choices as read from and written to its URL, and moving the span along the calendar.
import type { TrendsQuery } from '$lib/client';
import { trendMetric } from '$lib/metrics/trends';
import { addDays, dateIntFromString, parseDateInt, weekdayOfDate } from '$lib/time/zone';
import { dateParam, enumParam, type ParamValue } from '../url-state';

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
	/** Whether a daily line gets its trailing 7-day average beside it (`?avg=1`). */
	average: boolean;
}

function metricParam(url: URL, name: string): string | null {
	const raw = url.searchParams.get(name);
	// A v.1.0 name (s_deep) reads as its v.1.1 entry, so pickers and links agree on one key.
	return raw === null ? null : (trendMetric(raw)?.key ?? null);
}

/** What the "number of days/weeks…" field holds when the URL gives a count out of range. */
export interface CountProblem {
	/** The text as given, shown back in the field so the person sees what was refused. */
	raw: string;
	/** The sentence beside the field. */
	message: string;
}

/**
 * The count of buckets of `?n=`: the default of the bucket size when absent, else the number
 * when it is a whole number from 1 to `MAX_BUCKETS`; anything else keeps the default and says why.
 */
export function readCount(
	raw: string | null,
	bucket: BucketSize
): { n: number; problem: CountProblem | null } {
	const fallback = DEFAULT_BUCKETS[bucket];
	if (raw === null || raw.trim() === '') return { n: fallback, problem: null };
	const text = raw.trim();
	const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
	if (value >= 1 && value <= MAX_BUCKETS) return { n: value, problem: null };
	const { plural } = BUCKET_LABELS[bucket];
	return {
		n: fallback,
		problem: {
			raw,
			message: `Enter a whole number of ${plural} from 1 to ${MAX_BUCKETS}; showing ${fallback} ${plural}.`
		}
	};
}

/** The zoomed part of the span, as the first and last date shown (both `YYYYMMDD`, first ≤ last). */
export type ZoomSpan = readonly [number, number];

/**
 * `?from=&to=`, the dates a zoom shows: both real dates, else no zoom. Given in the wrong order
 * they are swapped, so a hand-edited link still zooms.
 */
export function readZoom(url: URL): ZoomSpan | null {
	const from = dateIntFromString(url.searchParams.get('from') ?? '');
	const to = dateIntFromString(url.searchParams.get('to') ?? '');
	if (from === null || to === null) return null;
	return from <= to ? [from, to] : [to, from];
}

/** The Trends view model from its URL: every choice typed, the end `null` when it is today. */
export interface TrendsView extends Omit<TrendsState, 'end'> {
	/** Date of the last bucket; null follows the person's today (resolved by the page). */
	end: number | null;
	/** The dates the chart is zoomed to; null shows the whole span. */
	zoom: ZoomSpan | null;
	/** Set when `?n=` was out of range: the field shows it back with its message. */
	countProblem: CountProblem | null;
}

/** Parses `?metric=&metric2=&bucket=&end=&n=&avg=&from=&to=`, with defaults for what is missing or wrong. */
export function parseTrendsView(url: URL): TrendsView {
	const metric = metricParam(url, 'metric') ?? DEFAULT_METRIC;
	const second = metricParam(url, 'metric2');
	const bucket = enumParam(url, 'bucket', BUCKET_SIZES, 'd');
	const { n, problem } = readCount(url.searchParams.get('n'), bucket);
	return {
		metric,
		metric2: second === metric ? null : second,
		bucket,
		end: dateParam(url, 'end', 0) || null,
		n,
		average: url.searchParams.get('avg') === '1',
		zoom: readZoom(url),
		countProblem: problem
	};
}

/** The view's state from its URL, the end resolved to `today` when the URL gives none. */
export function readTrendsState(url: URL, today: number | null): TrendsState {
	const { metric, metric2, bucket, end, n, average } = parseTrendsView(url);
	return { metric, metric2, bucket, end: end ?? today, n, average };
}

/** URL parameters for a state; `end` is written only when it is not today, so links stay "latest". */
export function trendsParams(state: TrendsState, today: number | null): Record<string, ParamValue> {
	return {
		metric: state.metric,
		metric2: state.metric2,
		bucket: state.bucket,
		end: state.end === null || state.end === today ? null : state.end,
		n: state.n === DEFAULT_BUCKETS[state.bucket] ? null : state.n,
		avg: state.average ? 1 : null,
		// Another span or measure shows the whole of it again.
		from: null,
		to: null
	};
}

/** URL parameters of a zoom (dates `YYYYMMDD`); null clears it. */
export function zoomParams(zoom: ZoomSpan | null): Record<string, ParamValue> {
	return { from: zoom?.[0] ?? null, to: zoom?.[1] ?? null };
}

/** The first day of the bucket holding `dateInt`: the day itself, its Monday, the 1st of its month or year. */
export function bucketStart(dateInt: number, bucket: BucketSize): number {
	const { year, month } = parseDateInt(dateInt);
	switch (bucket) {
		case 'd':
			return dateInt;
		case 'w':
			return addDays(dateInt, -((weekdayOfDate(dateInt) + 6) % 7));
		case 'm':
			return year * 10000 + month * 100 + 1;
		case 'y':
			return year * 10000 + 101;
	}
}

/** The last day of the bucket starting on `start`, as the calendar has it (not cut at an end date). */
export function bucketEnd(start: number, bucket: BucketSize): number {
	switch (bucket) {
		case 'd':
			return start;
		case 'w':
			return addDays(start, 6);
		case 'm':
			return addDays(addMonths(start, 1), -1);
		case 'y':
			return addDays(addMonths(start, 12), -1);
	}
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

const DAY_MS = 86_400_000;

/** The chart's x domain (ms of the dates' UTC midnights, as the line chart places dates) of a zoom. */
export function zoomDomain(zoom: ZoomSpan | null): [number, number] | null {
	if (zoom === null) return null;
	const ms = (dateInt: number) => {
		const { year, month, day } = parseDateInt(dateInt);
		return Date.UTC(year, month - 1, day);
	};
	return [ms(zoom[0]), ms(zoom[1])];
}

/**
 * The dates a dragged or keyed x domain shows: the first and last midnight inside it, so the
 * points in view (each drawn at its date's midnight) stay exactly the same after the round trip
 * through the URL. A span with no midnight inside keeps the days it touches.
 */
export function zoomFromDomain(domain: readonly [number, number] | null): ZoomSpan | null {
	if (domain === null) return null;
	const date = (ms: number) => {
		const d = new Date(ms);
		return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
	};
	const low = Math.min(domain[0], domain[1]);
	const high = Math.max(domain[0], domain[1]);
	const first = Math.ceil(low / DAY_MS) * DAY_MS;
	const last = Math.floor(high / DAY_MS) * DAY_MS;
	return first <= last
		? [date(first), date(last)]
		: [date(Math.floor(low / DAY_MS) * DAY_MS), date(Math.ceil(high / DAY_MS) * DAY_MS)];
}
