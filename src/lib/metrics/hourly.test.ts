import { describe, expect, it } from 'vitest';
import { hourKey, startOfLocalDay } from '$lib/time/zone';
import {
	BERLIN,
	NEW_YORK,
	TRIP_DATE,
	TRIP_LANDING,
	at,
	autumnMove,
	hourlyTotal,
	makeMove,
	minuteTicks,
	springForwardMove,
	tripMove,
	workdayMove,
	WORKDAY_STEPS
} from './testing/fixtures';
import {
	hourlyBins,
	localHoursOf,
	ticksInHour,
	usualByHour,
	withPending,
	withUnderway,
	withUsual,
	zoneSwitchLabel,
	zoneSwitches,
	zoneSwitchText
} from './hourly';

const utc = (y: number, m: number, d: number, h: number, mi = 0) =>
	Date.UTC(y, m - 1, d, h, mi) / 1000;

describe('hourlyBins', () => {
	it('gives 24 bins of an ordinary day, keyed and started at each Berlin hour', () => {
		const bins = hourlyBins(workdayMove);
		expect(bins).toHaveLength(24);
		expect(bins.map((bin) => bin.hour)).toEqual([...Array(24).keys()]);
		// 23 March 2026 is in CET (UTC+1): 07:00 local is 06:00 UTC.
		expect(bins[7]).toMatchObject({ key: '2026032307', start: utc(2026, 3, 23, 6), tz: BERLIN });
		expect(bins[7]?.steps).toBe(WORKDAY_STEPS[7]);
		expect(bins[7]?.distance).toBe(Math.round((WORKDAY_STEPS[7] ?? 0) * 0.74));
		expect(bins.every((bin) => bin.usual === null)).toBe(true);
	});

	it('reads an hour without a key as null rather than zero', () => {
		const bins = hourlyBins(workdayMove);
		expect(bins[3]).toMatchObject({
			steps: null,
			calories: null,
			distance: null,
			active_time: null
		});
	});

	it('has a 02 bin with nulls on the spring-forward day and still starts 03 at the real jump', () => {
		const bins = hourlyBins(springForwardMove);
		expect(bins).toHaveLength(24);
		expect(bins[2]?.steps).toBeNull();
		// Clocks jump 02:00 CET -> 03:00 CEST at 01:00 UTC.
		expect(bins[1]?.start).toBe(utc(2026, 3, 29, 0));
		expect(bins[3]?.start).toBe(utc(2026, 3, 29, 1));
		expect(bins[4]?.start).toBe(utc(2026, 3, 29, 2));
		expect(bins[2]?.start).toBe(bins[3]?.start);
		expect(bins[3]?.steps).toBe(15);
	});

	it('keeps the repeated autumn hour as one bin starting at its first occurrence', () => {
		const bins = hourlyBins(autumnMove);
		expect(bins).toHaveLength(24);
		expect(bins.filter((bin) => bin.key === '2026102502')).toHaveLength(1);
		// 02:00 CEST is 00:00 UTC; the second 02:00 (CET) is 01:00 UTC; 03:00 CET is 02:00 UTC.
		expect(bins[2]?.start).toBe(utc(2026, 10, 25, 0));
		expect(bins[3]?.start).toBe(utc(2026, 10, 25, 2));
		expect(bins[2]?.steps).toBe(135);
	});

	it('reads each hour of a trip day in the zone in effect then', () => {
		const bins = hourlyBins(tripMove);
		expect(bins).toHaveLength(24);
		expect(bins[12]).toMatchObject({ tz: BERLIN, start: at(TRIP_DATE, 12, 0, BERLIN) });
		// Wall hours 13-18 happened in Berlin first, then again in New York: first occurrence wins.
		expect(bins[18]).toMatchObject({ tz: BERLIN, start: at(TRIP_DATE, 18, 0, BERLIN) });
		expect(bins[19]).toMatchObject({ tz: NEW_YORK, start: at(TRIP_DATE, 19, 0, NEW_YORK) });
		expect(bins[19]?.start).toBe(utc(2026, 7, 10, 23));
		expect(bins[23]?.steps).toBe(100);
	});

	it('reads another hourly source on the same hours when one is given', () => {
		const bins = hourlyBins(workdayMove, { '2026032309': hourlyTotal(77) });
		expect(bins[9]?.steps).toBe(77);
		expect(bins[7]?.steps).toBeNull();
	});

	it('starts hours right in quarter-hour and fixed-offset zones', () => {
		const kathmandu = hourlyBins(makeMove({ date: 20260323, tz: 'Asia/Kathmandu' }));
		expect(kathmandu[0]?.start).toBe(utc(2026, 3, 23, 0) - (5 * 3600 + 45 * 60));
		const fixed = hourlyBins(makeMove({ date: 20260323, tz: 'GMT-0330' }));
		expect(fixed[10]).toMatchObject({ start: utc(2026, 3, 23, 13, 30), tz: 'GMT-0330' });
	});

	it('does not depend on the machine zone', () => {
		expect(process.env.TZ).toBe('Asia/Kathmandu');
		const bins = hourlyBins(workdayMove);
		expect(bins[0]?.start).toBe(utc(2026, 3, 22, 23));
	});
});

describe('localHoursOf', () => {
	it('marks the skipped spring hour as never reached', () => {
		const hours = localHoursOf(20260329, BERLIN);
		expect(Number.isNaN(hours.starts[2])).toBe(true);
		expect(hours.zones[2]).toBeNull();
		expect(Number.isNaN(hours.starts[3])).toBe(false);
	});

	it('starts a hour at the zone change when the change falls inside it', () => {
		const landing = TRIP_LANDING + 37 * 60;
		const hours = localHoursOf(TRIP_DATE, BERLIN, [[landing, NEW_YORK]]);
		// Landing at 13:37 New York time = 19:37 Berlin: Berlin 19 is reached, New York 20 next.
		expect(hours.zones[19]).toBe(BERLIN);
		expect(hours.starts[20]).toBe(at(TRIP_DATE, 20, 0, NEW_YORK));
	});
});

describe('usualByHour', () => {
	const monday = 20260330;
	const history = [
		makeMove({ date: 20260323, steps: stepsAt({ 7: 1000, 8: 500 }) }),
		makeMove({ date: 20260316, steps: stepsAt({ 7: 1200, 8: 700 }) }),
		// 9 March is missing; on 2 March the band last updated at noon, its last activity.
		makeMove({
			date: 20260302,
			steps: stepsAt({ 7: 1400, 15: 3000 }),
			timeCompleted: at(20260302, 12, 0, BERLIN)
		}),
		// A Tuesday: not the same weekday.
		makeMove({ date: 20260324, steps: stepsAt({ 7: 99999 }) })
	];

	it('averages the same hour over the same weekdays, skipping missing days', () => {
		const usual = usualByHour(history, monday);
		expect(usual).toHaveLength(24);
		expect(usual[7]).toBe((1000 + 1200 + 1400) / 3);
		// Hour 8 has no key on 2 March: an hour without activity counts as 0.
		expect(usual[8]).toBe((500 + 700 + 0) / 3);
		// Hour 15 of 2 March came after the band's last update; it still counts.
		expect(usual[15]).toBe((0 + 0 + 3000) / 3);
	});

	it('counts the late hours of a past day without records as zero, so 23:00 has a usual', () => {
		// The band's last update at 22:28 (its last activity): 22:00 has steps, 23:00 none.
		const late = (date: number) =>
			makeMove({
				date,
				steps: stepsAt({ 21: 400, 22: 100 }),
				timeCompleted: at(date, 22, 28, BERLIN)
			});
		const usual = usualByHour([late(20260323), late(20260316)], 20260330);
		expect(usual[22]).toBe(100);
		expect(usual[23]).toBe(0);
	});

	it('gives null per hour when no day in the window has a move', () => {
		expect(usualByHour(history, 20260601)).toEqual(new Array(24).fill(null));
		expect(usualByHour([], monday)).toEqual(new Array(24).fill(null));
	});

	it('skips the hour that did not happen on a spring-forward day', () => {
		const usual = usualByHour([springForwardMove], 20260405);
		expect(usual[2]).toBeNull();
		expect(usual[3]).toBe(15);
		expect(usual[0]).toBe(120);
	});

	it('averages another metric over as many weeks as asked', () => {
		const usual = usualByHour(history, monday, 2, 'distance');
		expect(usual[7]).toBe((Math.round(1000 * 0.74) + Math.round(1200 * 0.74)) / 2);
	});

	it('skips a null value instead of counting it as zero', () => {
		const withNull = makeMove({
			date: 20260323,
			steps: stepsAt({}),
			extraTotals: { '2026032307': { ...hourlyTotal(0), steps: null } }
		});
		expect(usualByHour([withNull], monday)[7]).toBeNull();
	});

	it('fills bins by hour without changing them', () => {
		const bins = hourlyBins(workdayMove);
		const usual = usualByHour(history, monday);
		const filled = withUsual(bins, usual);
		expect(filled[7]?.usual).toBe(usual[7]);
		expect(bins[7]?.usual).toBeNull();
	});
});

describe('withPending', () => {
	it('marks the hours without records from the moment the data was read, not the hours before', () => {
		// Today until 18:00 in Berlin: keys for 7 to 17 only.
		const steps = Array.from({ length: 24 }, (_, hour) => (hour >= 7 && hour < 18 ? 100 : null));
		const move = makeMove({ date: 20260330, steps, timeCompleted: at(20260330, 17, 50, BERLIN) });
		const bins = withPending(hourlyBins(move), at(20260330, 18, 30, BERLIN));
		// 03:00 had no steps: a quiet past hour, not a future one.
		expect(bins[3]?.pending).toBeUndefined();
		expect(bins[17]?.pending).toBeUndefined();
		// 18:00 began before 18:30 but has no record: not pending either.
		expect(bins[18]?.pending).toBeUndefined();
		expect(bins.slice(19).every((bin) => bin.pending === true)).toBe(true);
	});
});

describe('withUnderway', () => {
	it('marks the one hour the data was read in as under way', () => {
		const move = makeMove({ date: 20260330, steps: WORKDAY_STEPS });
		const bins = withUnderway(hourlyBins(move), at(20260330, 9, 30, BERLIN));
		expect(bins.filter((bin) => bin.underway).map((bin) => bin.hour)).toEqual([9]);
	});

	it('marks the hour that starts at the very moment of the read, and not the hour before', () => {
		const move = makeMove({ date: 20260330, steps: WORKDAY_STEPS });
		const bins = withUnderway(hourlyBins(move), at(20260330, 10, 0, BERLIN));
		expect(bins.filter((bin) => bin.underway).map((bin) => bin.hour)).toEqual([10]);
	});

	it('marks no hour of a day read after it ended, nor of a day read before it began', () => {
		const move = makeMove({ date: 20260330, steps: WORKDAY_STEPS });
		expect(
			withUnderway(hourlyBins(move), at(20260331, 0, 5, BERLIN)).some((bin) => bin.underway)
		).toBe(false);
		expect(
			withUnderway(hourlyBins(move), at(20260329, 23, 55, BERLIN)).some((bin) => bin.underway)
		).toBe(false);
	});

	it('on the day the clocks spring forward, 03:30 is in the 03:00 hour (02:00 never happened)', () => {
		const { starts } = localHoursOf(springForwardMove.date, BERLIN);
		const real = hourlyBins(springForwardMove).filter(
			(bin) => !Number.isNaN(starts[bin.hour] ?? NaN)
		);
		const bins = withUnderway(real, at(20260329, 3, 30, BERLIN));
		expect(bins.filter((bin) => bin.underway).map((bin) => bin.hour)).toEqual([3]);
	});
});

describe('zoneSwitches', () => {
	/** Flying home: New York from midnight, landing in Berlin at 07:40 (01:40 in New York). */
	const HOME = 20260720;
	const homeLanding = at(HOME, 7, 40, BERLIN);
	const homeMove = makeMove({
		date: HOME,
		tz: NEW_YORK,
		tzs: [
			[startOfLocalDay(HOME, NEW_YORK), NEW_YORK],
			[homeLanding, BERLIN]
		]
	});
	const binsOf = (move: typeof tripMove) => {
		const { starts } = localHoursOf(move.date, move.details.tz, move.details.tzs);
		return hourlyBins(move).filter((bin) => !Number.isNaN(starts[bin.hour] ?? NaN));
	};

	it('marks the landing of a 30-hour day flying west, on both clocks, with the hours lived twice', () => {
		const bins = binsOf(tripMove);
		const [change, ...more] = zoneSwitches(bins, tripMove.details.tz, tripMove.details.tzs);
		expect(more).toEqual([]);
		expect(change).toMatchObject({
			at: TRIP_LANDING,
			from: BERLIN,
			to: NEW_YORK,
			clockFrom: '19:00',
			clockTo: '13:00',
			repeatedHours: [13, 18],
			skippedHours: null
		});
		// Berlin's 00-18 come first; the marker stands before New York's 19:00.
		expect(bins[change?.index ?? -1]).toMatchObject({ hour: 19, tz: NEW_YORK });
		expect(bins[(change?.index ?? 0) - 1]).toMatchObject({ hour: 18, tz: BERLIN });
		if (!change) throw new Error('no change');
		expect(zoneSwitchLabel(change)).toBe('Europe/Berlin → America/New_York at 13:00');
		expect(zoneSwitchText(change)).toBe(
			'Europe/Berlin → America/New_York at 13:00 (19:00 in Europe/Berlin). ' +
				'13:00 to 18:59 came twice; each hour shows both added together.'
		);
	});

	it('marks the landing of an 18-hour day flying east, with the hours that never came', () => {
		const bins = binsOf(homeMove);
		expect(bins).toHaveLength(19);
		const [change] = zoneSwitches(bins, homeMove.details.tz, homeMove.details.tzs);
		expect(change).toMatchObject({
			from: NEW_YORK,
			to: BERLIN,
			clockFrom: '01:40',
			clockTo: '07:40',
			index: 2,
			repeatedHours: null,
			skippedHours: [2, 6]
		});
		expect(bins[2]).toMatchObject({ hour: 7, tz: BERLIN, start: homeLanding });
		if (!change) throw new Error('no change');
		expect(zoneSwitchText(change)).toBe(
			'America/New_York → Europe/Berlin at 07:40 (01:40 in America/New_York). ' +
				'02:00 to 06:59 never came.'
		);
	});

	it('finds no change on a day that stays in one zone, whatever its tzs lists', () => {
		const bins = binsOf(workdayMove);
		expect(zoneSwitches(bins, BERLIN, [[bins[0]?.start ?? 0, BERLIN]])).toEqual([]);
		expect(zoneSwitches(bins, BERLIN, undefined)).toEqual([]);
	});
});

describe('ticksInHour', () => {
	it('returns the ticks of one hour sorted, once each, with offsets from its start', () => {
		const start = at(20260323, 9, 0, BERLIN);
		const ticks = minuteTicks(start - 1800, 120, 10);
		const shuffled = [...ticks].reverse().concat(ticks.slice(40, 45));
		const zoomed = ticksInHour(shuffled, start, BERLIN);
		expect(zoomed).toHaveLength(60);
		expect(zoomed[0]).toMatchObject({ time: start, offset: 0, steps: 10 });
		expect(zoomed[59]?.offset).toBe(3540);
		expect(zoomed.every((tick, i) => i === 0 || tick.time > (zoomed[i - 1]?.time ?? 0))).toBe(true);
	});

	it('includes both halves of the repeated autumn hour', () => {
		const start = utc(2026, 10, 24, 23);
		const ticks = minuteTicks(start, 240, 3);
		const zoomed = ticksInHour(ticks, utc(2026, 10, 25, 0), BERLIN);
		expect(zoomed).toHaveLength(120);
		expect(zoomed[119]?.offset).toBe(7140);
		expect(zoomed.every((tick) => hourKey(tick.time, BERLIN) === '2026102502')).toBe(true);
	});

	it('follows the zone changes of a trip when they are given', () => {
		const bins = hourlyBins(tripMove);
		const hour13 = bins[13];
		if (!hour13) throw new Error('no bin 13');
		const berlinTicks = minuteTicks(hour13.start, 60, 20);
		const newYorkTicks = minuteTicks(at(TRIP_DATE, 13, 0, NEW_YORK), 60, 5);
		const all = [...berlinTicks, ...newYorkTicks];
		expect(ticksInHour(all, hour13.start, hour13.tz)).toHaveLength(60);
		const both = ticksInHour(all, hour13.start, hour13.tz, tripMove.details.tzs);
		expect(both).toHaveLength(120);
		expect(both.reduce((sum, tick) => sum + (tick.steps ?? 0), 0)).toBe(60 * 20 + 60 * 5);
	});

	it('returns nothing for no ticks', () => {
		expect(ticksInHour([], utc(2026, 3, 23, 8), BERLIN)).toEqual([]);
	});
});

function stepsAt(byHour: Record<number, number>): (number | null)[] {
	return Array.from({ length: 24 }, (_, hour) => byHour[hour] ?? null);
}
