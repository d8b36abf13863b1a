import { describe, expect, it } from 'vitest';
import { hourlySpringForward, hourlyWorkday } from '../testing/fixtures';
import {
	hourBarLabel,
	hourBarValue,
	hourlyBarsLayout,
	hourlyBarsTable,
	hourlyUnit,
	hourTicks,
	zoneMarkers
} from './hourly-bars';

describe('hourlyBarsLayout', () => {
	it('makes bar heights proportional to the value from a zero baseline', () => {
		const { bars, y } = hourlyBarsLayout(hourlyWorkday, 'steps', true, 480, 200);
		const [top] = y.domain();
		expect(top).toBe(0);
		for (const bar of bars) {
			expect(bar.y + bar.height).toBeCloseTo(200, 1);
			expect(bar.height).toBeCloseTo(200 * ((bar.value ?? 0) / (y.domain()[1] ?? 1)), 1);
		}
	});

	it('fits the tallest bar or usual marker inside the plot', () => {
		const { bars } = hourlyBarsLayout(hourlyWorkday, 'steps', true, 480, 200);
		expect(Math.min(...bars.map((bar) => bar.y))).toBeGreaterThanOrEqual(0);
		expect(
			Math.min(...bars.flatMap((bar) => (bar.usualY === null ? [] : [bar.usualY])))
		).toBeGreaterThanOrEqual(0);
	});

	it('gives each real hour its own band on a 23-hour day', () => {
		const { bars } = hourlyBarsLayout(hourlySpringForward, 'steps', true, 460, 200);
		expect(bars).toHaveLength(23);
		expect(bars.map((bar) => bar.hour)).not.toContain(2);
		const widths = new Set(bars.map((bar) => bar.width));
		expect(widths.size).toBe(1);
	});

	it('draws no bar and says "no data" for an hour without data', () => {
		const { bars } = hourlyBarsLayout(hourlySpringForward, 'steps', true, 460, 200);
		const night = bars[0];
		expect(night?.value).toBeNull();
		expect(night?.height).toBe(0);
		expect(night && hourBarLabel(night, 'steps')).toMatch(/^00:00: no data/);
	});

	it('says an hour still to come is not yet, and keeps its usual', () => {
		const later = hourlyWorkday.map((bin) =>
			bin.hour >= 20 ? { ...bin, steps: null, pending: true } : bin
		);
		const { bars } = hourlyBarsLayout(later, 'steps', true, 480, 200);
		const evening = bars[21];
		expect(evening?.pending).toBe(true);
		expect(evening && hourBarValue(evening, 'steps')).toBe('Not yet');
		expect(evening && hourBarLabel(evening, 'steps')).toMatch(/^21:00: not yet, usually /);
		expect(hourBarValue({ value: null, pending: false }, 'steps')).toBe('No data');
	});

	it('leaves out the usual-steps marker when another metric is shown', () => {
		const { bars, yTicks } = hourlyBarsLayout(hourlyWorkday, 'active_time', false, 480, 200);
		expect(bars.every((bar) => bar.usualY === null)).toBe(true);
		expect(yTicks?.every((tick) => tick % 60 === 0)).toBe(true);
	});

	it('lists every hour in the table with its value and usual value', () => {
		const table = hourlyBarsTable(hourlyWorkday, 'steps');
		expect(table.rows).toHaveLength(24);
		expect(table.rows[8]).toEqual({
			hour: '08:00',
			value: hourlyWorkday[8]?.steps,
			usual: hourlyWorkday[8]?.usual
		});
		expect(hourlyBarsTable(hourlyWorkday, 'calories').columns.map((c) => c.key)).toEqual([
			'hour',
			'value'
		]);
	});

	it('draws distance in miles for imperial users, and says so in the table and labels', () => {
		expect(hourlyUnit('distance', 'imperial')).toBe('mi');
		expect(hourlyUnit('distance', 'metric')).toBe('m');
		expect(hourlyUnit('steps', 'imperial')).toBe('steps');
		const table = hourlyBarsTable(hourlyWorkday, 'distance', false, 'mi');
		expect(table.columns[1]?.unit).toBe('mi');
		expect(table.columns[1]?.format?.(1.25)).toBe('1.3 mi');
		const bar = hourlyBarsLayout(hourlyWorkday, 'distance', false, 480, 200).bars[8];
		expect(bar && hourBarLabel({ ...bar, value: 0.5 }, 'mi')).toBe('08:00: 0.5 mi');
	});
});

describe('the hour under way', () => {
	const morning = hourlyWorkday.map((bin) =>
		bin.hour === 9
			? { ...bin, steps: 40, underway: true }
			: bin.hour > 9
				? { ...bin, steps: null, pending: true }
				: bin
	);

	it('reads as so far, under way, in the label and the tooltip', () => {
		const bar = hourlyBarsLayout(morning, 'steps', true, 480, 200).bars[9];
		expect(bar?.underway).toBe(true);
		expect(bar && hourBarValue(bar, 'steps')).toBe('40 steps so far, under way');
		expect(bar && hourBarLabel({ ...bar, usual: 120 }, 'steps')).toBe(
			'09:00: 40 steps so far, under way, usually 120 steps'
		);
	});

	it('keeps a 2 px outline when nothing is recorded in it yet', () => {
		const quiet = morning.map((bin) => (bin.hour === 9 ? { ...bin, steps: null } : bin));
		const bar = hourlyBarsLayout(quiet, 'steps', true, 480, 200).bars[9];
		expect(bar?.height).toBe(2);
		expect(bar?.y).toBe(198);
		expect(bar && hourBarValue(bar, 'steps')).toBe('0 steps so far, under way');
	});

	it('leaves every other hour as it was', () => {
		const bars = hourlyBarsLayout(morning, 'steps', true, 480, 200).bars;
		expect(bars.filter((bar) => bar.underway).map((bar) => bar.hour)).toEqual([9]);
		expect(bars[8] && hourBarValue(bars[8], 'steps')).toBe(
			`${(hourlyWorkday[8]?.steps ?? 0).toLocaleString('en-GB')} steps`
		);
	});
});

describe('hourTicks', () => {
	it('labels every 3 hours on a wide chart, every 6 on a 320 px phone, every 12 when narrower', () => {
		expect(hourTicks(hourlyWorkday, 1100)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
		// 24 bars over 320 px: 13.3 px an hour, so every 3 hours has 40 px.
		expect(hourTicks(hourlyWorkday, 320)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
		// 192 px: 8 px an hour; 3 hours would be 24 px, too tight for "00:00".
		expect(hourTicks(hourlyWorkday, 192)).toEqual([0, 6, 12, 18]);
		expect(hourTicks(hourlyWorkday, 100)).toEqual([0, 12]);
	});

	it('labels the clock hours of a 23-hour day, whatever their position', () => {
		// No 02:00 bar: 06:00 is the sixth bar, 12:00 the twelfth.
		const ticks = hourTicks(hourlySpringForward, 192);
		expect(ticks.map((index) => hourlySpringForward[index]?.hour)).toEqual([0, 6, 12, 18]);
		expect(ticks).toEqual([0, 5, 11, 17]);
	});

	it('labels an hour lived twice only once', () => {
		const autumn = [
			...hourlyWorkday.slice(0, 3),
			{ ...hourlyWorkday[2]! },
			...hourlyWorkday.slice(3)
		];
		const ticks = hourTicks(autumn, 2000);
		expect(ticks).toEqual([0, 4, 7, 10, 13, 16, 19, 22]);
		expect(ticks.map((index) => autumn[index]?.hour)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
	});

	it('labels nothing of an empty day', () => {
		expect(hourTicks([], 300)).toEqual([]);
	});
});

describe('zoneMarkers', () => {
	it('stands a zone change midway in the gap before the first bar in the new zone', () => {
		const layout = hourlyBarsLayout(hourlyWorkday, 'steps', true, 480, 200);
		const [early, late] = zoneMarkers(
			layout,
			[
				{ index: 2, label: 'Europe/Berlin → America/New_York at 13:05' },
				{ index: 20, label: 'late' }
			],
			480
		);
		const before = layout.bars[1];
		const after = layout.bars[2];
		expect(early?.x).toBeCloseTo(((before?.x2 ?? 0) + (after?.x ?? 0)) / 2, 1);
		expect(early?.x).toBeGreaterThan(before?.x2 ?? Infinity);
		expect(early?.x).toBeLessThan(after?.x ?? -Infinity);
		expect(early?.lines).toEqual(['Europe/Berlin → America/New_York', 'at 13:05']);
		// A label in the right half reads leftwards, so it stays inside the plot.
		expect([early?.anchor, late?.anchor]).toEqual(['start', 'end']);
	});

	it('draws no marker before the first bar or past the last', () => {
		const layout = hourlyBarsLayout(hourlyWorkday, 'steps', true, 480, 200);
		expect(zoneMarkers(layout, [{ index: 0, label: 'x' }], 480)).toEqual([]);
		expect(zoneMarkers(layout, [{ index: 24, label: 'x' }], 480)).toEqual([]);
	});
});
