import { describe, expect, it } from 'vitest';
import { dayOver, daySplit, dayUnderway } from '../testing/food-fixtures';
import {
	energySplitLabel,
	energySplitLayout,
	energySplitTable,
	energyStatus,
	markAt
} from './energy-split';

describe('energySplitLayout', () => {
	it('draws a day over budget to the budget, then what is over past it', () => {
		// 2,240 eaten of 1,810: the scale ends at 2,240, the budget at 1810/2240 of 560 = 452.5.
		const layout = energySplitLayout(dayOver, daySplit, 560, 96);
		expect(layout.energy.budgetX).toBe(452.5);
		expect(layout.energy.fillWidth).toBe(452.5);
		expect(layout.energy.overflowWidth).toBe(107.5);
	});

	it('draws a day within its budget up to what was eaten, the budget at the end of the scale', () => {
		// 640 of 1,490: 640/1490 of 560 = 240.54.
		const layout = energySplitLayout(dayUnderway, [], 560, 96);
		expect(layout.energy.fillWidth).toBe(240.54);
		expect(layout.energy.overflowWidth).toBe(0);
		expect(layout.energy.budgetX).toBe(560);
		expect(layout.segments).toEqual([]);
	});

	it('lays protein, carbohydrates and fat side by side, each as wide as its share', () => {
		const layout = energySplitLayout(dayOver, daySplit, 520, 96);
		// 360, 1,000 and 720 of 2,080 kcal: 90, 250 and 180 px of 520.
		expect(layout.segments.map((s) => [s.x, s.width])).toEqual([
			[0, 90],
			[90, 250],
			[340, 180]
		]);
		// Protein's 90 px hold no words; its share is in the tooltip, legend and table.
		expect(layout.segments.map((s) => s.labelled)).toEqual([false, true, true]);
	});

	it('points at the energy bar in the first row and at the part under the pointer in the second', () => {
		const layout = energySplitLayout(dayOver, daySplit, 520, 96);
		const step = layout.y.step();
		expect(markAt(layout, 300, step / 2)).toBe(0);
		expect(markAt(layout, 45, step + 10)).toBe(1);
		expect(markAt(layout, 200, step + 10)).toBe(2);
		expect(markAt(layout, 500, step + 10)).toBe(3);
	});
});

describe('energy words and table', () => {
	it('says what is left, or how far over, and "so far" for today', () => {
		expect(energyStatus(dayOver)).toBe('430 kcal over a 1,810 kcal budget');
		expect(energyStatus(dayUnderway)).toBe(
			'640 kcal eaten so far, 850 kcal left of a 1,490 kcal budget'
		);
		expect(energyStatus({ ...dayOver, budget: null })).toBe('2,240 kcal eaten, no budget known');
		expect(energyStatus({ ...dayOver, eaten: null, state: 'none' })).toBe('No record');
		expect(energyStatus({ ...dayOver, eaten: null, state: 'future' })).toBe('Not yet');
	});

	it('names each part with its grams and share', () => {
		const layout = energySplitLayout(dayOver, daySplit, 520, 96);
		expect(layout.marks.map(energySplitLabel)).toEqual([
			'Eaten: 430 kcal over a 1,810 kcal budget',
			'Protein 90.0 g, 17%',
			'Carbohydrates 250.0 g, 48%',
			'Fat 80.0 g, 35%'
		]);
	});

	it('lists eaten, budget, total burned and each part in plain units', () => {
		const table = energySplitTable(dayUnderway, daySplit);
		expect(table.columns.map((c) => `${c.label} ${c.unit ?? ''}`.trim())).toEqual([
			'Part',
			'Energy kcal',
			'Weight g',
			'Share of protein, carbohydrates and fat %'
		]);
		expect(table.rows).toEqual([
			{ part: 'Eaten so far', kcal: 640, grams: null, share: null },
			{ part: 'Budget', kcal: 1490, grams: null, share: null },
			{ part: 'Total burned', kcal: 1990, grams: null, share: null },
			{ part: 'Protein', kcal: 360, grams: 90, share: 17 },
			{ part: 'Carbohydrates', kcal: 1000, grams: 250, share: 48 },
			{ part: 'Fat', kcal: 720, grams: 80, share: 35 }
		]);
	});
});
