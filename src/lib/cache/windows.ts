// Splits a time range into contiguous windows for the concurrent backfill.

export interface TimeWindow {
	/** Epoch seconds, inclusive. */
	start: number;
	/** Epoch seconds; equals the next window's start, so windows neither gap nor overlap. */
	end: number;
}

export interface WindowPlan {
	/** Width of the newest windows. */
	windowSeconds: number;
	/**
	 * How far back from the end the newest windows reach; rounded up to whole windows. Without it
	 * (or without `olderWindowSeconds`) every window has the newest width.
	 */
	recentSeconds?: number;
	/** Width of the windows older than `recentSeconds`. */
	olderWindowSeconds?: number;
}

/**
 * Windows covering `[start, end]`, newest first: narrow ones over the recent span, then wider ones
 * for older history. The last (oldest) window absorbs the remainder.
 */
export function planWindows(start: number, end: number, plan: WindowPlan): TimeWindow[] {
	const { windowSeconds } = plan;
	const olderSeconds = plan.olderWindowSeconds ?? windowSeconds;
	if (!(windowSeconds > 0)) throw new RangeError('windowSeconds must be positive');
	if (!(olderSeconds > 0)) throw new RangeError('olderWindowSeconds must be positive');
	if (end <= start) return [];
	// Where the narrow windows stop: everything newer than this is recent.
	const recentFrom =
		plan.recentSeconds === undefined || plan.olderWindowSeconds === undefined
			? -Infinity
			: end - plan.recentSeconds;
	const windows: TimeWindow[] = [];
	let windowEnd = end;
	while (windowEnd > start) {
		const width = windowEnd > recentFrom ? windowSeconds : olderSeconds;
		const windowStart = Math.max(start, windowEnd - width);
		windows.push({ start: windowStart, end: windowEnd });
		windowEnd = windowStart;
	}
	return windows;
}
