import { describe, expect, it } from 'vitest';
import { formatClock, zonedToEpoch } from '$lib/time/zone';
import {
	hypnogramNewYork,
	hypnogramOrdinary,
	hypnogramSpringForward,
	hypnogramWithRem
} from '../testing/fixtures';
import { hourTicksInZone, hypnogramLayout, hypnogramTable, phaseBlockLabel } from './hypnogram';

const BERLIN = 'Europe/Berlin';

describe('hourTicksInZone', () => {
	it('skips 02:00 on the night the clocks spring forward', () => {
		const from = zonedToEpoch(2026, 3, 28, 23, 40, 0, BERLIN);
		const to = zonedToEpoch(2026, 3, 29, 8, 5, 0, BERLIN);
		const labels = hourTicksInZone(from, to, BERLIN).map((tick) => formatClock(tick, BERLIN));
		expect(labels).toEqual([
			'00:00',
			'01:00',
			'03:00',
			'04:00',
			'05:00',
			'06:00',
			'07:00',
			'08:00'
		]);
	});

	it('ticks 02:00 twice on the night the clocks fall back', () => {
		const from = zonedToEpoch(2025, 10, 25, 23, 30, 0, BERLIN);
		const to = zonedToEpoch(2025, 10, 26, 4, 0, 0, BERLIN);
		const labels = hourTicksInZone(from, to, BERLIN).map((tick) => formatClock(tick, BERLIN));
		expect(labels).toEqual(['00:00', '01:00', '02:00', '02:00', '03:00', '04:00']);
	});

	it('ticks whole local hours in a zone with a 45-minute offset', () => {
		const tz = 'Asia/Kathmandu';
		const from = zonedToEpoch(2026, 1, 10, 22, 10, 0, tz);
		const to = zonedToEpoch(2026, 1, 11, 1, 0, 0, tz);
		const labels = hourTicksInZone(from, to, tz).map((tick) => formatClock(tick, tz));
		expect(labels).toEqual(['23:00', '00:00', '01:00']);
	});

	it('keeps every second hour when asked', () => {
		const from = zonedToEpoch(2026, 3, 22, 23, 10, 0, BERLIN);
		const to = zonedToEpoch(2026, 3, 23, 6, 50, 0, BERLIN);
		const labels = hourTicksInZone(from, to, BERLIN, 2).map((tick) => formatClock(tick, BERLIN));
		expect(labels).toEqual(['00:00', '02:00', '04:00', '06:00']);
	});
});

describe('hypnogramLayout', () => {
	it('lays phases end to end across the width, latency over the full height', () => {
		const layout = hypnogramLayout(hypnogramOrdinary, 540, 164);
		const [first] = layout.blocks;
		const last = layout.blocks[layout.blocks.length - 1];
		expect(first?.phase).toBe('latency');
		expect(first?.x).toBe(0);
		expect(first?.height).toBe(164);
		expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(540, 1);
		const totalWidth = layout.blocks.reduce((sum, block) => sum + block.width, 0);
		expect(totalWidth).toBeCloseTo(540, 0);
	});

	it('puts awake on the top row and deep on the bottom row', () => {
		const layout = hypnogramLayout(hypnogramOrdinary, 540, 164);
		const rowTop = (phase: string) => layout.blocks.find((block) => block.phase === phase)?.y ?? -1;
		expect(rowTop('awake')).toBeLessThan(rowTop('light'));
		expect(rowTop('light')).toBeLessThan(rowTop('deep'));
	});

	it('spans the real duration of a night across a clock change', () => {
		const night = hypnogramSpringForward;
		const layout = hypnogramLayout(night, 600, 160);
		// 23:40 CET to 08:05 CEST is 7 h 25 min, not the 8 h 25 min the wall clock suggests.
		expect(night.wake - night.bedtime).toBe(7 * 3600 + 25 * 60);
		const hourWidth = layout.x(night.bedtime + 3600) - layout.x(night.bedtime);
		expect(hourWidth).toBeCloseTo(600 / (7 + 25 / 60), 5);
	});

	it('draws one band per stage, each meeting the next, with no line through the blocks', () => {
		const layout = hypnogramLayout(hypnogramOrdinary, 540, 165);
		const rows = new Map(
			layout.blocks
				.filter((block) => block.phase !== 'latency')
				.map((block) => [block.phase, [block.y, block.y + block.height]])
		);
		expect(rows.get('awake')).toEqual([0, 55]);
		expect(rows.get('light')).toEqual([55, 110]);
		expect(rows.get('deep')).toEqual([110, 165]);
		// Every change here is between neighbouring rows: nothing to join.
		expect(layout.connectors).toEqual([]);
	});

	it('joins a move from awake straight to deep sleep across the light row', () => {
		const start = hypnogramOrdinary.segments[1]?.start ?? 0;
		const night = {
			...hypnogramOrdinary,
			segments: [
				{ start, end: start + 600, phase: 'awake' as const },
				{ start: start + 600, end: start + 1200, phase: 'deep' as const },
				{ start: start + 1200, end: hypnogramOrdinary.wake, phase: 'awake' as const }
			]
		};
		const layout = hypnogramLayout(night, 540, 165);
		expect(layout.connectors.map((line) => [line.y1, line.y2])).toEqual([
			[55, 110],
			[55, 110]
		]);
		expect(layout.connectors[0]?.x).toBe(layout.blocks[1]?.x);
	});

	it('describes each phase in the night’s own zone', () => {
		const layout = hypnogramLayout(hypnogramOrdinary, 540, 164);
		const deep = layout.blocks.find((block) => block.phase === 'deep');
		expect(deep && phaseBlockLabel(deep, BERLIN)).toBe('Deep sleep 23:50–00:49 (59 min)');
		const table = hypnogramTable(hypnogramOrdinary);
		expect(table.rows[0]).toEqual({
			phase: 'Falling asleep',
			start: '23:10',
			end: '23:28',
			seconds: 18 * 60
		});
	});

	it('shows a night on a trip on the wall clock of the trip, not of home', () => {
		const layout = hypnogramLayout(hypnogramNewYork, 540, 164);
		const labels = layout.hourTicks.map((tick) => formatClock(tick, hypnogramNewYork.tz));
		expect(labels[0]).toBe('23:00');
		expect(labels[labels.length - 1]).toBe('06:00');
		expect(hypnogramNewYork.dateInt).toBe(20260212);
		const [latency] = layout.blocks;
		expect(latency && phaseBlockLabel(latency, hypnogramNewYork.tz)).toBe(
			'Falling asleep 22:45–23:09 (24 min)'
		);
	});
});

describe('a night with REM', () => {
	it('gets a REM row between awake and light sleep; a night without keeps three rows', () => {
		const layout = hypnogramLayout(hypnogramWithRem, 540, 164);
		expect(layout.rows).toEqual(['awake', 'rem', 'light', 'deep']);
		const rowTop = (phase: string) => layout.blocks.find((block) => block.phase === phase)?.y ?? -1;
		expect(rowTop('awake')).toBeLessThan(rowTop('rem'));
		expect(rowTop('rem')).toBeLessThan(rowTop('light'));
		expect(rowTop('light')).toBeLessThan(rowTop('deep'));
		expect(hypnogramLayout(hypnogramOrdinary, 540, 164).rows).toEqual(['awake', 'light', 'deep']);
	});

	it('keeps one band per stage, each meeting the next, with four rows', () => {
		const layout = hypnogramLayout(hypnogramWithRem, 540, 164);
		const bands = new Map(
			layout.blocks
				.filter((block) => block.phase !== 'latency')
				.map((block) => [block.phase, [block.y, block.y + block.height]])
		);
		expect(bands.get('awake')).toEqual([0, 41]);
		expect(bands.get('rem')).toEqual([41, 82]);
		expect(bands.get('light')).toEqual([82, 123]);
		expect(bands.get('deep')).toEqual([123, 164]);
	});
});
