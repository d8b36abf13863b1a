// What the Mood view shows, from its URL: a month or a year of moods, and the chosen day beside its sleep and steps.
import type { Move, Sleep } from '$lib/api';
import type { MoodDay } from '$lib/cache/moods';
import type { Coverage, DayState, SpanStatus } from '$lib/coverage';
import { countOf, formatDay, formatDuration, formatInteger } from '$lib/format';
import type { LegendItem } from '$lib/charts/frame/legend';
import { calendarDays, type MoodCalendarDay } from '$lib/charts/mood-calendar/mood-calendar';
import type { ChartTable } from '$lib/charts/frame/table';
import { MOOD_SCALE, moodColor, moodName, moodRank, moodScore } from '$lib/metrics/mood';
import { insightDays } from '$lib/metrics/insights';
import type { Period, Span } from '$lib/views/controls/periods';
import { addDays, daysBetween, formatClock, formatDateInt, normalizeTz } from '$lib/time/zone';
import { dateParam, choiceParam } from '$lib/views/url-state';

export type MoodSpan = Extract<Span, 'month' | 'year'>;
export const MOOD_SPANS = [
	{ value: 'month', label: 'Month' },
	{ value: 'year', label: 'Year' }
] as const satisfies readonly { value: MoodSpan; label: string }[];

export interface MoodView {
	span: MoodSpan;
	/** The date the view is on, `YYYYMMDD`; null means the person's today. */
	date: number | null;
	/** The day chosen on the calendar, `YYYYMMDD`; null for none. */
	day: number | null;
}

/** `?span=year&date=2026-03-01&day=2026-03-14`; a month around today is the default. */
export function parseMoodView(url: URL): MoodView {
	const span = choiceParam(url, 'span', MOOD_SPANS, 'month');
	const date = dateParam(url, 'date', 0);
	const day = dateParam(url, 'day', 0);
	return { span, date: date === 0 ? null : date, day: day === 0 ? null : day };
}

/** What a change of span writes into the URL: the default is left out. */
export function spanParam(span: MoodSpan): MoodSpan | null {
	return span === 'month' ? null : span;
}

export const MOOD_RULE =
	'Each mood is dated by the day it was logged, in the zone it was logged in; a day shows its last mood. Sleep is the night that ended that morning.';

/**
 * The legend: every mood best to worst in its colour, with its score on the one scale the
 * dashboard uses (8 Amazing down to 1 Totally Done, as the table, the CSV and Insights), and a
 * day without a mood; while days are not read yet, their pale square too.
 */
export function moodLegend(unread: boolean): LegendItem[] {
	return [
		...MOOD_SCALE.map((entry) => ({
			label: `${entry.name} (${moodScore(entry.subType)})`,
			color: moodColor(moodRank(entry.subType))
		})),
		{ label: 'No mood logged', color: 'var(--border)', dashed: true },
		...(unread ? [{ label: 'Not read yet', color: 'var(--grid)' }] : [])
	];
}

/** What the page knows of a mood range's read, for its coverage. */
export interface MoodReadState {
	from: number;
	to: number;
	today: number;
	/** Dates the cache answers for (a mood or none logged); null before the cache was read. */
	answered: ReadonlySet<number> | null;
	/** Dates with a mood. */
	logged: ReadonlySet<number>;
	/** The service cannot be reached: what shows is what this browser stored. */
	offline: boolean;
	/** Why the last read failed (null when it did not, or offline). */
	error: string | null;
	/** When the moods shown were read (server epoch seconds): today is read as far as that. */
	lastSynced: number | null;
}

/**
 * What a range of moods rests on, in the model every view shares: a day answered is finished (or
 * "no record" without a mood), today answered is under way (a mood may still be logged), a day
 * not answered is not read yet (or failed, when the read failed), days to come are not yet. The
 * span is still read while days are unanswered and nothing failed; offline it is stale.
 */
export function moodCoverage(read: MoodReadState): Coverage {
	const { from, to, today } = read;
	const answered = read.answered ?? new Set<number>();
	const failed = read.error !== null && !read.offline;
	const states: DayState[] = [];
	let total = 0;
	let known = 0;
	let unread = 0;
	for (let i = 0; i <= daysBetween(from, to); i++) {
		const date = addDays(from, i);
		if (date > today) {
			states.push('future');
			continue;
		}
		total++;
		if (answered.has(date)) {
			known++;
			states.push(date === today ? 'underway' : read.logged.has(date) ? 'finished' : 'none');
		} else if (failed) {
			states.push('failed');
		} else {
			unread++;
			states.push('unread');
		}
	}
	const pending = unread > 0 && !read.offline;
	const status: SpanStatus = read.offline
		? { kind: 'stale', since: read.lastSynced }
		: failed
			? { kind: 'failed', reason: read.error ?? '' }
			: pending
				? { kind: 'loading' }
				: { kind: 'complete' };
	const asOf = answered.has(today) ? read.lastSynced : null;
	return { from, to, today, asOf, states, status, total, read: known, pending };
}

/** One day of the period as the table and the chosen-day panel show it. */
export interface MoodRow {
	date: number;
	mood: MoodDay | null;
	/** Not read from the API yet: its mood is not known. */
	unread: boolean;
	/** Seconds asleep in the night that ended that morning, or null. */
	asleep: number | null;
	steps: number | null;
}

/** The chosen day as its panel reads it: every line already in words. */
export interface ChosenDay {
	row: MoodRow;
	/** `Mon 23 Mar 2026` */
	heading: string;
	/** `After the walk (Energized) at 21:40`, `No mood logged`, `Not read yet`. */
	mood: string;
	asleep: string;
	steps: string;
	/** Logged from this dashboard, so it may be deleted here. */
	deletable: boolean;
}

export interface MoodModel {
	days: MoodCalendarDay[];
	rows: MoodRow[];
	table: ChartTable;
	/** The chosen day, when it lies in the period and is not after today. */
	chosen: ChosenDay | null;
	/** `Nov 2026 · 20 of 27 days with a mood` */
	subtitle: string;
	/** Days of the period with a mood, and how many of the period's days have passed and been read. */
	logged: number;
	counted: number;
	/** Whether days of the period are not read yet (or failed): the legend keys their square. */
	unread: boolean;
}

/** The calendar, table and chosen day of a period. */
export function moodModel(input: {
	moods: readonly MoodDay[];
	sleeps: readonly Sleep[];
	moves: readonly Move[];
	period: Period;
	today: number;
	day: number | null;
	/** What the moods rest on (moodCoverage); a day not read, or whose read failed, is not read yet. */
	coverage: Coverage;
	/** The period in words, for the subtitle (`Nov 2026`). */
	label: string;
}): MoodModel {
	const { period, today, coverage } = input;
	const byDate = new Map(input.moods.map((entry) => [entry.mood.date, entry]));
	const unread = new Set(
		coverage.states.flatMap((state, i) =>
			state === 'unread' || state === 'failed' ? [addDays(coverage.from, i)] : []
		)
	);
	const days = calendarDays(
		period.from,
		period.to,
		today,
		(date) => {
			const entry = byDate.get(date);
			return entry === undefined ? null : { subType: entry.mood.sub_type, title: entry.mood.title };
		},
		unread
	);
	const facts = new Map(
		insightDays(input.moves, input.sleeps, []).map((day) => [day.date, day] as const)
	);
	const rows: MoodRow[] = days
		.filter((day) => !day.future)
		.map((day) => ({
			date: day.date,
			mood: byDate.get(day.date) ?? null,
			unread: day.unread,
			asleep: facts.get(day.date)?.asleep ?? null,
			steps: facts.get(day.date)?.steps ?? null
		}));
	const chosen = rows.find((row) => row.date === input.day) ?? null;
	const logged = rows.filter((row) => row.mood !== null).length;
	const counted = rows.filter((row) => !row.unread).length;
	return {
		days,
		rows,
		table: moodTable(rows),
		chosen: chosen === null ? null : chosenDay(chosen),
		subtitle: `${input.label} · ${formatInteger(logged)} of ${countOf(counted, 'day')} with a mood`,
		logged,
		counted,
		unread: rows.some((row) => row.unread)
	};
}

/** The chosen day's panel in words: its mood (with the scale's name beside a title), night and steps. */
export function chosenDay(row: MoodRow): ChosenDay {
	return {
		row,
		heading: `${formatDay(row.date)} ${Math.floor(row.date / 10_000)}`,
		mood: row.mood === null ? (row.unread ? 'Not read yet' : 'No mood logged') : moodText(row.mood),
		asleep: row.asleep === null ? 'No record' : formatDuration(row.asleep),
		steps: row.steps === null ? 'No record' : formatInteger(row.steps),
		deletable: row.mood?.loggedHere === true
	};
}

/** `After the walk (Energized) at 21:40` on the clock of the zone it was logged in. */
function moodText(entry: MoodDay): string {
	const { mood } = entry;
	const name = moodName(mood.sub_type);
	const title = mood.title === name ? name : `${mood.title} (${name})`;
	return `${title} at ${formatClock(mood.time_created, normalizeTz(mood.details.tz))}`;
}

/**
 * Date (`2026-11-01`, as every CSV writes it), mood, its score on the dashboard's one scale (8
 * Amazing … 1 Totally Done), the title, sleep and steps: one row per day so far.
 */
export function moodTable(rows: readonly MoodRow[]): ChartTable {
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'mood', label: 'Mood' },
			{ key: 'score', label: 'Score (8 Amazing … 1 Totally Done)' },
			{ key: 'title', label: 'Title' },
			{ key: 'asleep', label: 'Asleep the night before', unit: 'minutes', format: minutes },
			{ key: 'steps', label: 'Steps', unit: 'steps', format: formatInteger }
		],
		rows: rows.map((row) => ({
			date: formatDateInt(row.date),
			mood:
				row.mood !== null
					? moodName(row.mood.mood.sub_type)
					: row.unread
						? 'not read yet'
						: 'no mood logged',
			score: row.mood === null ? null : moodScore(row.mood.mood.sub_type),
			title: row.mood?.mood.title ?? null,
			asleep: row.asleep === null ? null : Math.round(row.asleep / 6) / 10,
			steps: row.steps
		}))
	};
}

function minutes(value: number): string {
	return formatDuration(value * 60);
}
