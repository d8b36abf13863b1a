// Where a tooltip box goes so it stays inside its chart: right of the point, flipped near the edge.

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
	const flipped = x + gap + boxWidth > containerWidth && x - gap - boxWidth >= 0;
	return {
		left: Math.round(flipped ? x - gap : x + gap),
		top: Math.round(Math.max(0, y - gap)),
		flipped
	};
}
