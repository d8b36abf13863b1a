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
	moveOn,
	periodFigures,
	seriesTotals,
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
		expect(seriesTotals(series)).toEqual({
			total: 2 * (workdayMove.details.steps ?? 0),
			mean: workdayMove.details.steps,
			days: 2
		});
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

	it('has no totals for a period without data', () => {
		expect(seriesTotals(dailyTotals([], 'steps', period, 'metric'))).toEqual({
			total: null,
			mean: null,
			days: 0
		});
	});
});

describe('the zones of a day', () => {
	it('names the zones of a day that crossed them, in order', () => {
		expect(zonesOfDay(tripMove)).toBe('Europe/Berlin, then America/New_York');
		expect(zonesOfDay(workdayMove)).toBe('Europe/Berlin');
	});
});

describe('the figures over a week of daily bars', () => {
	it('sums and averages the recorded days and counts the days with no record, not those to come', () => {
		const days = activityDays(
			[
				makeMove({ date: 20260330, steps: [4000, 2000] }),
				makeMove({ date: 20260401, steps: [3000] })
			],
			'steps',
			{ from: 20260330, to: 20260405 },
			readCoverage(20260330, 20260405, 20260402),
			'metric',
			10000
		);
		expect(periodFigures(days)).toEqual([
			{ label: 'Total', value: '9,000 steps' },
			{ label: 'Daily average', value: '4,500 steps' },
			{ label: 'Days with data', value: '2' },
			// 31 Mar; 2 Apr is today, under way, not a day without a record.
			{ label: 'Days with no record', value: '1' }
		]);
	});
});
