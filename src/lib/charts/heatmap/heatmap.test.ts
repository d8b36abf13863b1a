import { describe, expect, it } from 'vitest';
import type { DayHourGrid } from '$lib/metrics/types';
import { yearGrid } from '../testing/fixtures';
import {
	dayScale,
	cellAt,
	cellLabel,
	gridMove,
	heatmapLayout,
	heatmapPixels,
	heatmapTable,
	heatLegend,
	heatRamp,
	heatScale,
	rampIndex,
	summarizeGrid,
	summaryText
} from './heatmap';
import { dateIntToUtcMs } from '../frame/scales';

const low = { r: 240, g: 250, b: 248 };
const high = { r: 15, g: 118, b: 110 };

/** Two days: day one busy at 08:00, day two has no data at 03:00. */
function smallGrid(): DayHourGrid {
	const values = new Float64Array(48).fill(0);
	values[8] = 1000;
	values[17] = 400;
	values[24 + 8] = 600;
	values[24 + 3] = Number.NaN;
	return { dates: [20260331, 20260401], values, max: 1000 };
}

/** The RGBA colour at one step of a ramp. */
function rampStep(ramp: Uint8ClampedArray, index: number): number[] {
	return Array.from(ramp.slice(index * 4, index * 4 + 4));
}

describe('heat colours', () => {
	it('ramps from the low to the high colour', () => {
		const ramp = heatRamp(low, high);
		expect(rampStep(ramp, rampIndex(0, 1000))).toEqual([low.r, low.g, low.b, 255]);
		expect(rampStep(ramp, rampIndex(1000, 1000))).toEqual([high.r, high.g, high.b, 255]);
		const middle = rampStep(ramp, rampIndex(500, 1000));
		expect(middle[0]).toBeGreaterThan(high.r);
		expect(middle[0]).toBeLessThan(low.r);
	});

	it('leaves cells without data off the ramp, unlike zero', () => {
		expect(rampIndex(Number.NaN, 1000)).toBe(-1);
		expect(rampIndex(0, 1000)).toBe(0);
		expect(rampIndex(5000, 1000)).toBe(255);
		expect(rampIndex(10, 0)).toBe(0);
	});

	it('writes one pixel per cell, days across and hours down', () => {
		const grid = smallGrid();
		const ramp = heatRamp(low, high);
		const pixels = heatmapPixels(grid, ramp);
		const at = (day: number, hour: number) =>
			Array.from(pixels.slice((hour * 2 + day) * 4, (hour * 2 + day) * 4 + 4));
		expect(pixels).toHaveLength(2 * 24 * 4);
		expect(at(0, 8)).toEqual([high.r, high.g, high.b, 255]);
		expect(at(1, 3)).toEqual([0, 0, 0, 0]);
		expect(at(0, 0)).toEqual([low.r, low.g, low.b, 255]);
		// 600 of 1000 is step 153 of 255.
		expect(at(1, 8)).toEqual(rampStep(ramp, 153));
	});
});

describe('heatmap interaction', () => {
	it('finds the cell under the pointer and nothing outside', () => {
		expect(cellAt(0, 0, 365, 730, 240)).toEqual({ day: 0, hour: 0 });
		expect(cellAt(729.9, 239.9, 365, 730, 240)).toEqual({ day: 364, hour: 23 });
		expect(cellAt(3, 25, 365, 730, 240)).toEqual({ day: 1, hour: 2 });
		expect(cellAt(-1, 5, 365, 730, 240)).toBeNull();
		expect(cellAt(730, 5, 365, 730, 240)).toBeNull();
	});

	it('moves by day, hour and week, clamped to the grid', () => {
		expect(gridMove('ArrowRight', { day: 0, hour: 5 }, 365)).toEqual({ day: 1, hour: 5 });
		expect(gridMove('ArrowUp', { day: 3, hour: 0 }, 365)).toEqual({ day: 3, hour: 0 });
		expect(gridMove('PageDown', { day: 360, hour: 5 }, 365)).toEqual({ day: 364, hour: 5 });
		expect(gridMove('End', { day: 3, hour: 5 }, 365)).toEqual({ day: 364, hour: 5 });
		expect(gridMove('Escape', { day: 3, hour: 5 }, 365)).toBe('hide');
		expect(gridMove('x', { day: 3, hour: 5 }, 365)).toBeNull();
	});

	it('labels a cell with its date, hour span and value', () => {
		const grid = smallGrid();
		expect(cellLabel(grid, { day: 0, hour: 8 }, 'steps')).toBe(
			'Tue 31 Mar 08:00–09:00: 1,000 steps'
		);
		expect(cellLabel(grid, { day: 1, hour: 3 }, 'steps')).toBe('Wed 1 Apr 03:00–04:00: no data');
		expect(cellLabel(grid, { day: 1, hour: 23 }, 'steps')).toContain('23:00–00:00');
	});

	it('thins month labels on a narrow chart to every other calendar month', () => {
		expect(heatmapLayout(yearGrid, 640, 200).monthTicks).toHaveLength(12);
		const narrow = heatmapLayout(yearGrid, 300, 200).monthTicks;
		expect(narrow.map((tick) => tick.label)).toEqual(['May', 'Jul', 'Sep', 'Nov', 'Jan', 'Mar']);
		expect(narrow[0]?.value).toBe(dateIntToUtcMs(20250501));
	});

	it('puts the year under the first month label and under the month where the year changes', () => {
		const ticks = heatmapLayout(yearGrid, 640, 200).monthTicks;
		expect(ticks[0]).toEqual({ value: dateIntToUtcMs(20250401), label: 'Apr', context: '2025' });
		expect(ticks[1]).toEqual({ value: dateIntToUtcMs(20250501), label: 'May' });
		expect(ticks[9]).toEqual({ value: dateIntToUtcMs(20260101), label: 'Jan', context: '2026' });
	});
});

describe('heatmap summary and tables', () => {
	it('finds the busiest hour, the busiest day and the days with data', () => {
		const summary = summarizeGrid(smallGrid());
		expect(summary.busiestHour).toBe(8);
		expect(summary.busiestHourMean).toBe(800);
		expect(summary.busiestDay).toEqual({ dateInt: 20260331, total: 1400 });
		expect(summary.daysWithData).toBe(2);
		expect(summary.dailyMean).toBe(1000);
		expect(summaryText(summary, 'steps')).toContain('Busiest hour: 08:00 (on average 800 steps).');
	});

	it('holds back the busiest hour and day while days are still being read', () => {
		const text = summaryText(summarizeGrid(smallGrid()), 'steps', false);
		expect(text).toBe(
			'The busiest and quietest hours are named once every day is read. ' +
				'Daily average so far: 1,000 steps. 2 of 2 days have data so far.'
		);
		expect(text).not.toContain('Busiest hour');
	});

	it('says so when there is no data at all', () => {
		const empty: DayHourGrid = {
			dates: [20260101],
			values: new Float64Array(24).fill(Number.NaN),
			max: 0
		};
		const summary = summarizeGrid(empty);
		expect(summary.daysWithData).toBe(0);
		expect(summaryText(summary, 'steps')).toBe('No data in this range.');
	});

	it('exports every cell with an ISO date and empty values for missing cells', () => {
		const table = heatmapTable(smallGrid(), 'steps');
		expect(table.columns).toHaveLength(25);
		expect(table.rows[0]).toMatchObject({ date: '2026-03-31', h8: 1000, h17: 400 });
		expect(table.rows[1]?.h3).toBeNull();
	});
});

describe('dayScale', () => {
	it('spans whole days from the first midnight to the end of the last day', () => {
		const scale = dayScale([20260301, 20260302, 20260303], [0, 300]);
		expect(scale(dateIntToUtcMs(20260302))).toBe(100);
		expect(scale(dateIntToUtcMs(20260304))).toBe(300);
	});
});

describe('heat scale and legend', () => {
	/** Forty days of 08:00 walks of 1,000 to 1,390 steps, and one 20,000-step marathon hour. */
	function marathonGrid(): DayHourGrid {
		const days = 40;
		const values = new Float64Array(days * 24).fill(0);
		for (let day = 0; day < days; day += 1) values[day * 24 + 8] = 1000 + day * 10;
		values[10 * 24 + 9] = 20000;
		const dates = Array.from({ length: days }, (_, day) => 20260101 + day);
		return { dates, values, max: 20000 };
	}

	it('tops the colour ramp at the 95th percentile of active hours, not at one outlier', () => {
		const scale = heatScale(marathonGrid());
		expect(scale.clamped).toBe(true);
		// 41 active hours: the 95th percentile lies between 1,370 and 1,380 steps, read as 1,300.
		expect(scale.top).toBe(1300);
	});

	it('colours an ordinary walk darker than a scale topped by the outlier would', () => {
		const grid = marathonGrid();
		const ramp = heatRamp(low, high);
		const walk = (pixels: Uint8ClampedArray) => pixels[(8 * grid.dates.length + 0) * 4] ?? 0;
		const robust = heatmapPixels(grid, ramp, heatScale(grid).top);
		const byMax = heatmapPixels(grid, ramp);
		// Red falls from 240 to 15 along the ramp: the robust scale puts the walk far along it.
		expect(walk(robust)).toBeLessThan(100);
		expect(walk(byMax)).toBeGreaterThan(200);
		// The marathon hour itself takes the darkest colour.
		expect(robust[(9 * grid.dates.length + 10) * 4]).toBe(high.r);
	});

	it('labels the legend from zero to the top, saying "≥" when values were clamped', () => {
		expect(heatLegend(heatScale(marathonGrid()), 'steps')).toEqual([
			{ offset: 0, label: '0 steps' },
			{ offset: 0.5, label: '650 steps' },
			{ offset: 1, label: '≥ 1,300 steps' }
		]);
		expect(heatLegend({ top: 3600, clamped: false }, 'seconds').map((s) => s.label)).toEqual([
			'0 min',
			'30 min',
			'1 h 00 min'
		]);
	});

	it('keeps the largest value as the top when nothing stands out, and copes with no data', () => {
		const flat = smallGrid();
		flat.values[8] = 600;
		flat.values[17] = 600;
		flat.max = 600;
		expect(heatScale(flat)).toEqual({ top: 600, clamped: false });
		const empty = { dates: [20260331], values: new Float64Array(24).fill(Number.NaN), max: 0 };
		expect(heatScale(empty)).toEqual({ top: 0, clamped: false });
		expect(heatLegend(heatScale(empty), 'steps')).toEqual([{ offset: 0, label: '0 steps' }]);
	});
});
