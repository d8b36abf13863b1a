// SVG snapshots of the body chart, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import BodyChart from './BodyChart.svelte';
import { weighInsTwoMonths } from '../testing/heart-body-fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('body chart snapshots', () => {
	it('draws Sunday weigh-ins as dots with the trend and the goal line, not a daily ramp', async () => {
		const { body } = render(BodyChart, {
			props: {
				points: weighInsTwoMonths,
				unit: 'kg',
				goal: 68,
				fromDate: 20260201,
				toDate: 20260405
			}
		});
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		expect(svg.match(/<circle/g)).toHaveLength(9);
		expect(svg).toContain('Goal 68.0 kg');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/body-chart.svg');
	});
});
