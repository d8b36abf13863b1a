// API records built from what the vendors' exports hold: minute or daily moves, staged or summed sleeps, and the rest.
import type {
	BodyEvent,
	HeartRate,
	Move,
	MoveTick,
	Sleep,
	SleepTick,
	Workout
} from '$lib/api/records';
import { MoveTally } from '$lib/api/move-tally';
import { hourKey, localDateInt, zonedParts } from '$lib/time/zone';
import { WORKOUT_TITLES } from '../apple-mappings';
import { hoursAndMinutes, round, roundedCalories, wholeUnits, withThousands } from '../health-time';
import { phaseTotals, type PhaseStage } from '../sleep-phases';
import { importXid } from '../xid';

/** Which export a record came from: `details.import_source`, and the first part of its xid. */
export type VendorSource = 'fitbit' | 'garmin_connect' | 'oura';

/** One minute of activity, in the minute starting at `epoch`. */
export interface MinuteActivity {
	epoch: number;
	steps: number;
	meters: number;
	kcal: number;
}

/** What a day's workouts add to its move. */
export interface DayWorkouts {
	count: number;
	seconds: number;
	calories: number;
	longest: number;
}

/**
 * A day's move from its minutes (in time order, all on the local `date` in `tz`): a minute with
 * steps is active, a minute without steps between the day's first and last step is idle, as the
 * Apple Health importer counts them. `calories` is the day's energy as the export sums it
 * (basal included: neither Fitbit nor Garmin splits a minute's energy).
 */
export function minuteMove(
	source: VendorSource,
	date: number,
	tz: string,
	minutes: readonly MinuteActivity[],
	workouts: DayWorkouts | undefined
): { move: Move; ticks: MoveTick[] } {
	// Whole steps and metres per minute whose running sums match the rounded running totals.
	const stepsOf = wholeUnits(minutes.map((minute) => minute.steps));
	const metersOf = wholeUnits(minutes.map((minute) => minute.meters));
	let first = -1;
	let last = -1;
	minutes.forEach((minute, i) => {
		if (minute.steps > 0) {
			if (first < 0) first = i;
			last = i;
		}
	});
	const tally = new MoveTally();
	const ticks: MoveTick[] = [];
	let kcal = 0;
	let key = '';
	minutes.forEach((minute, i) => {
		const k = hourKey(minute.epoch, tz);
		if (k !== key) {
			key = k;
			tally.enterHour(k);
		}
		const minuteSteps = stepsOf[i] ?? 0;
		const minuteMeters = metersOf[i] ?? 0;
		kcal += minute.kcal;
		const active = minute.steps > 0;
		const worn = first >= 0 && i > first && i < last;
		tally.add({
			steps: minuteSteps,
			distance: minuteMeters,
			calories: minute.kcal,
			active: active ? 60 : 0,
			idle: !active && worn ? 60 : 0
		});
		if (!active && !worn) tally.pause();
		if (minuteSteps > 0 || minuteMeters > 0) {
			const seconds = minute.steps > 0 ? 60 : 0;
			ticks.push({
				distance: minuteMeters,
				time_completed: minute.epoch + 60,
				active_time: seconds,
				calories: round(minute.kcal, 3),
				steps: minuteSteps,
				time: minute.epoch,
				speed: seconds > 0 ? round(minuteMeters / seconds, 3) : 0
			});
		}
	});
	const start = minutes[0]?.epoch ?? 0;
	const end = (minutes[minutes.length - 1]?.epoch ?? 0) + 60;
	const woCalories = round(workouts?.calories ?? 0, 1);
	const calories = round(kcal, 1);
	return {
		move: {
			xid: importXid(source, 'move', date),
			title: `${withThousands(tally.steps)} steps`,
			type: 'move',
			time_created: start,
			time_updated: end,
			time_completed: end,
			date,
			snapshot_image: null,
			details: {
				distance: tally.distance,
				km: tally.distance / 1000,
				steps: tally.steps,
				active_time: tally.activeTime,
				longest_active: tally.longestActive,
				inactive_time: tally.inactiveTime,
				longest_idle: tally.longestIdle,
				calories,
				bmr_day: null,
				bmr: null,
				bg_calories: round(Math.max(0, calories - woCalories), 1),
				wo_calories: woCalories,
				wo_time: workouts?.seconds ?? 0,
				wo_active_time: null,
				wo_count: workouts?.count ?? 0,
				wo_longest: workouts?.longest ?? 0,
				tz,
				hourly_totals: roundedCalories(tally.hourly),
				import_source: source
			}
		},
		ticks
	};
}

/** A day's totals, for exports that keep no minutes (Garmin's and Oura's daily summaries). */
export interface DayTotals {
	date: number;
	tz: string;
	/** The instants the day starts and ends at (its midnights). */
	start: number;
	end: number;
	steps: number | null;
	meters: number | null;
	activeKcal: number | null;
	bmrKcal: number | null;
	activeSeconds: number | null;
}

/** A day's move without hourly detail (`details.daily_only`, as the UP export's days are). */
export function dailyMove(
	source: VendorSource,
	day: DayTotals,
	workouts: DayWorkouts | undefined
): Move {
	const woCalories = round(workouts?.calories ?? 0, 1);
	const bg = day.activeKcal === null ? null : round(Math.max(0, day.activeKcal - woCalories), 1);
	const meters = day.meters === null ? null : Math.round(day.meters);
	return {
		xid: importXid(source, 'move', day.date),
		title: `${withThousands(day.steps ?? 0)} steps`,
		type: 'move',
		time_created: day.start,
		time_updated: day.end,
		time_completed: day.end,
		date: day.date,
		snapshot_image: null,
		details: {
			distance: meters,
			km: meters === null ? null : meters / 1000,
			steps: day.steps === null ? null : Math.round(day.steps),
			active_time: day.activeSeconds,
			longest_active: null,
			inactive_time: null,
			longest_idle: null,
			calories:
				bg === null
					? null
					: round(woCalories + bg + ((day.bmrKcal ?? 0) / 86400) * (day.activeSeconds ?? 0), 1),
			bmr_day: day.bmrKcal === null ? null : round(day.bmrKcal, 1),
			bmr: day.bmrKcal === null ? null : round(day.bmrKcal, 1),
			bg_calories: bg,
			wo_calories: woCalories,
			wo_time: workouts?.seconds ?? 0,
			wo_active_time: null,
			wo_count: workouts?.count ?? 0,
			wo_longest: workouts?.longest ?? 0,
			tz: day.tz,
			hourly_totals: {},
			import_source: source,
			daily_only: true
		}
	};
}

export type Stage = PhaseStage;

/** One stretch of a night in one stage. */
export interface StageSpan {
	start: number;
	end: number;
	stage: Stage;
}

/** Tick depth: REM drawn as light (the API's phases have no REM depth), as for Apple Health. */
const DEPTH: Record<Stage, 1 | 2 | 3> = { awake: 1, light: 2, rem: 2, deep: 3 };

/** A sleep under 3 hours that starts between 09:00 and 20:00 is a nap (1 when 30 minutes or less). */
function subTypeOf(bed: number, wake: number, tz: string): 0 | 1 | 2 {
	const duration = wake - bed;
	const hour = zonedParts(bed, tz).hour;
	if (duration < 3 * 3600 && hour >= 9 && hour < 20) return duration <= 30 * 60 ? 1 : 2;
	return 0;
}

/** The fields every sleep shares, once its seconds per stage and its times are known. */
function sleepRecord(
	source: VendorSource,
	identity: number,
	bed: number,
	wake: number,
	tz: string,
	seconds: Record<Stage, number>,
	asleepAt: number,
	awokeAt: number,
	awakenings: number | null
): Sleep {
	const asleep = seconds.light + seconds.deep + seconds.rem;
	return {
		xid: importXid(source, 'sleep', identity),
		title: `for ${hoursAndMinutes(asleep)}`,
		type: 'sleep',
		sub_type: subTypeOf(bed, wake, tz),
		time_created: bed,
		time_completed: wake,
		date: localDateInt(wake, tz),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		snapshot_image: null,
		details: {
			smart_alarm_fire: 0,
			awake_time: awokeAt,
			asleep_time: asleepAt,
			awakenings,
			rem: seconds.rem,
			light: seconds.light,
			deep: seconds.deep,
			awake: seconds.awake,
			duration: wake - bed,
			tz,
			import_source: source
		}
	};
}

/**
 * A sleep from its stages (Fitbit's `levels.data`, Oura's five-minute phases): seconds per stage,
 * a tick at each change, gaps between stages read as awake; the night belongs to the local date
 * of waking.
 */
export function stagedSleep(
	source: VendorSource,
	spans: readonly StageSpan[],
	bed: number,
	wake: number,
	tz: string
): { record: Sleep; ticks: SleepTick[] } | null {
	const sorted = [...spans].sort((a, b) => a.start - b.start);
	const phases: { stage: Stage; time: number }[] = [];
	let cursor = bed;
	for (const span of sorted) {
		const start = Math.max(span.start, cursor);
		const end = Math.min(span.end, wake);
		if (end <= start) continue;
		if (start > cursor && phases.length > 0) phases.push({ stage: 'awake', time: cursor });
		if (phases[phases.length - 1]?.stage !== span.stage)
			phases.push({ stage: span.stage, time: start });
		cursor = end;
	}
	if (phases.length === 0 || !phases.some((phase) => phase.stage !== 'awake')) return null;
	if (cursor < wake) phases.push({ stage: 'awake', time: cursor });
	const { seconds, asleepAt, awokeAt, awakenings } = phaseTotals(phases, wake);
	const first = phases[0]?.time ?? bed;
	return {
		record: sleepRecord(
			source,
			first,
			bed,
			wake,
			tz,
			seconds,
			asleepAt ?? bed,
			awokeAt,
			awakenings
		),
		ticks: phases.map((phase) => ({ depth: DEPTH[phase.stage], time: phase.time }))
	};
}

/** A sleep from its totals alone (Garmin's sleepData): no ticks, since the export keeps no stages in time. */
export function summedSleep(
	source: VendorSource,
	bed: number,
	wake: number,
	tz: string,
	seconds: Record<Stage, number>
): Sleep {
	return sleepRecord(source, bed, bed, wake, tz, seconds, bed, wake, null);
}

/** A workout. `subType` is the API's table (see WORKOUT_TITLES). */
export function workoutRecord(
	source: VendorSource,
	fields: {
		start: number;
		end: number;
		tz: string;
		subType: number;
		seconds: number;
		meters: number | null;
		kcal: number | null;
		steps?: number | null;
		title?: string | null;
	}
): Workout {
	const meters = fields.meters === null ? null : Math.round(fields.meters);
	return {
		xid: importXid(source, 'workout', fields.start, fields.subType),
		title: fields.title ?? WORKOUT_TITLES[fields.subType] ?? 'Workout',
		type: 'workout',
		sub_type: fields.subType,
		time_created: fields.start,
		time_updated: fields.end,
		time_completed: fields.end,
		date: localDateInt(fields.start, fields.tz),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		route: null,
		image: null,
		snapshot_image: null,
		details: {
			...(fields.steps === undefined || fields.steps === null
				? {}
				: { steps: Math.round(fields.steps) }),
			time: Math.round(fields.seconds),
			meters,
			km: meters === null ? null : meters / 1000,
			intensity: null,
			calories: fields.kcal === null ? null : Math.round(fields.kcal),
			bmr: null,
			tz: fields.tz,
			import_source: source
		}
	};
}

/** A resting heart rate measured at `at` (bpm rounded). */
export function restingHeartRate(
	source: VendorSource,
	at: number,
	tz: string,
	bpm: number
): HeartRate {
	const rounded = Math.round(bpm);
	return {
		xid: importXid(source, 'heartrate', at),
		title: `${rounded} bpm`,
		time_created: at,
		time_updated: at,
		date: localDateInt(at, tz),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		resting_heartrate: rounded,
		details: { tz, import_source: source }
	};
}

/** A weigh-in: kilograms, body fat in percent and BMI where the scale or app recorded them. */
export function weighIn(
	source: VendorSource,
	at: number,
	tz: string,
	kg: number | null,
	bodyFat: number | null,
	bmi: number | null
): BodyEvent {
	return {
		xid: importXid(source, 'body', at),
		title: kg === null ? 'Body measurement' : `${round(kg, 1)} kg`,
		type: 'body',
		time_created: at,
		time_updated: at,
		date: localDateInt(at, tz),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		note: null,
		lean_mass: null,
		weight: kg === null ? null : round(kg, 3),
		body_fat: bodyFat === null ? null : round(bodyFat, 2),
		bmi: bmi === null ? null : round(bmi, 2),
		details: { tz, import_source: source }
	};
}

/** Adds a workout to its day's tally (for the day's move). */
export function tallyWorkout(byDay: Map<number, DayWorkouts>, workout: Workout): void {
	const seconds = workout.details.time ?? 0;
	const day = byDay.get(workout.date) ?? { count: 0, seconds: 0, calories: 0, longest: 0 };
	day.count++;
	day.seconds += seconds;
	day.calories += workout.details.calories ?? 0;
	day.longest = Math.max(day.longest, seconds);
	byDay.set(workout.date, day);
}
