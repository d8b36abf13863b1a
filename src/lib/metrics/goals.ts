// Goal gauges from today's remainders, daily attainment of a target and streaks of met days.
import type { GoalsV11 } from '$lib/api';
import { addDays } from '$lib/time/zone';
import type { DailyAttainment, GoalGauge, SeriesPoint } from './types';

export interface GoalGauges {
	gauges: GoalGauge[];
	/** Goals whose remainder is absent or null (the token lacks the scope, or no goal is set). */
	missing: GoalGauge['goal'][];
}

/**
 * Today's gauges from `remaining_for_day`: steps (move_read), sleep (sleep_read) and intake
 * calories (meal_read). `remaining` is what the API says is left, negative when exceeded;
 * `achieved` = target - remaining where a target exists. Eating is a budget the API gives only
 * as its remainder: with `eaten` (today's calories consumed, from the daily trend) the budget is
 * eaten + remaining and the gauge reads energy eaten against it; without it, the calorie
 * gauge's target and achieved are null.
 */
export function goalGauges(goals: GoalsV11, eaten: number | null = null): GoalGauges {
	const remaining = goals.remaining_for_day;
	const candidates: {
		goal: GoalGauge['goal'];
		unit: GoalGauge['unit'];
		target: number | null;
		left: number | null | undefined;
	}[] = [
		{
			goal: 'steps',
			unit: 'steps',
			target: goals.move_steps ?? null,
			left: remaining?.move_steps_remaining
		},
		{
			goal: 'sleep',
			unit: 'seconds',
			target: goals.sleep_total ?? null,
			left: remaining?.sleep_seconds_remaining
		},
		{
			goal: 'intake_calories',
			unit: 'kcal',
			target: null,
			left: remaining?.intake_calories_remaining
		}
	];
	const gauges: GoalGauge[] = [];
	const missing: GoalGauge['goal'][] = [];
	for (const { goal, unit, target, left } of candidates) {
		if (left === null || left === undefined || !Number.isFinite(left)) {
			missing.push(goal);
			continue;
		}
		const budget =
			goal === 'intake_calories' && eaten !== null && Number.isFinite(eaten) && eaten + left > 0
				? eaten + left
				: target;
		gauges.push({
			goal,
			remaining: left,
			target: budget,
			achieved: budget === null ? null : budget - left,
			unit,
			exceeded: left < 0
		});
	}
	return { gauges, missing };
}

/**
 * Each day against a target: ratio = value / target, met = value >= target. A day without a value
 * has null ratio and met; a missing or non-positive target leaves ratio null and met null.
 * Sorted by date ascending.
 */
export function dailyAttainment(
	values: readonly SeriesPoint[],
	target: number | null
): DailyAttainment[] {
	const usableTarget = target !== null && Number.isFinite(target) && target > 0 ? target : null;
	return [...values]
		.sort((a, b) => a.dateInt - b.dateInt)
		.map(({ dateInt, value }) => {
			const known = value !== null && Number.isFinite(value);
			return {
				dateInt,
				value,
				target,
				ratio: known && usableTarget !== null ? value / usableTarget : null,
				met: known && usableTarget !== null ? value >= usableTarget : null
			};
		});
}

export interface Streaks {
	/** Met days in a row ending today, or ending yesterday while today is not met yet. */
	current: number;
	longest: number;
	/** Last day of the longest streak (the most recent one on a tie); null when there is none. */
	longestEnd: number | null;
}

/**
 * Runs of consecutive calendar days with `met === true`. A day that is absent from the list, has
 * no data or was not met ends a run. The current streak ends at `today` (default: the last date
 * in the list) if today is met; if today is not met yet (false, null or absent) it ends at
 * yesterday, because the day is not over.
 */
export function streaks(attainment: readonly DailyAttainment[], today?: number): Streaks {
	const metDays = new Set<number>();
	let lastDate: number | null = null;
	for (const day of attainment) {
		if (day.met === true) metDays.add(day.dateInt);
		if (lastDate === null || day.dateInt > lastDate) lastDate = day.dateInt;
	}
	const sortedMet = [...metDays].sort((a, b) => a - b);
	let longest = 0;
	let longestEnd: number | null = null;
	let run = 0;
	let previous: number | null = null;
	for (const date of sortedMet) {
		run = previous !== null && addDays(previous, 1) === date ? run + 1 : 1;
		if (run >= longest) {
			longest = run;
			longestEnd = date;
		}
		previous = date;
	}
	const reference = today ?? lastDate;
	let current = 0;
	if (reference !== null) {
		let date = metDays.has(reference) ? reference : addDays(reference, -1);
		while (metDays.has(date)) {
			current++;
			date = addDays(date, -1);
		}
	}
	return { current, longest, longestEnd };
}
