import { describe, expect, it } from 'vitest';
import { computedCoverage, spanCoverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import { at, BERLIN, makeMove, minuteTicks } from '$lib/metrics/testing/fixtures';
import type { DayHourGrid } from '$lib/metrics/types';
import {
	activityDay,
	activityDaysModel,
	activityYear,
	activityZoom,
	gridBefore,
	withTodaySoFar,
	type ActivityInputs
} from './activity-model';
import { activityDates, type ActivityView } from './activity-view';

// Monday 30 March 2026 in Berlin, read at 09:30: 09:00 is under way.
const TODAY = 20260330;
const AS_OF = at(TODAY, 9, 30, BERLIN);
const MORNING = [null, null, null, null, null, null, 300, 1200, 900, 40];

function view(overrides: Partial<ActivityView> = {}): ActivityView {
	return { span: 'day', metric: 'steps', hour: null, date: null, average: false, ...overrides };
}

function inputs(overrides: Partial<ActivityInputs> & { view: ActivityView }): ActivityInputs {
	const dates = activityDates(overrides.view, TODAY);
	return {
		dates,
		moves: [makeMove({ date: TODAY, steps: MORNING })],
		coverage: computedCoverage({
			from: dates.read.from,
			to: dates.read.to,
			today: TODAY,
			asOf: AS_OF,
			firstDate: null
		}),
		system: 'metric',
		tz: BERLIN,
		stepsGoal: 10000,
		...overrides
	};
}

describe('the day model', () => {
	it('says today is so far, as of the last read, and draws its current hour under way', () => {
		const result = activityDay(inputs({ view: view() }), AS_OF);
		if (result.kind !== 'day') throw new Error('expected a day');
		const { day } = result;
		expect(day.figures[0]).toEqual({ label: 'Steps', value: '2,440' });
		expect(day.soFar).toBe('Today so far, as of 09:30.');
		expect(day.bins.filter((bin) => bin.underway).map((bin) => bin.hour)).toEqual([9]);
		expect(day.legend.map((item) => item.label)).toEqual([
			'Steps this hour',
			'Usual (same weekday, last 4 weeks)',
			'This hour so far'
		]);
		expect(day.title).toBe('Steps per hour');
		expect(day.subtitle).toBe('Mon 30 Mar: 24 hours in Europe/Berlin');
		expect(day.selected).toBeNull();
	});

	it('marks the hour zoomed into by its bar, and names the active calories', () => {
		const result = activityDay(
			inputs({
				view: view({ hour: 7, metric: 'calories', date: 20260329 }),
				moves: [makeMove({ date: 20260329 })]
			}),
			AS_OF
		);
		if (result.kind !== 'day') throw new Error('expected a day');
		// 29 March lost its 02:00: 07:00 is the seventh bar.
		expect(result.day.zoomed?.hour).toBe(7);
		expect(result.day.selected).toBe(6);
		expect(result.day.title).toBe('Active calories per hour');
		expect(result.day.soFar).toBeNull();
		expect(result.day.legend).toHaveLength(2);
	});

	it('says a day without a move has no activity, in words for today and for another day', () => {
		expect(activityDay(inputs({ view: view(), moves: [] }), AS_OF)).toEqual({
			kind: 'empty',
			text: 'No activity recorded today yet.'
		});
		expect(activityDay(inputs({ view: view({ date: 20260328 }), moves: [] }), AS_OF)).toEqual({
			kind: 'empty',
			text: 'No activity recorded on Sat 28 Mar.'
		});
	});
});

describe('the zoomed hour', () => {
	it('says whether the minutes add up to the hour, in the unit shown', () => {
		const start = at(20260323, 9, 0, BERLIN);
		const move = makeMove({ date: 20260323 });
		const result = activityDay(
			inputs({ view: view({ date: 20260323, hour: 9 }), moves: [move] }),
			null
		);
		if (result.kind !== 'day' || !result.day.zoomed) throw new Error('expected a zoomed hour');
		const zoom = activityZoom(
			move,
			minuteTicks(start, 60, 7),
			result.day.zoomed,
			'steps',
			'metric'
		);
		expect(zoom.title).toBe('Steps from 09:00 to 10:00');
		expect(zoom.subtitle).toBe(
			"Mon 23 Mar, minute by minute (Europe/Berlin). Minutes add up to 420 steps; the hour's total is 420 steps."
		);
		expect(zoom.closeLabel).toBe('Close the 09:00 hour');
		expect(zoom.ticks).toHaveLength(60);
	});
});

describe('the week and month model', () => {
	it('states the basis of the week alone, not of the days read before it for the average', () => {
		// Read from 24 March (the average's first day) to today; 24–27 March not read yet.
		const week = view({ span: 'week' });
		const dates = activityDates(week, TODAY);
		const coverage = spanCoverage({
			from: dates.read.from,
			to: dates.read.to,
			today: TODAY,
			tz: BERLIN,
			reads: { read: [{ start: at(20260327, 0, 0, BERLIN), end: AS_OF }], failed: [] },
			recorded: [TODAY],
			offline: false,
			lastSynced: AS_OF
		});
		const model = activityDaysModel(inputs({ view: week, coverage }));
		// The week of 30 March begins today: no finished day to rest on, and nothing is missing.
		expect(model.figures.map((figure) => figure.note)).toEqual([
			'today so far included',
			'today under way, left out',
			null,
			null
		]);
		expect(model.subtitle).toBe('30 Mar – 5 Apr 2026');
		expect(model.legend.map((item) => item.label)).toEqual([
			'Steps per day',
			'Today so far',
			'Daily goal'
		]);
		expect(model.slots.map((slot) => slot.state)).toEqual([
			'underway',
			'future',
			'future',
			'future',
			'future',
			'future',
			'future'
		]);
	});

	it('adds "Today so far" to a legend only when today has a bar', () => {
		const legend = [{ label: 'Steps per day', color: 'var(--steps)' }];
		expect(
			withTodaySoFar(legend, [{ dateInt: TODAY, value: null, state: 'underway', average: null }])
		).toEqual(legend);
	});
});

describe('the year model', () => {
	const year = view({ span: 'year' });
	const dates = activityDates(year, TODAY);
	const moves = [
		makeMove({ date: 20260328, steps: [null, null, null, null, null, null, null, 8000] }),
		makeMove({ date: 20260329, steps: [null, null, null, null, null, null, null, 2000] }),
		makeMove({ date: TODAY, steps: MORNING })
	];

	it('holds back the busiest hour and says "so far" while older months are read', () => {
		const coverage = spanCoverage({
			from: dates.read.from,
			to: dates.read.to,
			today: TODAY,
			tz: BERLIN,
			reads: { read: [{ start: at(20260301, 0, 0, BERLIN), end: AS_OF }], failed: [] },
			recorded: moves.map((move) => move.date),
			offline: false,
			lastSynced: AS_OF
		});
		const model = activityYear(inputs({ view: year, moves, coverage }));
		expect(model.judged).toBe(false);
		// Of the 363 days from 1 April 2025 to 29 March 2026, 2–29 March are read: 1 March's
		// records may have begun the evening before, which is not read.
		expect(model.figures.find((figure) => figure.label === 'Days with data')).toEqual({
			label: 'Days with data',
			value: '2',
			note: 'so far: 28 of 363 days'
		});
		expect(model.figures.find((figure) => figure.label === 'Daily average')?.value).toBe(
			'5,000 steps'
		);
	});

	it('leaves today out of the map summary and judges the year once read', () => {
		const model = activityYear(
			inputs({ view: year, moves, coverage: readCoverage(dates.read.from, dates.read.to, TODAY) })
		);
		expect(model.judged).toBe(true);
		expect(model.summary.busiestDay).toEqual({ dateInt: 20260328, total: 8000 });
		// The year's days before today: 1 April 2025 to 29 March 2026.
		expect(model.summary.days).toBe(363);
		expect(model.summary.dailyMean).toBe(5000);
		expect(model.figures.map((figure) => figure.note)).toEqual([
			'today so far included',
			'today under way, left out',
			null,
			null
		]);
		expect(model.span).toEqual([20250401, 20260331]);
		expect(model.hollow).toEqual([TODAY]);
		expect(model.lineLegend.map((item) => item.label)).toEqual(['Steps per day', 'Today so far']);
	});
});

describe('gridBefore', () => {
	const grid: DayHourGrid = {
		dates: [20260328, 20260329, 20260330],
		values: Float64Array.from({ length: 72 }, (_, i) => (i < 48 ? i : 1000)),
		max: 1000
	};

	it('keeps the days before the date and the largest value among them', () => {
		const before = gridBefore(grid, 20260330);
		expect(before.dates).toEqual([20260328, 20260329]);
		expect(before.values).toHaveLength(48);
		expect(before.max).toBe(47);
	});

	it('keeps the whole grid when the date lies after it, and nothing when before it', () => {
		expect(gridBefore(grid, 20260401)).toBe(grid);
		expect(gridBefore(grid, 20260328).dates).toEqual([]);
	});
});
