import { describe, expect, it } from 'vitest';
import type { BaselinePoint } from '$lib/metrics/heart';
import { heartChartLayout, heartDotText, heartTable } from './heart-chart';

function point(
	date: number,
	bpm: number,
	baseline: [number, number, number] | null
): BaselinePoint {
	return {
		date,
		bpm,
		time: 0,
		tz: 'Europe/Berlin',
		median: baseline?.[1] ?? null,
		low: baseline?.[0] ?? null,
		high: baseline?.[2] ?? null,
		n: baseline ? 28 : 3,
		zone: baseline
			? bpm > baseline[2]
				? bpm - baseline[1] >= 5
					? 'above'
					: 'higher'
				: bpm < baseline[0]
					? 'below'
					: 'within'
			: null
	};
}

describe('heartChartLayout', () => {
	it('places each day on its date across the span, a missing day left as a gap in the band', () => {
		const points = [
			point(20260301, 58, [57, 58, 59]),
			point(20260302, 60, [57, 58, 59]),
			point(20260304, 57, [57, 58, 59]),
			point(20260305, 58, [57, 58, 59])
		];
		const layout = heartChartLayout(points, 20260301, 20260305, 400, 200);
		expect(layout.dots.map((dot) => dot.x)).toEqual([0, 100, 300, 400]);
		expect(layout.band).toHaveLength(2);
		expect(layout.median[0]).toMatch(/^M0,[\d.]+L100,[\d.]+$/);
		expect(layout.dots.map((dot) => dot.zone)).toEqual(['within', 'higher', 'within', 'within']);
	});

	it('gives one reading a 10 bpm axis around it, not a 0–1 axis or a dot in a corner', () => {
		const layout = heartChartLayout([point(20260330, 58, null)], 20260301, 20260330, 300, 200);
		const [lo, hi] = layout.y.domain();
		expect(lo).toBeLessThan(58);
		expect(hi).toBeGreaterThan(58);
		expect((hi ?? 0) - (lo ?? 0)).toBeGreaterThanOrEqual(10);
		expect(layout.dots[0]?.x).toBe(300);
		expect(layout.band).toEqual([]);
	});

	it('says the day, the reading, its zone and the band in words', () => {
		expect(heartDotText(point(20260330, 62, [56, 58, 60]))).toMatch(
			/30 Mar.*: 62 bpm, a little higher than usual \(baseline 56–60 bpm\)$/
		);
		expect(heartDotText(point(20260330, 64, [56, 58, 60]))).toMatch(
			/30 Mar.*: 64 bpm, well above your baseline \(baseline 56–60 bpm\)$/
		);
		expect(heartDotText(point(20260330, 62, null))).toMatch(/: 62 bpm, no baseline yet$/);
	});

	it('writes ISO dates and plain numbers into the table', () => {
		const table = heartTable([point(20260330, 62, [56, 58, 60])]);
		expect(table.rows).toEqual([
			{
				date: '2026-03-30',
				bpm: 62,
				median: 58,
				low: 56,
				high: 60,
				zone: 'a little higher than usual'
			}
		]);
	});
});
