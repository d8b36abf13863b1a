import { describe, expect, it } from 'vitest';
import type { WeighIn } from '$lib/metrics/body';
import { bodyChartLayout, bodyTable, type BodyPoint } from './body-chart';

function weighIn(date: number, weightKg: number): WeighIn {
	return {
		xid: `w${date}`,
		date,
		time: 0,
		tz: null,
		weightKg,
		bodyFat: 29.5,
		leanMass: null,
		bmi: 24.1
	};
}

function bodyPoint(date: number, value: number, trend: number | null): BodyPoint {
	return { date, value, trend, entry: weighIn(date, value) };
}

describe('bodyChartLayout', () => {
	it('draws one dot per weigh-in on its date and the trend through them, nothing in between', () => {
		const points = [
			bodyPoint(20260301, 70, 70),
			bodyPoint(20260308, 69, 69.7),
			bodyPoint(20260315, 69.5, 69.65)
		];
		const layout = bodyChartLayout(points, 66, 'kg', 20260301, 20260315, 280, 200);
		expect(layout.dots.map((dot) => dot.x)).toEqual([0, 140, 280]);
		expect(layout.trend.split('L')).toHaveLength(3);
		// The goal is inside the axis, below the weights.
		expect(layout.goalY).not.toBeNull();
		expect(layout.goalY ?? 0).toBeGreaterThan(Math.max(...layout.dots.map((dot) => dot.y)));
	});

	it('draws a lone weigh-in on a 2 kg axis around it, with no trend line', () => {
		const layout = bodyChartLayout(
			[bodyPoint(20260330, 72.4, 72.4)],
			null,
			'kg',
			20260301,
			20260330,
			300,
			200
		);
		const [lo, hi] = layout.y.domain();
		expect((hi ?? 0) - (lo ?? 0)).toBeGreaterThanOrEqual(2);
		expect(lo).toBeLessThan(72.4);
		expect(hi).toBeGreaterThan(72.4);
		expect(layout.trend).toBe('');
		expect(layout.goalY).toBeNull();
	});
});

describe('bodyTable', () => {
	it('lists every weigh-in with weight and trend in the user’s unit and the other measures', () => {
		const table = bodyTable([weighIn(20260329, 68.9)], [68.7], (kg) => kg / 0.45359237, 'lb');
		expect(table.columns.map((c) => c.unit ?? null)).toEqual([null, 'lb', 'lb', '%', '%', null]);
		expect(table.rows).toEqual([
			{ date: '2026-03-29', weight: 151.9, trend: 151.46, bodyFat: 29.5, leanMass: null, bmi: 24.1 }
		]);
	});
});
