// Number, duration and date label formatting for chart text, tooltips and tables (zone-free).
import { format } from 'd3-format';
import { MONTHS, WEEKDAYS } from '$lib/charts/axis-ticks';
import { dateIntToUtcMs } from '$lib/charts/scales';
import { clockOfOffset } from '$lib/time/zone';

const integer = format(',d');
const oneDecimal = format(',.1f');
const percent = format('.0%');

export function formatInteger(value: number): string {
	return integer(Math.round(value));
}

export function formatPercent(ratio: number): string {
	return percent(ratio);
}

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
	return `${Number.isInteger(hours) ? String(hours) : oneDecimal(hours)} h`;
}

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

/** A quantity in its unit, as people read it: steps and kcal as integers, seconds as a duration. */
export function formatQuantity(value: number, unit: string): string {
	switch (unit) {
		case 'seconds':
		case 's':
			return formatDuration(value);
		case 'm':
			return Math.abs(value) >= 1000
				? `${oneDecimal(value / 1000)} km`
				: `${integer(Math.round(value))} m`;
		case 'kcal':
			return `${integer(Math.round(value))} kcal`;
		case 'steps':
			return `${integer(Math.round(value))} steps`;
		case '%':
			return percent(value / 100);
		case 'clock':
			return clockOfOffset(value);
		default:
			return unit ? `${oneDecimal(value)} ${unit}` : oneDecimal(value);
	}
}

const compact = format(',~s');
const upToTwoDecimals = format(',.2~f');

/** Tick labels for a quantity axis: durations in hours or minutes, other numbers compact (1.5k). */
export function axisNumber(unit: string): (value: number) => string {
	if (unit === 'seconds' || unit === 's') {
		return (value) =>
			Math.abs(value) >= 3 * 3600 ? formatHours(value) : `${Math.round(value / 60)} min`;
	}
	if (unit === '%') return (value) => percent(value);
	if (unit === 'clock') return clockOfOffset;
	// Small fractional ticks (0.5 mi) keep their decimals; counts stay whole.
	return (value) =>
		Math.abs(value) >= 1000
			? compact(value)
			: Number.isInteger(value)
				? integer(value)
				: upToTwoDecimals(value);
}

/** The unit as an axis title: `steps`, `kcal`; durations are already spelled out on the ticks. */
export function unitLabel(unit: string): string | undefined {
	return unit === 'seconds' || unit === 's' || unit === '%' || unit === 'clock' ? undefined : unit;
}
