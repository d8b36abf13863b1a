// Calendar dates (YYYYMMDD labels, zone-free) and hours of the day as short English text.
import { parseDateInt, weekdayOfDate } from '$lib/time/zone';

// d3's default (en-US) names for `%a` and `%b`. Written out rather than taken from
// d3-time-format, whose locale machinery every page would otherwise load for a few labels.
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTHS = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec'
] as const;

/** `Mon 30 Mar` for a YYYYMMDD date. */
export function formatDay(dateInt: number): string {
	return `${WEEKDAYS[weekdayOfDate(dateInt)] ?? ''} ${formatShortDay(dateInt)}`;
}

/** `30 Mar` for a YYYYMMDD date. */
export function formatShortDay(dateInt: number): string {
	const { month, day } = parseDateInt(dateInt);
	return `${day} ${MONTHS[month - 1] ?? ''}`;
}

/** `30 Mar 2026` for a YYYYMMDD date. */
export function formatDate(dateInt: number): string {
	return `${formatShortDay(dateInt)} ${parseDateInt(dateInt).year}`;
}

/** `Mon 30 Mar 2026`: a day in a span longer than a year, which its day and month alone do not name. */
export function formatDayInYear(dateInt: number): string {
	return `${formatDay(dateInt)} ${parseDateInt(dateInt).year}`;
}

/**
 * A span of dates in the one style subtitles use: `23 – 29 Mar 2026`, `28 Feb – 6 Mar 2026`,
 * `29 Dec 2025 – 4 Jan 2026`, and `30 Mar 2026` for one day. The dash never starts a line.
 */
export function formatDateRange(from: number, to: number): string {
	const yearOf = (dateInt: number) => parseDateInt(dateInt).year;
	const monthOf = (dateInt: number) => Math.floor(dateInt / 100);
	const end = formatDate(to);
	if (from === to) return end;
	if (yearOf(from) !== yearOf(to)) return `${formatDate(from)}\u00a0– ${end}`;
	if (monthOf(from) === monthOf(to)) return `${parseDateInt(from).day}\u00a0– ${end}`;
	return `${formatShortDay(from)}\u00a0– ${end}`;
}

/** `Mar 2026` for a YYYYMMDD date. */
export function formatMonth(dateInt: number): string {
	const { year, month } = parseDateInt(dateInt);
	return `${MONTHS[month - 1] ?? ''} ${year}`;
}

/** `09:00` for an hour of the day. */
export function formatHour(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}
