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

/** `Mar 2026` for a YYYYMMDD date. */
export function formatMonth(dateInt: number): string {
	const { year, month } = parseDateInt(dateInt);
	return `${MONTHS[month - 1] ?? ''} ${year}`;
}

/** `09:00` for an hour of the day. */
export function formatHour(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}
