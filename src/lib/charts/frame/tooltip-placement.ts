// Where a tooltip box goes so it stays inside its chart: right of the point, flipped near the
// edge, clamped inside a chart too narrow for either side.

export interface TooltipPlacement {
	left: number;
	top: number;
	/** Anchors the box by its right edge when it would overflow the chart's right side. */
	flipped: boolean;
}

export function tooltipPlacement(
	x: number,
	y: number,
	containerWidth: number,
	boxWidth = 180,
	gap = 12
): TooltipPlacement {
	const fitsRight = x + gap + boxWidth <= containerWidth;
	const flipped = !fitsRight && x - gap - boxWidth >= 0;
	// On a chart narrower than the point's two sides allow (a phone), the box is pushed back
	// inside the chart instead of running off its right edge.
	const left = flipped || fitsRight ? x + (flipped ? -gap : gap) : containerWidth - boxWidth;
	return {
		left: Math.round(flipped ? left : Math.max(0, left)),
		top: Math.round(Math.max(0, y - gap)),
		flipped
	};
}
