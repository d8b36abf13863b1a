import { describe, expect, it } from 'vitest';
import {
	volumeBarLabel,
	volumeBarsLayout,
	volumeTable,
	volumeTicks,
	volumeValue
} from './volume-bars';
import { sixWeeks } from '../testing/workout-fixtures';

describe('volume bars layout', () => {
	it('gives every week a slot of the same width, the idle one included', () => {
		const layout = volumeBarsLayout(sixWeeks, 'time', 'metric', 600, 200);
		expect(layout.bars).toHaveLength(6);
		const widths = new Set(layout.bars.map((bar) => bar.width));
		expect(widths.size).toBe(1);
		const steps = layout.bars.slice(1).map((bar, i) => bar.x - (layout.bars[i]?.x ?? 0));
		expect(Math.max(...steps) - Math.min(...steps)).toBeLessThan(0.02);
		expect(layout.bars[2]?.height).toBe(0);
	});

	it('draws time on an axis of whole hours and the tallest week under its top', () => {
		const layout = volumeBarsLayout(sixWeeks, 'time', 'metric', 600, 200);
		expect(layout.yTicks).toEqual([0, 3600, 7200, 10800, 14400]);
		expect(layout.bars[3]?.y).toBeCloseTo(200 - (12600 / 14400) * 200, 1);
	});

	it('draws distance in km or miles from the settings', () => {
		expect(volumeValue(sixWeeks[3]!, 'distance', 'metric')).toBeCloseTo(41, 6);
		expect(volumeValue(sixWeeks[3]!, 'distance', 'imperial')).toBeCloseTo(25.476, 3);
	});

	it('keeps a span without any volume on a single zero tick, not a 0–1 axis', () => {
		const idle = sixWeeks.map((slot) => ({ ...slot, time: 0, distance: 0, calories: 0, count: 0 }));
		const layout = volumeBarsLayout(idle, 'distance', 'metric', 600, 200);
		expect(layout.yTicks).toEqual([0]);
		expect(layout.bars.every((bar) => bar.height === 0)).toBe(true);
	});
});

describe('volume slot labels', () => {
	it('labels weeks by their first day as every week tick does, the month under each change and the year only where it changes', () => {
		expect(volumeTicks(sixWeeks, 'week', 10)).toEqual([
			{ value: 0, label: 'Mon 2', context: 'Mar 2026' },
			{ value: 1, label: 'Mon 9' },
			{ value: 2, label: 'Mon 16' },
			{ value: 3, label: 'Mon 23' },
			{ value: 4, label: 'Mon 30' },
			{ value: 5, label: 'Mon 6', context: 'Apr' }
		]);
	});

	it('names the year again under the first week of a new year', () => {
		const turn = [
			{ ...sixWeeks[0]!, start: 20251222, end: 20251228 },
			{ ...sixWeeks[0]!, start: 20251229, end: 20260104 },
			{ ...sixWeeks[0]!, start: 20260105, end: 20260111 }
		];
		expect(volumeTicks(turn, 'week', 5).map((tick) => tick.context)).toEqual([
			'Dec 2025',
			undefined,
			'Jan 2026'
		]);
		expect(volumeTicks(turn, 'month', 5).map((tick) => tick.context)).toEqual([
			'2025',
			undefined,
			'2026'
		]);
	});

	it('thins the labels to what fits', () => {
		expect(volumeTicks(sixWeeks, 'week', 3).map((tick) => tick.value)).toEqual([0, 2, 4]);
	});

	it('says an idle week has no workouts and an unfinished one is so far', () => {
		const layout = volumeBarsLayout(sixWeeks, 'time', 'metric', 600, 200);
		expect(volumeBarLabel(layout.bars[2]!, 'week', 'seconds')).toBe('Week of 16 Mar: no workouts');
		expect(volumeBarLabel(layout.bars[5]!, 'week', 'seconds')).toBe(
			'Week of 6 Apr (so far): 30 min, 1 workout'
		);
	});
});

describe('volume table', () => {
	it('lists every week with ISO dates, the idle one as zero, distance in the chosen unit', () => {
		const table = volumeTable(sixWeeks, 'week', 'imperial');
		expect(table.rows).toHaveLength(6);
		expect(table.rows[2]).toMatchObject({ start: '2026-03-16', count: 0, time: 0, distance: 0 });
		expect(table.rows[3]?.distance).toBe(25.48);
		expect(table.columns.find((column) => column.key === 'distance')?.unit).toBe('mi');
		expect(table.rows[5]?.partial).toBe('no, so far');
	});
});
