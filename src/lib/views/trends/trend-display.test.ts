import { describe, expect, it } from 'vitest';
import type { TrendSeries } from '$lib/client';
import {
	displaySeries,
	fromFirstRecord,
	isClockMetric,
	metricGroups,
	rightAxisFor,
	scopeNotes,
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
	it('states the bucket size, the dates covered in one style and the count', () => {
		expect(spanText(displaySeries(trends, 'm_steps', 'metric'), 'd')).toBe(
			'Daily · 28\u00a0– 30 Mar 2026 · 3 days'
		);
		const one = { id: 'x', label: 'X', unit: 'steps', points: [{ dateInt: 20260302, value: 1 }] };
		expect(spanText(one, 'w')).toBe('Weekly · 2\u00a0– 8 Mar 2026 · 1 week');
	});

	it('runs from the first record and to the span’s end where they fall inside a bucket', () => {
		const years = {
			id: 'x',
			label: 'X',
			unit: 'steps',
			points: [20240101, 20250101, 20260101].map((dateInt) => ({ dateInt, value: 1 }))
		};
		expect(spanText(years, 'y', null, { earliest: 20241127, end: 20261127 })).toBe(
			'Yearly · 27 Nov 2024\u00a0– 27 Nov 2026 · 3 years'
		);
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
			{
				label: 'Weight',
				value: '70.4 kg',
				note: 'in week of 30 Mar 2026, the only bucket with data here'
			}
		]);
		expect(singleValues([one], 'd', [20260330])[0]?.note).toBe(
			'on Mon 30 Mar 2026 so far, the only bucket with data here'
		);
	});
});

describe('zoomedSeries and the span text of a zoom', () => {
	it('keeps the buckets inside the zoom and counts them against the whole span', () => {
		const steps = displaySeries(trends, 'm_steps', 'metric');
		const zoomed = zoomedSeries(steps, [20260329, 20260330]);
		expect(zoomed.points.map((p) => p.dateInt)).toEqual([20260329, 20260330]);
		expect(spanText(zoomed, 'd', 3)).toBe('Daily · 29\u00a0– 30 Mar 2026 · 2 of 3 days');
	});
});

describe('trendDisplay', () => {
	const weekly: TrendSeries = {
		earliest: 20260304,
		buckets: [
			[20260330, { m_steps: 9000, s_duration: 25200 }],
			[20260323, { m_steps: 70000, s_duration: 27000 }],
			[20260316, { m_steps: 60000, s_duration: 28800 }],
			[20260309, { m_steps: 50000, s_duration: 26000 }],
			[20260223, { m_steps: null, s_duration: null }]
		]
	};
	const choice = {
		metric: 'm_steps',
		metric2: null,
		bucket: 'w' as const,
		end: 20260330,
		zoom: null
	};
	const monday = { today: 20260330, asOf: null };

	it('reads weekly steps as steps a day, and leaves the week under way out of the figures', () => {
		const shown = trendDisplay(weekly, choice, 'metric', monday);
		expect(shown.title).toBe('Steps a day');
		expect(shown.series[0]?.points).toEqual([
			{ dateInt: 20260309, value: 50000 / 7 },
			{ dateInt: 20260316, value: 60000 / 7 },
			{ dateInt: 20260323, value: 10000 },
			// Monday, the one day of this week so far.
			{ dateInt: 20260330, value: 9000 }
		]);
		expect(shown.hollow).toEqual([20260330]);
		expect(shown.notes).toEqual([
			'Week of 30 Mar 2026: 0 of 7 days so far, today under way; its point is hollow and left out of the mean, lowest and highest.'
		]);
		expect(shown.summaries).toEqual([
			'Steps: mean 8,571 steps a day over 3 whole weeks with data; lowest 7,143 steps a day (week of 9 Mar 2026), highest 10,000 steps a day (week of 23 Mar 2026); this week so far 9,000 steps a day.'
		]);
	});

	it('puts each week’s total beside its value a day in the table, and what it rests on', () => {
		const shown = trendDisplay(weekly, choice, 'metric', monday);
		expect(shown.table.columns.map((column) => column.label)).toEqual([
			'Date',
			'Steps a day',
			'Steps, total',
			'Rests on'
		]);
		expect(shown.table.rows.at(-1)).toEqual({
			date: '2026-03-30',
			s0: 9000,
			t0: 9000,
			basis: '0 of 7 days so far'
		});
		expect(shown.table.rows[0]).toEqual({
			date: '2026-03-09',
			s0: 50000 / 7,
			t0: 50000,
			basis: ''
		});
	});

	it('keeps a mean such as sleep as it is: already a night’s', () => {
		const shown = trendDisplay(weekly, { ...choice, metric: 's_duration' }, 'metric', monday);
		expect(shown.title).toBe('Asleep');
		expect(shown.series[0]?.points[0]?.value).toBe(26000);
		expect(shown.table.columns.map((column) => column.label)).toEqual([
			'Date',
			'Asleep',
			'Rests on'
		]);
	});

	it('keys the hollow point in the legend while the week under way is in view, not after a zoom', () => {
		const shown = trendDisplay(weekly, choice, 'metric', monday);
		expect(shown.legend.at(-1)).toEqual({
			label: 'Part of a week (hollow point)',
			color: 'var(--accent)',
			mark: 'ring'
		});
		const zoomed = trendDisplay(
			weekly,
			{ ...choice, zoom: [20260316, 20260323] },
			'metric',
			monday
		);
		expect(zoomed.legend.some((item) => item.mark === 'ring')).toBe(false);
	});

	it('makes the subtitle, table and summary follow the zoom', () => {
		const shown = trendDisplay(weekly, { ...choice, zoom: [20260316, 20260323] }, 'metric', monday);
		expect(shown.subtitle).toBe('Weekly · 16\u00a0– 29 Mar 2026 · 2 of 4 weeks');
		expect(shown.table.rows).toHaveLength(2);
		expect(shown.summaries[0]).toMatch(/^Steps: mean 9,286 steps a day over 2 whole weeks/);
		expect(shown.notes).toEqual([]);
	});

	it('draws today hollow on a daily line and never calls it the lowest day', () => {
		const daily: TrendSeries = {
			earliest: 20250101,
			buckets: [
				[20261127, { m_steps: 1791 }],
				[20261126, { m_steps: 5200 }],
				[20261125, { m_steps: 4700 }]
			]
		};
		const shown = trendDisplay(daily, { ...choice, bucket: 'd', end: 20261127 }, 'metric', {
			today: 20261127,
			asOf: null
		});
		expect(shown.hollow).toEqual([20261127]);
		expect(shown.legend.at(-1)?.label).toBe('Today, under way (hollow point)');
		expect(shown.summaries[0]).toBe(
			'Steps: mean 4,950 steps over 2 whole days with data; lowest 4,700 steps (Wed 25 Nov 2026), highest 5,200 steps (Thu 26 Nov 2026); today so far 1,791 steps.'
		);
		expect(shown.table.rows.at(-1)?.basis).toBe('under way');
	});

	it('never calls a year the records started in late November the lowest, and reads each year a day', () => {
		const yearly: TrendSeries = {
			earliest: 20241127,
			buckets: [
				[20260101, { m_steps: 8000 * 331 }],
				[20250101, { m_steps: 9000 * 365 }],
				[20240101, { m_steps: 5000 * 35 }]
			]
		};
		const shown = trendDisplay(yearly, { ...choice, bucket: 'y', end: 20261127 }, 'metric', {
			today: 20261127,
			asOf: null
		});
		expect(shown.series[0]?.points.map((p) => p.value)).toEqual([5000, 9000, 8000]);
		expect(shown.hollow).toEqual([20240101, 20260101]);
		expect(shown.notes).toEqual([
			'2024: 35 of 366 days (your records start on 27 Nov 2024); its point is hollow and never the lowest or highest.',
			'2026: 330 of 365 days so far, today under way; its point is hollow and left out of the mean, lowest and highest.'
		]);
		expect(shown.summaries[0]).toBe(
			'Steps: mean 9,000 steps a day over 1 whole year with data; lowest 9,000 steps a day (2025), highest 9,000 steps a day (2025); this year so far 8,000 steps a day.'
		);
		expect(shown.subtitle).toBe('Yearly · 27 Nov 2024\u00a0– 27 Nov 2026 · 3 years');
	});

	it('counts a night dated today whole, as it ended this morning, unless steps are drawn beside it', () => {
		const nights: TrendSeries = {
			earliest: 20250101,
			buckets: [
				[20261127, { s_duration: 21600, m_steps: 1791 }],
				[20261126, { s_duration: 27000, m_steps: 5200 }]
			]
		};
		const asleep = { ...choice, metric: 's_duration', bucket: 'd' as const, end: 20261127 };
		const today = { today: 20261127, asOf: null };
		const alone = trendDisplay(nights, asleep, 'metric', today);
		expect(alone.hollow).toEqual([]);
		expect(alone.summaries[0]).toMatch(/^Asleep: mean 6 h 45 min over 2 whole days/);
		const beside = trendDisplay(nights, { ...asleep, metric2: 'm_steps' }, 'metric', today);
		expect(beside.hollow).toEqual([20261127]);
	});

	it('draws the 7-day average of a daily line from finished days only', () => {
		const daily: TrendSeries = {
			earliest: 20250101,
			buckets: [
				[20261127, { m_steps: 1000 }],
				[20261126, { m_steps: 6000 }],
				[20261125, { m_steps: null }],
				[20261124, { m_steps: 4000 }]
			]
		};
		const shown = trendDisplay(
			daily,
			{ ...choice, bucket: 'd', end: 20261127, average: true },
			'metric',
			{ today: 20261127, asOf: null }
		);
		expect(shown.series.map((s) => s.label)).toEqual(['Steps', 'Steps, 7-day average']);
		expect(shown.series[1]?.points.map((p) => p.value)).toEqual([4000, 4000, 5000, null]);
		expect(shown.summaries).toHaveLength(1);
	});

	it('says a stored series is stale while offline', () => {
		const shown = trendDisplay(weekly, choice, 'metric', {
			...monday,
			status: { kind: 'stale', since: 1774890000 }
		});
		expect(shown.coverage?.status).toEqual({ kind: 'stale', since: 1774890000 });
	});
});
