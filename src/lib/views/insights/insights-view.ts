// What the Insights view rests on: the last year of days, and the findings drawn from them.
import type { GoalsV11, Move, Sleep } from '$lib/api';
import type { MoodDay } from '$lib/cache/moods';
import { insightDays, insights, type Finding } from '$lib/metrics/insights';
import { addDays } from '$lib/time/zone';

/** Days looked back over, today included. */
export const INSIGHT_DAYS = 365;

/** The dates the findings read: the last year up to today. */
export function insightRange(today: number): { from: number; to: number } {
	return { from: addDays(today, -(INSIGHT_DAYS - 1)), to: today };
}

export const INSIGHTS_RULE =
	'Findings from your own records of the last 365 days. They show what went together, not what caused what; a comparison needs at least 14 days on each side before it is stated.';

/** The findings of the year up to today. */
export function insightsModel(input: {
	moves: readonly Move[];
	sleeps: readonly Sleep[];
	moods: readonly MoodDay[];
	goals: GoalsV11 | null;
	today: number;
}): Finding[] {
	const days = insightDays(
		input.moves,
		input.sleeps,
		input.moods.map((entry) => entry.mood)
	);
	return insights(days, { today: input.today, stepGoal: input.goals?.move_steps ?? null });
}
