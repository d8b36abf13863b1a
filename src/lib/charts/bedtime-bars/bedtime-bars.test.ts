import { readCoverage } from '$lib/coverage/testing/read';
import { describe, expect, it } from 'vitest';
import type { BedtimeNight } from '$lib/metrics/types';
import { daySlots } from '$lib/metrics/day-slots';
import { bedtimeBarLabel, bedtimeLayout, bedtimeTable } from './bedtime-bars';

const nights: BedtimeNight[] = [
	{
		dateInt: 20260323,
		bedtimeOffset: -3600,
		asleepOffset: 2400,
		wakeOffset: 6.5 * 3600,
		nap: false
	},
	{
		dateInt: 20260324,
		bedtimeOffset: -2 * 3600 - 1800,
		asleepOffset: null,
		wakeOffset: 5 * 3600,
		nap: false
	},
	{
		dateInt: 20260324,
		bedtimeOffset: 14 * 3600,
		asleepOffset: 14 * 3600 + 600,
		wakeOffset: 15 * 3600,
		nap: true
	}
];

describe('bedtimeLayout', () => {
	it('spans whole hours from the earliest bedtime to the latest wake', () => {
		const layout = bedtimeLayout(nights, true, 300, 340);
		expect(layout.y.domain()).toEqual([-3 * 3600, 15 * 3600]);
		expect(layout.hourTicks).toContain(0);
		for (const tick of layout.hourTicks) {
			expect(Math.abs(tick % 3600)).toBe(0);
			expect(tick).toBeGreaterThanOrEqual(-3 * 3600);
			expect(tick).toBeLessThanOrEqual(15 * 3600);
		}
	});

	it('keeps at least 22:00 to 07:00 so a short range still reads as a night', () => {
		const layout = bedtimeLayout(nights, false, 300, 340);
		expect(layout.y.domain()).toEqual([-3 * 3600, 7 * 3600]);
		expect(layout.bars).toHaveLength(2);
	});

	it('runs each bar from bedtime down to waking, asleep moment between them', () => {
		const layout = bedtimeLayout(nights, true, 300, 340);
		const [first] = layout.bars;
		const y = layout.y;
		expect(first?.y).toBeCloseTo(y(-3600), 2);
		expect((first?.y ?? 0) + (first?.height ?? 0)).toBeCloseTo(y(6.5 * 3600), 1);
		expect(first?.asleepY).toBeCloseTo(y(2400), 2);
		expect(layout.bars[1]?.asleepY).toBeNull();
		expect(layout.midnightY).toBeCloseTo(y(0), 2);
	});

	it('draws a nap narrower and centred in its date band', () => {
		const layout = bedtimeLayout(nights, true, 300, 340);
		const night = layout.bars[1];
		const nap = layout.bars[2];
		expect(nap?.width).toBeCloseTo((night?.width ?? 0) / 2, 2);
		expect((nap?.x ?? 0) + (nap?.width ?? 0) / 2).toBeCloseTo(
			(night?.x ?? 0) + (night?.width ?? 0) / 2,
			1
		);
	});

	it('speaks and tabulates clock times', () => {
		const layout = bedtimeLayout(nights, true, 300, 340);
		const first = layout.bars[0];
		expect(first && bedtimeBarLabel(first)).toBe(
			'Night ending Mon 23 Mar: bed 23:00, asleep 00:40, woke 06:30'
		);
		expect(bedtimeTable(nights).rows[2]).toMatchObject({ kind: 'Nap', inBed: 3600 });
	});
});

describe('bedtimeLayout in fixed slots', () => {
	// Mon 23 – Wed 25 Mar, all past: no night ended on Wednesday.
	const slots = daySlots(20260323, 20260325, readCoverage(20260323, 20260325, 20260330), [
		{ dateInt: 20260323, value: 1 },
		{ dateInt: 20260324, value: 1 }
	]);

	it('keeps the date of a missing night as a labelled gap, never closed up', () => {
		const layout = bedtimeLayout(nights, false, 300, 340, slots);
		expect(layout.x.domain()).toEqual([20260323, 20260324, 20260325]);
		// Three bands with 25 % padding over 300 px: a step of 300 / 3.25 = 92.31 px, bands 69.23
		// wide from 207.69; the gap mark is 48 px (MAX_BAR_WIDTH) centred on 242.31.
		expect(layout.gaps).toEqual([
			{ dateInt: 20260325, x: 218.31, cx: 242.31, width: 48, words: 'no record' }
		]);
	});

	it('lists the missing night in the table as "no record"', () => {
		const rows = bedtimeTable(nights.slice(0, 2), slots).rows;
		expect(rows.map((row) => row.record)).toEqual(['recorded', 'recorded', 'no record']);
		expect(rows[2]).toEqual({ date: '2026-03-25', record: 'no record' });
	});
});
