// Plain numbers as people read them: thousands separated, one decimal, whole percentages.
import { format } from 'd3-format';

const integer = format(',d');
const oneDecimal = format(',.1f');
const percent = format('.0%');

/** `10,234`: rounded to a whole number. */
export function formatInteger(value: number): string {
	return integer(Math.round(value));
}

/** `1,234.5`: one decimal, kept even when it is zero. */
export function formatDecimal(value: number): string {
	return oneDecimal(value);
}

/** `42%` for a ratio of 0.42. */
export function formatPercent(ratio: number): string {
	return percent(ratio);
}
