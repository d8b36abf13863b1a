// The sentence under a trends chart: the mean, lowest and highest of whole buckets, and what is under way.
import { formatQuantity, plural } from '$lib/format';
import type { Series } from '$lib/metrics/types';
import { bucketName, wholeDates, type TrendBucket } from './trend-buckets';
import type { BucketSize } from './trends-state';

const NOUNS: Readonly<Record<BucketSize, [string, string]>> = {
	d: ['day', 'days'],
	w: ['week', 'weeks'],
	m: ['month', 'months'],
	y: ['year', 'years']
};

const UNDER_WAY: Readonly<Record<BucketSize, string>> = {
	d: 'today so far',
	w: 'this week so far',
	m: 'this month so far',
	y: 'this year so far'
};

interface Reading {
	dateInt: number;
	value: number;
}

/**
 * A sentence a person (or a screen reader) can take in instead of the line: the mean over the
 * whole buckets with data, the lowest and highest of them, and the bucket under way "so far". A
 * bucket under way or only partly covered is never the lowest or highest, nor in the mean.
 * `perDay`: the values are a day's average within each bucket, and say so.
 */
export function seriesSummary(
	series: Series,
	buckets: readonly TrendBucket[],
	size: BucketSize,
	perDay = false
): string {
	const whole = wholeDates(buckets);
	const underway = buckets.find((bucket) => bucket.coverage.underway)?.date ?? null;
	const a = perDay ? ' a day' : '';
	const show = (reading: Reading) =>
		`${formatQuantity(reading.value, series.unit)}${a} (${bucketName(reading.dateInt, size)})`;
	let sum = 0;
	let withData = 0;
	let wholeCount = 0;
	let lowest: Reading | null = null;
	let highest: Reading | null = null;
	let latest: Reading | null = null;
	let current: Reading | null = null;
	for (const { dateInt, value } of series.points) {
		if (whole.has(dateInt)) wholeCount++;
		if (value === null) continue;
		const reading = { dateInt, value };
		latest = reading;
		if (dateInt === underway) current = reading;
		if (!whole.has(dateInt)) continue;
		sum += value;
		withData++;
		if (lowest === null || value < lowest.value) lowest = reading;
		if (highest === null || value > highest.value) highest = reading;
	}
	const [one, many] = NOUNS[size];
	// Times of day read as early and late; "latest" is then the most recent bucket's.
	const clock = series.unit === 'clock';
	const tail =
		current !== null
			? `${UNDER_WAY[size]} ${formatQuantity(current.value, series.unit)}${a}`
			: latest !== null
				? `${clock ? 'most recent' : 'latest'} ${show(latest)}`
				: '';
	if (lowest === null || highest === null) {
		return latest === null
			? `${series.label}: no data in this span.`
			: `${series.label}: no whole ${one} with data yet; ${tail}.`;
	}
	const mean = formatQuantity(sum / withData, series.unit);
	const [low, high] = clock ? ['earliest', 'latest'] : ['lowest', 'highest'];
	return (
		`${series.label}: mean ${mean}${a} over ${wholeWithData(withData, wholeCount, one, many)}; ` +
		`${low} ${show(lowest)}, ${high} ${show(highest)}; ${tail}.`
	);
}

/** "3 whole weeks with data", or "5 of 7 whole weeks with data" when some had none. */
function wholeWithData(withData: number, whole: number, one: string, many: string): string {
	const count = withData === whole ? `${withData}` : `${withData} of ${whole}`;
	return `${count} whole ${plural(whole, one, many)} with data`;
}
