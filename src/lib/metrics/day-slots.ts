// Fixed day slots of a week or month: one per calendar date, a visible gap where nothing was recorded.
import type { GoalsV11, Settings } from '$lib/api';
import { addDays, daysBetween } from '$lib/time/zone';
import type { SeriesPoint } from './types';

/**
 * What a slot holds: a recorded value, no record for a day that has passed (`missing`, shown as
 * "no record"), or a day still to come (`future`, left empty and not called missing).
 */
export type DaySlotState = 'recorded' | 'missing' | 'future';

export interface DaySlot {
	/** The calendar date `YYYYMMDD` (the record's own date: a move's `date`, a night's wake date). */
	dateInt: number;
	/** The day's value; null unless `state` is `recorded`. */
	value: number | null;
	state: DaySlotState;
	/**
	 * Mean of the recorded values of the `AVERAGE_DAYS` days ending on this date (days before the
	 * period included when given); null for a future day or when none of those days has a record.
	 */
	average: number | null;
}

/** Days in the trailing average drawn beside the daily bars. */
export const AVERAGE_DAYS = 7;

/**
 * One slot per date from `from` to `to`, in order, whatever the records hold: dates are
 * calendar labels (`YYYYMMDD`), so a week across a clock change still has seven slots and a
 * travel day that lasted 30 hours is still one slot. `points` are the values by date (null or
 * absent: no record) and may reach back before `from` for the first days' averages. Dates after
 * `today` are future slots, even when a value is (wrongly) present.
 */
export function daySlots(
	from: number,
	to: number,
	today: number,
	points: readonly SeriesPoint[]
): DaySlot[] {
	const byDate = new Map<number, number>();
	for (const point of points) {
		if (point.value !== null && Number.isFinite(point.value))
			byDate.set(point.dateInt, point.value);
	}
	const slots: DaySlot[] = [];
	const days = daysBetween(from, to);
	for (let i = 0; i <= days; i++) {
		const dateInt = addDays(from, i);
		if (dateInt > today) {
			slots.push({ dateInt, value: null, state: 'future', average: null });
			continue;
		}
		const value = byDate.get(dateInt) ?? null;
		slots.push({
			dateInt,
			value,
			state: value === null ? 'missing' : 'recorded',
			average: trailingMean(byDate, dateInt)
		});
	}
	return slots;
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

/** Sum and mean over the recorded slots, and how many there are: the figures beside the bars. */
export function slotTotals(slots: readonly DaySlot[]): {
	total: number | null;
	mean: number | null;
	days: number;
	missing: number;
} {
	let total = 0;
	let days = 0;
	let missing = 0;
	for (const slot of slots) {
		if (slot.state === 'missing') missing++;
		if (slot.value === null) continue;
		total += slot.value;
		days++;
	}
	return {
		total: days === 0 ? null : total,
		mean: days === 0 ? null : total / days,
		days,
		missing
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
