import { describe, expect, it } from 'vitest';
import { nearestByX } from './pointer';

describe('nearestByX', () => {
	const centres = [10, 30, 50, 70];
	const xOf = (index: number) => centres[index] ?? Number.NaN;

	it('chooses the datum nearest the pointer, not the first one', () => {
		expect(nearestByX(4, xOf, 52)).toBe(2);
		expect(nearestByX(4, xOf, 66)).toBe(3);
	});

	it('chooses the end datum for a pointer beyond either end', () => {
		expect(nearestByX(4, xOf, -40)).toBe(0);
		expect(nearestByX(4, xOf, 500)).toBe(3);
	});

	it('gives a tie to the earlier datum', () => {
		expect(nearestByX(4, xOf, 20)).toBe(0);
	});

	it('chooses nothing when the chart has no data', () => {
		expect(nearestByX(0, xOf, 20)).toBeNull();
	});
});
