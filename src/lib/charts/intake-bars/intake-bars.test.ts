import { describe, expect, it } from 'vitest';
import { intakeWeek, intakeWeekReading } from '../testing/food-fixtures';
import { intakeLabel, intakeLayout, intakeTable, intakeTooltipLine } from './intake-bars';

describe('intakeLayout', () => {
	const layout = intakeLayout(intakeWeek, 560, 200);

	it('draws a bar for each day with a record, today’s so far among them, and none for days without one', () => {
		const heights = layout.bars.map((bar) => (bar.day.eaten === null ? null : bar.height));
		expect(heights.filter((height) => height !== null)).toHaveLength(4);
		for (const bar of layout.bars.filter((b) => b.day.eaten === null)) {
			expect(bar.height).toBe(0);
		}
		// Taller bar, more eaten: Tuesday's 2,240 kcal is the tallest.
		const tallest = layout.bars.reduce((a, b) => (b.height > a.height ? b : a));
		expect(tallest.day.dateInt).toBe(20260324);
	});

	it('keeps the tallest value inside the plot with head-room', () => {
		const top = layout.y.domain()[1] ?? 0;
		expect(top).toBeGreaterThan(2240);
		expect(Math.min(...layout.bars.map((bar) => bar.y))).toBeGreaterThan(0);
	});

	it('marks the days eaten above their budget', () => {
		expect(layout.bars.filter((bar) => bar.over).map((bar) => bar.day.dateInt)).toEqual([
			20260323, 20260324, 20260325
		]);
	});

	it('draws the budget as one stepped line over the days that have one, ending at the last', () => {
		expect(layout.budgetPath.match(/M/g)).toHaveLength(1);
		expect(layout.budgetPath.match(/V/g)).toHaveLength(4);
		// Friday's step is the last: it ends between Friday's bar and Saturday's.
		const friday = layout.bars[4];
		const saturday = layout.bars[5];
		const end = /V([\d.]+)H([\d.]+)$/.exec(layout.budgetPath);
		expect(Number(end?.[1])).toBe(friday?.budgetY);
		expect(Number(end?.[2])).toBeGreaterThan((friday?.x ?? 0) + (friday?.width ?? 0));
		expect(Number(end?.[2])).toBeLessThan(saturday?.x ?? 0);
		expect(layout.bars[5]?.budgetY).toBeNull();
	});

	it('breaks the budget line at a day without a budget and starts it again after', () => {
		const gap = intakeWeek.map((day, i) => (i === 2 ? { ...day, budget: null } : day));
		expect(intakeLayout(gap, 560, 200).budgetPath.match(/M/g)).toHaveLength(2);
	});

	it('gives an empty period a readable axis and no line', () => {
		const empty = intakeLayout(
			intakeWeek.map((day) => ({ ...day, eaten: null, budget: null })),
			560,
			200
		);
		expect(empty.y.domain()[1]).toBeGreaterThanOrEqual(2500);
		expect(empty.budgetPath).toBe('');
	});
});

describe('intake words and table', () => {
	it('says no record for a day without meals, never zero', () => {
		expect(intakeLabel(intakeWeek[3]!)).toBe(
			'Thu 26 Mar: no record, budget 1,620 kcal, burned 2,120 kcal'
		);
		expect(intakeLabel(intakeWeek[0]!)).toBe(
			'Mon 23 Mar: 1,820 kcal eaten, budget 1,650 kcal, burned 2,150 kcal'
		);
	});

	it('calls today under way with what was eaten so far, and a day to come not yet', () => {
		expect(intakeLabel(intakeWeek[4]!)).toBe(
			'Fri 27 Mar: under way, 640 kcal eaten so far, budget 1,490 kcal, burned 1,990 kcal'
		);
		expect(intakeTooltipLine(intakeWeek[4]!)).toBe('Under way: 640 kcal eaten so far');
		expect(intakeLabel(intakeWeek[5]!)).toBe('Sat 28 Mar: not yet');
		expect(intakeTooltipLine(intakeWeek[5]!)).toBe('Not yet');
		expect(intakeTooltipLine(intakeWeek[3]!)).toBe('No record');
	});

	it('names a day not read yet, or whose read failed, never as a day without a record', () => {
		expect(intakeLabel(intakeWeekReading[0]!)).toBe('Mon 23 Mar: not read yet');
		expect(intakeLabel(intakeWeekReading[2]!)).toBe('Wed 25 Mar: could not be loaded');
		expect(intakeTooltipLine(intakeWeekReading[2]!)).toBe('Could not be loaded');
	});

	it('lists every day with its unit in the header and its record in words', () => {
		const table = intakeTable(intakeWeek);
		expect(table.columns.map((c) => `${c.label} ${c.unit ?? ''}`.trim())).toEqual([
			'Date',
			'Eaten kcal',
			'Record',
			'Budget kcal',
			'Total burned kcal'
		]);
		expect(table.rows.map((row) => row.record)).toEqual([
			'recorded',
			'recorded',
			'recorded',
			'no record',
			'under way',
			'not yet',
			'not yet'
		]);
		expect(table.rows[3]).toEqual({
			date: '2026-03-26',
			eaten: null,
			record: 'no record',
			budget: 1620,
			burned: 2120
		});
	});
});
