import { readCoverage } from '$lib/coverage/testing/read';
import { describe, expect, it } from 'vitest';
import {
	at,
	BERLIN,
	makeMove,
	minuteTicks,
	springForwardMove,
	tripMove,
	workdayMove,
	WORKDAY_STEPS
} from '$lib/metrics/testing/fixtures';
import { addDays } from '$lib/time/zone';
import {
	activityDays,
	binOfHour,
	dailyTotals,
	dayBins,
	dayFigures,
	moveOn,
	periodFigures,
	usualHistoryRange,
	zoomHour,
	zonesOfDay
} from './activity';

describe('the hours of a day', () => {
	it('draws a spring-forward day as 23 hours without a 02 hour', () => {
		const bins = dayBins(springForwardMove, []);
		expect(bins).toHaveLength(23);
		expect(bins.map((bin) => bin.hour)).not.toContain(2);
		expect(bins.find((bin) => bin.hour === 3)?.steps).toBe(15);
	});

	it('keeps all 24 hours of an ordinary day with the steps of each key', () => {
		const bins = dayBins(workdayMove, []);
		expect(bins).toHaveLength(24);
		expect(bins.map((bin) => bin.steps)).toEqual([...WORKDAY_STEPS]);
	});

	it('fills the usual from the same weekday of the four weeks before', () => {
		const history = [1, 2, 3, 4].map((week) =>
			makeMove({
				date: addDays(20260323, -7 * week),
				steps: WORKDAY_STEPS.map((steps) => (steps === null ? null : steps * week))
			})
		);
		// A Tuesday is not the same weekday and must not count.
		history.push(makeMove({ date: 20260317, steps: WORKDAY_STEPS.map(() => 99999) }));
		const bins = dayBins(workdayMove, history);
		const seven = bins.find((bin) => bin.hour === 7);
		expect(seven?.usual).toBeCloseTo((1450 * (1 + 2 + 3 + 4)) / 4);
		expect(usualHistoryRange(20260323)).toEqual({ from: 20260223, to: 20260322 });
	});

	it('finds the bin of an hour and none for an hour that did not happen', () => {
		const bins = dayBins(springForwardMove, []);
		expect(binOfHour(bins, 9)?.steps).toBe(1500);
		expect(binOfHour(bins, 2)).toBeNull();
		expect(binOfHour(bins, null)).toBeNull();
	});

	it('picks the latest-updated move of a date', () => {
		const older = { ...workdayMove, xid: 'old', time_updated: workdayMove.time_updated - 10 };
		expect(moveOn([workdayMove, older], 20260323)?.xid).toBe(workdayMove.xid);
		expect(moveOn([older], 20260324)).toBeNull();
	});
});

describe('a zoomed hour', () => {
	it('lists the minute ticks of the hour and sums them for the check against the total', () => {
		const start = at(20260323, 9, 0, BERLIN);
		const ticks = [
			...minuteTicks(start - 3600, 60, 5),
			...minuteTicks(start, 60, 7),
			...minuteTicks(start + 3600, 60, 11)
		];
		const bin = binOfHour(dayBins(workdayMove, []), 9);
		if (!bin) throw new Error('no 09 bin');
		const zoomed = zoomHour(workdayMove, ticks, bin, 'steps');
		expect(zoomed.ticks).toHaveLength(60);
		expect(zoomed.ticks[0]?.offset).toBe(0);
		expect(zoomed.tickSum).toBe(420);
		expect(zoomed.hourTotal).toBe(420);
	});
});

describe('daily totals', () => {
	const moves = [makeMove({ date: 20260323 }), makeMove({ date: 20260325 })];
	const period = { from: 20260323, to: 20260329 };

	it('gives one point per date of the period, null where no move', () => {
		const series = dailyTotals(moves, 'steps', period, 'metric');
		expect(series.points.map((point) => point.value)).toEqual([
			workdayMove.details.steps,
			null,
			workdayMove.details.steps,
			null,
			null,
			null,
			null
		]);
		expect(series.unit).toBe('steps');
	});

	it('shows distance in kilometres or miles as the settings ask', () => {
		const meters = workdayMove.details.distance ?? 0;
		const metric = dailyTotals(moves, 'distance', period, 'metric');
		const imperial = dailyTotals(moves, 'distance', period, 'imperial');
		expect(metric.unit).toBe('km');
		expect(metric.points[0]?.value).toBeCloseTo(meters / 1000);
		expect(imperial.unit).toBe('mi');
		expect(imperial.points[0]?.value).toBeCloseTo(meters / 1609.344);
	});
});

describe('the zones of a day', () => {
	it('names the zones of a day that crossed them, in order', () => {
		expect(zonesOfDay(tripMove)).toBe('Europe/Berlin, then America/New_York');
		expect(zonesOfDay(workdayMove)).toBe('Europe/Berlin');
	});
});

describe('the figures over a week of daily bars', () => {
	const week = { from: 20260330, to: 20260405 };
	const moves = [
		makeMove({ date: 20260330, steps: [4000, 2000] }),
		makeMove({ date: 20260401, steps: [3000] })
	];

	it('sums and averages the finished days and counts the days with no record, not those to come', () => {
		// Read to its end on Sunday 5 April, the week is over.
		const days = activityDays(
			moves,
			'steps',
			week,
			readCoverage(20260330, 20260405, 20260406),
			'metric',
			10000
		);
		expect(periodFigures(days.slots, days.unit, { whole: true, days: 7 })).toEqual([
			{ label: 'Total', value: '9,000 steps', note: null },
			{ label: 'Daily average', value: '4,500 steps', note: null },
			{ label: 'Days with data', value: '2', note: null },
			{ label: 'Days with no record', value: '5', note: null }
		]);
	});

	it('leaves today out of the average and says so; its steps so far are in the total', () => {
		// Today is Wednesday 1 April: its 3,000 steps so far.
		const days = activityDays(
			moves,
			'steps',
			week,
			readCoverage(20260330, 20260405, 20260401),
			'metric',
			10000
		);
		expect(periodFigures(days.slots, days.unit, { whole: true, days: 2 })).toEqual([
			{ label: 'Total', value: '9,000 steps', note: 'today so far included' },
			{ label: 'Daily average', value: '6,000 steps', note: 'today under way, left out' },
			{ label: 'Days with data', value: '1', note: null },
			// 31 Mar; 1 Apr is today, under way, and the rest are to come.
			{ label: 'Days with no record', value: '1', note: null }
		]);
	});

	it('says "so far" on every figure while the span is still read', () => {
		const days = activityDays(
			moves,
			'steps',
			week,
			readCoverage(20260330, 20260405, 20260406),
			'metric',
			null
		);
		const figures = periodFigures(days.slots, days.unit, {
			whole: false,
			days: 5,
			of: 7,
			why: 'loading'
		});
		expect(figures.map((figure) => figure.note)).toEqual([
			'so far: 5 of 7 days',
			'so far: 5 of 7 days',
			'so far: 5 of 7 days',
			'so far: 5 of 7 days'
		]);
	});
});

describe('the figures of a day', () => {
	it('reads a distance or energy the records do not carry as "–", never 0', () => {
		const bare = makeMove({ date: 20260330, steps: [4000] });
		const missing = { ...bare, details: { ...bare.details, distance: null, calories: null } };
		expect(dayFigures(missing, 'metric')).toEqual([
			{ label: 'Steps', value: '4,000' },
			{ label: 'Distance', value: '–' },
			{ label: 'Active time', value: '37 min' },
			{ label: 'Active calories', value: '–' }
		]);
	});
});
