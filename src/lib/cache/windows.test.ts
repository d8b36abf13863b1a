import { describe, expect, it } from 'vitest';
import { planWindows } from './windows';

describe('planWindows of one width', () => {
	it('covers the range with contiguous windows, newest first', () => {
		const windows = planWindows(100, 1000, { windowSeconds: 300 });
		expect(windows).toEqual([
			{ start: 700, end: 1000 },
			{ start: 400, end: 700 },
			{ start: 100, end: 400 }
		]);
	});

	it('lets the oldest window absorb the remainder', () => {
		const windows = planWindows(0, 1000, { windowSeconds: 300 });
		expect(windows.at(-1)).toEqual({ start: 0, end: 100 });
		expect(windows.reduce((sum, w) => sum + (w.end - w.start), 0)).toBe(1000);
	});

	it('gives no windows for an empty range', () => {
		expect(planWindows(50, 50, { windowSeconds: 10 })).toEqual([]);
	});
});

describe('planWindows', () => {
	it('uses narrow windows over the recent span and wide ones for older history', () => {
		const windows = planWindows(0, 1000, {
			windowSeconds: 50,
			recentSeconds: 120,
			olderWindowSeconds: 400
		});
		expect(windows).toEqual([
			{ start: 950, end: 1000 },
			{ start: 900, end: 950 },
			// The recent span is rounded up to whole narrow windows.
			{ start: 850, end: 900 },
			{ start: 450, end: 850 },
			{ start: 50, end: 450 },
			{ start: 0, end: 50 }
		]);
	});

	it('keeps the recent span inside a range shorter than it', () => {
		const windows = planWindows(900, 1000, {
			windowSeconds: 30,
			recentSeconds: 500,
			olderWindowSeconds: 400
		});
		expect(windows.map((w) => w.end - w.start)).toEqual([30, 30, 30, 10]);
	});

	it('has one width when no older width is given', () => {
		expect(planWindows(100, 1000, { windowSeconds: 300, recentSeconds: 300 })).toEqual(
			planWindows(100, 1000, { windowSeconds: 300 })
		);
	});

	it('refuses widths that would never cover the range', () => {
		expect(() => planWindows(0, 10, { windowSeconds: 0 })).toThrow(RangeError);
		expect(() =>
			planWindows(0, 10, { windowSeconds: 5, recentSeconds: 5, olderWindowSeconds: -1 })
		).toThrow(RangeError);
	});
});
