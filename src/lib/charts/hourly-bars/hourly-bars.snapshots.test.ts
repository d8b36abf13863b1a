// SVG snapshots of the hourly bars, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import HourlyBars from './HourlyBars.svelte';
import { hourlyMorning, hourlySpringForward, hourlyWorkday } from '../testing/fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('hourly bars snapshots', () => {
	it('draws the steps of an ordinary workday with usual markers', async () => {
		const { body } = render(HourlyBars, { props: { bins: hourlyWorkday } });
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hourly-bars.svg');
	});

	it('draws the hour under way hollow, the hours to come empty, and the chosen hour marked', async () => {
		const { body } = render(HourlyBars, { props: { bins: hourlyMorning, selected: 8 } });
		const svg = chartSvgMarkup(body);
		expect(svg.match(/class="bar underway/g)).toHaveLength(1);
		expect(svg.match(/aria-selected="true"/g)).toHaveLength(1);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hourly-bars-morning.svg');
	});

	it('draws 23 bars on the day the clocks spring forward, with no 02:00 bar', async () => {
		const { body } = render(HourlyBars, {
			props: { bins: hourlySpringForward, metric: 'calories' }
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/role="gridcell"/g)).toHaveLength(23);
		expect(svg).not.toContain('aria-label="02:00');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hourly-bars-spring-forward.svg');
	});
});
