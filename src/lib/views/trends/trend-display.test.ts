import { describe, expect, it } from 'vitest';
import type { TrendSeries } from '$lib/client';
import {
	displaySeries,
	fromFirstRecord,
	isClockMetric,
	metricGroups,
	partialBucket,
	partialNote,
	rightAxisFor,
	scopeNotes,
	seriesSummary,
	singleValues,
	spanText,
	trendDisplay,
	trendShape,
	zoomedSeries
} from './trend-display';

// Buckets run backwards, as the API sends them.
const trends: TrendSeries = {
	earliest: 20260301,
	buckets: [
		[20260330, { m_steps: 9000, m_distance: 6000, weight: 70, s_bedtime: -1800 }],
		[20260329, { m_steps: null, m_distance: null, weight: null, s_bedtime: 600 }],
		[20260328, { m_steps: 3000, m_distance: 2000, weight: 71, s_bedtime: -3600 }]
	]
};

describe('metricGroups', () => {
	it('offers every catalogue metric except coded fields, grouped by kind', () => {
		const groups = metricGroups();
		expect(groups.map((g) => g.label)).toEqual([
			'Activity',
			'Sleep',
			'Naps',
			'Body',
			'Food and nutrients'
		]);
		const keys = groups.flatMap((g) => g.metrics.map((m) => m.key));
		expect(keys).toContain('m_steps');
		expect(keys).toContain('s_sound');
		expect(keys).toContain('n_duration');
		expect(keys).toContain('body_fat');
		expect(keys).toContain('e_sodium');
		expect(keys).not.toContain('gender');
		expect(keys).not.toContain('goal_body_weight_intent');
		expect(new Set(keys).size).toBe(keys.length);
	});
});

describe('displaySeries', () => {
	it('orders buckets oldest first and keeps gaps as nulls', () => {
		const series = displaySeries(trends, 'm_steps', 'metric');
		expect(series.points).toEqual([
			{ dateInt: 20260328, value: 3000 },
			{ dateInt: 20260329, value: null },
			{ dateInt: 20260330, value: 9000 }
		]);
		expect(series.unit).toBe('steps');
	});

	it('shows distance in miles and weight in pounds for imperial users', () => {
		const miles = displaySeries(trends, 'm_distance', 'imperial');
		expect(miles.unit).toBe('mi');
		expect(miles.points[2]?.value).toBeCloseTo(6000 / 1609.344, 6);
		expect(miles.points[1]?.value).toBeNull();
		const pounds = displaySeries(trends, 'weight', 'imperial');
		expect(pounds.unit).toBe('lb');
		expect(pounds.points[0]?.value).toBeCloseTo(71 / 0.45359237, 6);
	});

	it('keeps metric distance in meters and weight in kilograms', () => {
		expect(displaySeries(trends, 'm_distance', 'metric').points[0]?.value).toBe(2000);
		expect(displaySeries(trends, 'weight', 'metric').unit).toBe('kg');
	});

	it('draws bedtimes as times of day around the wake date midnight, on a clock axis', () => {
		const series = displaySeries(trends, 's_bedtime', 'metric');
		expect(isClockMetric('s_bedtime')).toBe(true);
		expect(series.unit).toBe('clock');
		expect(series.label).toBe('Bedtime');
		expect(series.points.map((p) => p.value)).toEqual([-3600, 600, -1800]);
	});
});

describe('rightAxisFor', () => {
	const steps = displaySeries(trends, 'm_steps', 'metric');
	const bedtime = displaySeries(trends, 's_bedtime', 'metric');
	it('puts a second metric of another unit on the right axis', () => {
		expect(rightAxisFor(steps, bedtime)).toBe('s_bedtime');
	});
	it('shares the left axis between metrics of one unit, and with no second metric', () => {
		const sameUnit = { ...steps, id: 'other' };
		expect(rightAxisFor(steps, sameUnit)).toBeNull();
		expect(rightAxisFor(steps, null)).toBeNull();
	});
});

describe('scopeNotes', () => {
	it('names the scope a chosen metric needs when the sign-in lacks it', () => {
		expect(scopeNotes(['m_steps', 's_duration'], ['move_read'])).toEqual([
			'Asleep needs sleep_read: this sign-in did not grant it, so the API leaves it out.'
		]);
	});
	it('says nothing before the scopes are known', () => {
		expect(scopeNotes(['s_duration'], null)).toEqual([]);
	});
});

describe('spanText', () => {
	it('states the bucket size, the first and last bucket and their count', () => {
		expect(spanText(displaySeries(trends, 'm_steps', 'metric'), 'd')).toBe(
			'Daily · 2026-03-28 to 2026-03-30 · 3 days'
		);
		const one = { id: 'x', label: 'X', unit: 'steps', points: [{ dateInt: 20260302, value: 1 }] };
		expect(spanText(one, 'w')).toBe('Weekly · 2026-03-02 to 2026-03-02 · 1 week');
	});
});

describe('seriesSummary', () => {
	it('gives the mean over buckets with data, the extremes and the latest value', () => {
		expect(seriesSummary(displaySeries(trends, 'm_steps', 'metric'))).toBe(
			'Steps: mean 6,000 steps over 2 of 3 buckets with data; lowest 3,000 steps (2026-03-28), ' +
				'highest 9,000 steps (2026-03-30), latest 9,000 steps (2026-03-30).'
		);
	});
	it('reads times of day as earliest and latest', () => {
		expect(seriesSummary(displaySeries(trends, 's_bedtime', 'metric'))).toBe(
			'Bedtime: mean 23:33 over 3 of 3 buckets with data; earliest 23:00 (2026-03-28), ' +
				'latest 00:10 (2026-03-29), most recent 23:30 (2026-03-30).'
		);
	});

	it('says so when the span has no data', () => {
		const empty = { id: 'x', label: 'Protein', unit: 'g', points: [{ dateInt: 1, value: null }] };
		expect(seriesSummary(empty)).toBe('Protein: no data in this span.');
	});
});

describe('fromFirstRecord', () => {
	const yearly: TrendSeries = {
		earliest: 20240517,
		buckets: [
			[20260101, { m_steps: 2_000_000 }],
			[20250101, { m_steps: 3_100_000 }],
			[20240101, { m_steps: 1_900_000 }],
			[20230101, { m_steps: null }],
			[20220101, { m_steps: null }]
		]
	};

	it('starts a yearly span at the year of the first record, not at years of empty axis', () => {
		expect(fromFirstRecord(yearly, 'y').buckets.map(([date]) => date)).toEqual([
			20260101, 20250101, 20240101
		]);
	});

	it('keeps the week holding the first record, which starts before it', () => {
		const weekly: TrendSeries = {
			earliest: 20260318,
			buckets: [
				[20260323, { m_steps: 1 }],
				[20260316, { m_steps: 1 }],
				[20260309, { m_steps: null }]
			]
		};
		expect(fromFirstRecord(weekly, 'w').buckets.map(([date]) => date)).toEqual([
			20260323, 20260316
		]);
	});

	it('keeps every bucket when there is no record at all', () => {
		expect(fromFirstRecord({ ...yearly, earliest: null }, 'y').buckets).toHaveLength(5);
	});
});

describe('partialBucket', () => {
	it('marks the week holding today as unfinished, with the days gone so far', () => {
		// Monday 2026-03-30 is today: the week has begun, one day of seven.
		expect(partialBucket(20260330, 'w', 20260330, 20260330)).toEqual({
			dateInt: 20260330,
			elapsed: 1,
			days: 7
		});
		expect(partialBucket(20260301, 'm', 20260330, 20260330)).toEqual({
			dateInt: 20260301,
			elapsed: 30,
			days: 31
		});
	});

	it('marks a last month cut short by an end date in its middle', () => {
		expect(partialBucket(20250201, 'm', 20250210, 20260330)).toEqual({
			dateInt: 20250201,
			elapsed: 10,
			days: 28
		});
	});

	it('leaves a finished week, and any day, unmarked', () => {
		expect(partialBucket(20260316, 'w', 20260322, 20260330)).toBeNull();
		expect(partialBucket(20260330, 'd', 20260330, 20260330)).toBeNull();
	});

	it('still calls a week ending today unfinished, since today is not over', () => {
		expect(partialBucket(20260323, 'w', 20260329, 20260329)?.elapsed).toBe(7);
	});

	it('says what the hollow point means', () => {
		const partial = { dateInt: 20260330, elapsed: 1, days: 7 };
		expect(partialNote(partial, 'w')).toBe(
			'The week from 2026-03-30 is not over (1 of 7 days so far): its point is drawn hollow ' +
				'and left out of the mean, lowest and highest.'
		);
	});
});

describe('seriesSummary of a span whose last bucket is unfinished', () => {
	const weeks = {
		id: 'm_steps',
		label: 'Steps',
		unit: 'steps',
		points: [
			{ dateInt: 20260316, value: 60000 },
			{ dateInt: 20260323, value: 70000 },
			{ dateInt: 20260330, value: 9000 }
		]
	};

	it('leaves the unfinished week out of the mean and the lowest, and says the latest is so far', () => {
		expect(seriesSummary(weeks, 20260330)).toBe(
			'Steps: mean 65,000 steps over 2 of 2 finished buckets with data; lowest 60,000 steps ' +
				'(2026-03-16), highest 70,000 steps (2026-03-23), latest 9,000 steps (2026-03-30, so far).'
		);
	});

	it('gives the unfinished value alone when no finished bucket has data', () => {
		const only = { ...weeks, points: [{ dateInt: 20260330, value: 9000 }] };
		expect(seriesSummary(only, 20260330)).toBe(
			'Steps: no finished bucket with data; latest 9,000 steps (2026-03-30, so far).'
		);
	});
});

describe('trendShape and singleValues', () => {
	const one = {
		id: 'weight',
		label: 'Weight',
		unit: 'kg',
		points: [
			{ dateInt: 20260323, value: null },
			{ dateInt: 20260330, value: 70.4 }
		]
	};

	it('shows a span without data as empty, one bucket with data as a single value', () => {
		const none = { ...one, points: [{ dateInt: 20260330, value: null }] };
		expect(trendShape([none])).toBe('empty');
		expect(trendShape([one])).toBe('single');
		expect(trendShape([displaySeries(trends, 'm_steps', 'metric')])).toBe('chart');
	});

	it('states the one value with its bucket', () => {
		expect(singleValues([one], 'w')).toEqual([
			{ label: 'Weight', value: '70.4 kg', when: 'in the week from 2026-03-30' }
		]);
		expect(singleValues([one], 'd')[0]?.when).toBe('on 2026-03-30');
	});
});

describe('zoomedSeries and the span text of a zoom', () => {
	it('keeps the buckets inside the zoom and counts them against the whole span', () => {
		const steps = displaySeries(trends, 'm_steps', 'metric');
		const zoomed = zoomedSeries(steps, [20260329, 20260330]);
		expect(zoomed.points.map((p) => p.dateInt)).toEqual([20260329, 20260330]);
		expect(spanText(zoomed, 'd', 3)).toBe('Daily · 2026-03-29 to 2026-03-30 · 2 of 3 days');
	});
});

describe('trendDisplay', () => {
	const weekly: TrendSeries = {
		earliest: 20260304,
		buckets: [
			[20260330, { m_steps: 9000 }],
			[20260323, { m_steps: 70000 }],
			[20260316, { m_steps: 60000 }],
			[20260309, { m_steps: 50000 }],
			[20260223, { m_steps: null }]
		]
	};
	const choice = {
		metric: 'm_steps',
		metric2: null,
		bucket: 'w' as const,
		end: 20260330,
		zoom: null
	};

	it('drops the weeks before the first record and marks the week under way', () => {
		const shown = trendDisplay(weekly, choice, 'metric', 20260330);
		expect(shown.series[0]?.points.map((p) => p.dateInt)).toEqual([
			20260309, 20260316, 20260323, 20260330
		]);
		expect(shown.partial).toBe(20260330);
		expect(shown.notes).toHaveLength(1);
		expect(shown.summaries[0]).toMatch(/^Steps: mean 60,000 steps over 3 of 3 finished buckets/);
	});

	it('keys the hollow point in the legend while the week under way is in view, not after a zoom', () => {
		const shown = trendDisplay(weekly, choice, 'metric', 20260330);
		expect(shown.legend.at(-1)).toEqual({
			label: 'The week not over yet (hollow point)',
			color: 'var(--accent)',
			mark: 'ring'
		});
		const zoomed = trendDisplay(
			weekly,
			{ ...choice, zoom: [20260316, 20260323] },
			'metric',
			20260330
		);
		expect(zoomed.legend.some((item) => item.mark === 'ring')).toBe(false);
	});

	it('makes the subtitle, table and summary follow the zoom', () => {
		const shown = trendDisplay(
			weekly,
			{ ...choice, zoom: [20260316, 20260323] },
			'metric',
			20260330
		);
		expect(shown.subtitle).toBe('Weekly · 2026-03-16 to 2026-03-23 · 2 of 4 weeks');
		expect(shown.table.rows).toHaveLength(2);
		expect(shown.summaries[0]).toMatch(/^Steps: mean 65,000 steps over 2 of 2 buckets/);
		expect(shown.notes).toEqual([]);
	});
});
