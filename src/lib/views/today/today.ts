// What the Today view shows, in parts: the day's totals so far, each against the usual by this hour, last night against the goal.
import type { Move, Sleep } from '$lib/api';
import type { TrendSeries } from '$lib/client/api-client';
import { basisOf, stateOn, type Basis, type Coverage } from '$lib/coverage';
import {
	basisNote,
	formatChange,
	formatDay,
	formatInteger,
	formatQuantity,
	plural
} from '$lib/format';
import type { HourlyMetric } from '$lib/metrics/hourly';
import { sleepsToSeries } from '$lib/metrics/series';
import {
	formatDistance,
	formatDuration,
	formatSteps,
	MISSING,
	type UnitSystem
} from '$lib/metrics/units';
import { addDays, daysBetween, formatClock, formatDateInt, weekdayOfDate } from '$lib/time/zone';
import type { Period } from '$lib/views/controls/periods';
import { moveOn } from '$lib/views/activity/activity';
import { BY_THIS_HOUR_WEEKS, byThisHour, usualDates, type ByThisHour } from './by-this-hour';

/** Days of history last night is set against (the 7 days before today). */
export const HEADLINE_DAYS = 7;

/** The dates the sleep card needs: today and the 7 days before it. */
export function headlineRange(today: number): Period {
	return { from: addDays(today, -HEADLINE_DAYS), to: today };
}

/** Where Today points when today has no records: the latest day that has some. */
export interface LatestDayPointer {
	text: string;
	/** That day, `YYYY-MM-DD`, for Activity's `?date=`. */
	activityDate: string;
	linkText: string;
}

/**
 * The pointer to the latest day with records, for a today without any (an imported history that
 * ends in the past): null when there is no such day, or it is today.
 */
export function latestDayPointer(today: number, latest: number | null): LatestDayPointer | null {
	if (latest === null || latest >= today) return null;
	const ago = daysBetween(latest, today);
	const when = `${formatDay(latest)} ${Math.floor(latest / 10000)}`;
	return {
		text: `Nothing recorded today. Your latest records are from ${when}, ${ago === 1 ? 'yesterday' : `${ago} days ago`}.`,
		activityDate: formatDateInt(latest),
		linkText: `Show ${formatDay(latest)} ${Math.floor(latest / 10000)} in Activity`
	};
}

/** Calories eaten on `dateInt`, from a daily trends series (meal_read); null when not known. */
export function eatenOn(series: TrendSeries | null | undefined, dateInt: number): number | null {
	const bucket = series?.buckets.find(([date]) => date === dateInt);
	const eaten = bucket?.[1].e_calories;
	return typeof eaten === 'number' && Number.isFinite(eaten) ? eaten : null;
}

/** Records of a span and what they rest on; `records` undefined while nothing is read yet. */
export interface RangePart<T> {
	records: readonly T[] | undefined;
	coverage: Coverage;
}

/** What the Today view reads: today, the moves and sleeps with their coverage, the goals. */
export interface TodayInputs {
	dateInt: number;
	/** The person's zone: "as of 09:30" is on their clock. */
	zone: string;
	/** The moment the data stands at (the last sync), epoch seconds; null before any. */
	asOf: number | null;
	moves: RangePart<Move>;
	sleeps: RangePart<Sleep>;
	/** The daily steps goal and the sleep goal (seconds), or null without one. */
	stepsGoal: number | null;
	sleepGoal: number | null;
	system: UnitSystem;
}

/** One of today's totals so far, in the first row of the page. */
export interface TotalCard {
	id: 'steps' | 'distance' | 'active_time' | 'calories';
	label: string;
	value: string;
	/** What the value is against: "of 10,000 steps"; null when nothing is said under it. */
	detail: string | null;
}

/** Today's totals so far, as the band last reported them. */
export interface TodayTotals {
	cards: TotalCard[];
	/** "Nothing recorded yet today." when there is no record of today; else null. */
	note: string | null;
}

/**
 * Today's totals so far, what every peer leads with: steps against the goal ("4,737 of 10,000
 * steps"), distance, active time and active calories, each as the day's record holds it now. A
 * total the record does not carry reads "–", never 0.
 */
export function todayTotals(
	moves: readonly Move[],
	dateInt: number,
	stepsGoal: number | null,
	system: UnitSystem
): TodayTotals {
	const move = moveOn(moves, dateInt);
	const d = move?.details;
	return {
		note: move ? null : 'Nothing recorded yet today.',
		cards: [
			{
				id: 'steps',
				label: 'Steps',
				value: formatSteps(d?.steps ?? null),
				detail: stepsGoal === null ? 'steps' : `of ${formatQuantity(stepsGoal, 'steps')}`
			},
			{
				id: 'distance',
				label: 'Distance',
				value: formatDistance(d?.distance ?? null, system),
				detail: null
			},
			{
				id: 'active_time',
				label: 'Active time',
				value: formatDuration(d?.active_time ?? null),
				detail: null
			},
			{
				id: 'calories',
				label: 'Active calories',
				value:
					d?.calories === null || d?.calories === undefined
						? MISSING
						: formatQuantity(d.calories, 'kcal'),
				detail: null
			}
		]
	};
}

/** A figure set against the usual: today so far by this hour, or last night against the week. */
export interface HeadlineCard {
	id: 'move.steps' | 'move.active_time' | 'move.distance' | 'sleep';
	/** Which records it rests on: the page shows that read's failure in the card. */
	source: 'moves' | 'sleeps';
	label: string;
	value: string;
	/** What the value is against, under it ("of 8 h"); null when nothing is. */
	detail: string | null;
	/** The usual it is set against, in words, with what that rests on. */
	average: string;
	/** "+12% vs usual"; null unless the usual rests on every day it should. */
	change: string | null;
	/** Whether today is above (1), below (-1) or level with (0) the usual; null when unknown. */
	direction: -1 | 0 | 1 | null;
}

const WEEKDAYS = [
	'Sundays',
	'Mondays',
	'Tuesdays',
	'Wednesdays',
	'Thursdays',
	'Fridays',
	'Saturdays'
];

function hourText(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}

function direction(delta: number | null): -1 | 0 | 1 | null {
	return delta === null ? null : delta > 0 ? 1 : delta < 0 ? -1 : 0;
}

/** How the same weekdays the usual reads stand: all read, some still on their way, some failed. */
function usualStanding(coverage: Coverage, dateInt: number): 'read' | 'loading' | 'failed' {
	const states = usualDates(dateInt).map((date) => stateOn(coverage, date));
	if (states.includes('unread')) return 'loading';
	return states.includes('failed') ? 'failed' : 'read';
}

const MOVE_CARDS: ReadonlyArray<{
	id: HeadlineCard['id'];
	label: string;
	metric: HourlyMetric;
}> = [
	{ id: 'move.steps', label: 'Steps', metric: 'steps' },
	{ id: 'move.active_time', label: 'Active time', metric: 'active_time' },
	{ id: 'move.distance', label: 'Distance', metric: 'distance' }
];

/**
 * A move metric so far today against the median of the same hours on the same weekday of the
 * last 4 weeks (see `byThisHour`). The usual is said only of the weeks read: while they load it
 * waits, and weeks that failed are named; a record without the metric has no usual of 0.
 */
function soFarCard(
	card: (typeof MOVE_CARDS)[number],
	figure: ByThisHour,
	dateInt: number,
	standing: 'read' | 'loading' | 'failed',
	show: (value: number | null) => string
): HeadlineCard {
	const { hour, value, usual, days } = figure;
	const weekdays = WEEKDAYS[weekdayOfDate(dateInt)] ?? 'same weekdays';
	const over = hour >= 24;
	const by = over ? 'all day' : `by ${hourText(hour)}`;
	const base = {
		id: card.id,
		source: 'moves' as const,
		label: hour === 0 ? card.label : `${card.label} ${by}`,
		value: show(value),
		detail: null,
		change: null,
		direction: null
	};
	if (hour === 0) return { ...base, average: 'Too early in the day to compare' };
	if (standing === 'loading')
		return { ...base, average: `Reading the last ${BY_THIS_HOUR_WEEKS} weeks…` };
	const failed = standing === 'failed';
	const weeksText = `the last ${BY_THIS_HOUR_WEEKS} weeks`;
	if (usual === null) {
		return {
			...base,
			average: failed
				? `Couldn’t load ${weeksText} to compare with`
				: `No ${weekdays} recorded in ${weeksText}`
		};
	}
	const of = days === 1 ? `the one ${weekdays.slice(0, -1)}` : `${days} ${weekdays}`;
	const rest = failed ? '; the rest could not be loaded' : '';
	const delta = value === null ? null : value - usual;
	return {
		...base,
		average: `Usually ${show(usual)} ${over ? 'all day' : 'by this hour'} (median of ${of} in ${weeksText}${rest})`,
		change:
			delta === null || usual === 0 || failed
				? null
				: `${formatChange((100 * delta) / usual, 0)} vs usual`,
		direction: failed ? null : direction(delta)
	};
}

/** Steps, active time and distance so far today, each against the usual by this hour. */
export function usualCards(
	moves: readonly Move[],
	coverage: Coverage,
	dateInt: number,
	asOf: number,
	zone: string,
	system: UnitSystem
): HeadlineCard[] {
	const standing = usualStanding(coverage, dateInt);
	const shows: Record<HourlyMetric, (value: number | null) => string> = {
		steps: (value) => formatSteps(value),
		active_time: (value) => formatDuration(value),
		distance: (value) => formatDistance(value, system),
		calories: (value) => (value === null ? MISSING : formatQuantity(value, 'kcal'))
	};
	return MOVE_CARDS.map((card) =>
		soFarCard(
			card,
			byThisHour(moves, dateInt, asOf, zone, card.metric),
			dateInt,
			standing,
			shows[card.metric]
		)
	);
}

const LAST_NIGHT = 'Last night';

/** The mean of the nights that ended on the days before today, and what it rests on. */
function weekBefore(
	sleeps: readonly Sleep[],
	coverage: Coverage,
	dateInt: number
): { mean: number | null; nights: number; basis: Basis } {
	const from = addDays(dateInt, -HEADLINE_DAYS);
	const to = addDays(dateInt, -1);
	let sum = 0;
	let nights = 0;
	for (const point of sleepsToSeries(sleeps, 'asleep', { range: { from, to } }).points) {
		if (point.value === null) continue;
		sum += point.value;
		nights++;
	}
	return { mean: nights === 0 ? null : sum / nights, nights, basis: basisOf(coverage, from, to) };
}

/**
 * Last night: a finished night, read against the goal ("7 h 12 min of 8 h", never "to go") and
 * against the nights of the 7 days before. "No night recorded" is said only of days read; days
 * still on their way or that failed are named as such, and the change waits for all of them.
 */
export function lastNightCard(
	sleeps: readonly Sleep[],
	coverage: Coverage,
	dateInt: number,
	sleepGoal: number | null
): HeadlineCard {
	// A night broken into several records counts whole, as on the Sleep page; naps are apart.
	const asleep =
		sleepsToSeries(sleeps, 'asleep', { range: { from: dateInt, to: dateInt } }).points[0]?.value ??
		null;
	const week = weekBefore(sleeps, coverage, dateInt);
	const basis = basisNote(week.basis);
	const days = `the ${HEADLINE_DAYS} days before`;
	let average: string;
	if (week.mean !== null) {
		const over = `${formatDuration(week.mean)} on average over ${formatInteger(week.nights)} ${plural(week.nights, 'night')} of ${days}`;
		average = basis === null ? over : `${over} (${basis})`;
	} else if (week.basis.whole) average = `No night recorded in ${days}`;
	else if (week.basis.why === 'loading') average = `Reading ${days}…`;
	else if (week.basis.why === 'failed') average = `Couldn’t load ${days} to compare with`;
	else average = `No night stored in this browser for ${days}`;
	const delta = asleep === null || week.mean === null ? null : asleep - week.mean;
	const judged = week.basis.whole && delta !== null && week.mean !== null && week.mean > 0;
	return {
		id: 'sleep',
		source: 'sleeps',
		label: LAST_NIGHT,
		value: formatDuration(asleep),
		detail:
			asleep === null
				? 'No night recorded that ended today'
				: sleepGoal === null
					? 'asleep'
					: `of ${formatDuration(sleepGoal)}`,
		average,
		change:
			judged && week.mean !== null && delta !== null
				? `${formatChange((100 * delta) / week.mean, 0)} vs the week before`
				: null,
		direction: judged ? direction(delta) : null
	};
}

/** The whole of Today above its charts, in parts the page lays out one by one. */
export interface TodayView {
	/** "Fri 27 Nov 2026, in Europe/Berlin". */
	lead: string;
	/** "as of 09:30", or null before the first sync. */
	asOf: string | null;
	/** Today's totals so far; null while the moves are not read. */
	totals: TodayTotals | null;
	/**
	 * Each total against the usual by this hour, and last night; a card of a source not read yet
	 * has none, and its title says what it will show.
	 */
	usual: Array<{
		id: HeadlineCard['id'];
		source: HeadlineCard['source'];
		title: string;
		card: HeadlineCard | null;
	}>;
}

export function todayView(inputs: TodayInputs): TodayView {
	const { dateInt, zone, asOf, moves, sleeps, stepsGoal, sleepGoal, system } = inputs;
	const moveCards =
		moves.records === undefined || asOf === null
			? null
			: usualCards(moves.records, moves.coverage, dateInt, asOf, zone, system);
	const sleepCard =
		sleeps.records === undefined
			? null
			: lastNightCard(sleeps.records, sleeps.coverage, dateInt, sleepGoal);
	return {
		lead: `${formatDay(dateInt)} ${Math.floor(dateInt / 10000)}, in ${zone}`,
		asOf: asOf === null ? null : `as of ${formatClock(asOf, zone)}`,
		totals:
			moves.records === undefined ? null : todayTotals(moves.records, dateInt, stepsGoal, system),
		usual: [
			...MOVE_CARDS.map((card, index) => ({
				id: card.id,
				source: 'moves' as const,
				title: card.label,
				card: moveCards?.[index] ?? null
			})),
			{ id: 'sleep', source: 'sleeps', title: LAST_NIGHT, card: sleepCard }
		]
	};
}
