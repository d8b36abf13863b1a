import { describe, expect, it } from 'vitest';
import {
	BERLIN,
	WORKDAY_STEPS,
	at,
	hourlyTotal,
	autumnMove,
	makeMove,
	manyMoves,
	springForwardMove,
	tripMove,
	workdayMove
} from './testing/fixtures';
import { dayHourGrid, gridInUnits } from './heatmap';
import type { DayHourGrid } from './types';

const cell = (grid: DayHourGrid, dateInt: number, hour: number) =>
	grid.values[grid.dates.indexOf(dateInt) * 24 + hour];

describe('dayHourGrid', () => {
	it('has a row for every date of the range and NaN for days without a move', () => {
		const grid = dayHourGrid([workdayMove], 20260322, 20260324);
		expect(grid.dates).toEqual([20260322, 20260323, 20260324]);
		expect(grid.values).toHaveLength(72);
		expect(grid.values.slice(0, 24).every(Number.isNaN)).toBe(true);
		expect(grid.values.slice(48).every(Number.isNaN)).toBe(true);
	});

	it('reads each hour from its key and puts 0 in the quiet hours of a day with a move', () => {
		const grid = dayHourGrid([workdayMove], 20260323, 20260323);
		expect(Array.from(grid.values)).toEqual(WORKDAY_STEPS.map((steps) => steps ?? 0));
		expect(grid.max).toBe(Math.max(...WORKDAY_STEPS.map((steps) => steps ?? 0)));
	});

	it('places DST days and trips by their keys: no zone arithmetic needed', () => {
		const grid = dayHourGrid([tripMove, autumnMove, springForwardMove], 20260329, 20261025);
		expect(cell(grid, 20261025, 2)).toBe(135);
		// The spring-forward 02 hour did not happen and has no key: it reads 0 steps.
		expect(cell(grid, 20260329, 2)).toBe(0);
		expect(cell(grid, 20260329, 3)).toBe(15);
		expect(cell(grid, 20260710, 13)).toBe(1300);
		expect(cell(grid, 20260710, 23)).toBe(100);
	});

	it('leaves the hours after the band last update as no data', () => {
		const today = makeMove({ date: 20260330, timeCompleted: at(20260330, 15, 20, BERLIN) });
		const grid = dayHourGrid([today], 20260330, 20260330);
		expect(cell(grid, 20260330, 3)).toBe(0);
		expect(cell(grid, 20260330, 15)).toBe(WORKDAY_STEPS[15]);
		// The fixture has steps at 16-22 although the band had not reported them: keys win.
		expect(cell(grid, 20260330, 16)).toBe(WORKDAY_STEPS[16]);
		expect(Number.isNaN(cell(grid, 20260330, 23))).toBe(true);
	});

	it('ignores moves outside the range, null values and input order', () => {
		const withNull = makeMove({
			date: 20260324,
			extraTotals: {
				'2026032407': {
					distance: null,
					calories: null,
					steps: null,
					active_time: null,
					inactive_time: null,
					longest_active_time: null,
					longest_idle_time: null
				}
			}
		});
		const grid = dayHourGrid(
			[withNull, makeMove({ date: 20260401 }), workdayMove],
			20260323,
			20260324
		);
		expect(cell(grid, 20260324, 7)).toBe(0);
		expect(cell(grid, 20260323, 7)).toBe(WORKDAY_STEPS[7]);
	});

	it('places a key of another date than its move on that date', () => {
		const move = makeMove({
			date: 20260323,
			steps: [],
			extraTotals: { '2026032407': hourlyTotal(321), '2026032308': hourlyTotal(5) }
		});
		const grid = dayHourGrid([move], 20260323, 20260324);
		expect(cell(grid, 20260324, 7)).toBe(321);
		expect(cell(grid, 20260323, 8)).toBe(5);
	});

	it('can show another metric', () => {
		const grid = dayHourGrid([workdayMove], 20260323, 20260323, 'distance');
		expect(cell(grid, 20260323, 7)).toBe(Math.round((WORKDAY_STEPS[7] ?? 0) * 0.74));
	});

	it('is empty when the range is empty or there are no moves', () => {
		expect(dayHourGrid([workdayMove], 20260324, 20260323)).toEqual({
			dates: [],
			values: new Float64Array(0),
			max: 0
		});
		const none = dayHourGrid([], 20260323, 20260323);
		expect(none.max).toBe(0);
		expect(none.values.every(Number.isNaN)).toBe(true);
	});

	it('fills two years, a leap day included, with every step counted once', () => {
		const moves = manyMoves(20251231, 731);
		const grid = dayHourGrid(moves, 20240101, 20251231);
		expect(grid.dates).toHaveLength(731);
		expect(grid.dates).toContain(20240229);
		let gridTotal = 0;
		for (const value of grid.values) gridTotal += value;
		const stepTotal = moves.reduce((sum, move) => sum + (move.details.steps ?? 0), 0);
		expect(gridTotal).toBe(stepTotal);
	});
});

describe('gridInUnits', () => {
	const meters = (): DayHourGrid => ({
		dates: [20260330],
		values: Float64Array.from({ length: 24 }, (_, hour) => (hour === 8 ? 1609.344 : Number.NaN)),
		max: 1609.344
	});

	it('turns a distance grid into miles for an imperial user, gaps kept', () => {
		const miles = gridInUnits(meters(), 'distance', 'imperial');
		expect(miles.values[8]).toBeCloseTo(1, 9);
		expect(miles.max).toBeCloseTo(1, 9);
		expect(Number.isNaN(miles.values[9])).toBe(true);
	});

	it('leaves meters to metric users and other measures alone', () => {
		const grid = meters();
		expect(gridInUnits(grid, 'distance', 'metric')).toBe(grid);
		expect(gridInUnits(grid, 'steps', 'imperial')).toBe(grid);
	});
});
