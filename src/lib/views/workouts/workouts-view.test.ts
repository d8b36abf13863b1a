import { describe, expect, it } from 'vitest';
import type { Workout } from '$lib/api';
import { at, BERLIN, NEW_YORK } from '$lib/metrics/testing/fixtures';
import { personalRecords } from '$lib/metrics/workouts';
import type { Coverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import {
	monthCalendar,
	recordsShown,
	ticksShown,
	workoutsShown,
	parseWorkoutsView,
	parseWorkoutView,
	recordRows,
	ticksChartParts,
	weekdayNames,
	workoutFigures,
	workoutShown,
	workoutSummary,
	workoutWhen
} from './workouts-view';

function workout(
	xid: string,
	date: number,
	start: number,
	over: Partial<Workout['details']> = {},
	subType = 2
): Workout {
	const details = {
		time: 1860,
		meters: 5200,
		km: 5.2,
		intensity: 3 as const,
		calories: 410,
		bmr: 70,
		tz: BERLIN,
		...over
	};
	return {
		xid,
		title: 'Run',
		type: 'workout',
		sub_type: subType,
		time_created: start,
		time_updated: start + (details.time ?? 0),
		time_completed: start + (details.time ?? 0),
		date,
		details
	} as Workout;
}

describe('month calendar', () => {
	it('lays March 2026 in six Monday weeks with each workout on its own date', () => {
		const weeks = monthCalendar(20260315, [workout('a', 20260324, at(20260324, 7, 0, BERLIN))]);
		expect(weeks).toHaveLength(6);
		expect(weeks[0]?.[0]).toMatchObject({ date: 20260223, inMonth: false });
		expect(weeks[0]?.[6]).toMatchObject({ date: 20260301, inMonth: true });
		expect(weeks.at(-1)?.[1]).toMatchObject({ date: 20260331, inMonth: true });
		const day = weeks.flat().find((d) => d.date === 20260324);
		expect(day?.workouts.map((w) => w.xid)).toEqual(['a']);
	});

	it('starts weeks on Sunday when asked', () => {
		expect(weekdayNames(0)[0]).toBe('Sun');
		expect(monthCalendar(20260301, [], 0)[0]?.[0]?.date).toBe(20260301);
	});
});

describe('workout figures', () => {
	it('shows a run with pace, steps, intensity and place in metric units', () => {
		const run = {
			...workout('r', 20260324, at(20260324, 7, 0, BERLIN), { steps: 5400 }),
			place_name: 'Tiergarten'
		};
		expect(workoutFigures(run, 'metric')).toEqual([
			{ label: 'Duration', value: '31 min' },
			{ label: 'Distance', value: '5.2 km' },
			{ label: 'Average pace', value: '5:58 /km' },
			{ label: 'Steps', value: '5,400' },
			{ label: 'Calories', value: '410 kcal' },
			{ label: 'Intensity', value: 'Intermediate' },
			{ label: 'Place', value: 'Tiergarten' },
			{ label: 'Time zone', value: BERLIN }
		]);
	});

	it('shows a ride as speed in mph and leaves out what it did not record', () => {
		const ride = workout('b', 20260328, 0, { meters: 20000, time: 3600, intensity: null }, 14);
		const figures = workoutFigures(ride, 'imperial');
		expect(figures).toContainEqual({ label: 'Average speed', value: '12.4 mph' });
		expect(figures).toContainEqual({ label: 'Distance', value: '12.4 mi' });
		expect(figures.map((f) => f.label)).not.toContain('Steps');
		expect(figures.map((f) => f.label)).not.toContain('Intensity');
	});

	it('writes a distance or energy the band did not record as missing, never as zero', () => {
		const run = workout('c', 20260328, 0, { meters: null, km: null, calories: null });
		const figures = workoutFigures(run, 'metric');
		expect(figures).toContainEqual({ label: 'Distance', value: '—', note: 'not recorded' });
		expect(figures).toContainEqual({ label: 'Calories', value: '—', note: 'not recorded' });
		expect(figures.map((f) => f.label)).not.toContain('Average pace');
	});

	it('tells the time of a workout on a trip on the clock where it happened', () => {
		const trip = workout('ny', 20260405, at(20260405, 22, 0, NEW_YORK), {
			tz: NEW_YORK,
			time: 1800
		});
		expect(workoutWhen(trip)).toBe('Sun 5 Apr, 22:00–22:30');
	});
});

describe('one workout’s page', () => {
	it('finds the workout the link names and heads it in its own zone', () => {
		const trip = workout('ny', 20260405, at(20260405, 22, 0, NEW_YORK), {
			tz: NEW_YORK,
			time: 1800
		});
		const home = workout('b', 20260404, at(20260404, 7, 0, BERLIN));
		const shown = workoutShown([home, trip], 'ny', 'metric');
		expect(shown?.workout).toBe(trip);
		expect(shown?.title).toBe('Run');
		expect(shown?.when).toBe('Sun 5 Apr, 22:00–22:30');
		expect(shown?.tz).toBe(NEW_YORK);
		expect(shown?.fileSuffix).toBe('2026-04-05-ny');
		expect(shown?.figures.find((f) => f.label === 'Distance')?.value).toBe('5.2 km');
	});

	it('is null for a workout not in the list (deleted, or another person’s link)', () => {
		expect(workoutShown([workout('b', 20260404, 0)], 'gone', 'metric')).toBeNull();
	});
});

describe('workout figures without a distance', () => {
	it('shows yoga without the few metres the band counted, nor a pace', () => {
		const yoga = workout('y', 20260326, 0, { meters: 120, time: 3900 }, 6);
		const labels = workoutFigures(yoga, 'metric').map((f) => f.label);
		expect(labels).not.toContain('Distance');
		expect(labels).not.toContain('Average speed');
		expect(workoutSummary(yoga, 'metric')).toBe('1 h 5 min');
	});
});

describe('record rows', () => {
	it('names a runner’s fastest as pace and dates each record', () => {
		const [runs] = personalRecords([
			workout('r1', 20260301, 100, { time: 1800, meters: 6000 }),
			workout('r2', 20260308, 200, { time: 3600, meters: 10000 })
		]);
		expect(recordRows(runs!, 'metric')).toEqual([
			{ label: 'Longest', value: '1 h', date: 20260308, when: 'Sun 8 Mar 2026', xid: 'r2' },
			{ label: 'Farthest', value: '10.0 km', date: 20260308, when: 'Sun 8 Mar 2026', xid: 'r2' },
			{
				label: 'Fastest pace',
				value: '5:00 /km',
				date: 20260301,
				when: 'Sun 1 Mar 2026',
				xid: 'r1'
			}
		]);
	});
});

describe('records while the two years are read', () => {
	const runs = [
		workout('r1', 20260301, 100, { time: 1800, meters: 6000 }),
		workout('r2', 20260308, 200, { time: 3600, meters: 10000 })
	];
	// 1 to 10 March 2026, today the 10th: days 1 to 5 read, 6 to 9 still on their way.
	const read = readCoverage(20260301, 20260310, 20260310);
	const loading: Coverage = {
		...read,
		states: read.states.map((state, i) => (i >= 5 && i < 9 ? 'unread' : state)),
		status: { kind: 'loading' },
		pending: true
	};

	it('holds the records back, saying how far the read has come', () => {
		expect(recordsShown(runs, loading, 'metric')).toEqual({
			held: true,
			note: 'so far: 5 of 9 days',
			types: []
		});
	});

	it('shows them once read, per type with the count', () => {
		const shown = recordsShown(runs, read, 'metric');
		expect(shown.held).toBe(false);
		expect(shown.note).toBeNull();
		expect(shown.types.map((type) => [type.name, type.count, type.rows.length])).toEqual([
			['Run', 2, 3]
		]);
	});
});

describe('workoutsShown', () => {
	it('writes the volume span in the one style of dates, and lists the month newest first', () => {
		const list = [
			workout('a', 20261110, at(20261110, 19, 0, BERLIN)),
			workout('b', 20261124, at(20261124, 19, 0, BERLIN))
		];
		const shown = workoutsShown(
			list,
			{ by: 'week', month: 20261127, today: 20261127 },
			readCoverage(20241128, 20261127, 20261127),
			'metric'
		);
		expect(shown.subtitle).toBe(
			'Last 12 weeks, 7 Sep\u00a0– 27 Nov 2026; the week under way is outlined'
		);
		expect(shown.inMonth.map((w) => w.xid)).toEqual(['b', 'a']);
		expect(shown.slots).toHaveLength(12);
	});
});

describe("what a workout's ticks chart draws", () => {
	const minuteTicks = (steps: number) =>
		Array.from({ length: 30 }, (_, i) => ({
			time: 1000 + i * 60,
			distance: 150,
			active_time: 60,
			steps,
			calories: 5,
			speed: 2.5
		}));

	it('says its axis is minutes from the start, and where the clock time is', () => {
		const run = workout('r', 20260324, at(20260324, 7, 0, BERLIN));
		const shown = ticksShown(run, minuteTicks(170), 'metric');
		expect(shown.subtitle).toBe(
			"Minutes from the start, over the workout's 30 ticks, min/km; the tooltip and table give each tick's clock time in Europe/Berlin"
		);
		expect(shown.moving).toBe('6:40 /km');
	});

	it('draws a run as pace and steps', () => {
		const run = workout('r', 20260324, 1000, { time: 1800 });
		expect(ticksChartParts(run, minuteTicks(160))).toEqual({
			reading: true,
			steps: true,
			title: 'Pace and steps'
		});
	});

	it("leaves out a ride's stray steps", () => {
		const ride = workout('b', 20260328, 1000, { time: 1800 }, 14);
		expect(ticksChartParts(ride, minuteTicks(2))).toEqual({
			reading: true,
			steps: false,
			title: 'Speed'
		});
	});

	it('draws yoga as steps per minute only, however few', () => {
		const yoga = workout('y', 20260326, 1000, { time: 1800, meters: 90 }, 6);
		expect(ticksChartParts(yoga, minuteTicks(2))).toEqual({
			reading: false,
			steps: true,
			title: 'Steps per minute'
		});
	});
});

describe('parseWorkoutsView and parseWorkoutView', () => {
	it('read the choices of the URL, falling back on the defaults', () => {
		expect(parseWorkoutsView(new URL('http://x/workouts'))).toEqual({
			by: 'week',
			measure: 'time',
			date: null
		});
		expect(
			parseWorkoutsView(new URL('http://x/workouts?by=month&measure=distance&date=2026-02-14'))
		).toEqual({ by: 'month', measure: 'distance', date: 20260214 });
		expect(parseWorkoutsView(new URL('http://x/workouts?by=day&date=2026-02-31'))).toEqual({
			by: 'week',
			measure: 'time',
			date: null
		});
		expect(parseWorkoutView(new URL('http://x/workouts/w1?date=2026-03-28'), 'w1')).toEqual({
			xid: 'w1',
			date: 20260328
		});
		expect(parseWorkoutView(new URL('http://x/workouts/w1'), 'w1')).toEqual({
			xid: 'w1',
			date: null
		});
	});
});
