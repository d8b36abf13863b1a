// Layout of the change bars under a comparison table: an axis spanning the changes' own range.

/** Changes within this many percent either side of zero still get an axis this wide. */
const MIN_SPAN = 20;

/**
 * The change axis's extent: from the largest loss to the largest gain (zero always in it), with
 * three tenths of the span added on each side that has bars, for their labels. Gains from +2 to
 * +79 % and a loss of −26 % read on about −58 % to +110 %, not on ±140 % around zero.
 */
export function changeDomain(changes: readonly (number | null)[]): [number, number] {
	const known = changes.filter(
		(change): change is number => change !== null && Number.isFinite(change)
	);
	let low = Math.min(0, ...known);
	let high = Math.max(0, ...known);
	if (high - low < MIN_SPAN) {
		// Small changes keep room around zero on the sides that have them (both when none does).
		const room = MIN_SPAN - (high - low);
		const losses = low < 0;
		const gains = high > 0 || !losses;
		if (losses && gains) {
			low -= room / 2;
			high += room / 2;
		} else if (losses) low -= room;
		else high += room;
	}
	const pad = 0.3 * (high - low);
	return [low < 0 ? low - pad : 0, high > 0 ? high + pad : 0];
}
