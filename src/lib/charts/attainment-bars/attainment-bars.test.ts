import { describe, expect, it } from 'vitest';
import type { DailyAttainment } from '$lib/metrics/types';
import { attainmentLabel, attainmentLayout, attainmentTable } from './attainment-bars';

const days: DailyAttainment[] = [
	{ dateInt: 20260301, value: 5000, target: 10000, ratio: 0.5, met: false },
	{ dateInt: 20260302, value: 12000, target: 10000, ratio: 1.2, met: true },
	{ dateInt: 20260303, value: null, target: 10000, ratio: null, met: null }
];

describe('attainmentLayout', () => {
	it('draws bars as a share of the target under a 100% line', () => {
		const layout = attainmentLayout(days, 300, 200);
		const top = layout.y.domain()[1] ?? 0;
		expect(top).toBeGreaterThan(1.2);
		expect(layout.targetY).toBeCloseTo(200 - 200 / top, 2);
		expect(layout.bars[0]?.height).toBeCloseTo((0.5 / top) * 200, 2);
		expect(layout.bars[1]?.y).toBeLessThan(layout.targetY);
		expect(layout.bars[2]?.height).toBe(0);
	});

	it('describes met, unmet and missing days', () => {
		const [unmet, met, missing] = days;
		expect(unmet && attainmentLabel(unmet, 'steps')).toBe(
			'Sun 1 Mar: 5,000 steps of 10,000 steps (50%)'
		);
		expect(met && attainmentLabel(met, 'steps')).toBe(
			'Mon 2 Mar: 12,000 steps of 10,000 steps (120%), goal met'
		);
		expect(missing && attainmentLabel(missing, 'steps')).toBe('Tue 3 Mar: no data');
	});

	it('tabulates percentages and met flags', () => {
		const rows = attainmentTable(days, 'steps').rows;
		expect(rows[1]).toEqual({
			date: '2026-03-02',
			value: 12000,
			target: 10000,
			percent: 120,
			met: 'yes'
		});
		expect(rows[2]).toMatchObject({ percent: null, met: null });
	});
});
