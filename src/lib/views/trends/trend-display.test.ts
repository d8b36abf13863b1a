import { describe, expect, it } from 'vitest';
import type { TrendSeries } from '$lib/client';
import {
	displaySeries,
	isClockMetric,
	metricGroups,
	rightAxisFor,
	scopeNotes,
	seriesSummary,
	spanText
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

	it('draws bedtimes as seconds from the wake date midnight, said in the label', () => {
		const series = displaySeries(trends, 's_bedtime', 'metric');
		expect(isClockMetric('s_bedtime')).toBe(true);
		expect(series.unit).toBe('seconds');
		expect(series.label).toBe('Bedtime (time from midnight)');
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
			'Sleep duration needs sleep_read: this sign-in did not grant it, so the API leaves it out.'
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
	it('says so when the span has no data', () => {
		const empty = { id: 'x', label: 'Protein', unit: 'g', points: [{ dateInt: 1, value: null }] };
		expect(seriesSummary(empty)).toBe('Protein: no data in this span.');
	});
});
