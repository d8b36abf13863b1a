import { readCoverage } from '$lib/coverage/testing/read';
import { describe, expect, it } from 'vitest';
import type { NightPhaseTotals } from '$lib/metrics/types';
import { daySlots } from '$lib/metrics/day-slots';
import { hourTickValues, nightColumnLabel, nightStackLayout, nightStackTable } from './night-stack';

const nights: NightPhaseTotals[] = [
	{ dateInt: 20260323, xid: 'a', latency: 600, awake: 1200, rem: 0, light: 14400, deep: 5400 },
	{ dateInt: 20260324, xid: 'b', latency: 1800, awake: 600, rem: 0, light: 10800, deep: 3600 }
];

describe('nightStackLayout', () => {
	it('stacks deep at the bottom and latency on top, heights in proportion to seconds', () => {
		const layout = nightStackLayout(nights, 200, 180);
		// 21,600 s in bed on the longest night: the axis rounds up to 6 whole hours.
		expect(layout.y.domain()).toEqual([0, 6 * 3600]);
		const [first] = layout.columns;
		expect(first?.pieces.map((piece) => piece.phase)).toEqual([
			'deep',
			'light',
			'awake',
			'latency'
		]);
		const deep = first?.pieces[0];
		expect(deep?.y).toBeCloseTo(180 - (5400 / 21600) * 180, 2);
		expect(deep?.height).toBeCloseTo((5400 / 21600) * 180, 2);
		const stacked = first?.pieces.reduce((sum, piece) => sum + piece.height, 0) ?? 0;
		expect(stacked).toBeCloseTo(180, 1);
		expect(first?.top).toBeCloseTo(0, 2);
	});

	it('labels a night under its wake date with each phase', () => {
		const layout = nightStackLayout(nights, 200, 180);
		const second = layout.columns[1];
		expect(second && nightColumnLabel(second)).toBe(
			'Night ending Tue 24 Mar: 4 h 40 min in bed; Falling asleep 30 min, Awake 10 min, Light sleep 3 h 00 min, Deep sleep 1 h 00 min'
		);
	});

	it('chooses hour ticks that stay readable', () => {
		expect(hourTickValues(8 * 3600, 200)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((h) => h * 3600));
		expect(hourTickValues(8 * 3600, 80)).toEqual([0, 3, 6].map((h) => h * 3600));
	});

	it('tabulates seconds per phase by ISO wake date', () => {
		const table = nightStackTable(nights);
		expect(table.rows[0]).toEqual({
			date: '2026-03-23',
			latency: 600,
			awake: 1200,
			light: 14400,
			deep: 5400
		});
	});
});

describe('nightStackLayout in fixed slots', () => {
	// Mon 23 – Sun 29 Mar read on Friday 27: no night ended on Wednesday 25 or Thursday 26.
	const week = daySlots(20260323, 20260329, readCoverage(20260323, 20260329, 20260327), [
		{ dateInt: 20260323, value: 1 },
		{ dateInt: 20260324, value: 1 },
		{ dateInt: 20260327, value: 1 }
	]);
	const three = [
		...nights,
		{ dateInt: 20260327, xid: 'c', latency: 900, awake: 900, rem: 0, light: 12000, deep: 6000 }
	];

	it('keeps a column for every day of the week and a gap for each night with no record', () => {
		const layout = nightStackLayout(three, 700, 180, week);
		expect(layout.x.domain()).toHaveLength(7);
		expect(layout.gaps.map((gap) => gap.dateInt)).toEqual([20260325, 20260326]);
		// Friday's night stays under Friday, not closed up next to Tuesday.
		const friday = layout.columns[2];
		expect((friday?.x ?? 0) + (friday?.width ?? 0) / 2).toBeCloseTo(
			(layout.x(20260327) ?? -1) + layout.x.bandwidth() / 2,
			1
		);
		expect(layout.columns[2]!.x - layout.columns[1]!.x).toBeCloseTo(3 * layout.x.step(), 1);
	});

	it('tabulates the missing nights as "no record" and the days to come as "not yet"', () => {
		const table = nightStackTable(three, week);
		expect(table.rows.map((row) => [row.date, row.record])).toEqual([
			['2026-03-23', 'recorded'],
			['2026-03-24', 'recorded'],
			['2026-03-25', 'no record'],
			['2026-03-26', 'no record'],
			['2026-03-27', 'recorded'],
			['2026-03-28', 'not yet'],
			['2026-03-29', 'not yet']
		]);
		expect(table.rows[2]?.deep).toBeUndefined();
	});
});

describe('nights with REM', () => {
	const withRem: NightPhaseTotals[] = [
		{ dateInt: 20190305, xid: 'a', latency: 600, awake: 900, rem: 5400, light: 13800, deep: 4200 },
		{ dateInt: 20190306, xid: 'b', latency: 900, awake: 1200, rem: 0, light: 16200, deep: 3600 }
	];

	it('stacks REM above light sleep, and counts it in the night', () => {
		const layout = nightStackLayout(withRem, 400, 200);
		expect(layout.phases).toEqual(['deep', 'light', 'rem', 'awake', 'latency']);
		const first = layout.columns[0];
		expect(first?.total).toBe(600 + 900 + 5400 + 13800 + 4200);
		expect(first?.pieces.find((piece) => piece.phase === 'rem')?.seconds).toBe(5400);
		expect(nightColumnLabel(first!)).toContain('REM sleep 1 h 30 min');
	});

	it('adds a REM column to the table only when a night has REM', () => {
		expect(nightStackTable(withRem).columns.map((column) => column.key)).toContain('rem');
		expect(nightStackTable(withRem).rows[0]).toMatchObject({ rem: 5400 });
		expect(nightStackTable(nights).columns.map((column) => column.key)).not.toContain('rem');
		expect(nightStackLayout(nights, 400, 200).phases).not.toContain('rem');
	});
});
