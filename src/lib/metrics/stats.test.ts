import { describe, expect, it } from 'vitest';
import { interquartileRange, mean, median, quantileSorted } from './stats';

describe('order statistics', () => {
	it('interpolates quantiles between neighbours', () => {
		expect(quantileSorted([10, 20, 30, 40], 0.5)).toBe(25);
		expect(quantileSorted([10, 20, 30, 40], 0.25)).toBe(17.5);
		expect(quantileSorted([10, 20, 30, 40], 1.5)).toBe(40);
		expect(quantileSorted([7], 0.9)).toBe(7);
	});

	it('sorts before taking a median or a spread, without changing the input', () => {
		const values = [40, 10, 30, 20];
		expect(median(values)).toBe(25);
		expect(interquartileRange(values)).toBe(32.5 - 17.5);
		expect(values).toEqual([40, 10, 30, 20]);
	});

	it('gives null for no values', () => {
		expect(mean([])).toBeNull();
		expect(median([])).toBeNull();
		expect(interquartileRange([])).toBeNull();
		expect(mean([1, 2, 6])).toBe(3);
	});
});
