// Which datum a pointer means: the one whose anchor lies nearest along x, as a pure function.

/**
 * The index of the datum whose anchor `xOf(index)` is nearest to `x` (ties go to the earlier one),
 * or null when there are none. Anchors need not be sorted: a tap between two bars, or past the
 * last one, still chooses the closest bar rather than the first.
 */
export function nearestByX(
	count: number,
	xOf: (index: number) => number,
	x: number
): number | null {
	let best: number | null = null;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (let index = 0; index < count; index += 1) {
		const distance = Math.abs(xOf(index) - x);
		if (distance < bestDistance) {
			best = index;
			bestDistance = distance;
		}
	}
	return best;
}
