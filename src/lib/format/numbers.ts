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

/**
 * A change in percent as people read it: `+4.2%`, `−19.1%` with a real minus sign (U+2212, never a
 * hyphen), `0%`; `decimals` at most (default one). The sign follows what is shown, so −0.04 reads
 * `0%`.
 */
export function formatChange(percent: number, decimals = 1): string {
	const shown = format(`,.${decimals}~f`)(Math.abs(percent));
	if (shown === '0') return '0%';
	return `${percent > 0 ? '+' : '\u2212'}${shown}%`;
}
