// Small order statistics (mean, quantiles) shared by the metric modules; NaN-free inputs only.

/** Arithmetic mean, or null for an empty list. */
export function mean(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	let sum = 0;
	for (const value of values) sum += value;
	return sum / values.length;
}

/**
 * The p-quantile of values already sorted ascending, interpolating between neighbours (the R-7
 * rule used by d3-array and spreadsheets), or null for an empty list.
 */
export function quantileSorted(sorted: readonly number[], p: number): number | null {
	const n = sorted.length;
	if (n === 0) return null;
	const position = (n - 1) * Math.min(1, Math.max(0, p));
	const below = Math.floor(position);
	const lower = sorted[below] ?? 0;
	const upper = sorted[Math.min(n - 1, below + 1)] ?? lower;
	return lower + (upper - lower) * (position - below);
}

/** Values sorted ascending, as a new array. */
export function sortedAscending(values: readonly number[]): number[] {
	return [...values].sort((a, b) => a - b);
}

/** Median of unsorted values, or null for an empty list. */
export function median(values: readonly number[]): number | null {
	return quantileSorted(sortedAscending(values), 0.5);
}

/** Interquartile range (Q3 - Q1) of unsorted values, or null for an empty list. */
export function interquartileRange(values: readonly number[]): number | null {
	const sorted = sortedAscending(values);
	const q1 = quantileSorted(sorted, 0.25);
	const q3 = quantileSorted(sorted, 0.75);
	return q1 === null || q3 === null ? null : q3 - q1;
}
