import { describe, expect, it } from 'vitest';
import {
	attainmentLabel,
	attainmentLayout,
	attainmentTable,
	attainmentText,
	type AttainmentDay
} from './attainment-bars';

const days: AttainmentDay[] = [
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
		expect(missing && attainmentLabel(missing, 'steps')).toBe('Tue 3 Mar: no record');
	});

	it('says today is so far and under way, not judged, and names the days without a bar', () => {
		const today: AttainmentDay = {
			dateInt: 20260304,
			value: 4000,
			target: 10000,
			ratio: 0.4,
			met: null,
			state: 'underway'
		};
		expect(attainmentLabel(today, 'steps')).toBe(
			'Wed 4 Mar: 4,000 steps of 10,000 steps (40%) so far, under way'
		);
		const later = {
			...today,
			dateInt: 20260305,
			value: null,
			ratio: null,
			state: 'future' as const
		};
		expect(attainmentText(later, 'steps')).toBe('not yet');
		expect(attainmentText({ ...later, state: 'failed' }, 'steps')).toBe('could not be loaded');
		expect(attainmentText({ ...later, state: 'unread' }, 'steps')).toBe('not read yet');
		expect(attainmentTable([today, later], 'steps').rows.map((row) => row.met)).toEqual([
			'under way',
			'not yet'
		]);
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
		expect(rows[2]).toMatchObject({ percent: null, met: 'no record' });
	});
});
