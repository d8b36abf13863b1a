// Splits a time range into contiguous windows for the concurrent backfill.

export interface TimeWindow {
	/** Epoch seconds, inclusive. */
	start: number;
	/** Epoch seconds; equals the next window's start, so windows neither gap nor overlap. */
	end: number;
}

/**
 * Windows of `windowSeconds` covering `[start, end]`, newest first: the days a person is most
 * likely to look at arrive first, and the last (oldest) window absorbs the remainder.
 */
export function splitRange(start: number, end: number, windowSeconds: number): TimeWindow[] {
	if (!(windowSeconds > 0)) throw new RangeError('windowSeconds must be positive');
	if (end <= start) return [];
	const windows: TimeWindow[] = [];
	let windowEnd = end;
	while (windowEnd > start) {
		const windowStart = Math.max(start, windowEnd - windowSeconds);
		windows.push({ start: windowStart, end: windowEnd });
		windowEnd = windowStart;
	}
	return windows;
}
