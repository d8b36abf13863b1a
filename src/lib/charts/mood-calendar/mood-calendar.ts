// Layout of the mood calendar: a month as weeks of seven days, or a year as weekday rows by week columns.
import type { MoodSubType } from '$lib/api';
import { moodName, moodRank } from '$lib/metrics/mood';
import { addDays, daysBetween, parseDateInt, weekdayOfDate } from '$lib/time/zone';
import { MONTHS, formatDay } from '$lib/format';
import type { KeyMove } from '../frame/keyboard';
import { keyMove } from '../frame/keyboard';
import { round2 } from '../frame/scales';

export type CalendarKind = 'month' | 'year';

/** One date of the calendar's span, with its mood when one was logged. */
export interface MoodCalendarDay {
	date: number;
	mood: { subType: MoodSubType; title: string } | null;
	/** After the person's today: drawn empty, never "no mood". */
	future: boolean;
	/** Not read from the API yet (a year is read a day at a time): drawn pale, never "no mood". */
	unread: boolean;
}

export interface CalendarCell {
	index: number;
	date: number;
	x: number;
	y: number;
	size: number;
	/** Place on the good-to-bad scale (1 best), or null without a mood. */
	rank: number | null;
	/** Day of the month, written in the cell of a month calendar. */
	dayOfMonth: number;
	day: MoodCalendarDay;
}

export interface CalendarLabel {
	/** Position along the label's axis, plot pixels (centre of the cell, or its start). */
	at: number;
	text: string;
}

export interface MoodCalendarLayout {
	cells: CalendarCell[];
	/** Above the columns: weekday letters (month) or month names at their first week (year). */
	columnLabels: CalendarLabel[];
	/** Beside the rows: weekday names of a year calendar (Mon, Wed, Fri). */
	rowLabels: CalendarLabel[];
	columns: number;
	rows: number;
	/** Side of a cell's square, gap included. */
	pitch: number;
	/** Height the grid needs, plot pixels. */
	height: number;
}

const WEEKDAY_LETTERS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];
const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Largest cell side of a month calendar, px. */
const MONTH_PITCH_MAX = 64;
/** Largest cell side of a year calendar, px. */
const YEAR_PITCH_MAX = 16;

/** Monday = 0 … Sunday = 6: a week runs Monday to Sunday. */
export function mondayIndex(date: number): number {
	return (weekdayOfDate(date) + 6) % 7;
}

/**
 * Lays out consecutive `days` (oldest first). A month is seven columns Monday to Sunday with a
 * row per week; a year has a row per weekday and a column per week. Cells are squares as large
 * as the width allows, up to a cap.
 */
export function moodCalendarLayout(
	days: readonly MoodCalendarDay[],
	kind: CalendarKind,
	innerWidth: number
): MoodCalendarLayout {
	const first = days[0];
	if (first === undefined) {
		return { cells: [], columnLabels: [], rowLabels: [], columns: 0, rows: 0, pitch: 0, height: 0 };
	}
	const lead = mondayIndex(first.date);
	const weeks = Math.ceil((lead + days.length) / 7);
	const columns = kind === 'month' ? 7 : weeks;
	const rows = kind === 'month' ? weeks : 7;
	const cap = kind === 'month' ? MONTH_PITCH_MAX : YEAR_PITCH_MAX;
	const pitch = round2(Math.max(1, Math.min(cap, innerWidth / columns)));
	const gap = kind === 'month' ? 3 : 1.5;
	const size = round2(Math.max(1, pitch - gap));
	const cells = days.map((day, index): CalendarCell => {
		const slot = lead + index;
		const week = Math.floor(slot / 7);
		const weekday = slot % 7;
		const column = kind === 'month' ? weekday : week;
		const row = kind === 'month' ? week : weekday;
		return {
			index,
			date: day.date,
			x: round2(column * pitch),
			y: round2(row * pitch),
			size,
			rank: day.mood === null ? null : moodRank(day.mood.subType),
			dayOfMonth: parseDateInt(day.date).day,
			day
		};
	});
	const columnLabels: CalendarLabel[] =
		kind === 'month'
			? WEEKDAY_LETTERS.map((text, i) => ({ at: round2(i * pitch + size / 2), text }))
			: spaced(
					monthStarts(days, lead).map(({ week, month }) => ({
						at: round2(week * pitch),
						text: MONTHS[month - 1] ?? ''
					}))
				);
	const rowLabels: CalendarLabel[] =
		kind === 'month'
			? []
			: [0, 2, 4].map((i) => ({ at: round2(i * pitch + size / 2), text: WEEKDAY_NAMES[i] ?? '' }));
	return { cells, columnLabels, rowLabels, columns, rows, pitch, height: round2(rows * pitch) };
}

/** Room a month name needs, px: on a phone's narrow year every other month is named. */
const MONTH_LABEL_ROOM = 26;

/** Labels far enough apart to read, the first one kept. */
function spaced(labels: CalendarLabel[]): CalendarLabel[] {
	const kept: CalendarLabel[] = [];
	for (const label of labels) {
		const previous = kept.at(-1);
		if (previous === undefined || label.at - previous.at >= MONTH_LABEL_ROOM) kept.push(label);
	}
	return kept;
}

/** The week column each month starts in, leaving out one that would crowd the previous label. */
function monthStarts(
	days: readonly MoodCalendarDay[],
	lead: number
): { week: number; month: number }[] {
	const starts: { week: number; month: number }[] = [];
	for (const [index, day] of days.entries()) {
		const { day: dom, month } = parseDateInt(day.date);
		if (dom !== 1 && index !== 0) continue;
		const week = Math.floor((lead + index) / 7);
		const previous = starts.at(-1);
		// A span starting late in a month: its first label gives way to the next month's.
		if (previous !== undefined && week - previous.week < 3) starts.pop();
		starts.push({ week, month });
	}
	return starts;
}

/** The cell under a plot point (pointer and touch), or null between and outside cells. */
export function cellAt(layout: MoodCalendarLayout, x: number, y: number): number | null {
	if (layout.pitch <= 0) return null;
	const column = Math.floor(x / layout.pitch);
	const row = Math.floor(y / layout.pitch);
	if (column < 0 || row < 0 || column >= layout.columns || row >= layout.rows) return null;
	const first = layout.cells[0];
	if (first === undefined) return null;
	const lead = mondayIndex(first.date);
	const slot = layout.columns === 7 && layout.rows !== 7 ? row * 7 + column : column * 7 + row;
	const index = slot - lead;
	return index >= 0 && index < layout.cells.length ? index : null;
}

/**
 * Keys over the calendar: in a month, left and right step a day and up and down a week; in a year,
 * up and down step a day (a row is a weekday) and left and right a week.
 */
export function calendarMove(
	kind: CalendarKind,
	key: string,
	index: number,
	count: number
): KeyMove {
	if (kind === 'month') return keyMove(key, index, count, 7);
	const swapped: Record<string, string> = {
		ArrowUp: 'ArrowLeft',
		ArrowDown: 'ArrowRight',
		ArrowLeft: 'ArrowUp',
		ArrowRight: 'ArrowDown'
	};
	return keyMove(swapped[key] ?? key, index, count, 7);
}

/** What a cell says to a screen reader and in its tooltip's heading. */
export function cellLabel(cell: CalendarCell): string {
	const day = formatDay(cell.date);
	if (cell.day.future) return `${day}: not yet`;
	if (cell.day.unread) return `${day}: not read yet`;
	if (cell.day.mood === null) return `${day}: no mood logged`;
	const name = moodName(cell.day.mood.subType);
	const title = cell.day.mood.title;
	return title === name ? `${day}: ${name}` : `${day}: ${name} (“${title}”)`;
}

/**
 * The consecutive dates `from..to` with their moods, days after `today` marked future, and the
 * days in `unread` without a mood yet marked unread (a day already read shows its mood).
 */
export function calendarDays(
	from: number,
	to: number,
	today: number,
	moodOf: (date: number) => MoodCalendarDay['mood'],
	unread: ReadonlySet<number> = new Set()
): MoodCalendarDay[] {
	const count = daysBetween(from, to) + 1;
	return Array.from({ length: Math.max(0, count) }, (_, i) => {
		const date = addDays(from, i);
		const future = date > today;
		const mood = future ? null : moodOf(date);
		return { date, future, mood, unread: !future && mood === null && unread.has(date) };
	});
}
