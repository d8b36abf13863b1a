// What the Mood view shows, from its URL: a month or a year of moods, and the chosen day beside its sleep and steps.
import type { Move, Sleep } from '$lib/api';
import type { MoodDay } from '$lib/cache/moods';
import { formatDay, formatDuration, formatInteger } from '$lib/format';
import type { LegendItem } from '$lib/charts/frame/legend';
import { calendarDays, type MoodCalendarDay } from '$lib/charts/mood-calendar/mood-calendar';
import type { ChartTable } from '$lib/charts/frame/table';
import { MOOD_SCALE, moodColor, moodName, moodRank } from '$lib/metrics/mood';
import { insightDays } from '$lib/metrics/insights';
import type { Period, Span } from '$lib/views/controls/periods';
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

/** The legend: every mood best to worst in its colour, and a day without a mood. */
export const MOOD_LEGEND: readonly LegendItem[] = [
	...MOOD_SCALE.map((entry) => ({ label: entry.name, color: moodColor(moodRank(entry.subType)) })),
	{ label: 'No mood logged', color: 'var(--border)', dashed: true }
];

/** The status while a period's days are read: how many of how many. */
export function readingStatus(read: number, total: number): string {
	return `Reading moods: ${formatInteger(read)} of ${formatInteger(total)} days`;
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

export interface MoodModel {
	days: MoodCalendarDay[];
	rows: MoodRow[];
	table: ChartTable;
	/** The chosen day, when it lies in the period and is not after today. */
	chosen: MoodRow | null;
	/** Days of the period with a mood, and how many of the period's days have passed and been read. */
	logged: number;
	counted: number;
}

/** The calendar, table and chosen day of a period. */
export function moodModel(input: {
	moods: readonly MoodDay[];
	sleeps: readonly Sleep[];
	moves: readonly Move[];
	period: Period;
	today: number;
	day: number | null;
	/** Days not read from the API yet (moods.ts reads a period a span at a time); default none. */
	unread?: ReadonlySet<number>;
}): MoodModel {
	const { period, today } = input;
	const byDate = new Map(input.moods.map((entry) => [entry.mood.date, entry]));
	const days = calendarDays(
		period.from,
		period.to,
		today,
		(date) => {
			const entry = byDate.get(date);
			return entry === undefined ? null : { subType: entry.mood.sub_type, title: entry.mood.title };
		},
		input.unread
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
	return {
		days,
		rows,
		table: moodTable(rows),
		chosen,
		logged: rows.filter((row) => row.mood !== null).length,
		counted: rows.filter((row) => !row.unread).length
	};
}

/** Date, mood, its place on the scale, the title, sleep and steps: one row per day so far. */
export function moodTable(rows: readonly MoodRow[]): ChartTable {
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'mood', label: 'Mood' },
			{ key: 'rank', label: 'Place on the scale (1 best, 8 worst)' },
			{ key: 'title', label: 'Title' },
			{ key: 'asleep', label: 'Asleep the night before', unit: 'minutes', format: minutes },
			{ key: 'steps', label: 'Steps', unit: 'steps', format: formatInteger }
		],
		rows: rows.map((row) => ({
			date: formatDay(row.date),
			mood:
				row.mood !== null
					? moodName(row.mood.mood.sub_type)
					: row.unread
						? 'not read yet'
						: 'no mood logged',
			rank: row.mood === null ? null : moodRank(row.mood.mood.sub_type),
			title: row.mood?.mood.title ?? null,
			asleep: row.asleep === null ? null : Math.round(row.asleep / 6) / 10,
			steps: row.steps
		}))
	};
}

function minutes(value: number): string {
	return formatDuration(value * 60);
}
