// Turns planned days and sleeps into the band's wire records (moves, sleeps, workouts) and their ticks.

import type { Move, MoveTick, Sleep, SleepTick, Workout, WorkoutTick } from '$lib/api';
import { localDate } from './fast-zone';
import { type DayMinutes, type DayPlan, type MoveSummary, minuteCalories } from './activity';
import { sunTimes } from './calendar';
import { AWAKE, DEEP, LIGHT, type SleepPlan } from './nights';
import { round } from './random';

const API = '/nudge/api/v.1.1';

/** `12345` -> `12,345`, without the machine's locale. */
export function withThousands(value: number): string {
	return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function hoursAndMinutes(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

const INTENSITIES = [1, 2, 3, 4, 5] as const;
const DEPTHS = { [AWAKE]: 1, [LIGHT]: 2, [DEEP]: 3 } as const;

/** One workout's totals, taken from the same minutes as the day's move. */
function workoutTotals(plan: DayPlan, minutes: DayMinutes, index: number) {
	const workout = plan.workouts[index];
	let steps = 0;
	let distance = 0;
	let active = 0;
	if (workout) {
		const first = Math.round((workout.start - plan.start) / 60);
		for (let m = first; m < first + workout.minutes; m++) {
			steps += minutes.steps[m] ?? 0;
			distance += minutes.distance[m] ?? 0;
			active += minutes.active[m] ?? 0;
		}
	}
	return { steps, distance, active };
}

export function workoutRecord(
	xid: string,
	plan: DayPlan,
	minutes: DayMinutes,
	index: number
): Workout | null {
	const workout = plan.workouts[index];
	if (!workout) return null;
	const totals = workoutTotals(plan, minutes, index);
	const time = workout.minutes * 60;
	const end = workout.start + time;
	const bmr = round((plan.bmrDay / 86400) * time, 2);
	const image = `${API}/workouts/${xid}/image`;
	const outdoor =
		workout.subType === 1 ||
		workout.subType === 2 ||
		workout.subType === 14 ||
		workout.subType === 24;
	return {
		xid,
		title: workout.title,
		type: 'workout',
		sub_type: workout.subType,
		time_created: workout.start,
		time_updated: end,
		time_completed: end,
		date: localDate(workout.start, workout.tz),
		place_lat: workout.place?.lat ?? null,
		place_lon: workout.place?.lon ?? null,
		place_acc: workout.place?.acc ?? null,
		place_name: workout.place?.name ?? null,
		route: outdoor && workout.place ? image : null,
		image,
		snapshot_image: image,
		details: {
			steps: totals.steps,
			time,
			bg_active_time: totals.active,
			meters: totals.distance,
			km: totals.distance / 1000,
			intensity: INTENSITIES[workout.intensity - 1] ?? 3,
			calories: workout.calories,
			bmr,
			bmr_calories: bmr,
			bg_calories: round(workout.calories - bmr, 2),
			tz: workout.tz
		}
	};
}

function split(value: number, parts: number, part: number): number {
	return Math.floor(value / parts) + (part < value % parts ? 1 : 0);
}

/** A workout's buckets: 60 s, or 10 s for runs and rides (each minute split evenly). */
export function workoutTicksOf(plan: DayPlan, minutes: DayMinutes, index: number): WorkoutTick[] {
	const workout = plan.workouts[index];
	if (!workout) return [];
	const first = Math.round((workout.start - plan.start) / 60);
	const parts = workout.tickWidth === 10 ? 6 : 1;
	const ticks: WorkoutTick[] = [];
	for (let m = first; m < first + workout.minutes; m++) {
		const steps = minutes.steps[m] ?? 0;
		const distance = minutes.distance[m] ?? 0;
		const active = minutes.active[m] ?? 0;
		const milli = Math.round((minutes.woCal[m] ?? 0) * 1000);
		for (let part = 0; part < parts; part++) {
			const bucketDistance = split(distance, parts, part);
			const bucketActive = split(active, parts, part);
			ticks.push({
				distance: bucketDistance,
				active_time: bucketActive,
				calories: split(milli, parts, part) / 1000,
				steps: split(steps, parts, part),
				time: plan.start + m * 60 + part * (60 / parts),
				speed: bucketActive > 0 ? bucketDistance / bucketActive : 0
			});
		}
	}
	return ticks;
}

export function moveRecord(
	xid: string,
	plan: DayPlan,
	minutes: DayMinutes,
	summary: MoveSummary,
	nowSec: number
): Move {
	const complete = plan.end >= plan.dayEnd;
	const woCalories = plan.workouts.reduce((sum, w) => sum + w.calories, 0);
	const woTime = plan.workouts.reduce((sum, w) => sum + w.minutes * 60, 0);
	const woLongest = plan.workouts.reduce((longest, w) => Math.max(longest, w.minutes * 60), 0);
	const { sunrise, sunset } = sunTimes(plan.date, plan.tz);
	const image = `${API}/moves/${xid}/image`;
	const woActive = plan.workouts.reduce(
		(sum, _workout, index) => sum + workoutTotals(plan, minutes, index).active,
		0
	);
	const hourly: Move['details']['hourly_totals'] = {};
	for (const [key, hour] of Object.entries(summary.hourly)) hourly[key] = { ...hour };
	return {
		xid,
		title: `${withThousands(summary.steps)} steps`,
		type: 'move',
		time_created: plan.start,
		time_updated: complete ? Math.min(nowSec, plan.dayEnd) : nowSec,
		time_completed: complete ? summary.lastActivity : plan.end,
		date: plan.date,
		snapshot_image: image,
		details: {
			distance: summary.distance,
			km: summary.distance / 1000,
			steps: summary.steps,
			active_time: summary.activeTime,
			longest_active: summary.longestActive,
			inactive_time: summary.inactiveTime,
			longest_idle: summary.longestIdle,
			calories: woCalories + summary.bgCalories + (plan.bmrDay / 86400) * summary.activeTime,
			bmr_day: plan.bmrDay,
			bmr: complete
				? plan.bmrDay
				: round((plan.bmrDay * (plan.end - plan.start)) / (plan.dayEnd - plan.start), 2),
			bg_calories: summary.bgCalories,
			wo_calories: woCalories,
			wo_time: woTime,
			wo_active_time: woActive,
			wo_count: plan.workouts.length,
			wo_longest: woLongest,
			sunrise,
			sunset,
			tz: plan.tz,
			tzs: plan.tzs.map(([from, tz]): [number, string] => [from, tz]),
			hourly_totals: hourly
		}
	};
}

/** The move's 60-second buckets: only minutes with activity. */
export function moveTicksOf(plan: DayPlan, minutes: DayMinutes): MoveTick[] {
	const ticks: MoveTick[] = [];
	for (let m = 0; m < minutes.count; m++) {
		const active = minutes.active[m] ?? 0;
		if (active === 0 || minutes.sleeping[m]) continue;
		const distance = minutes.distance[m] ?? 0;
		const time = plan.start + m * 60;
		ticks.push({
			distance,
			time_completed: time + 60,
			active_time: active,
			calories: minuteCalories(minutes, m, plan.bmrDay),
			steps: minutes.steps[m] ?? 0,
			time,
			speed: distance / active
		});
	}
	return ticks;
}

export function sleepRecord(xid: string, sleep: SleepPlan): { record: Sleep; ticks: SleepTick[] } {
	const seconds = { [AWAKE]: 0, [LIGHT]: 0, [DEEP]: 0 };
	let awakenings = 0;
	const ticks: SleepTick[] = [];
	sleep.phases.forEach((phase, i) => {
		const until = sleep.phases[i + 1]?.time ?? sleep.wake;
		const depth = phase.depth === AWAKE ? AWAKE : phase.depth === DEEP ? DEEP : LIGHT;
		seconds[depth] += until - phase.time;
		if (depth === AWAKE) awakenings++;
		ticks.push({ depth: DEPTHS[depth], time: phase.time });
	});
	const asleep = sleep.phases[0]?.time ?? sleep.bed;
	return {
		record: {
			xid,
			title: `for ${hoursAndMinutes(seconds[LIGHT] + seconds[DEEP])}`,
			type: 'sleep',
			sub_type: sleep.subType,
			time_created: sleep.bed,
			time_completed: sleep.wake,
			date: localDate(sleep.wake, sleep.tz),
			place_lat: null,
			place_lon: null,
			place_acc: null,
			place_name: null,
			snapshot_image: `${API}/sleeps/${xid}/image`,
			details: {
				smart_alarm_fire: sleep.smartAlarmFire,
				awake_time: sleep.wake,
				asleep_time: asleep,
				awakenings,
				rem: 0,
				light: seconds[LIGHT],
				deep: seconds[DEEP],
				awake: seconds[AWAKE],
				duration: sleep.wake - sleep.bed,
				tz: sleep.tz
			}
		},
		ticks
	};
}
