import { describe, expect, it } from 'vitest';
import { at, BERLIN, makeMove, makeSleep } from '$lib/metrics/testing/fixtures';
import { addDays } from '$lib/time/zone';
import { spanCoverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import {
	goalAttainment,
	goalsDayByDay,
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

/** The coverage of both kinds read to their end on `today`. */
function readBoth(from: number, to: number, on = today) {
	return { moves: readCoverage(from, to, on), sleeps: readCoverage(from, to, on) };
}

describe('daily attainment against the goals', () => {
	const week = { from: 20260327, to: 20260402 };

	it('judges the finished days, keeps today’s steps so far unjudged, and leaves days to come empty', () => {
		const moves = [stepsOn(20260328, 12000), stepsOn(20260329, 4000), stepsOn(today, 10000)];
		const sleeps = [nightOf(20260329, 8), nightOf(today, 6)];
		const result = goalAttainment(moves, sleeps, goals, week, readBoth(week.from, week.to));
		expect(result.steps.map((day) => [day.dateInt, day.state, day.met])).toEqual([
			[20260327, 'none', null],
			[20260328, 'finished', true],
			[20260329, 'finished', false],
			// Today's 10,000 steps so far reach the goal, but the day is not over: not judged yet.
			[20260330, 'underway', null],
			[20260331, 'future', null],
			[20260401, 'future', null],
			[20260402, 'future', null]
		]);
		expect(result.steps[1]?.ratio).toBeCloseTo(1.2);
		expect(result.steps[3]?.ratio).toBeCloseTo(1);
		// A night dated today ended this morning: it is judged.
		expect(result.sleep.map((day) => [day.state, day.met])).toEqual([
			['none', null],
			['none', null],
			['finished', true],
			['finished', false],
			['future', null],
			['future', null],
			['future', null]
		]);
		expect(result.sleep[3]?.ratio).toBeCloseTo(0.75);
		expect(metCount(result.steps)).toEqual({ met: 1, counted: 2, underway: true });
		expect(metCount(result.sleep)).toEqual({ met: 1, counted: 2, underway: false });
	});

	it('says what the week rests on beside what was met', () => {
		const moves = [stepsOn(20260328, 12000), stepsOn(20260329, 4000), stepsOn(today, 3000)];
		const cards = goalsDayByDay(moves, [], goals, week, 'week', readBoth(week.from, week.to));
		expect(cards.steps.subtitle).toBe(
			'27 Mar – 2 Apr 2026: goal met on 1 of 2 days with data; today under way, not counted yet'
		);
		expect(cards.steps.label).toBe('Steps against the goal, 27 Mar – 2 Apr 2026');
		expect(cards.steps.legend.map((item) => item.label)).toEqual([
			'Goal met',
			'Below goal',
			'Today so far',
			'Dot above a bar: goal met',
			'Goal (100%)'
		]);
		expect(cards.sleep.subtitle).toBe('27 Mar – 2 Apr 2026: no nights with data');
		expect(cards.sleep.legend).toHaveLength(4);
	});
});

describe('streaks', () => {
	const year = streakRange(today);
	const moves = [
		...[1, 2, 3].map((back) => stepsOn(addDays(today, -back), 11000)),
		stepsOn(addDays(today, -4), 100),
		...[5, 6, 7, 8, 9].map((back) => stepsOn(addDays(today, -back), 15000)),
		// Today has met the goal already, but is not over: it does not join the run.
		stepsOn(today, 12000)
	];

	it('counts the current run up to yesterday and the longest run of the year', () => {
		const result = goalStreaks(moves, [], goals, today, readBoth(year.from, year.to));
		expect(result[0]).toEqual({
			id: 'steps',
			name: 'Steps',
			current: 3,
			currentText: '3 days',
			longest: 5,
			longestText: '5 days, ending Wed 25 Mar',
			note: null
		});
		expect(result[1]).toMatchObject({
			id: 'sleep',
			name: 'Sleep',
			current: 0,
			longest: 0,
			longestText: '0 days'
		});
		expect(streakRange(today)).toEqual({ from: addDays(today, -364), to: today });
	});

	it('counts a night dated today that met the goal: it is over', () => {
		const sleeps = [nightOf(today, 9), nightOf(addDays(today, -1), 9)];
		const result = goalStreaks([], sleeps, goals, today, readBoth(year.from, year.to));
		expect(result[1]?.current).toBe(2);
	});

	it('says "at least" of a run that reaches days not read, and holds back the longest while the year is read', () => {
		// Read from 27 March only (and 21–25 March stored earlier): the run of 27–29 March may go
		// on before it, through 26 March, not read yet.
		const shortRun = moves.filter((move) => move.date !== addDays(today, -4));
		const loading = spanCoverage({
			from: year.from,
			to: year.to,
			today,
			tz: BERLIN,
			reads: {
				read: [{ start: at(20260326, 0, 0, BERLIN), end: at(today, 9, 30, BERLIN) }],
				failed: []
			},
			recorded: shortRun.map((move) => move.date),
			offline: false,
			lastSynced: null
		});
		const result = goalStreaks(shortRun, [], goals, today, { moves: loading, sleeps: loading });
		expect(result[0]).toMatchObject({
			current: 3,
			currentText: 'at least 3 days',
			longest: null,
			longestText: 'Waiting for the year to be read (so far: 8 of 364 days)'
		});
		// Nothing read before today: the current run is not known at all.
		const nothing = spanCoverage({
			from: year.from,
			to: year.to,
			today,
			tz: BERLIN,
			reads: {
				read: [{ start: at(20260329, 12, 0, BERLIN), end: at(today, 9, 30, BERLIN) }],
				failed: []
			},
			recorded: [],
			offline: false,
			lastSynced: null
		});
		expect(
			goalStreaks([], [], goals, today, { moves: nothing, sleeps: nothing })[0]?.currentText
		).toBe('not read yet');
	});

	it('says what the longest rests on when part of the year could not be loaded', () => {
		const read = readCoverage(year.from, year.to, today);
		const failed = {
			...read,
			states: read.states.map((state, index) => (index < 64 ? ('failed' as const) : state)),
			status: { kind: 'failed' as const, reason: 'The data service answered 500.' }
		};
		const result = goalStreaks(moves, [], goals, today, { moves: failed, sleeps: read });
		expect(result[0]).toMatchObject({
			longest: 5,
			note: '300 of 364 days; the rest could not be loaded'
		});
	});
});

describe('metText', () => {
	it('says one day or one night in the singular', () => {
		expect(metText({ met: 0, counted: 1 }, 'day')).toBe('goal met on 0 of 1 day with data');
		expect(metText({ met: 1, counted: 1 }, 'night')).toBe('goal met on 1 of 1 night with data');
	});

	it('says several days or nights in the plural, and none as none', () => {
		expect(metText({ met: 3, counted: 7 }, 'day')).toBe('goal met on 3 of 7 days with data');
		expect(metText({ met: 0, counted: 0 }, 'night')).toBe('no nights with data');
	});

	it('says today is not counted yet, and what the span rests on', () => {
		expect(metText({ met: 0, counted: 0, underway: true }, 'day')).toBe(
			'no days with data yet; today under way, not counted yet'
		);
		expect(
			metText({ met: 2, counted: 5 }, 'day', { whole: false, days: 5, of: 26, why: 'loading' })
		).toBe('goal met on 2 of 5 days with data; so far: 5 of 26 days');
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
