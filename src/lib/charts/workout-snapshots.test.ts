// SVG snapshots of the workout charts, rendered on the server from the named workout fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { BERLIN } from '$lib/metrics/fixtures';
import VolumeBars from './VolumeBars.svelte';
import WorkoutTicks from './WorkoutTicks.svelte';
import { chartSvgMarkup } from './snapshot-markup';
import { rideSpans, runSpans, sixWeeks } from './workout-fixtures';

function expectRoundedCoordinates(svg: string) {
	const numbers = svg.match(/(?<=\s(?:x|y|x1|x2|y1|y2|width|height|cx|cy)=")[^"]+/g) ?? [];
	expect(numbers.length).toBeGreaterThan(0);
	for (const value of numbers) expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
}

describe('workout chart snapshots', () => {
	it('draws six weeks of workout time with an idle week and an unfinished one', async () => {
		const svg = chartSvgMarkup(render(VolumeBars, { props: { slots: sixWeeks } }).body);
		expectRoundedCoordinates(svg);
		expect(svg.match(/role="gridcell"/g)).toHaveLength(6);
		expect(svg).toContain('aria-label="Week of 16 Mar: no workouts"');
		expect(svg).toContain('(so far)');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/volume-bars.svg');
	});

	it('draws weekly distance in miles for an imperial user', async () => {
		const svg = chartSvgMarkup(
			render(VolumeBars, { props: { slots: sixWeeks, measure: 'distance', system: 'imperial' } })
				.body
		);
		expect(svg).toContain('>mi</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/volume-bars-miles.svg');
	});

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
