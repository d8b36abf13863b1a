// SVG snapshots of the goal gauges, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import GoalGauges from './GoalGauges.svelte';
import { goalGauges } from '../testing/fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('goal gauges snapshots', () => {
	it('draws goal gauges with an exceeded goal and the calories eaten past the budget', async () => {
		const svg = chartSvgMarkup(render(GoalGauges, { props: { gauges: goalGauges } }).body);
		expect(svg).toContain('8,160 of 10,000 steps, 1,840 to go');
		expect(svg).toContain('✓ 7 h 55 min of 7 h 30 min');
		expect(svg).not.toContain('Exceeded');
		expect(svg).toContain('312 kcal over budget');
		expect(svg).toContain('class="overflow"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/goal-gauges.svg');
	});
});
