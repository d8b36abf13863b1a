// What the Goals view shows: each day's steps and sleep against the goals, and the streaks of met days.
import type { GoalsV11, Move, Sleep } from '$lib/api';
import { attainmentTable, type AttainmentDay } from '$lib/charts/attainment-bars/attainment-bars';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import { basisOf, mayJudge, type Basis, type Coverage } from '$lib/coverage';
import { basisNote, countOf, dayStateWords, formatDay, plural } from '$lib/format';
import { daySlots } from '$lib/metrics/day-slots';
import { dailyAttainment, streaks } from '$lib/metrics/goals';
import { movesToSeries, sleepsToSeries } from '$lib/metrics/series';
import type { SeriesPoint } from '$lib/metrics/types';
import { periodLabel, periodOf, type Period, type Span } from '$lib/views/controls/periods';
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
	/** Steps per day against `move_steps`: every date of the period, in its state. */
	steps: AttainmentDay[];
	/** Time asleep per night (wake date, naps left out) against `sleep_total`. */
	sleep: AttainmentDay[];
}

/**
 * Each day of the slots against a goal, in the state its coverage gives: only a finished day is
 * judged (met or not); today under way keeps its share so far, unjudged; days to come are empty.
 */
function attainmentOf(
	points: readonly SeriesPoint[],
	target: number | null,
	period: Period,
	coverage: Coverage,
	todayOver: boolean
): AttainmentDay[] {
	const slots = daySlots(period.from, period.to, coverage, points, { todayOver });
	const judged = dailyAttainment(
		slots.map((slot) => ({ dateInt: slot.dateInt, value: slot.value })),
		target
	);
	return judged.map((day, index) => {
		const state = slots[index]?.state ?? 'unread';
		return { ...day, met: state === 'finished' ? day.met : null, state };
	});
}

/**
 * Each day of the period against today's goals: the API keeps only the current goal, so earlier
 * days are measured against it too (the page says so). Today's steps are under way; a night dated
 * today ended this morning, so it is judged whole.
 */
export function goalAttainment(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	goals: Pick<GoalsV11, 'move_steps' | 'sleep_total'>,
	period: Period,
	coverage: { moves: Coverage; sleeps: Coverage }
): GoalAttainment {
	return {
		steps: attainmentOf(
			movesToSeries(moves, 'steps', { range: period }).points,
			goals.move_steps ?? null,
			period,
			coverage.moves,
			false
		),
		sleep: attainmentOf(
			sleepsToSeries(sleeps, 'asleep', { range: period }).points,
			goals.sleep_total ?? null,
			period,
			coverage.sleeps,
			true
		)
	};
}

/** One goal's streaks as the table shows them, and what they rest on. */
export interface StreakRow {
	/** Met days in a row up to yesterday, or today once a night dated today is met. */
	current: number;
	/** "4 days", "at least 4 days" (the run reaches back to days not read). */
	currentText: string;
	/** The longest run of the year; null while the year is still read. */
	longest: number | null;
	/** "12 days, ending Tue 27 Jan", or why it waits. */
	longestText: string;
	/** What the longest rests on when not the whole year ("300 of 364 days; the rest could not be loaded"). */
	note: string | null;
}

function daysText(count: number): string {
	return countOf(count, 'day');
}

/**
 * The streaks of one goal over the year up to today, from days in their states: today under way
 * is left out (the current run ends yesterday); a run that reaches back to a day not read (or
 * failed) is "at least" so long; the longest waits until the year is read, and says what it rests
 * on when some of it could not be.
 */
export function streakRow(
	days: readonly AttainmentDay[],
	coverage: Coverage,
	today: number
): StreakRow {
	const run = streaks(days, today);
	const counted =
		days.find((day) => day.dateInt === today)?.met === true ? today : addDays(today, -1);
	const before = addDays(counted, -run.current);
	// The run reaches back to a day not read (or failed): it may be longer.
	const open = days.some(
		(day) => day.dateInt === before && (day.state === 'unread' || day.state === 'failed')
	);
	const first = days[0]?.dateInt;
	const basis = first === undefined ? null : basisOf(coverage, first, addDays(today, -1));
	const judged = mayJudge(coverage);
	const beforeState = days.find((day) => day.dateInt === before)?.state;
	const currentText = !open
		? daysText(run.current)
		: run.current === 0
			? dayStateWords(beforeState ?? 'unread')
			: `at least ${daysText(run.current)}`;
	return {
		current: run.current,
		currentText,
		longest: judged ? run.longest : null,
		longestText: !judged
			? `Waiting for the year to be read${basis === null ? '' : ` (${basisNote(basis) ?? ''})`}`
			: run.longestEnd === null
				? daysText(0)
				: `${daysText(run.longest)}, ending ${formatDay(run.longestEnd)}`,
		note: judged && basis !== null ? basisNote(basis) : null
	};
}

/** Current and longest streaks of both goals over the year up to `today`, as the table's rows. */
export function goalStreaks(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	goals: Pick<GoalsV11, 'move_steps' | 'sleep_total'>,
	today: number,
	coverage: { moves: Coverage; sleeps: Coverage }
): Array<StreakRow & { id: 'steps' | 'sleep'; name: string }> {
	const history = goalAttainment(moves, sleeps, goals, streakRange(today), coverage);
	return [
		{ id: 'steps', name: 'Steps', ...streakRow(history.steps, coverage.moves, today) },
		{ id: 'sleep', name: 'Sleep', ...streakRow(history.sleep, coverage.sleeps, today) }
	];
}

/** How many finished days of a period met the goal, out of those with data; and whether today is under way. */
export function metCount(days: readonly AttainmentDay[]): {
	met: number;
	counted: number;
	underway: boolean;
} {
	let met = 0;
	let counted = 0;
	let underway = false;
	for (const day of days) {
		if (day.state === 'underway' && day.value !== null) underway = true;
		if (day.met === null) continue;
		counted++;
		if (day.met) met++;
	}
	return { met, counted, underway };
}

/**
 * "goal met on 3 of 7 days with data", "goal met on 0 of 1 night with data", with what it rests
 * on: "; today under way, not counted yet", "; so far: 12 of 26 days".
 */
export function metText(
	count: { met: number; counted: number; underway?: boolean },
	unit: 'day' | 'night',
	basis: Basis | null = null
): string {
	const parts = [
		count.counted === 0
			? `no ${plural(2, unit)} with data${count.underway ? ' yet' : ''}`
			: `goal met on ${count.met} of ${count.counted} ${plural(count.counted, unit)} with data`
	];
	if (count.underway) parts.push('today under way, not counted yet');
	const rests = basis === null ? null : basisNote(basis);
	if (rests !== null) parts.push(rests);
	return parts.join('; ');
}

/** One goal's chart of the period: its days, the sentence under its title, its legend and table. */
export interface AttainmentCard {
	days: AttainmentDay[];
	subtitle: string;
	label: string;
	legend: LegendItem[];
	table: ChartTable;
}

const LEGEND: LegendItem[] = [
	{ label: 'Goal met', color: 'var(--accent)' },
	{ label: 'Below goal', color: 'var(--steps-usual)' },
	{ label: 'Dot above a bar: goal met', color: 'var(--accent)', mark: 'dot' },
	{ label: 'Goal (100%)', color: 'var(--text)', dashed: true }
];

function attainmentCard(
	days: AttainmentDay[],
	unit: 'steps' | 'seconds',
	noun: 'day' | 'night',
	name: string,
	label: string,
	basis: Basis
): AttainmentCard {
	const count = metCount(days);
	return {
		days,
		subtitle: `${label}: ${metText(count, noun, basis)}`,
		label: `${name}, ${label}`,
		legend: count.underway
			? [
					...LEGEND.slice(0, 2),
					{ label: 'Today so far', color: 'var(--accent)', mark: 'ring' },
					...LEGEND.slice(2)
				]
			: LEGEND,
		table: attainmentTable(days, unit)
	};
}

/** The week or month day by day: steps and sleep against their goals, each saying what it rests on. */
export function goalsDayByDay(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	goals: Pick<GoalsV11, 'move_steps' | 'sleep_total'>,
	period: Period,
	span: GoalsSpan,
	coverage: { moves: Coverage; sleeps: Coverage }
): { steps: AttainmentCard; sleep: AttainmentCard } {
	const days = goalAttainment(moves, sleeps, goals, period, coverage);
	const label = periodLabel(period, span);
	return {
		steps: attainmentCard(
			days.steps,
			'steps',
			'day',
			'Steps against the goal',
			label,
			basisOf(coverage.moves, period.from, period.to)
		),
		sleep: attainmentCard(
			days.sleep,
			'seconds',
			'night',
			'Time asleep against the goal',
			label,
			basisOf(coverage.sleeps, period.from, period.to)
		)
	};
}
