import { describe, expect, it } from 'vitest';
import { at, BERLIN, minuteTicks } from '$lib/metrics/testing/fixtures';
import { ticksInHour } from '$lib/metrics';
import { minuteAxisTicks, minuteBarLabel, minuteBarsLayout, minuteBarsTable } from './minute-bars';

const start = at(20260323, 9, 0, BERLIN);

describe('the zoomed hour chart', () => {
	it('places each minute by its time and scales bars to the busiest minute', () => {
		const ticks = ticksInHour(minuteTicks(start, 60, 10), start, BERLIN);
		const withPeak = ticks.map((tick, i) => (i === 30 ? { ...tick, steps: 40 } : tick));
		const layout = minuteBarsLayout(withPeak, 'steps', 600, 100);
		expect(layout.length).toBe(3600);
		expect(layout.bars).toHaveLength(60);
		expect(layout.bars[30]?.x).toBe(300);
		expect(layout.bars[30]?.height).toBe(100);
		expect(layout.bars[0]?.height).toBe(25);
		expect(layout.bars[0]?.width).toBeCloseTo(8.5);
	});

	it('spans two real hours for the repeated autumn hour', () => {
		const autumn = at(20261025, 2, 0, 'Europe/Berlin');
		const ticks = ticksInHour(minuteTicks(autumn, 120, 3), autumn, BERLIN);
		expect(minuteBarsLayout(ticks, 'steps', 720, 100).length).toBe(7200);
	});

	it('names and tabulates each minute on the wall clock of the record’s zone', () => {
		const ticks = ticksInHour(minuteTicks(start, 2, 12), start, BERLIN);
		const layout = minuteBarsLayout(ticks, 'steps', 600, 100);
		const first = layout.bars[0];
		if (!first) throw new Error('no bar');
		expect(minuteBarLabel(first, 'steps', BERLIN)).toBe('09:00: 12 steps');
		expect(minuteBarsTable(ticks, 'steps', 'Steps', BERLIN).rows).toEqual([
			{ time: '09:00', value: 12 },
			{ time: '09:01', value: 12 }
		]);
	});

	it('labels every 10 minutes when there is room, and fewer on a phone', () => {
		expect(minuteAxisTicks(3600, 600)).toEqual([0, 600, 1200, 1800, 2400, 3000, 3600]);
		// 200 px: 10 minutes would be 33 px apart, 15 minutes 50 px.
		expect(minuteAxisTicks(3600, 200)).toEqual([0, 900, 1800, 2700, 3600]);
		expect(minuteAxisTicks(3600, 100)).toEqual([0, 1800, 3600]);
		expect(minuteAxisTicks(3600, 50)).toEqual([0, 1800, 3600]);
	});

	it('labels the two-hour autumn hour every 20 minutes, or fewer', () => {
		expect(minuteAxisTicks(7200, 720)).toEqual([0, 1200, 2400, 3600, 4800, 6000, 7200]);
		expect(minuteAxisTicks(7200, 200)).toEqual([0, 1800, 3600, 5400, 7200]);
	});
});
