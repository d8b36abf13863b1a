import { describe, expect, it } from 'vitest';
import { tooltipPlacement } from './tooltip-placement';

describe('tooltipPlacement', () => {
	it('sits right of the point when there is room', () => {
		expect(tooltipPlacement(100, 50, 640)).toEqual({ left: 112, top: 38, flipped: false });
	});

	it('flips to the left near the right edge', () => {
		const placement = tooltipPlacement(600, 50, 640);
		expect(placement.flipped).toBe(true);
		expect(placement.left).toBe(588);
	});

	it('stays inside a phone-wide chart when neither side of the point has room', () => {
		expect(tooltipPlacement(150, 50, 290)).toEqual({ left: 110, top: 38, flipped: false });
		expect(tooltipPlacement(20, 50, 150).left).toBe(0);
	});

	it('never goes above the chart', () => {
		expect(tooltipPlacement(100, 4, 640).top).toBe(0);
	});
});
