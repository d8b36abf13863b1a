import { describe, expect, it } from 'vitest';
import { BERLIN } from '$lib/metrics/testing/fixtures';
import { tickSpans } from '$lib/metrics/workouts';
import {
	elapsedTicks,
	formatElapsed,
	tickText,
	workoutTicksLayout,
	workoutTicksTable
} from './workout-ticks';
import { rideSpans, runSpans } from '../testing/workout-fixtures';

describe('workout ticks layout', () => {
	it('places each tick over the seconds its timestamps give it', () => {
		const layout = workoutTicksLayout(runSpans, 'pace', 'metric', 1500, 200);
		// 25 minutes over 1500 px: one px per second, a 10 s tick is 10 px wide.
		expect(layout.x.domain()).toEqual([0, 1500]);
		expect(layout.marks[0]).toMatchObject({ x0: 0, x1: 10, x: 5 });
		expect(layout.marks.every((mark) => mark.x1 - mark.x0 === 10)).toBe(true);
	});

	it('breaks the pace line at the stop and leaves the stop out of the steps area', () => {
		const layout = workoutTicksLayout(runSpans, 'pace', 'metric', 1500, 200);
		expect(layout.line.match(/M/g)).toHaveLength(2);
		expect(layout.steps.match(/M/g)).toHaveLength(2);
		const resume = layout.marks.find((mark) => mark.span.elapsed === 780);
		expect(resume?.span.afterGap).toBe(true);
	});

	it('draws pace with faster at the top on whole-minute ticks', () => {
		const layout = workoutTicksLayout(runSpans, 'pace', 'metric', 1500, 200);
		const [slow, fast] = layout.y.domain();
		expect(slow).toBeGreaterThan(fast ?? 0);
		expect(layout.yTicks?.every((tick) => tick % 60 === 0)).toBe(true);
		const quick = layout.marks.reduce((a, b) => ((a.reading ?? 0) < (b.reading ?? 0) ? a : b));
		const slowest = layout.marks.reduce((a, b) => ((a.reading ?? 0) > (b.reading ?? 0) ? a : b));
		expect(quick.yReading ?? 0).toBeLessThan(slowest.yReading ?? 0);
	});

	it('draws a ride without steps as speed alone, with no second axis', () => {
		const layout = workoutTicksLayout(rideSpans, 'speed', 'metric', 800, 200);
		expect(layout.hasSteps).toBe(false);
		expect(layout.y2).toBeNull();
		expect(layout.steps).toBe('');
		expect(layout.y.domain()[0]).toBe(0);
		// 60 s ticks: 40 minutes, ticks every 5 or 10 minutes.
		expect(layout.x.domain()).toEqual([0, 2400]);
		expect(layout.xTicks.every((tick) => tick % 300 === 0)).toBe(true);
	});

	it('keeps a workout without distance as steps per minute on the left axis', () => {
		const still = tickSpans(
			Array.from({ length: 5 }, (_, i) => ({
				time: 1000 + i * 60,
				distance: 0,
				active_time: 0,
				steps: 60,
				calories: 2,
				speed: 0
			}))
		);
		const layout = workoutTicksLayout(still, 'speed', 'metric', 500, 200);
		expect(layout.hasReading).toBe(false);
		expect(layout.line).toBe('');
		expect(layout.y.domain()).toEqual([0, 60]);
	});
});

describe('elapsed time ticks', () => {
	it('steps in whole minutes under two hours and in half hours above, never quarter hours', () => {
		expect(elapsedTicks(1500, 6)).toEqual([0, 300, 600, 900, 1200, 1500]);
		expect(elapsedTicks(2.5 * 3600, 16)).toEqual([0, 1800, 3600, 5400, 7200, 9000]);
		expect(elapsedTicks(3 * 3600, 4)).toEqual([0, 3600, 7200, 10800]);
	});
});

describe('workout ticks layout, parts left out', () => {
	it('draws neither a line nor a second axis when the reading is left out', () => {
		const layout = workoutTicksLayout(runSpans, 'pace', 'metric', 1500, 200, { reading: false });
		expect(layout.line).toBe('');
		expect(layout.y2).toBeNull();
		expect(layout.hasSteps).toBe(true);
	});

	it('draws no steps area when steps are left out', () => {
		const layout = workoutTicksLayout(runSpans, 'pace', 'metric', 1500, 200, { steps: false });
		expect(layout.steps).toBe('');
		expect(layout.y2).toBeNull();
	});
});

describe('workout ticks text', () => {
	it('reads elapsed time as minutes and seconds, or hours past the hour', () => {
		expect(formatElapsed(309)).toBe('5:09');
		expect(formatElapsed(3909)).toBe('1:05:09');
	});

	it('names a moment by its elapsed time and clock time in the workout zone', () => {
		const layout = workoutTicksLayout(runSpans, 'pace', 'metric', 1500, 200);
		expect(tickText(layout.marks[6]!, 'pace', 'metric', BERLIN)).toMatch(
			/^1:00 in, at 07:01, \d:\d\d \/km, \d+ steps\/min$/
		);
	});

	it('tabulates each tick with its own width and clock time', () => {
		const table = workoutTicksTable(runSpans, 'pace', 'metric', BERLIN);
		expect(table.rows[0]).toMatchObject({ elapsed: 0, clock: '07:00', seconds: 10 });
		expect(table.rows).toHaveLength(runSpans.length);
	});
});
