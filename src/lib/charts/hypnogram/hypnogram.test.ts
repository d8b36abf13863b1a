import { curveStepAfter, line } from 'd3-shape';
import { describe, expect, it } from 'vitest';
import { formatClock, zonedToEpoch } from '$lib/time/zone';
import {
	hypnogramNewYork,
	hypnogramOrdinary,
	hypnogramSpringForward,
	hypnogramWithRem
} from '../testing/fixtures';
import {
	hourTicksInZone,
	hypnogramLayout,
	hypnogramTable,
	phaseBlockLabel,
	stepAfterPath
} from './hypnogram';

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

	it('starts the step line where sleep starts', () => {
		const layout = hypnogramLayout(hypnogramOrdinary, 540, 164);
		const asleepX = layout.x(hypnogramOrdinary.asleep ?? 0);
		expect(layout.stepPath.startsWith(`M${Math.round(asleepX * 100) / 100},`)).toBe(true);
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
});

describe('stepAfterPath', () => {
	const d3StepAfter = (points: Array<[number, number]>) =>
		line().curve(curveStepAfter).digits(2)(points) ?? '';

	it('draws nothing for no points and a bare move for one', () => {
		expect(stepAfterPath([])).toBe('');
		expect(stepAfterPath([[3.14159, 2]])).toBe('M3.14,2');
	});

	it('holds each value until the next point, exactly as d3 draws it', () => {
		const cases: Array<Array<[number, number]>> = [
			[
				[0, 10],
				[5, 20],
				[12.345, 10],
				[40, 30]
			],
			[
				[0.004, -0.004],
				[1 / 3, 2 / 3],
				[1e-7, 1e6]
			],
			hypnogramLayout(hypnogramOrdinary, 640, 120).blocks.map((block) => [block.x, block.y])
		];
		for (const points of cases) expect(stepAfterPath(points)).toBe(d3StepAfter(points));
	});
});
