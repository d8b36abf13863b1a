// Durations in seconds as hours and minutes, the one unit every duration label speaks.
import { formatDecimal } from './numbers';

/** Seconds as `7 h 05 min`, `45 min` or `0 min`; negative values keep their sign. */
export function formatDuration(seconds: number): string {
	const sign = seconds < 0 ? '-' : '';
	const minutes = Math.round(Math.abs(seconds) / 60);
	const hours = Math.floor(minutes / 60);
	const rest = minutes % 60;
	if (hours === 0) return `${sign}${rest} min`;
	return `${sign}${hours} h ${String(rest).padStart(2, '0')} min`;
}

/** Hours with one decimal, for axes measured in seconds (`7.5 h`). */
export function formatHours(seconds: number): string {
	const hours = seconds / 3600;
	return `${Number.isInteger(hours) ? String(hours) : formatDecimal(hours)} h`;
}
