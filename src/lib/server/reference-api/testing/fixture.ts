// A tiny hand-made dataset for the reference API's unit tests: three days in Berlin around the March 2026 DST change.
import type {
	BodyEvent,
	GenericEvent,
	HeartRate,
	MealWithItems,
	Mood,
	Move,
	MoveTick,
	Sleep,
	SleepTick,
	Workout,
	WorkoutTick
} from '$lib/api/records';
import { zonedToEpoch } from '$lib/time/zone';
import type { Dataset } from '../dataset';

export const FIXTURE_TZ = 'Europe/Berlin';
/** 2026-03-30 20:00 in Berlin (CEST), the e2e "now". */
export const FIXTURE_NOW_MS = Date.UTC(2026, 2, 30, 18, 0, 0);
export const FIXTURE_USER = 'fixtureUser01';

const at = (date: number, hour: number, minute = 0): number =>
	zonedToEpoch(
		Math.floor(date / 10000),
		Math.floor(date / 100) % 100,
		date % 100,
		hour,
		minute,
		0,
		FIXTURE_TZ
	);

const place = { place_lat: null, place_lon: null, place_acc: null, place_name: null };

function move(date: number, steps: number[]): Move {
	const hourly: Move['details']['hourly_totals'] = {};
	steps.forEach((count, hour) => {
		hourly[`${date}${String(hour + 8).padStart(2, '0')}`] = {
			distance: Math.round(count * 0.75),
			calories: count / 20,
			steps: count,
			active_time: Math.round(count / 2),
			inactive_time: 3600 - Math.round(count / 2),
			longest_active_time: Math.round(count / 4),
			longest_idle_time: 600
		};
	});
	const total = steps.reduce((a, b) => a + b, 0);
	return {
		xid: `move${date}`,
		title: `${total} steps`,
		type: 'move',
		time_created: at(date, 0),
		time_updated: at(date, 20),
		time_completed: at(date, 20),
		date,
		snapshot_image: `/nudge/api/v.1.1/moves/move${date}/image`,
		details: {
			distance: Math.round(total * 0.75),
			km: Math.round(total * 0.75) / 1000,
			steps: total,
			active_time: Math.round(total / 2),
			longest_active: 900,
			inactive_time: 40000,
			longest_idle: 5000,
			calories: 300,
			bmr_day: 1500,
			bmr: 1500,
			bg_calories: 200,
			wo_calories: 100,
			wo_time: 1800,
			wo_active_time: 1500,
			wo_count: 1,
			wo_longest: 1800,
			tz: FIXTURE_TZ,
			hourly_totals: hourly
		}
	};
}

function sleep(
	xid: string,
	date: number,
	ticks: SleepTick[],
	created: number,
	completed: number,
	subType: 0 | 2
): Sleep {
	const seconds = { 1: 0, 2: 0, 3: 0, 4: 0 };
	ticks.forEach((tick, i) => {
		seconds[tick.depth] += (ticks[i + 1]?.time ?? completed) - tick.time;
	});
	return {
		xid,
		title: subType === 0 ? 'Sleep' : 'Nap',
		type: 'sleep',
		sub_type: subType,
		time_created: created,
		time_completed: completed,
		date,
		...place,
		snapshot_image: `/nudge/api/v.1.1/sleeps/${xid}/image`,
		details: {
			smart_alarm_fire: 0,
			awake_time: completed,
			asleep_time: ticks[0]?.time ?? created,
			awakenings: ticks.slice(1).filter((t) => t.depth === 1).length,
			rem: 0,
			light: seconds[2],
			deep: seconds[3],
			awake: seconds[1],
			duration: completed - created,
			tz: FIXTURE_TZ
		}
	};
}

function workout(index: number, start: number): Workout {
	return {
		xid: `wo${String(index).padStart(2, '0')}`,
		title: 'Walk',
		type: 'workout',
		sub_type: 1,
		time_created: start,
		time_updated: start + 1800,
		time_completed: start + 1800,
		date: 20260330,
		...place,
		details: {
			time: 1800,
			meters: 2000,
			km: 2,
			intensity: 2,
			calories: 100,
			bmr: 1500,
			tz: FIXTURE_TZ
		}
	};
}

/** Builds the fixture; each call returns fresh objects. */
export function fixtureDataset(): Dataset {
	const nightTicks: SleepTick[] = [
		{ depth: 2, time: at(20260330, 0, 40) },
		{ depth: 3, time: at(20260330, 1, 30) },
		{ depth: 1, time: at(20260330, 3, 0) },
		{ depth: 2, time: at(20260330, 3, 10) }
	];
	const napTicks: SleepTick[] = [{ depth: 2, time: at(20260329, 14, 10) }];
	const night = sleep(
		'sleepNight30',
		20260330,
		nightTicks,
		at(20260329, 23, 0),
		at(20260330, 7, 59),
		0
	);
	const nap = sleep('sleepNap29', 20260329, napTicks, at(20260329, 14, 0), at(20260329, 14, 40), 2);
	// Twelve workouts on one day, two pairs sharing a start second, to exercise paging ties.
	const starts = [6, 7, 7, 8, 9, 10, 11, 12, 12, 13, 14, 15].map((hour) => at(20260330, hour));
	const workouts = starts.map((start, i) => workout(i, start));
	const meal: MealWithItems = {
		xid: 'meal30a',
		title: 'Lunch',
		note: null,
		type: 'meal',
		sub_type: 2,
		time_created: at(20260330, 12, 30),
		time_updated: at(20260330, 12, 30),
		time_completed: at(20260330, 12, 30),
		date: 20260330,
		...place,
		details: {
			num_drinks: 0,
			num_foods: 1,
			calories: 650,
			fiber: 8,
			protein: 30,
			fat: 20,
			carbohydrate: 80,
			saturated_fat: 6,
			unsaturated_fat: 14,
			polyunsaturated_fat: null,
			monounsaturated_fat: null,
			sugar: 10,
			potassium: null,
			sodium: 900,
			calcium: 200,
			cholesterol: 50,
			vitamin_c: null,
			vitamin_a: null,
			iron: null,
			tz: FIXTURE_TZ
		},
		items: { items: [], size: 0 }
	};
	const body = (xid: string, date: number, weight: number): BodyEvent => ({
		xid,
		title: 'Weight',
		type: 'body',
		time_created: at(date, 7, 30),
		time_updated: at(date, 7, 30),
		date,
		...place,
		note: null,
		lean_mass: null,
		weight,
		body_fat: 24,
		bmi: null,
		details: { tz: FIXTURE_TZ }
	});
	const mood = (xid: string, hour: number, subType: 1 | 4): Mood => ({
		xid,
		title: subType === 1 ? 'Amazing' : 'Meh',
		type: 'mood',
		sub_type: subType,
		time_created: at(20260330, hour),
		time_updated: at(20260330, hour),
		date: 20260330,
		...place,
		details: { tz: FIXTURE_TZ }
	});
	const heartrate: HeartRate = {
		xid: 'hr30',
		title: 'Resting heart rate',
		time_created: at(20260330, 7),
		time_updated: at(20260330, 7),
		date: 20260330,
		...place,
		resting_heartrate: 58,
		details: { tz: FIXTURE_TZ }
	};
	const generic: GenericEvent = {
		xid: 'gen30',
		title: 'Meditated',
		type: 'generic',
		time_created: at(20260330, 9),
		time_updated: at(20260330, 9),
		date: 20260330,
		...place,
		attributes: { minutes: 10 },
		details: { tz: FIXTURE_TZ }
	};
	const moveTicks = (m: Move): MoveTick[] =>
		m.date === 20260330
			? [
					{
						distance: 60,
						time_completed: at(20260330, 8, 1),
						active_time: 50,
						calories: 3,
						steps: 80,
						time: at(20260330, 8),
						speed: 1.2
					},
					{
						distance: 30,
						time_completed: at(20260330, 8, 2),
						active_time: 25,
						calories: 1.5,
						steps: 40,
						time: at(20260330, 8, 1),
						speed: 1.2
					}
				]
			: [];
	const workoutTicks = (w: Workout): WorkoutTick[] => [
		{
			distance: 100,
			active_time: 60,
			calories: 5,
			steps: 110,
			time: w.time_created,
			speed: 100 / 60
		}
	];
	return {
		homeTz: FIXTURE_TZ,
		userXid: FIXTURE_USER,
		user: {
			xid: FIXTURE_USER,
			first: 'Ada',
			last: 'Demo',
			image: null,
			weight: 64,
			height: 1.68
		},
		settings: {
			xid: FIXTURE_USER,
			metric: 1,
			share_sleep: true,
			share_mood: false,
			share_body: false,
			share_eat: true,
			share_move: true
		},
		friends: ['friendA', 'friendB'],
		goals: { move_steps: 10000, sleep_total: 28800, body_weight: 62, body_weight_intent: 0 },
		moves: [
			move(20260328, [1000, 2000]),
			move(20260329, [3000]),
			move(20260330, [4000, 500, 1500])
		],
		moveTicks,
		sleeps: [night, nap],
		sleepTicks: new Map([
			[night.xid, nightTicks],
			[nap.xid, napTicks]
		]),
		workouts,
		workoutTicks,
		bodyEvents: [body('body28', 20260328, 64.5), body('body30', 20260330, 64.1)],
		moods: [mood('mood30a', 8, 1), mood('mood30b', 19, 4)],
		meals: [meal],
		heartrates: [heartrate],
		genericEvents: [generic],
		profile: { gender: 1, birthDate: 19900101 }
	};
}
