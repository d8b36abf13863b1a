// A quantity in its unit (steps, kcal, metres, seconds, %, clock), for labels and axis ticks.
import { format } from 'd3-format';
import { clockOfOffset } from '$lib/time/zone';
import { formatDuration, formatHours } from './durations';
import { formatDecimal, formatInteger, formatPercent } from './numbers';

/** A quantity in its unit, as people read it: steps and kcal as integers, seconds as a duration. */
export function formatQuantity(value: number, unit: string): string {
	switch (unit) {
		case 'seconds':
		case 's':
			return formatDuration(value);
		case 'm':
			return Math.abs(value) >= 1000
				? `${formatDecimal(value / 1000)} km`
				: `${formatInteger(value)} m`;
		case 'kcal':
			return `${formatInteger(value)} kcal`;
		// A tenth of a milligram is below what a food label states: whole, with thousands separated.
		case 'mg':
			return `${formatInteger(value)} mg`;
		case 'steps':
			return `${formatInteger(value)} steps`;
		case '%':
			return formatPercent(value / 100);
		case 'clock':
			return clockOfOffset(value);
		default:
			return unit ? `${formatDecimal(value)} ${unit}` : formatDecimal(value);
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
	if (unit === '%') return formatPercent;
	if (unit === 'clock') return clockOfOffset;
	// Small fractional ticks (0.5 mi) keep their decimals; counts stay whole.
	return (value) =>
		Math.abs(value) >= 1000
			? compact(value)
			: Number.isInteger(value)
				? formatInteger(value)
				: upToTwoDecimals(value);
}

/** The unit as an axis title: `steps`, `kcal`; durations are already spelled out on the ticks. */
export function unitLabel(unit: string): string | undefined {
	return unit === 'seconds' || unit === 's' || unit === '%' || unit === 'clock' ? undefined : unit;
}
