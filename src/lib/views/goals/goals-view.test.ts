import { describe, expect, it } from 'vitest';
import { at, BERLIN, makeMove, makeSleep } from '$lib/metrics/testing/fixtures';
import { addDays } from '$lib/time/zone';
import {
	goalAttainment,
	goalsPeriod,
	goalStreaks,
	metCount,
	metText,
	parseGoalsView,
	streakRange
} from './goals-view';

const today = 20260330;
const goals = { move_steps: 10000, sleep_total: 8 * 3600 };

/** A move of `steps` steps, all in the 10:00 hour. */
function stepsOn(date: number, steps: number) {
	return makeMove({ date, steps: Array.from({ length: 24 }, (_, h) => (h === 10 ? steps : null)) });
}

function nightOf(wakeDate: number, hours: number) {
	const wake = at(wakeDate, 7, 0, BERLIN);
	return makeSleep({ bedtime: wake - hours * 3600 - 600, wake, phases: [[10, 2]] }).sleep;
}

describe('daily attainment against the goals', () => {
	it('measures each day’s steps and each night’s sleep against the goals, up to today', () => {
		const moves = [stepsOn(20260328, 12000), stepsOn(20260329, 4000), stepsOn(today, 10000)];
		const sleeps = [nightOf(20260329, 8), nightOf(today, 6)];
		const result = goalAttainment(moves, sleeps, goals, { from: 20260327, to: 20260402 }, today);
		expect(result.steps.map((day) => [day.dateInt, day.met])).toEqual([
			[20260327, null],
			[20260328, true],
			[20260329, false],
			[20260330, true]
		]);
		expect(result.steps[1]?.ratio).toBeCloseTo(1.2);
		expect(result.sleep.map((day) => day.met)).toEqual([null, null, true, false]);
		expect(result.sleep[3]?.ratio).toBeCloseTo(0.75);
		expect(metCount(result.steps)).toEqual({ met: 2, counted: 3 });
	});

	it('has no days for a period wholly after today', () => {
		const result = goalAttainment([], [], goals, { from: 20260401, to: 20260430 }, today);
		expect(result).toEqual({ steps: [], sleep: [] });
	});
});

describe('streaks', () => {
	it('counts the current run up to today and the longest run of the year', () => {
		const moves = [
			...[0, 1, 2].map((back) => stepsOn(addDays(today, -back), 11000)),
			stepsOn(addDays(today, -3), 100),
			...[4, 5, 6, 7, 8].map((back) => stepsOn(addDays(today, -back), 15000))
		];
		const result = goalStreaks(moves, [], goals, today);
		expect(result.steps.current).toBe(3);
		expect(result.steps.longest).toBe(5);
		expect(result.steps.longestEnd).toBe(addDays(today, -4));
		expect(result.sleep).toEqual({ current: 0, longest: 0, longestEnd: null });
		expect(streakRange(today)).toEqual({ from: addDays(today, -364), to: today });
	});
});

describe('metText', () => {
	it('says one day or one night in the singular', () => {
		expect(metText({ met: 0, counted: 1 }, 'day')).toBe('goal met on 0 of 1 day with data');
		expect(metText({ met: 1, counted: 1 }, 'night')).toBe('goal met on 1 of 1 night with data');
	});

	it('says several days or nights in the plural', () => {
		expect(metText({ met: 3, counted: 7 }, 'day')).toBe('goal met on 3 of 7 days with data');
		expect(metText({ met: 0, counted: 0 }, 'night')).toBe('goal met on 0 of 0 nights with data');
	});
});

describe('parseGoalsView and goalsPeriod', () => {
	const url = (search: string) => new URL(`http://app.test/goals${search}`);

	it('shows this month by default', () => {
		const view = parseGoalsView(url(''));
		expect(view).toEqual({ span: 'month', date: null });
		expect(goalsPeriod(view, today)).toEqual({
			date: 20260330,
			period: { from: 20260301, to: 20260331 }
		});
	});

	it('reads a week of a chosen date, Monday to Sunday', () => {
		const view = parseGoalsView(url('?span=week&date=2026-03-18'));
		expect(goalsPeriod(view, today).period).toEqual({ from: 20260316, to: 20260322 });
	});

	it('falls back on a span it does not know and a date it cannot read', () => {
		expect(parseGoalsView(url('?span=year&date=soon'))).toEqual({ span: 'month', date: null });
	});
});
