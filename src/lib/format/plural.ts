// Nouns that agree with their count: `1 day`, `3 days`, `1,796 records`.
import { formatInteger } from './numbers';

/** The noun for `count`: `one` for exactly 1, else `many` (`one` with an `s` unless given). */
export function plural(count: number, one: string, many = `${one}s`): string {
	return count === 1 ? one : many;
}

/** `1 night`, `2 nights`, `1,796 records`: the count, grouped by thousands, and its noun. */
export function countOf(count: number, one: string, many?: string): string {
	return `${formatInteger(count)} ${plural(count, one, many)}`;
}
