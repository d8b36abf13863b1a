// What the Goals view shows: each day's steps and sleep against the goals, and the streaks of met days.
import type { GoalsV11, Move, Sleep } from '$lib/api';
import { plural } from '$lib/format';
import { dailyAttainment, streaks, type Streaks } from '$lib/metrics/goals';
import { movesToSeries, sleepsToSeries } from '$lib/metrics/series';
import type { DailyAttainment } from '$lib/metrics/types';
import { periodOf, type Period, type Span } from '$lib/views/controls/periods';
import { addDays, dateIntFromString } from '$lib/time/zone';
import { choiceParam } from '$lib/views/url-state';

export type GoalsSpan = Extract<Span, 'week' | 'month'>;

/** The span choices, as the buttons name them. */
export const GOALS_SPANS = [
	{ value: 'week', label: 'Week' },
	{ value: 'month', label: 'Month' }
] as const satisfies readonly { value: GoalsSpan; label: string }[];

/** What the Goals URL says: `?span=week&date=2026-03-30`; a month of today by default. */
export interface GoalsView {
	span: GoalsSpan;
	/** The date whose week or month is shown, or null for the person's today. */
	date: number | null;
}

export function parseGoalsView(url: URL): GoalsView {
	return {
		span: choiceParam(url, 'span', GOALS_SPANS, 'month'),
		date: dateIntFromString(url.searchParams.get('date') ?? '')
	};
}

/** The date shown and its whole week or month, once today is known. */
export function goalsPeriod(view: GoalsView, today: number): { date: number; period: Period } {
	const date = view.date ?? today;
	return { date, period: periodOf(date, view.span) };
}

/** Days of history the streaks are counted over (the longest streak is "in the last year"). */
export const STREAK_DAYS = 365;

/** The dates the streaks read: the year up to today. */
export function streakRange(today: number): Period {
	return { from: addDays(today, -(STREAK_DAYS - 1)), to: today };
}

export interface GoalAttainment {
	/** Steps per day against `move_steps`. */
	steps: DailyAttainment[];
	/** Time asleep per night (wake date, naps left out) against `sleep_total`. */
	sleep: DailyAttainment[];
}

/**
 * Each day of the period against today's goals: the API keeps only the current goal, so earlier
 * days are measured against it too (the page says so). Days after `today` are left out.
 */
export function goalAttainment(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	goals: Pick<GoalsV11, 'move_steps' | 'sleep_total'>,
	period: Period,
	today: number
): GoalAttainment {
	const range = { from: period.from, to: Math.min(period.to, today) };
	if (range.to < range.from) return { steps: [], sleep: [] };
	return {
		steps: dailyAttainment(
			movesToSeries(moves, 'steps', { range }).points,
			goals.move_steps ?? null
		),
		sleep: dailyAttainment(
			sleepsToSeries(sleeps, 'asleep', { range }).points,
			goals.sleep_total ?? null
		)
	};
}

/** Current and longest streaks of both goals, up to `today`. */
export function goalStreaks(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	goals: Pick<GoalsV11, 'move_steps' | 'sleep_total'>,
	today: number
): { steps: Streaks; sleep: Streaks } {
	const history = goalAttainment(moves, sleeps, goals, streakRange(today), today);
	return { steps: streaks(history.steps, today), sleep: streaks(history.sleep, today) };
}

/** How many days of a period met the goal, out of the days with data. */
export function metCount(days: readonly DailyAttainment[]): { met: number; counted: number } {
	let met = 0;
	let counted = 0;
	for (const day of days) {
		if (day.met === null) continue;
		counted++;
		if (day.met) met++;
	}
	return { met, counted };
}

/** "goal met on 3 of 7 days with data", "goal met on 0 of 1 night with data". */
export function metText(count: { met: number; counted: number }, unit: 'day' | 'night'): string {
	return `goal met on ${count.met} of ${count.counted} ${plural(count.counted, unit)} with data`;
}
