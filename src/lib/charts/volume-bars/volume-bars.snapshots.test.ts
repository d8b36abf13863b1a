// SVG snapshots of the workout volume bars, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import VolumeBars from './VolumeBars.svelte';
import { sixWeeks } from '../testing/workout-fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('workout volume bars snapshots', () => {
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
});
