import { scaleBand } from 'd3-scale';
import { scaleLinear } from './linear-scale';
import { describe, expect, it } from 'vitest';
import {
	axisTicks,
	barInBand,
	MAX_BAR_WIDTH,
	dateIntToUtcMs,
	durationAxis,
	innerSize,
	round2,
	thinBandValues
} from './scales';

describe('barInBand', () => {
	it('fills a narrow band', () => {
		expect(barInBand(10, 20)).toEqual({ x: 10, width: 20 });
	});

	it('centres a bar of at most 48 px in a wide band', () => {
		expect(MAX_BAR_WIDTH).toBe(48);
		expect(barInBand(100, 200)).toEqual({ x: 176, width: 48 });
	});
});

describe('scales', () => {
	it('rounds coordinates to hundredths', () => {
		expect(round2(23.799999999999997)).toBe(23.8);
		expect(round2(-0.004)).toBe(-0);
		expect(round2(1 / 3)).toBe(0.33);
	});

	it('subtracts margins and never returns a negative plot size', () => {
		expect(innerSize(640, 240, { top: 10, right: 20, bottom: 30, left: 40 })).toEqual({
			innerWidth: 580,
			innerHeight: 200
		});
		expect(innerSize(10, 10, { top: 10, right: 20, bottom: 30, left: 40 })).toEqual({
			innerWidth: 0,
			innerHeight: 0
		});
	});

	it('maps a date to the UTC midnight that labels it, whatever the machine zone', () => {
		// The test run pins TZ to Asia/Kathmandu (UTC+05:45): a local-midnight bug would show here.
		expect(new Date(dateIntToUtcMs(20260329)).toISOString()).toBe('2026-03-29T00:00:00.000Z');
	});

	it('puts band ticks at band centres', () => {
		const scale = scaleBand<number>().domain([0, 1, 2, 3]).range([0, 400]);
		const ticks = axisTicks({ kind: 'band', scale }, 4);
		expect(ticks.map((tick) => tick.offset)).toEqual([50, 150, 250, 350]);
	});

	it('thins crowded band labels to one per gap', () => {
		const scale = scaleBand<number>()
			.domain(Array.from({ length: 24 }, (_, hour) => hour))
			.range([0, 240]);
		expect(thinBandValues(scale, 40)).toEqual([0, 4, 8, 12, 16, 20]);
	});

	it('uses given tick values on a linear axis', () => {
		const scale = scaleLinear().domain([0, 10]).range([100, 0]);
		expect(axisTicks({ kind: 'linear', scale }, 5, [0, 2.5])).toEqual([
			{ value: 0, offset: 100 },
			{ value: 2.5, offset: 75 }
		]);
	});

	it('widens a duration axis to clock-friendly steps', () => {
		const axis = durationAxis(0, 26 * 60, 5);
		expect(axis.domain).toEqual([0, 30 * 60]);
		expect(axis.ticks).toEqual([0, 600, 1200, 1800]);
		const sleep = durationAxis(6.6 * 3600, 8.2 * 3600, 5);
		expect(sleep.ticks.every((tick) => tick % 1800 === 0)).toBe(true);
		expect(sleep.domain[0]).toBeLessThanOrEqual(6.6 * 3600);
		expect(sleep.domain[1]).toBeGreaterThanOrEqual(8.2 * 3600);
	});
});
