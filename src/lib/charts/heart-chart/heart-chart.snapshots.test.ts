// SVG snapshots of the heart chart, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import HeartChart from './HeartChart.svelte';
import { heartSixWeeks } from '../testing/heart-body-fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('heart chart snapshots', () => {
	it('draws six weeks of resting heart rate over the baseline band, broken where days are missing', async () => {
		const { body } = render(HeartChart, {
			props: { points: heartSixWeeks, fromDate: 20260301, toDate: 20260411 }
		});
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		expect(svg.match(/<circle/g)).toHaveLength(heartSixWeeks.length);
		// The cold's days sit above the baseline; the first week has none yet.
		expect(svg.match(/zone-above/g)?.length).toBeGreaterThanOrEqual(3);
		expect(svg).toContain('zone-none');
		expect(svg.match(/class="band"/g)).toHaveLength(2);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/heart-chart.svg');
	});
});
