import { describe, expect, it } from 'vitest';
import { weekdayOfDate } from '$lib/time/zone';
import {
	alignSeries,
	comparePeriods,
	customPeriods,
	periodPresets,
	sameElapsedSpan,
	sleepTimingShift
} from './compare';
import { isoWeekStart } from '$lib/time/zone';
import type { BedtimeNight, Series } from './types';

describe('periodPresets', () => {
	it('compares this ISO week, this month and the same month last year', () => {
		// Monday 30 March 2026.
		expect(periodPresets(20260330)).toEqual([
			{
				id: 'week',
				label: 'This week vs last week',
				a: { from: 20260330, to: 20260405 },
				b: { from: 20260323, to: 20260329 }
			},
			{
				id: 'month',
				label: 'This month vs last month',
				a: { from: 20260301, to: 20260331 },
				b: { from: 20260201, to: 20260228 }
			},
			{
				id: 'month-last-year',
				label: 'This month vs the same month last year',
				a: { from: 20260301, to: 20260331 },
				b: { from: 20250301, to: 20250331 }
			}
		]);
	});

	it('starts weeks on Monday, so a Sunday belongs to the week before it', () => {
		expect(periodPresets(20260329)[0]?.a).toEqual({ from: 20260323, to: 20260329 });
		// Thursday 1 January 2026 is in the ISO week that began on Monday 29 December 2025.
		expect(isoWeekStart(20260101)).toBe(20251229);
	});

	it('reaches back across the year in January and gives February its leap day', () => {
		expect(periodPresets(20260115)[1]?.b).toEqual({ from: 20251201, to: 20251231 });
		expect(periodPresets(20250210)[2]).toMatchObject({
			a: { from: 20250201, to: 20250228 },
			b: { from: 20240201, to: 20240229 }
		});
		expect(periodPresets(20240229)[2]?.b).toEqual({ from: 20230201, to: 20230228 });
	});
});

describe('customPeriods', () => {
	it('gives the reference period the same number of days', () => {
		expect(customPeriods(20260301, 20260314, 20260201)).toMatchObject({
			id: 'custom',
			a: { from: 20260301, to: 20260314 },
			b: { from: 20260201, to: 20260214 },
			label: '2026-03-01 – 2026-03-14 vs 2026-02-01 – 2026-02-14'
		});
		// 15 Feb - 5 Mar 2024 is 20 days (leap year); from 15 Feb 2023 that ends on 6 March.
		expect(customPeriods(20240215, 20240305, 20230215).b).toEqual({ from: 20230215, to: 20230306 });
	});

	it('refuses a period that ends before it starts', () => {
		expect(() => customPeriods(20260314, 20260301, 20260201)).toThrow(RangeError);
	});
});

describe('sameElapsedSpan', () => {
	const week = {
		id: 'week' as const,
		label: 'This week vs last week',
		a: { from: 20260330, to: 20260405 },
		b: { from: 20260323, to: 20260329 }
	};

	it('cuts a week under way on its Wednesday to Monday to Wednesday of both weeks', () => {
		expect(sameElapsedSpan(week, 20260401)).toEqual({
			days: 3,
			pair: { ...week, a: { from: 20260330, to: 20260401 }, b: { from: 20260323, to: 20260325 } }
		});
	});

	it('keeps only the Monday of each week on the first day', () => {
		const span = sameElapsedSpan(week, 20260330);
		expect(span?.days).toBe(1);
		expect(span?.pair.b).toEqual({ from: 20260323, to: 20260323 });
	});

	it('leaves a finished period and one not begun alone', () => {
		expect(sameElapsedSpan(week, 20260405)).toBeNull();
		expect(sameElapsedSpan(week, 20260410)).toBeNull();
		expect(sameElapsedSpan(week, 20260329)).toBeNull();
	});

	it('cuts the 30th of March to the first 30 days of February, which has only 28', () => {
		const month = {
			id: 'month' as const,
			label: 'This month vs last month',
			a: { from: 20260301, to: 20260331 },
			b: { from: 20260201, to: 20260228 }
		};
		const span = sameElapsedSpan(month, 20260330);
		expect(span?.days).toBe(30);
		expect(span?.pair.a).toEqual({ from: 20260301, to: 20260330 });
		expect(span?.pair.b).toEqual({ from: 20260201, to: 20260228 });
	});
});

describe('alignSeries', () => {
	const leapFebruary = { from: 20240201, to: 20240229 };
	const february = { from: 20250201, to: 20250228 };

	it('pairs day n with day n and pads the shorter month with nulls', () => {
		const rows = alignSeries(
			{
				range: leapFebruary,
				points: [
					{ dateInt: 20240229, value: 9 },
					{ dateInt: 20240101, value: 1 }
				]
			},
			{ range: february, points: [{ dateInt: 20250201, value: 4 }] },
			'day-of-period'
		);
		expect(rows).toHaveLength(29);
		expect(rows[0]).toEqual({ index: 0, dateA: 20240201, dateB: 20250201, a: null, b: 4 });
		expect(rows[28]).toEqual({ index: 28, dateA: 20240229, dateB: null, a: 9, b: null });
	});

	it('lines up weekdays of two months that start on different days', () => {
		// 1 March 2026 is a Sunday, 1 March 2025 a Saturday.
		const rows = alignSeries(
			{ range: { from: 20260301, to: 20260331 }, points: [] },
			{ range: { from: 20250301, to: 20250331 }, points: [] },
			'weekday'
		);
		expect(rows).toHaveLength(32);
		expect(rows[0]).toMatchObject({ dateA: null, dateB: 20250301 });
		expect(rows[1]).toMatchObject({ dateA: 20260301, dateB: 20250302 });
		expect(rows[31]).toMatchObject({ dateA: 20260331, dateB: null });
		for (const row of rows) {
			if (row.dateA !== null && row.dateB !== null) {
				expect(weekdayOfDate(row.dateA)).toBe(weekdayOfDate(row.dateB));
			}
		}
		expect(rows.filter((row) => row.dateA !== null)).toHaveLength(31);
	});

	it('aligns two ISO weeks the same way in both modes', () => {
		const a = { range: { from: 20260330, to: 20260405 }, points: [] };
		const b = { range: { from: 20260323, to: 20260329 }, points: [] };
		expect(alignSeries(a, b, 'weekday')).toEqual(alignSeries(a, b, 'day-of-period'));
		expect(alignSeries(a, b, 'weekday')).toHaveLength(7);
	});
});

describe('comparePeriods', () => {
	const series = (id: string, values: (number | null)[]): Series => ({
		id,
		label: id,
		unit: 'steps',
		points: values.map((value, i) => ({ dateInt: 20260301 + i, value }))
	});

	it('compares means and totals over the days that have data', () => {
		const [steps] = comparePeriods(
			[series('steps', [10000, null, 8000])],
			[series('steps', [6000, 9000, null, 9000])]
		);
		expect(steps).toEqual({
			id: 'steps',
			label: 'steps',
			unit: 'steps',
			meanA: 9000,
			meanB: 8000,
			totalA: 18000,
			totalB: 24000,
			changePct: 12.5,
			daysA: 2,
			daysB: 3
		});
	});

	it('gives no change when the reference mean is zero or missing', () => {
		const result = comparePeriods(
			[series('zero', [5]), series('gone', [5]), series('onlyA', [1])],
			[series('zero', [0, 0]), series('gone', [null])]
		);
		expect(result.map((r) => r.changePct)).toEqual([null, null, null]);
		expect(result[2]).toMatchObject({ meanB: null, totalB: null, daysB: 0 });
		expect(comparePeriods([], [])).toEqual([]);
	});
});

describe('sleepTimingShift', () => {
	const night = (bedtimeOffset: number, wakeOffset: number, nap = false): BedtimeNight => ({
		dateInt: 20260301,
		bedtimeOffset,
		asleepOffset: null,
		wakeOffset,
		nap
	});

	it('gives how much later bedtime and wake moved, from the medians of nights only', () => {
		const shift = sleepTimingShift(
			[
				night(0, 7.5 * 3600),
				night(1800, 8 * 3600),
				night(600, 7.5 * 3600),
				night(14 * 3600, 15 * 3600, true)
			],
			[night(-3600, 7 * 3600), night(-1800, 7 * 3600)]
		);
		expect(shift.bedtimeShift).toBe(600 - -2700);
		expect(shift.wakeShift).toBe(7.5 * 3600 - 7 * 3600);
		expect(shift.regularityA.nights).toBe(3);
		expect(shift.regularityB.nights).toBe(2);
	});

	it('gives null shifts when a period has no nights', () => {
		const shift = sleepTimingShift([night(0, 25200)], []);
		expect(shift).toMatchObject({ bedtimeShift: null, wakeShift: null });
	});
});
