// Fixed day slots of a week or month: one per calendar date, a visible gap where nothing was recorded.
import type { GoalsV11, Settings } from '$lib/api';
import { stateOn, type Coverage, type DayState } from '$lib/coverage';
import { addDays, daysBetween } from '$lib/time/zone';
import type { SeriesPoint } from './types';

/**
 * What a slot holds, in the coverage's words: a value for a finished day, no record for a day
 * read without one, today under way (its value so far), a day to come, a day not read yet, or one
 * whose read failed.
 */
export type DaySlotState = DayState;

export interface DaySlot {
	/** The calendar date `YYYYMMDD` (the record's own date: a move's `date`, a night's wake date). */
	dateInt: number;
	/** The day's value (today's so far); null for a day with nothing to show. */
	value: number | null;
	state: DaySlotState;
	/**
	 * Mean of the finished values of the `AVERAGE_DAYS` days ending on this date (days before the
	 * period included when given); null for a day to come or when none of those days has one.
	 */
	average: number | null;
}

/** Days in the trailing average drawn beside the daily bars. */
export const AVERAGE_DAYS = 7;

/**
 * One slot per date from `from` to `to`, in order, whatever the records hold: dates are
 * calendar labels (`YYYYMMDD`), so a week across a clock change still has seven slots and a
 * travel day that lasted 30 hours is still one slot. `points` are the values by date (null or
 * absent: no record) and may reach back before `from` for the first days' averages; `coverage`
 * says which days are over and read, which is today, which are to come or not read yet.
 * `todayOver`: today's value is whole once there (a night dated today ended this morning), so it
 * is a finished day; otherwise today is under way.
 */
export function daySlots(
	from: number,
	to: number,
	coverage: Coverage,
	points: readonly SeriesPoint[],
	options: { todayOver?: boolean } = {}
): DaySlot[] {
	const todayOver = options.todayOver ?? false;
	const byDate = new Map<number, number>();
	for (const point of points) {
		if (point.value !== null && Number.isFinite(point.value))
			byDate.set(point.dateInt, point.value);
	}
	// Today's value so far never joins an average.
	const finished = new Map(byDate);
	if (!todayOver) finished.delete(coverage.today);
	const slots: DaySlot[] = [];
	const days = daysBetween(from, to);
	for (let i = 0; i <= days; i++) {
		const dateInt = addDays(from, i);
		const day = stateOn(coverage, dateInt);
		if (day === 'future' || dateInt > coverage.today) {
			slots.push({ dateInt, value: null, state: 'future', average: null });
			continue;
		}
		const value = byDate.get(dateInt) ?? null;
		slots.push({
			dateInt,
			value,
			state: slotState(day, value, dateInt === coverage.today, todayOver),
			average: trailingMean(finished, dateInt)
		});
	}
	return slots;
}

/** A stored value shows even on a day not (fully) read; a read day without one has no record. */
function slotState(
	day: DayState,
	value: number | null,
	today: boolean,
	todayOver: boolean
): DaySlotState {
	if (today) {
		if (value === null && (day === 'failed' || day === 'unread')) return day;
		return todayOver && value !== null ? 'finished' : 'underway';
	}
	if (value !== null) return 'finished';
	return day === 'finished' || day === 'none' || day === 'underway' ? 'none' : day;
}

function trailingMean(byDate: ReadonlyMap<number, number>, dateInt: number): number | null {
	let sum = 0;
	let count = 0;
	for (let back = 0; back < AVERAGE_DAYS; back++) {
		const value = byDate.get(addDays(dateInt, -back));
		if (value === undefined) continue;
		sum += value;
		count++;
	}
	return count === 0 ? null : sum / count;
}

/** The figures beside the bars, and what they rest on. */
export interface SlotTotals {
	/** Sum of every value shown, today's so far included; null when there is none. */
	total: number | null;
	/** Mean of the finished days' values: today, under way, is never part of it. */
	mean: number | null;
	/** Finished days with a value (what the mean rests on). */
	days: number;
	/** Days read without a record. */
	missing: number;
	/** Whether today, under way, is among the slots (its value is in the total, not the mean). */
	underway: boolean;
	/** Days not read yet, and days whose read failed: the figures rest on part of the span. */
	unread: number;
	failed: number;
}

/** Sum and mean over the slots, and how many days they rest on. */
export function slotTotals(slots: readonly DaySlot[]): SlotTotals {
	let total: number | null = null;
	let finishedSum = 0;
	let days = 0;
	let missing = 0;
	let underway = false;
	let unread = 0;
	let failed = 0;
	for (const slot of slots) {
		if (slot.state === 'none') missing++;
		if (slot.state === 'unread') unread++;
		if (slot.state === 'failed') failed++;
		if (slot.state === 'underway') underway = true;
		if (slot.value === null) continue;
		total = (total ?? 0) + slot.value;
		if (slot.state !== 'finished') continue;
		finishedSum += slot.value;
		days++;
	}
	return {
		total,
		mean: days === 0 ? null : finishedSum / days,
		days,
		missing,
		underway,
		unread,
		failed
	};
}

/**
 * The daily goal a person set: steps, or sleep in seconds. The goals record is read first, the
 * settings' copy of the goals second; null when neither holds one (or the token may not read it).
 */
export function dailyGoal(
	goals: Pick<GoalsV11, 'move_steps' | 'sleep_total'> | undefined,
	settings: Pick<Settings, 'goals'> | undefined,
	which: 'steps' | 'sleep'
): number | null {
	const value =
		which === 'steps'
			? (goals?.move_steps ?? settings?.goals?.move?.steps)
			: (goals?.sleep_total ?? settings?.goals?.sleep?.total);
	return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
