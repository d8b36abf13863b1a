// SVG snapshots of the day × hour heatmap, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Heatmap from './Heatmap.svelte';
import { yearGrid } from '../testing/fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('day × hour heatmap snapshots', () => {
	it('draws the axes and labels of a year heatmap (cells are on canvas)', async () => {
		const { body } = render(Heatmap, { props: { grid: yearGrid } });
		const svg = chartSvgMarkup(body);
		// Months on the first line, the year under the first month and under January.
		expect(svg).toContain('>Apr</text>');
		expect(svg).toContain('<text class="context" x="0" y="29" text-anchor="middle">2025</text>');
		expect(svg).toContain('>2026</text>');
		expect(svg).not.toContain('>Jan 2026</text>');
		expect(body).toContain('<canvas');
		expect(body).toContain('Busiest hour:');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap.svg');
	});
});
