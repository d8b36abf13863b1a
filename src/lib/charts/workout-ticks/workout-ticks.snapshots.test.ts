// SVG snapshots of the workout ticks, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { BERLIN } from '$lib/metrics/testing/fixtures';
import WorkoutTicks from './WorkoutTicks.svelte';
import { rideSpans, runSpans } from '../testing/workout-fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('workout ticks snapshots', () => {
	it('draws a run as pace over steps per minute, broken at the stop', async () => {
		const svg = chartSvgMarkup(
			render(WorkoutTicks, { props: { spans: runSpans, reading: 'pace', tz: BERLIN } }).body
		);
		expectRoundedCoordinates(svg);
		expect(svg).toContain('>min/km</text>');
		expect(svg).toContain('>steps/min</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/workout-ticks-run.svg');
	});

	it('draws a ride at 60 s ticks as speed alone', async () => {
		const svg = chartSvgMarkup(
			render(WorkoutTicks, { props: { spans: rideSpans, reading: 'speed', tz: BERLIN } }).body
		);
		expect(svg).toContain('>km/h</text>');
		expect(svg).not.toContain('steps/min</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/workout-ticks-ride.svg');
	});
});
