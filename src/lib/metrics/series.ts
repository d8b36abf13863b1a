// Daily series from moves and sleeps: one point per date, nights by wake date, naps only when asked.
import type { Move, Sleep } from '$lib/api';
import { addDays, daysBetween } from '$lib/time/zone';
import type { DateRange } from './compare';
import { asleepSeconds, isNap, nightDate } from './sleep';
import type { Series, SeriesPoint } from './types';

export type MoveField =
	| 'steps'
	| 'distance'
	| 'active_time'
	| 'inactive_time'
	| 'longest_active'
	| 'longest_idle'
	| 'calories'
	| 'bg_calories'
	| 'wo_calories'
	| 'wo_time'
	| 'wo_count'
	| 'bmr_day';

export const MOVE_FIELDS: Readonly<Record<MoveField, { label: string; unit: string }>> = {
	steps: { label: 'Steps', unit: 'steps' },
	distance: { label: 'Distance', unit: 'm' },
	active_time: { label: 'Active time', unit: 'seconds' },
	inactive_time: { label: 'Inactive time', unit: 'seconds' },
	longest_active: { label: 'Longest active stretch', unit: 'seconds' },
	longest_idle: { label: 'Longest idle stretch', unit: 'seconds' },
	calories: { label: 'Calories burned', unit: 'kcal' },
	bg_calories: { label: 'Calories outside workouts', unit: 'kcal' },
	wo_calories: { label: 'Workout calories', unit: 'kcal' },
	wo_time: { label: 'Workout time', unit: 'seconds' },
	wo_count: { label: 'Workouts', unit: 'count' },
	bmr_day: { label: 'Basal metabolic rate', unit: 'kcal' }
};

export type SleepField =
	'asleep' | 'duration' | 'latency' | 'light' | 'deep' | 'awake' | 'awakenings';

export const SLEEP_FIELDS: Readonly<Record<SleepField, { label: string; unit: string }>> = {
	asleep: { label: 'Time asleep', unit: 'seconds' },
	duration: { label: 'Time in bed', unit: 'seconds' },
	latency: { label: 'Time to fall asleep', unit: 'seconds' },
	light: { label: 'Light sleep', unit: 'seconds' },
	deep: { label: 'Deep sleep', unit: 'seconds' },
	awake: { label: 'Awake in bed', unit: 'seconds' },
	awakenings: { label: 'Awakenings', unit: 'count' }
};

export interface SeriesOptions {
	/** Give a point for every date of the range (null where none) and drop dates outside it. */
	range?: DateRange;
}

function toPoints(byDate: Map<number, number | null>, range: DateRange | undefined): SeriesPoint[] {
	if (!range) {
		return [...byDate.entries()]
			.map(([dateInt, value]) => ({ dateInt, value }))
			.sort((a, b) => a.dateInt - b.dateInt);
	}
	const points: SeriesPoint[] = [];
	const days = daysBetween(range.from, range.to);
	for (let i = 0, date = range.from; i <= days; i++, date = addDays(date, 1)) {
		points.push({ dateInt: date, value: byDate.get(date) ?? null });
	}
	return points;
}

/** A move field by `move.date`; of two moves on one date the later-updated wins. */
export function movesToSeries(
	moves: readonly Move[],
	field: MoveField,
	options: SeriesOptions = {}
): Series {
	const latest = new Map<number, Move>();
	for (const move of moves) {
		const seen = latest.get(move.date);
		if (!seen || move.time_updated >= seen.time_updated) latest.set(move.date, move);
	}
	const byDate = new Map<number, number | null>();
	for (const [dateInt, move] of latest) byDate.set(dateInt, move.details[field]);
	const { label, unit } = MOVE_FIELDS[field];
	return { id: `move.${field}`, label, unit, points: toPoints(byDate, options.range) };
}

function sleepValue(sleep: Sleep, field: SleepField): number | null {
	const { details } = sleep;
	switch (field) {
		case 'asleep':
			return asleepSeconds(sleep);
		case 'duration':
			return details.duration ?? sleep.time_completed - sleep.time_created;
		case 'latency': {
			const asleep = details.asleep_time;
			return asleep === null || asleep < sleep.time_created || asleep > sleep.time_completed
				? null
				: asleep - sleep.time_created;
		}
		case 'light':
		case 'deep':
		case 'awake':
		case 'awakenings':
			return details[field];
	}
}

/**
 * A sleep field by wake date (`nightDate`), naps left out unless `includeNaps`. Several sleeps on
 * one date (a broken night, or a night and a nap) are summed; the date is null only when every
 * one of them lacks the field.
 */
export function sleepsToSeries(
	sleeps: readonly Sleep[],
	field: SleepField,
	options: SeriesOptions & { includeNaps?: boolean } = {}
): Series {
	const byDate = new Map<number, number | null>();
	for (const sleep of sleeps) {
		if (!options.includeNaps && isNap(sleep)) continue;
		const dateInt = nightDate(sleep);
		const value = sleepValue(sleep, field);
		const previous = byDate.get(dateInt) ?? null;
		byDate.set(dateInt, value === null ? previous : (previous ?? 0) + value);
	}
	const { label, unit } = SLEEP_FIELDS[field];
	return { id: `sleep.${field}`, label, unit, points: toPoints(byDate, options.range) };
}
