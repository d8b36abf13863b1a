import { describe, expect, it } from 'vitest';
import type { Workout, WorkoutTick } from '$lib/api';
import { at, BERLIN, NEW_YORK } from './testing/fixtures';
import {
	formatPace,
	intensityName,
	monthlyVolume,
	movingSpeed,
	paceIn,
	personalRecords,
	speedIn,
	speedReading,
	tickSpans,
	weeklyVolume,
	weekStartOf,
	workoutTypeName
} from './workouts';

function workout(
	xid: string,
	date: number,
	start: number,
	fields: { subType?: number; time?: number; meters?: number; calories?: number; tz?: string } = {}
): Workout {
	const time = fields.time ?? 1800;
	return {
		xid,
		title: 'Workout',
		type: 'workout',
		sub_type: fields.subType ?? 2,
		time_created: start,
		time_updated: start + time,
		time_completed: start + time,
		date,
		details: {
			time,
			meters: fields.meters ?? 5000,
			km: (fields.meters ?? 5000) / 1000,
			intensity: 3,
			calories: fields.calories ?? 300,
			bmr: 70,
			tz: fields.tz ?? BERLIN
		}
	} as Workout;
}

function tick(time: number, distance: number, activeTime: number, steps = 0): WorkoutTick {
	return {
		time,
		distance,
		active_time: activeTime,
		steps,
		calories: 1,
		speed: activeTime > 0 ? distance / activeTime : 0
	};
}

describe('workout types and intensity', () => {
	it('names the API sub_types in words and an unknown type as a workout', () => {
		expect(workoutTypeName(1)).toBe('Walk');
		expect(workoutTypeName(14)).toBe('Bike');
		expect(workoutTypeName(26)).toBe('Stationary bike');
		expect(workoutTypeName(29)).toBe('Other');
		expect(workoutTypeName(42)).toBe('Workout');
	});

	it('reads intensity 1 to 5 as easy to hard and a missing one as nothing', () => {
		expect(intensityName(1)).toBe('Easy');
		expect(intensityName(5)).toBe('Hard');
		expect(intensityName(null)).toBeNull();
	});

	it('reads runs, walks, hikes and swims as pace and rides as speed', () => {
		expect(speedReading(2)).toBe('pace');
		expect(speedReading(24)).toBe('pace');
		expect(speedReading(14)).toBe('speed');
	});
});

describe('speed and pace', () => {
	it('turns 4 m/s into 14.4 km/h, 8.95 mph, 4:10 per km and 6:42 per mile', () => {
		expect(speedIn(4, 'metric')).toBeCloseTo(14.4, 6);
		expect(speedIn(4, 'imperial')).toBeCloseTo(8.948, 3);
		expect(formatPace(paceIn(4, 'metric'), 'metric')).toBe('4:10 /km');
		expect(formatPace(paceIn(4, 'imperial'), 'imperial')).toBe('6:42 /mi');
	});

	it('has no pace when standing still', () => {
		expect(paceIn(0, 'metric')).toBeNull();
		expect(formatPace(null, 'metric')).toBe('–');
	});

	it('takes moving speed as all distance over all active seconds of the ticks', () => {
		const ticks = [tick(1000, 30, 10), tick(1010, 0, 0), tick(1020, 50, 10)];
		expect(movingSpeed(ticks)).toBe(4);
		expect(movingSpeed([])).toBeNull();
	});
});

describe('ticks on the clock', () => {
	it('gives each tick the width to the next one, 10 s or 60 s, from the timestamps', () => {
		const tenSeconds = tickSpans([tick(100, 30, 10), tick(110, 40, 10), tick(120, 35, 10)]);
		expect(tenSeconds.map((span) => span.end - span.start)).toEqual([10, 10, 10]);
		const minutes = tickSpans([tick(0, 200, 60, 150), tick(60, 180, 60, 120)]);
		expect(minutes.map((span) => span.end - span.start)).toEqual([60, 60]);
		expect(minutes[0]?.cadence).toBe(150);
	});

	it('sorts ticks by time and measures elapsed time from the first', () => {
		const spans = tickSpans([tick(130, 0, 0), tick(100, 30, 10), tick(110, 40, 10)]);
		expect(spans.map((span) => span.elapsed)).toEqual([0, 10, 30]);
	});

	it('ends a tick before a pause after the usual step and breaks the line after it', () => {
		const spans = tickSpans([
			tick(0, 30, 10),
			tick(10, 30, 10),
			tick(20, 30, 10),
			tick(320, 30, 10)
		]);
		expect(spans[2]?.end).toBe(30);
		expect(spans[3]?.afterGap).toBe(true);
		expect(spans[2]?.afterGap).toBe(false);
	});

	it('has no speed in a bucket without active time', () => {
		expect(tickSpans([tick(0, 0, 0), tick(10, 40, 10)])[0]?.speed).toBeNull();
	});

	it('lets a lone tick run to the end of the workout', () => {
		expect(tickSpans([tick(500, 100, 60)], 560)[0]?.end).toBe(560);
	});

	it('keeps elapsed time real across the spring-forward night in Berlin', () => {
		// 01:55 to 03:05 Berlin on 29 March 2026 is 10 minutes: 02:00 never happened.
		const start = at(20260329, 1, 55, BERLIN);
		const ticks = Array.from({ length: 11 }, (_, i) => tick(start + i * 60, 150, 60, 160));
		const spans = tickSpans(ticks);
		expect(at(20260329, 3, 5, BERLIN) - start).toBe(600);
		expect(spans.at(-1)?.elapsed).toBe(600);
		expect(spans.every((span) => span.end - span.start === 60)).toBe(true);
	});
});

describe('weekly and monthly volume in fixed slots', () => {
	it('keeps an empty week as a slot at zero instead of closing it up', () => {
		const weeks = weeklyVolume(
			[workout('a', 20260302, 0), workout('b', 20260318, 0, { time: 3600, meters: 0 })],
			20260302,
			20260322
		);
		expect(weeks.map((week) => week.start)).toEqual([20260302, 20260309, 20260316]);
		expect(weeks.map((week) => week.count)).toEqual([1, 0, 1]);
		expect(weeks[1]?.time).toBe(0);
		expect(weeks[2]).toMatchObject({ time: 3600, distance: 0, calories: 300, end: 20260322 });
	});

	it('starts weeks on Monday, or on Sunday when asked', () => {
		expect(weekStartOf(20260329)).toBe(20260323);
		expect(weekStartOf(20260329, 0)).toBe(20260329);
		expect(weekStartOf(20260330)).toBe(20260330);
	});

	it('keeps the week of the clock change seven days long', () => {
		const weeks = weeklyVolume(
			[workout('dst', 20260329, at(20260329, 1, 55, BERLIN))],
			20260323,
			20260405
		);
		expect(weeks.map((week) => [week.start, week.end])).toEqual([
			[20260323, 20260329],
			[20260330, 20260405]
		]);
		expect(weeks[0]?.count).toBe(1);
	});

	it('counts a workout on a travel day in the week of its own date, where it was recorded', () => {
		// Sunday 22:00 in New York is already Monday 04:00 in Berlin: it is still Sunday's run.
		const start = at(20260405, 22, 0, NEW_YORK);
		const weeks = weeklyVolume(
			[workout('ny', 20260405, start, { tz: NEW_YORK })],
			20260330,
			20260412
		);
		expect(weeks.map((week) => week.count)).toEqual([1, 0]);
	});

	it('marks the week holding today as partial and no other', () => {
		const weeks = weeklyVolume([], 20260316, 20260402, { today: 20260402 });
		expect(weeks.map((week) => week.partial)).toEqual([false, false, true]);
	});

	it('lays months from the 1st to their last day, February included, across a year end', () => {
		const months = monthlyVolume(
			[workout('dec', 20251231, 0), workout('feb', 20260228, 0, { meters: 1234 })],
			20251215,
			20260310,
			{ today: 20260310 }
		);
		expect(months.map((month) => [month.start, month.end])).toEqual([
			[20251201, 20251231],
			[20260101, 20260131],
			[20260201, 20260228],
			[20260301, 20260331]
		]);
		expect(months.map((month) => month.distance)).toEqual([5000, 0, 1234, 0]);
		expect(months.map((month) => month.partial)).toEqual([false, false, false, true]);
	});
});

describe('personal records', () => {
	it('finds the longest, farthest and fastest of each type with the date each was set', () => {
		const runs = [
			workout('r1', 20260301, 1000, { time: 1800, meters: 6000 }),
			workout('r2', 20260308, 2000, { time: 3600, meters: 10000 }),
			workout('r3', 20260315, 3000, { time: 1200, meters: 4800 })
		];
		const [records] = personalRecords(runs);
		expect(records).toMatchObject({ subType: 2, name: 'Run', count: 3 });
		expect(records?.longest).toMatchObject({ value: 3600, date: 20260308, xid: 'r2' });
		expect(records?.farthest).toMatchObject({ value: 10000, date: 20260308 });
		expect(records?.fastest).toMatchObject({ value: 4, date: 20260315, xid: 'r3' });
	});

	it('gives a tie to the earliest workout, whatever order they come in', () => {
		const later = workout('later', 20260320, 5000, { time: 2400, meters: 8000 });
		const earlier = workout('earlier', 20260310, 4000, { time: 2400, meters: 8000 });
		const [records] = personalRecords([later, earlier]);
		expect(records?.longest?.xid).toBe('earlier');
		expect(records?.farthest?.date).toBe(20260310);
		expect(records?.fastest?.date).toBe(20260310);
	});

	it('sets no distance records for a type without distance and no speed record under five minutes', () => {
		// The band counts a few metres of steps in a weights session: not a distance.
		const lifts = [workout('l', 20260301, 0, { subType: 3, time: 2700, meters: 300 })];
		const sprint = [workout('s', 20260302, 0, { time: 120, meters: 800 })];
		const [liftRecords] = personalRecords(lifts);
		expect(liftRecords?.farthest).toBeNull();
		expect(liftRecords?.fastest).toBeNull();
		expect(liftRecords?.longest?.value).toBe(2700);
		expect(personalRecords(sprint)[0]?.fastest).toBeNull();
	});

	it('orders types by how many workouts they have', () => {
		const records = personalRecords([
			workout('b', 20260301, 0, { subType: 14 }),
			workout('r1', 20260302, 0),
			workout('r2', 20260303, 0)
		]);
		expect(records.map((type) => type.name)).toEqual(['Run', 'Bike']);
	});
});
