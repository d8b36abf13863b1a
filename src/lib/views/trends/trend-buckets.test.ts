import { describe, expect, it } from 'vitest';
import {
	bucketBasis,
	bucketName,
	bucketNotes,
	hollowDates,
	perDaySeries,
	readsPerDay,
	trendBuckets
} from './trend-buckets';

describe('trendBuckets', () => {
	it('counts a month cut short by the end date as part of a month, whatever today is', () => {
		// The span ends on 10 February 2025; today is long after.
		const { buckets } = trendBuckets([20250101, 20250201], {
			bucket: 'm',
			end: 20250210,
			today: 20261127,
			asOf: null,
			earliest: 20240501
		});
		expect(buckets.map((b) => [b.coverage.days, b.coverage.of, b.coverage.whole, b.days])).toEqual([
			[31, 31, true, 31],
			[10, 28, false, 10]
		]);
		expect(hollowDates(buckets)).toEqual([20250201]);
		expect(bucketNotes(buckets, 'm', 20240501)).toEqual([
			'Feb 2025: 10 of 28 days (the span ends inside it); its point is hollow and never the lowest or highest.'
		]);
	});

	it('counts the week of the first record from that record on', () => {
		const { buckets } = trendBuckets([20260302, 20260309], {
			bucket: 'w',
			end: 20260315,
			today: 20260330,
			asOf: null,
			earliest: 20260304
		});
		// Wednesday 4 to Sunday 8 March: five of the week's seven days.
		expect(buckets[0]?.coverage).toEqual({ days: 5, of: 7, underway: false, whole: false });
		expect(buckets[0]?.days).toBe(5);
		expect(bucketBasis(buckets[0]!, 'w')).toBe('5 of 7 days');
		expect(bucketBasis(buckets[1]!, 'w')).toBe('');
	});

	it('has nothing to say of an answer without buckets', () => {
		expect(
			trendBuckets([], { bucket: 'd', end: 20260330, today: 20260330, asOf: null, earliest: null })
		).toEqual({ coverage: null, buckets: [] });
	});
});

describe('value a day', () => {
	it('reads summed metrics over weeks, months and years a day, and nothing else', () => {
		expect(readsPerDay('m_steps', 'w')).toBe(true);
		expect(readsPerDay('e_sodium', 'y')).toBe(true);
		expect(readsPerDay('m_steps', 'd')).toBe(false);
		expect(readsPerDay('s_duration', 'm')).toBe(false);
		expect(readsPerDay('weight', 'y')).toBe(false);
	});

	it('divides each total by the days it adds up, and has none for a bucket of no days', () => {
		const series = {
			id: 'm_steps',
			label: 'Steps',
			unit: 'steps',
			points: [
				{ dateInt: 20260302, value: 21000 },
				{ dateInt: 20260309, value: null },
				{ dateInt: 20260316, value: 500 }
			]
		};
		const bucket = (date: number, days: number) => ({
			date,
			last: date + 6,
			coverage: { days, of: 7, underway: false, whole: days === 7 },
			days
		});
		expect(
			perDaySeries(series, [bucket(20260302, 7), bucket(20260309, 7), bucket(20260316, 0)]).points
		).toEqual([
			{ dateInt: 20260302, value: 3000 },
			{ dateInt: 20260309, value: null },
			{ dateInt: 20260316, value: null }
		]);
	});

	it('names buckets as the summary and notes say them', () => {
		expect(bucketName(20261127, 'd')).toBe('Fri 27 Nov 2026');
		expect(bucketName(20261123, 'w')).toBe('week of 23 Nov 2026');
		expect(bucketName(20261101, 'm')).toBe('Nov 2026');
		expect(bucketName(20260101, 'y')).toBe('2026');
	});
});
