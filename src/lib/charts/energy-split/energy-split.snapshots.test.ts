// SVG snapshots of the Food view's day chart, rendered on the server from its named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import EnergySplit from './EnergySplit.svelte';
import { dayOver, daySplit, dayUnderway } from '../testing/food-fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('energy split snapshots', () => {
	it('draws a day over budget: eaten to the budget, the rest past it, and the three nutrients’ split', async () => {
		const svg = chartSvgMarkup(
			render(EnergySplit, { props: { day: dayOver, split: daySplit } }).body
		);
		expectRoundedCoordinates(svg);
		expect(svg.match(/class="overflow"/g)).toHaveLength(1);
		expect(svg.match(/class="segment"/g)).toHaveLength(3);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/energy-split.svg');
	});

	it('draws today under way hollow, with what was eaten so far', async () => {
		const svg = chartSvgMarkup(
			render(EnergySplit, { props: { day: dayUnderway, split: [] } }).body
		);
		expect(svg).toContain('class="energy underway');
		expect(svg).toContain('640 kcal eaten so far');
		expect(svg).not.toContain('class="segment"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/energy-split-underway.svg');
	});
});
