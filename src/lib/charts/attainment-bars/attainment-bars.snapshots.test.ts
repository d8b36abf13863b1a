// SVG snapshots of the attainment bars, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import AttainmentBars from './AttainmentBars.svelte';
import { stepAttainment, stepAttainmentUnderway } from '../testing/fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('attainment bars snapshots', () => {
	it('draws a month of attainment with the 100% line and met days marked', async () => {
		const svg = chartSvgMarkup(render(AttainmentBars, { props: { days: stepAttainment } }).body);
		const met = stepAttainment.filter((day) => day.met).length;
		expect(met).toBeGreaterThan(0);
		expect(svg.match(/class="met-mark"/g)).toHaveLength(met);
		expect(svg).toContain('class="target"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/attainment-bars.svg');
	});

	it('draws today hollow and leaves the days to come empty', async () => {
		const svg = chartSvgMarkup(
			render(AttainmentBars, { props: { days: stepAttainmentUnderway } }).body
		);
		expect(svg.match(/class="bar underway/g)).toHaveLength(1);
		expect(svg).toContain(
			'aria-label="Fri 20 Mar: 1,800 steps of 10,000 steps (18%) so far, under way"'
		);
		expect(svg.match(/: not yet"/g)).toHaveLength(11);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/attainment-bars-underway.svg');
	});
});
