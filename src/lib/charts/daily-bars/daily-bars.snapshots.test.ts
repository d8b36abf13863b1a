// SVG snapshots of the daily bars, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import DailyBars from './DailyBars.svelte';
import {
	asleepMonth,
	stepsWeek,
	stepsWeekLoading,
	stepsWeekSoFar
} from '../testing/daily-fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('daily bars snapshots', () => {
	it('draws a week of steps as seven bars with the goal line and a labelled gap', async () => {
		const { body } = render(DailyBars, {
			props: { slots: stepsWeek, unit: 'steps', goal: 10000, label: 'Steps per day' }
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/class="bar"/g)).toHaveLength(6);
		expect(svg.match(/role="gridcell"/g)).toHaveLength(7);
		expect(svg).toContain('>no record</text>');
		expect(svg).toContain('>Goal 10,000 steps</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/daily-bars-steps-week.svg');
	});

	it('leaves the days still to come empty and draws the 7-day average', async () => {
		const { body } = render(DailyBars, {
			props: {
				slots: stepsWeekSoFar,
				unit: 'steps',
				goal: 10000,
				showAverage: true,
				label: 'Steps per day'
			}
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/>no record<\/text>/g)).toHaveLength(1);
		expect(svg).toContain('class="average"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/daily-bars-week-so-far.svg');
	});

	it('draws a month of time asleep in hours with two nights of no record', async () => {
		const { body } = render(DailyBars, {
			props: {
				slots: asleepMonth,
				unit: 'seconds',
				goal: 28800,
				tone: 'sleep',
				label: 'Time asleep per night'
			}
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/>no record<\/text>/g)).toHaveLength(2);
		expect(svg).toContain('>h</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/daily-bars-asleep-month.svg');
	});

	it('draws today under way hollow, and names a day not read yet and one that failed', async () => {
		const { body } = render(DailyBars, {
			props: { slots: stepsWeekLoading, unit: 'steps', goal: 10000, label: 'Steps per day' }
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/class="bar underway"/g)).toHaveLength(1);
		expect(svg).toContain('>could not be loaded</text>');
		expect(svg).toContain('>not read yet</text>');
		expect(svg).toContain('aria-label="Thu 26 Mar: 2,300 steps so far, under way"');
		// Under way: not judged against the goal.
		expect(svg).not.toMatch(/slot underway[^"]*met/);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/daily-bars-week-loading.svg');
	});
});
