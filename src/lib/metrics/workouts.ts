// Workouts: their types in words, speed and pace from ticks, weekly and monthly volume in fixed
// slots, and personal records per type. Pure and zone-free: each workout carries its own date.
import type { Workout, WorkoutTick } from '$lib/api';
import { addDays, parseDateInt, weekdayOfDate } from '$lib/time/zone';
import type { UnitSystem } from './units';

/** The API's workout `sub_type` table, named as a person says it. */
export const WORKOUT_TYPE_NAMES: Readonly<Record<number, string>> = {
	1: 'Walk',
	2: 'Run',
	3: 'Lift weights',
	4: 'Cross training',
	5: 'Training programme',
	6: 'Yoga',
	7: 'Pilates',
	8: 'Body weight exercise',
	9: 'High-intensity conditioning',
	10: 'Home fitness programme',
	11: 'Dance fitness',
	12: 'Suspension training',
	13: 'Swim',
	14: 'Bike',
	15: 'Elliptical',
	16: 'Barre',
	17: 'Motion-sensor game',
	18: 'Tennis',
	19: 'Basketball',
	20: 'Golf',
	21: 'Soccer',
	22: 'Ski or snowboard',
	23: 'Dance',
	24: 'Hike',
	25: 'Cross-country skiing',
	26: 'Stationary bike',
	27: 'Cardio',
	28: 'Game',
	29: 'Other'
};

/** The name of a workout type; a type this dashboard does not know yet reads "Workout". */
export function workoutTypeName(subType: number): string {
	return WORKOUT_TYPE_NAMES[subType] ?? 'Workout';
}

/** The API's intensity scale in words (1 easy … 5 hard); null when not recorded. */
export function intensityName(intensity: number | null | undefined): string | null {
	const names = ['Easy', 'Moderate', 'Intermediate', 'Difficult', 'Hard'];
	return intensity === null || intensity === undefined ? null : (names[intensity - 1] ?? null);
}

// On foot (and in the pool) people read pace; on wheels and skis, speed.
const PACE_TYPES: ReadonlySet<number> = new Set([1, 2, 13, 24]);

// Types whose distance means something: on foot, in the pool, on wheels and on skis. A yoga
// session's few metres are the band counting steps between poses, not a distance.
const DISTANCE_TYPES: ReadonlySet<number> = new Set([1, 2, 13, 14, 22, 24, 25, 26]);

/** Whether a workout type covers a distance worth showing, ranking and reading as pace or speed. */
export function hasDistance(subType: number): boolean {
	return DISTANCE_TYPES.has(subType);
}

/** Whether a workout type is read as pace (time per km or mile) or speed (km/h or mph). */
export function speedReading(subType: number): 'pace' | 'speed' {
	return PACE_TYPES.has(subType) ? 'pace' : 'speed';
}

const METERS_PER_MILE = 1609.344;

/** m/s as km/h (metric) or mph (imperial). */
export function speedIn(metersPerSecond: number, system: UnitSystem): number {
	return system === 'imperial' ? (metersPerSecond * 3600) / METERS_PER_MILE : metersPerSecond * 3.6;
}

/** m/s as seconds per km (metric) or per mile (imperial); null when standing still. */
export function paceIn(metersPerSecond: number, system: UnitSystem): number | null {
	if (!(metersPerSecond > 0)) return null;
	return (system === 'imperial' ? METERS_PER_MILE : 1000) / metersPerSecond;
}

/** Pace as `5:07 /km` or `8:14 /mi`; "–" when there is none. */
export function formatPace(secondsPerUnit: number | null, system: UnitSystem): string {
	if (secondsPerUnit === null || !Number.isFinite(secondsPerUnit)) return '–';
	const total = Math.round(secondsPerUnit);
	const minutes = Math.floor(total / 60);
	const seconds = total % 60;
	return `${minutes}:${String(seconds).padStart(2, '0')} /${system === 'imperial' ? 'mi' : 'km'}`;
}

/** Speed as `24.3 km/h` or `15.1 mph`. */
export function formatSpeed(metersPerSecond: number, system: UnitSystem): string {
	const value = speedIn(metersPerSecond, system);
	return `${value.toFixed(1)} ${system === 'imperial' ? 'mph' : 'km/h'}`;
}

/** A workout's average speed over its whole time, m/s; null without distance or time. */
export function averageSpeed(workout: Pick<Workout, 'details'>): number | null {
	const meters = workout.details.meters ?? 0;
	const time = workout.details.time ?? 0;
	return meters > 0 && time > 0 ? meters / time : null;
}

/** One tick placed on the clock: where it starts and ends, and its rates. */
export interface TickSpan {
	/** Epoch seconds the bucket starts (the tick's own `time`). */
	start: number;
	/** Epoch seconds it ends: the next tick's start, or less after a pause. */
	end: number;
	/** Seconds since the workout's first tick. */
	elapsed: number;
	distance: number;
	steps: number;
	/** Meters per second over the bucket's active time; null when there was none. */
	speed: number | null;
	/** Steps per minute over the bucket's width. */
	cadence: number;
	/** True when a pause lies between the previous tick and this one (the line breaks). */
	afterGap: boolean;
}

function median(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1
		? (sorted[middle] ?? null)
		: ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Ticks laid on the clock from their own timestamps: a bucket runs to the next tick's start
 * (10 s, 60 s, or whatever the recording used), except after a pause, where it runs only as
 * long as the usual step between ticks and the next tick starts a new stretch. The last tick
 * runs as long as the usual step, or to the workout's end when it is the only one. Speed is the
 * bucket's distance over its active seconds (the API's own definition); cadence is steps per
 * minute of the bucket.
 */
export function tickSpans(ticks: readonly WorkoutTick[], workoutEnd?: number): TickSpan[] {
	const sorted = [...ticks].sort((a, b) => a.time - b.time);
	const gaps = sorted.slice(1).map((tick, index) => tick.time - (sorted[index]?.time ?? 0));
	const usual = median(gaps.filter((gap) => gap > 0));
	const first = sorted[0]?.time ?? 0;
	let pausedBefore = false;
	return sorted.map((tick, index) => {
		const distance = tick.distance ?? 0;
		const active = tick.active_time ?? 0;
		const steps = tick.steps ?? 0;
		const next = sorted[index + 1];
		const gap = next === undefined ? null : next.time - tick.time;
		let width: number;
		if (gap !== null && usual !== null && gap > usual * 1.5) width = usual;
		else if (gap !== null && gap > 0) width = gap;
		else if (usual !== null) width = usual;
		else width = Math.max(1, (workoutEnd ?? tick.time + 60) - tick.time);
		const afterGap = pausedBefore;
		pausedBefore = gap !== null && usual !== null && gap > usual * 1.5;
		return {
			start: tick.time,
			end: tick.time + width,
			elapsed: tick.time - first,
			distance,
			steps,
			speed: active > 0 ? distance / active : null,
			cadence: (steps / width) * 60,
			afterGap
		};
	});
}

/** Moving speed over the ticks: all distance over all active seconds, m/s; null without either. */
export function movingSpeed(ticks: readonly WorkoutTick[]): number | null {
	let distance = 0;
	let active = 0;
	for (const tick of ticks) {
		distance += tick.distance ?? 0;
		active += tick.active_time ?? 0;
	}
	return distance > 0 && active > 0 ? distance / active : null;
}

// ---------------------------------------------------------------------------------------------
// Volume in fixed slots

export type VolumeMeasure = 'time' | 'distance' | 'calories';

/** One week or month of workouts: every slot of the span is there, with or without workouts. */
export interface VolumeSlot {
	/** First date of the slot (a week's first day, a month's 1st), YYYYMMDD. */
	start: number;
	/** Last date of the slot, YYYYMMDD. */
	end: number;
	/** Workout seconds, meters and kcal in the slot; 0 when there were no workouts. */
	time: number;
	distance: number;
	calories: number;
	count: number;
	/** The slot reaches past `today`: not over yet, drawn apart and not compared as whole. */
	partial: boolean;
}

function emptySlot(start: number, end: number, today: number | undefined): VolumeSlot {
	return {
		start,
		end,
		time: 0,
		distance: 0,
		calories: 0,
		count: 0,
		partial: today !== undefined && end > today && start <= today
	};
}

function fillSlots(slots: VolumeSlot[], workouts: readonly Workout[]): VolumeSlot[] {
	for (const workout of workouts) {
		const slot = slots.find((s) => workout.date >= s.start && workout.date <= s.end);
		if (!slot) continue;
		slot.time += workout.details.time ?? 0;
		slot.distance += workout.details.meters ?? 0;
		slot.calories += workout.details.calories ?? 0;
		slot.count += 1;
	}
	return slots;
}

/** The first day of the week holding `dateInt`; weeks start on `weekStart` (0 Sunday, 1 Monday). */
export function weekStartOf(dateInt: number, weekStart = 1): number {
	return addDays(dateInt, -((weekdayOfDate(dateInt) - weekStart + 7) % 7));
}

/**
 * Every week from the one holding `from` to the one holding `to`, each with its workouts' totals
 * by the workout's own date (the day it began where it was recorded). A week without a workout
 * keeps its slot at zero, so gaps show; the week holding `today` is marked partial.
 */
export function weeklyVolume(
	workouts: readonly Workout[],
	from: number,
	to: number,
	options: { weekStart?: number; today?: number } = {}
): VolumeSlot[] {
	const slots: VolumeSlot[] = [];
	for (let start = weekStartOf(from, options.weekStart ?? 1); start <= to;) {
		const next = addDays(start, 7);
		slots.push(emptySlot(start, addDays(next, -1), options.today));
		start = next;
	}
	return fillSlots(slots, workouts);
}

/** Every calendar month from the one holding `from` to the one holding `to`, as `weeklyVolume`. */
export function monthlyVolume(
	workouts: readonly Workout[],
	from: number,
	to: number,
	options: { today?: number } = {}
): VolumeSlot[] {
	const slots: VolumeSlot[] = [];
	let { year, month } = parseDateInt(from);
	const last = parseDateInt(to);
	while (year < last.year || (year === last.year && month <= last.month)) {
		const start = year * 10000 + month * 100 + 1;
		const nextMonth =
			month === 12 ? (year + 1) * 10000 + 101 : year * 10000 + (month + 1) * 100 + 1;
		slots.push(emptySlot(start, addDays(nextMonth, -1), options.today));
		month += 1;
		if (month > 12) {
			month = 1;
			year += 1;
		}
	}
	return fillSlots(slots, workouts);
}

/** A slot's amount of one measure: seconds, meters or kcal. */
export function volumeOf(slot: VolumeSlot, measure: VolumeMeasure): number {
	return measure === 'time' ? slot.time : measure === 'distance' ? slot.distance : slot.calories;
}

// ---------------------------------------------------------------------------------------------
// Personal records

export type RecordKind = 'longest' | 'farthest' | 'fastest';

export interface PersonalRecord {
	kind: RecordKind;
	/** Seconds (longest), meters (farthest) or m/s (fastest). */
	value: number;
	/** The workout's own date, YYYYMMDD: the day the record was set. */
	date: number;
	xid: string;
}

export interface TypeRecords {
	subType: number;
	name: string;
	count: number;
	longest: PersonalRecord | null;
	farthest: PersonalRecord | null;
	fastest: PersonalRecord | null;
}

/** A workout needs this long for its average speed to count as a record. */
export const FASTEST_MIN_SECONDS = 5 * 60;

// Workouts are visited in the order they began, so a later one that only equals a record
// leaves it with the workout that set it first.
function better(
	current: PersonalRecord | null,
	kind: RecordKind,
	value: number,
	workout: Workout
): PersonalRecord | null {
	return current === null || value > current.value
		? { kind, value, date: workout.date, xid: workout.xid }
		: current;
}

/**
 * Per workout type: the longest (time), the farthest (distance) and the fastest (average speed
 * over the whole workout, at least five minutes long and with a distance); the last two only for
 * types that cover a distance. A tie goes to the
 * earliest workout. Types ordered by how many workouts they have, then by name.
 */
export function personalRecords(workouts: readonly Workout[]): TypeRecords[] {
	const byType = new Map<number, TypeRecords>();
	const ordered = [...workouts].sort(
		(a, b) => a.time_created - b.time_created || a.xid.localeCompare(b.xid)
	);
	for (const workout of ordered) {
		const records = byType.get(workout.sub_type) ?? {
			subType: workout.sub_type,
			name: workoutTypeName(workout.sub_type),
			count: 0,
			longest: null,
			farthest: null,
			fastest: null
		};
		records.count += 1;
		const time = workout.details.time ?? 0;
		const meters = workout.details.meters ?? 0;
		if (time > 0) records.longest = better(records.longest, 'longest', time, workout);
		if (!hasDistance(workout.sub_type)) {
			byType.set(workout.sub_type, records);
			continue;
		}
		if (meters > 0) records.farthest = better(records.farthest, 'farthest', meters, workout);
		const speed = averageSpeed(workout);
		if (speed !== null && time >= FASTEST_MIN_SECONDS) {
			records.fastest = better(records.fastest, 'fastest', speed, workout);
		}
		byType.set(workout.sub_type, records);
	}
	return [...byType.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
