// Calendar dates (YYYYMMDD labels, zone-free) and hours of the day as short English text.
import { MONTHS, WEEKDAYS } from '$lib/charts/axis-ticks';
import { dateIntToUtcMs } from '$lib/charts/scales';

/** `Mon 30 Mar` for a YYYYMMDD date. */
export function formatDay(dateInt: number): string {
	const date = new Date(dateIntToUtcMs(dateInt));
	return `${WEEKDAYS[date.getUTCDay()] ?? ''} ${formatShortDay(dateInt)}`;
}

/** `30 Mar` for a YYYYMMDD date. */
export function formatShortDay(dateInt: number): string {
	const date = new Date(dateIntToUtcMs(dateInt));
	return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''}`;
}

/** `Mar 2026` for a YYYYMMDD date. */
export function formatMonth(dateInt: number): string {
	const date = new Date(dateIntToUtcMs(dateInt));
	return `${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}

/** `09:00` for an hour of the day. */
export function formatHour(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}
