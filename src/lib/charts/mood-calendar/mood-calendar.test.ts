import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import MoodCalendar from './MoodCalendar.svelte';
import { calendarDays, calendarMove, cellAt, cellLabel, moodCalendarLayout } from './mood-calendar';
import { moodMarch } from '../testing/mood-fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('moodCalendarLayout', () => {
	it('puts March 2026 in six Monday-first weeks: the 1st is a Sunday', () => {
		const layout = moodCalendarLayout(moodMarch, 'month', 350);
		expect(layout.columns).toBe(7);
		expect(layout.rows).toBe(6);
		expect(layout.pitch).toBe(50);
		const first = layout.cells[0];
		expect(first).toMatchObject({ date: 20260301, x: 300, y: 0, size: 47 });
		// Monday 2 March starts the second row.
		expect(layout.cells[1]).toMatchObject({ date: 20260302, x: 0, y: 50 });
		expect(layout.cells[30]).toMatchObject({ date: 20260331, x: 50, y: 250 });
		expect(layout.height).toBe(300);
	});

	it('colours by place on the scale, Good (8) fourth, and leaves empty and future days uncoloured', () => {
		const layout = moodCalendarLayout(moodMarch, 'month', 350);
		expect(layout.cells.slice(0, 4).map((cell) => cell.rank)).toEqual([1, 4, 5, null]);
		expect(layout.cells[11]?.rank).toBe(8);
		expect(layout.cells[30]?.day.future).toBe(true);
		expect(layout.cells[30]?.rank).toBeNull();
	});

	it('caps the cell size of a wide month', () => {
		expect(moodCalendarLayout(moodMarch, 'month', 1400).pitch).toBe(64);
	});

	it('lays a year out as weekday rows and week columns, with month names at their first week', () => {
		const year = calendarDays(20250101, 20251231, 20260330, () => null);
		const layout = moodCalendarLayout(year, 'year', 530);
		// 1 January 2025 is a Wednesday: two days of lead, 365 days, 53 weeks.
		expect(layout.columns).toBe(53);
		expect(layout.rows).toBe(7);
		expect(layout.pitch).toBe(10);
		expect(layout.cells[0]).toMatchObject({ x: 0, y: 20 });
		// Monday 6 January: the second column, top row.
		expect(layout.cells[5]).toMatchObject({ date: 20250106, x: 10, y: 0 });
		expect(layout.columnLabels.slice(0, 3)).toEqual([
			{ at: 0, text: 'Jan' },
			{ at: 40, text: 'Feb' },
			{ at: 80, text: 'Mar' }
		]);
		expect(layout.rowLabels.map((label) => label.text)).toEqual(['Mon', 'Wed', 'Fri']);
		// On a phone (5 px a week) month names would overlap: every other one is left out.
		const narrow = moodCalendarLayout(year, 'year', 265);
		expect(narrow.columnLabels.slice(0, 3).map((label) => label.text)).toEqual([
			'Jan',
			'Mar',
			'May'
		]);
	});

	it('finds the day under a point, and none in the lead before the 1st', () => {
		const layout = moodCalendarLayout(moodMarch, 'month', 350);
		expect(cellAt(layout, 310, 10)).toBe(0);
		expect(cellAt(layout, 10, 60)).toBe(1);
		expect(cellAt(layout, 10, 10)).toBeNull();
		expect(cellAt(layout, 10, 400)).toBeNull();
		const year = moodCalendarLayout(
			calendarDays(20250101, 20251231, 20260330, () => null),
			'year',
			530
		);
		expect(cellAt(year, 15, 5)).toBe(5);
	});

	it('moves a week with up and down in a month, and a day with up and down in a year', () => {
		expect(calendarMove('month', 'ArrowDown', 3, 31)).toEqual({ kind: 'move', index: 10 });
		expect(calendarMove('month', 'ArrowRight', 3, 31)).toEqual({ kind: 'move', index: 4 });
		expect(calendarMove('year', 'ArrowDown', 3, 365)).toEqual({ kind: 'move', index: 4 });
		expect(calendarMove('year', 'ArrowRight', 3, 365)).toEqual({ kind: 'move', index: 10 });
	});

	it('says the mood, its own title, no mood or not yet', () => {
		const layout = moodCalendarLayout(moodMarch, 'month', 350);
		const [first, , , fourth] = layout.cells;
		expect(first && cellLabel(first)).toBe('Sun 1 Mar: Amazing (“Logged”)');
		expect(fourth && cellLabel(fourth)).toBe('Wed 4 Mar: no mood logged');
		const last = layout.cells[30];
		expect(last && cellLabel(last)).toBe('Tue 31 Mar: not yet');
	});
});

describe('days not read yet', () => {
	// March 2026 half read, newest first: the 16th to the 30th read, the 1st to the 15th not yet.
	const firstHalf = new Set(Array.from({ length: 15 }, (_, i) => 20260301 + i));
	const halfRead = calendarDays(
		20260301,
		20260331,
		20260330,
		(date) => (date >= 20260316 ? (moodMarch[(date % 100) - 1]?.mood ?? null) : null),
		firstHalf
	);

	it('marks the unread days without a mood, never a future one, and names them apart', () => {
		expect(halfRead.filter((day) => day.unread).map((day) => day.date)).toEqual([...firstHalf]);
		// The 18th was read and has no mood: read, not unread.
		expect(halfRead[17]).toMatchObject({ date: 20260318, mood: null, unread: false });
		const layout = moodCalendarLayout(halfRead, 'month', 350);
		const [first, , , fourth] = layout.cells;
		expect(first && cellLabel(first)).toBe('Sun 1 Mar: not read yet');
		expect(fourth && cellLabel(fourth)).toBe('Wed 4 Mar: not read yet');
		expect(layout.cells[17] && cellLabel(layout.cells[17])).toBe('Wed 18 Mar: no mood logged');
		expect(layout.cells[15]?.rank).toBe(1);
		expect(layout.cells[0]?.rank).toBeNull();
		// A future day stays future even when listed unread.
		const future = calendarDays(20260330, 20260331, 20260330, () => null, new Set([20260331]));
		expect(future[1]).toMatchObject({ future: true, unread: false });
	});

	it('draws March half read: 15 pale days not read yet, the rest as read', async () => {
		const svg = chartSvgMarkup(
			render(MoodCalendar, { props: { days: halfRead, width: 360 } }).body
		);
		expect(svg.match(/class="unread"/g)).toHaveLength(15);
		// Read: the 16th to the 30th, with no mood on the 18th and the 25th and the 30th.
		expect(svg.match(/class="mood"/g)).toHaveLength(12);
		expect(svg.match(/class="none"/g)).toHaveLength(3);
		expect(svg.match(/class="future"/g)).toHaveLength(1);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/mood-calendar-half-read.svg');
	});
});

describe('mood calendar snapshot', () => {
	it('draws March 2026: coloured days, dashed empty days and the 31st still to come', async () => {
		const svg = chartSvgMarkup(
			render(MoodCalendar, { props: { days: moodMarch, width: 360 } }).body
		);
		expect(svg.match(/class="mood"/g)).toHaveLength(25);
		expect(svg.match(/class="none"/g)).toHaveLength(5);
		expect(svg.match(/class="future"/g)).toHaveLength(1);
		expect(svg).toContain('fill: var(--mood-8)');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/mood-calendar-month.svg');
	});
});
