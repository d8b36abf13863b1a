// The deterministic demo user: two years of a Berlin office worker's band and app records, from a seed and a "now".

import type {
	BodyEvent,
	GenericEvent,
	HeartRate,
	MealWithItems,
	Mood,
	Move,
	MoveTick,
	Settings,
	Sleep,
	SleepTick,
	User,
	Workout,
	WorkoutTick
} from '$lib/api';
import { addDays } from '$lib/time/zone';
import {
	type DayMinutes,
	type DayPlan,
	planDay,
	renderDay,
	summariseDay,
	withEveningWalk
} from './activity';
import {
	moveRecord,
	moveTicksOf,
	sleepRecord,
	workoutRecord,
	workoutTicksOf
} from './band-records';
import {
	HOME_TZ,
	buildCalendar,
	dayStart,
	periodOf,
	zoneOfDayStart,
	zoneOfNight
} from './calendar';
import {
	type DayContext,
	bodyEventOf,
	genericEventsOf,
	heartRateOf,
	mealsOf,
	moodOf
} from './daily-logs';
import { type SleepPlan, planNap, planNight, wallClock } from './nights';
import { DEMO_PERSON, bmrDay, weightTrend } from './person';
import { Streams } from './random';

export { DEMO_PERSON } from './person';

export interface DemoOptions {
	/** Default 20140101. */
	seed?: number;
	/** Epoch ms; the data ends on the local day containing it and nothing is dated after it. */
	now: number;
	/** Default 731. */
	days?: number;
}

export interface DemoData {
	homeTz: string;
	userXid: string;
	user: User;
	settings: Settings;
	friends: string[];
	goals: {
		move_steps: number;
		sleep_total: number;
		body_weight: number;
		body_weight_intent: number;
	};
	moves: Move[];
	/** Ticks derived on demand, deterministic; [] for a move the generator did not make. */
	moveTicks(move: Move): MoveTick[];
	sleeps: Sleep[];
	/** By sleep xid. */
	sleepTicks: ReadonlyMap<string, SleepTick[]>;
	workouts: Workout[];
	workoutTicks(workout: Workout): WorkoutTick[];
	bodyEvents: BodyEvent[];
	moods: Mood[];
	meals: MealWithItems[];
	heartrates: HeartRate[];
	genericEvents: GenericEvent[];
}

export const DEFAULT_SEED = 20140101;
export const DEFAULT_DAYS = 731;

// In the motivated month she tops up short days with an evening walk until the goal is met.
const TOP_UP_TARGET = DEMO_PERSON.stepGoal + 400;

function byTimeCreated<T extends { time_created: number; xid: string }>(a: T, b: T): number {
	return a.time_created - b.time_created || (a.xid < b.xid ? -1 : a.xid > b.xid ? 1 : 0);
}

export function generateDemoData(options: DemoOptions): DemoData {
	const seed = options.seed ?? DEFAULT_SEED;
	const days = options.days ?? DEFAULT_DAYS;
	if (!Number.isFinite(options.now)) throw new RangeError('generateDemoData needs a finite `now`');
	if (!Number.isInteger(days) || days < 1)
		throw new RangeError('`days` must be a positive integer');
	const nowSec = Math.floor(options.now / 1000);
	const streams = new Streams(seed);
	const calendar = buildCalendar(nowSec, days);

	const nights = new Map<number, SleepPlan | null>();
	const nightOf = (date: number): SleepPlan | null => {
		if (!nights.has(date)) nights.set(date, planNight(calendar, streams, date));
		return nights.get(date) ?? null;
	};

	const moves: Move[] = [];
	const sleeps: Sleep[] = [];
	const sleepTicks = new Map<string, SleepTick[]>();
	const workouts: Workout[] = [];
	const bodyEvents: BodyEvent[] = [];
	const moods: Mood[] = [];
	const meals: MealWithItems[] = [];
	const heartrates: HeartRate[] = [];
	const genericEvents: GenericEvent[] = [];
	const planByMove = new Map<string, DayPlan>();
	const planByWorkout = new Map<string, { plan: DayPlan; index: number }>();
	let lastWeight: number = DEMO_PERSON.startWeightKg;

	const addSleep = (plan: SleepPlan | null, kind: string): void => {
		if (!plan || plan.wake > nowSec) return;
		const xid = streams.xid(kind, plan.date);
		const { record, ticks } = sleepRecord(xid, plan);
		sleeps.push(record);
		sleepTicks.set(xid, ticks);
	};

	calendar.dates.forEach((date, daysIn) => {
		const tz = zoneOfDayStart(calendar, date);
		const start = dayStart(calendar, date);
		const dayEnd = dayStart(calendar, addDays(date, 1));
		const end = Math.min(dayEnd, Math.floor(nowSec / 60) * 60);
		if (end <= start) return;
		const tzs: [number, string][] = [[start, tz]];
		for (const span of calendar.zones) {
			if (span.from > start && span.from < dayEnd) tzs.push([span.from, span.tz]);
		}
		const nightBefore = nightOf(date);
		const nightAfter = nightOf(addDays(date, 1));
		const nap = planNap(calendar, streams, date);
		const weightKg = weightTrend(date, daysIn);
		let plan = planDay({
			calendar,
			streams,
			date,
			tz,
			tzs,
			start,
			dayEnd,
			end,
			nightBefore,
			nightAfter,
			nap,
			weightKg,
			bmrDay: bmrDay(weightKg, date)
		});
		let minutes: DayMinutes = renderDay(plan, streams);
		let summary = summariseDay(plan, minutes);
		const complete = end >= dayEnd;
		for (
			let attempt = 0;
			complete &&
			periodOf(calendar, date) === 'motivated' &&
			summary.steps < TOP_UP_TARGET &&
			attempt < 3;
			attempt++
		) {
			plan = withEveningWalk(plan, Math.ceil((TOP_UP_TARGET - summary.steps) / 100) + 8);
			minutes = renderDay(plan, streams);
			summary = summariseDay(plan, minutes);
		}

		const moveXid = streams.xid('move', date);
		moves.push(moveRecord(moveXid, plan, minutes, summary, nowSec));
		planByMove.set(moveXid, plan);
		plan.workouts.forEach((_workout, index) => {
			const xid = streams.xid('workout', date, index);
			const record = workoutRecord(xid, plan, minutes, index);
			if (!record) return;
			workouts.push(record);
			planByWorkout.set(xid, { plan, index });
		});

		addSleep(nightBefore, 'sleep');
		addSleep(nap, 'nap');

		const localTz = zoneOfNight(calendar, date);
		const ctx: DayContext = {
			calendar,
			streams,
			date,
			daysIn,
			tz: localTz,
			period: periodOf(calendar, date),
			wake: nightBefore?.wake ?? wallClock(date, 7 * 60 + 15, localTz),
			slept: nightBefore ? sleepSeconds(nightBefore) : null,
			steps: summary.steps,
			hadNightRecord: nightBefore !== null,
			nowSec,
			zones: [...new Set(tzs.map(([, zone]) => zone).reverse())],
			asleep: [nightBefore, nap, nightAfter]
				.filter((sleep) => sleep !== null)
				.map((sleep): [number, number] => [sleep.bed, sleep.wake]),
			bedtime: nightAfter?.bed ?? null
		};
		meals.push(...mealsOf(ctx));
		const body = bodyEventOf(ctx);
		if (body) {
			bodyEvents.push(body);
			lastWeight = body.weight ?? lastWeight;
		}
		const mood = moodOf(ctx);
		if (mood) moods.push(mood);
		const heartRate = heartRateOf(ctx);
		if (heartRate) heartrates.push(heartRate);
		genericEvents.push(...genericEventsOf(ctx));
	});

	for (const list of [
		moves,
		sleeps,
		workouts,
		bodyEvents,
		moods,
		meals,
		heartrates,
		genericEvents
	]) {
		list.sort(byTimeCreated);
	}

	// Ticks are rendered again on demand from the stored plan; one day is kept for repeated calls.
	let cached: { plan: DayPlan; minutes: DayMinutes } | null = null;
	const minutesOf = (plan: DayPlan): DayMinutes => {
		if (cached?.plan !== plan) cached = { plan, minutes: renderDay(plan, streams) };
		return cached.minutes;
	};

	const userXid = streams.xid('user', 'demo');
	return {
		homeTz: HOME_TZ,
		userXid,
		user: {
			xid: userXid,
			first: DEMO_PERSON.first,
			last: DEMO_PERSON.last,
			image: `/nudge/api/v.1.1/users/@me/image`,
			weight: lastWeight,
			height: DEMO_PERSON.heightM
		},
		settings: {
			xid: userXid,
			metric: 1,
			share_sleep: true,
			share_mood: true,
			share_body: false,
			share_eat: false,
			share_move: true,
			goals: { move: { steps: DEMO_PERSON.stepGoal }, sleep: { total: DEMO_PERSON.sleepGoalSec } }
		},
		friends: [0, 1, 2, 3].map((n) => streams.xid('friend', 'demo', n)),
		goals: {
			move_steps: DEMO_PERSON.stepGoal,
			sleep_total: DEMO_PERSON.sleepGoalSec,
			body_weight: DEMO_PERSON.goalWeightKg,
			body_weight_intent: DEMO_PERSON.weightIntent
		},
		moves,
		moveTicks(move) {
			const plan = planByMove.get(move.xid);
			return plan ? moveTicksOf(plan, minutesOf(plan)) : [];
		},
		sleeps,
		sleepTicks,
		workouts,
		workoutTicks(workout) {
			const found = planByWorkout.get(workout.xid);
			return found ? workoutTicksOf(found.plan, minutesOf(found.plan), found.index) : [];
		},
		bodyEvents,
		moods,
		meals,
		heartrates,
		genericEvents
	};
}

function sleepSeconds(plan: SleepPlan): number {
	let asleep = 0;
	plan.phases.forEach((phase, i) => {
		const until = plan.phases[i + 1]?.time ?? plan.wake;
		if (phase.depth !== 1) asleep += until - phase.time;
	});
	return asleep;
}
