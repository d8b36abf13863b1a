// What each bucket of a trends answer rests on (whole, under way, or only partly covered) and its value a day.
import {
	bucketCoverage,
	computedCoverage,
	type BucketCoverage,
	type Coverage,
	type SpanStatus
} from '$lib/coverage';
import { formatDate, formatDay, formatMonth } from '$lib/format';
import { trendMetric } from '$lib/metrics/trends';
import type { Series } from '$lib/metrics/types';
import { addDays, daysBetween, parseDateInt } from '$lib/time/zone';
import { bucketEnd, type BucketSize } from './trends-state';

/** One bucket of a trends series and what its figure rests on. */
export interface TrendBucket {
	/** Its first day, the date the API gives it (`YYYYMMDD`). */
	date: number;
	/** Its last day as the calendar has it (not cut at the span's end). */
	last: number;
	/** Days of it over and read, of its calendar days; whether today is in it. */
	coverage: BucketCoverage;
	/**
	 * The days its value adds up: from its first day (or the first record) to its last (or the
	 * span's end, or today, counted as far as it has gone). A total over them is its value a day.
	 */
	days: number;
}

export interface TrendBucketsInput {
	bucket: BucketSize;
	/** The span's last date. */
	end: number;
	/** The person's today; null when not known yet (every day up to the end then counts as over). */
	today: number | null;
	/** The moment the series was computed (epoch seconds): today is read as far as that. */
	asOf: number | null;
	/** The date of the person's first record, from the answer; null when there is none. */
	earliest: number | null;
	/** The span as a whole: stale while offline; complete otherwise. */
	status?: SpanStatus;
	/**
	 * Whether today's value is whole already: a night dated today ended this morning. Only a
	 * daily bucket of today is then over; a week or month holding it is still under way.
	 */
	todayOver?: boolean;
}

/** The coverage of the span a trends answer covers, and each of its buckets. */
export function trendBuckets(
	dates: readonly number[],
	input: TrendBucketsInput
): { coverage: Coverage | null; buckets: TrendBucket[] } {
	const first = dates[0];
	if (first === undefined) return { coverage: null, buckets: [] };
	const today = input.today ?? addDays(input.end, 1);
	const coverage = computedCoverage({
		from: first,
		to: input.end,
		today,
		asOf: input.asOf,
		firstDate: input.earliest,
		status: input.status
	});
	const todayWhole = input.todayOver === true && input.bucket === 'd';
	const buckets = dates.map((date) => {
		const last = bucketEnd(date, input.bucket);
		const from = input.earliest === null ? date : Math.max(date, input.earliest);
		const to = Math.min(last, input.end, today);
		return {
			date,
			last,
			coverage:
				todayWhole && date === today
					? { days: 1, of: 1, underway: false, whole: true }
					: bucketCoverage(coverage, date, last, input.earliest),
			days: to < from ? 0 : daysBetween(from, to) + 1
		};
	});
	return { coverage, buckets };
}

/**
 * Whether a metric's weekly, monthly or yearly value is a total a person compares as a daily
 * average (steps, distance, calories eaten): the metrics the API sums. Means and latest values
 * (sleep, weight) already read per day, and a daily bucket is one day.
 */
export function readsPerDay(metricKey: string, bucket: BucketSize): boolean {
	return bucket !== 'd' && trendMetric(metricKey)?.aggregation === 'sum';
}

/** A summed series as its value a day in each bucket: the total over the days it adds up. */
export function perDaySeries(series: Series, buckets: readonly TrendBucket[]): Series {
	const days = new Map(buckets.map((bucket) => [bucket.date, bucket.days]));
	return {
		...series,
		points: series.points.map((point) => {
			const count = days.get(point.dateInt) ?? 0;
			return {
				dateInt: point.dateInt,
				value: point.value === null || count === 0 ? null : point.value / count
			};
		})
	};
}

/** The buckets a figure may judge against each other: every day of them over and read. */
export function wholeDates(buckets: readonly TrendBucket[]): Set<number> {
	return new Set(buckets.filter((b) => b.coverage.whole).map((b) => b.date));
}

/** The buckets drawn hollow: today, the week, month or year under way, and any only partly covered. */
export function hollowDates(buckets: readonly TrendBucket[]): number[] {
	return buckets.filter((b) => !b.coverage.whole && b.days > 0).map((b) => b.date);
}

/** A bucket by name: `Fri 27 Nov 2026`, `week of 23 Nov 2026`, `Nov 2026`, `2026`. */
export function bucketName(date: number, bucket: BucketSize): string {
	switch (bucket) {
		case 'd':
			return `${formatDay(date)} ${parseDateInt(date).year}`;
		case 'w':
			return `week of ${formatDate(date)}`;
		case 'm':
			return formatMonth(date);
		case 'y':
			return String(parseDateInt(date).year);
	}
}

/** What a bucket rests on, for the table: `under way`, `330 of 365 days so far`, `35 of 366 days`. */
export function bucketBasis(bucket: TrendBucket, size: BucketSize): string {
	const { coverage } = bucket;
	if (coverage.whole) return '';
	if (size === 'd') return coverage.underway ? 'under way' : '';
	const part = `${coverage.days} of ${coverage.of} days`;
	return coverage.underway ? `${part} so far` : part;
}

/**
 * The sentences under the chart about the hollow points in view: today or the bucket under way,
 * and a bucket only partly covered because the records start in it or the span ends in it.
 */
export function bucketNotes(
	buckets: readonly TrendBucket[],
	size: BucketSize,
	earliest: number | null
): string[] {
	return buckets.flatMap((bucket) => {
		const { coverage } = bucket;
		if (coverage.whole || bucket.days === 0) return [];
		const name = bucketName(bucket.date, size);
		if (size === 'd') {
			return coverage.underway
				? ['Today is under way: its point is hollow and left out of the mean, lowest and highest.']
				: [];
		}
		const part = `${coverage.days} of ${coverage.of} days`;
		const capital = name.charAt(0).toUpperCase() + name.slice(1);
		if (coverage.underway) {
			return [
				`${capital}: ${part} so far, today under way; its point is hollow and left out of the mean, lowest and highest.`
			];
		}
		const why =
			earliest !== null && earliest > bucket.date && earliest <= bucket.last
				? `your records start on ${formatDate(earliest)}`
				: 'the span ends inside it';
		return [`${capital}: ${part} (${why}); its point is hollow and never the lowest or highest.`];
	});
}
