import { describe, expect, it } from 'vitest';
import { splitRange } from './windows';

describe('splitRange', () => {
	it('covers the range with contiguous windows, newest first', () => {
		const windows = splitRange(100, 1000, 300);
		expect(windows).toEqual([
			{ start: 700, end: 1000 },
			{ start: 400, end: 700 },
			{ start: 100, end: 400 }
		]);
	});

	it('lets the oldest window absorb the remainder', () => {
		const windows = splitRange(0, 1000, 300);
		expect(windows.at(-1)).toEqual({ start: 0, end: 100 });
		expect(windows.reduce((sum, w) => sum + (w.end - w.start), 0)).toBe(1000);
	});

	it('gives no windows for an empty range', () => {
		expect(splitRange(50, 50, 10)).toEqual([]);
	});
});
