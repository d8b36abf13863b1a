// A view's choices live in its URL: typed readers with defaults, and a writer that keeps the rest.
import { dateIntFromString, formatDateInt } from '$lib/time/zone';

/** A `YYYY-MM-DD` date parameter, or the fallback when absent or not a real date. */
export function dateParam(url: URL, name: string, fallback: number): number {
	const raw = url.searchParams.get(name);
	return (raw && dateIntFromString(raw)) || fallback;
}

/** One of a fixed set of values, or the fallback. */
export function enumParam<T extends string>(
	url: URL,
	name: string,
	values: readonly T[],
	fallback: T
): T {
	const raw = url.searchParams.get(name);
	return values.find((value) => value === raw) ?? fallback;
}

/** The value of one of a control's choices (`{ value, label }`), or the fallback. */
export function choiceParam<T extends string>(
	url: URL,
	name: string,
	choices: readonly { value: T }[],
	fallback: T
): T {
	return enumParam(
		url,
		name,
		choices.map((choice) => choice.value),
		fallback
	);
}

/** An integer within [min, max], or the fallback. */
export function intParam(
	url: URL,
	name: string,
	min: number,
	max: number,
	fallback: number
): number {
	const raw = url.searchParams.get(name);
	if (raw === null || !/^-?\d+$/.test(raw)) return fallback;
	const value = Number(raw);
	return value >= min && value <= max ? value : fallback;
}

export type ParamValue = string | number | null | undefined;

/**
 * The path and query of `url` with `updates` applied: null or undefined removes a parameter, a
 * `YYYYMMDD` number given under a name ending in "date" (or listed in `dates`) is written
 * `YYYY-MM-DD` so links stay readable.
 */
export function withParams(
	url: URL,
	updates: Record<string, ParamValue>,
	dates: readonly string[] = []
): string {
	const next = new URL(url);
	for (const [name, value] of Object.entries(updates)) {
		if (value === null || value === undefined || value === '') next.searchParams.delete(name);
		else if (typeof value === 'number' && (dates.includes(name) || /date$/i.test(name)))
			next.searchParams.set(name, formatDateInt(value));
		else next.searchParams.set(name, String(value));
	}
	next.searchParams.sort();
	const search = next.searchParams.toString();
	return `${next.pathname}${search ? `?${search}` : ''}`;
}
