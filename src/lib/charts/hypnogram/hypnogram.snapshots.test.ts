// SVG snapshots of the hypnogram, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Hypnogram from './Hypnogram.svelte';
import {
	hypnogramNewYork,
	hypnogramOrdinary,
	hypnogramSpringForward,
	hypnogramWithRem
} from '../testing/fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('hypnogram snapshots', () => {
	it('draws an ordinary night as phase blocks on Berlin wall-clock hours', async () => {
		const { body } = render(Hypnogram, { props: { night: hypnogramOrdinary } });
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		expect(svg).toContain('>00:00</text>');
		expect(svg).toContain('>06:00</text>');
		// One band per stage: no step line drawn through the blocks.
		expect(svg).not.toContain('class="steps"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hypnogram.svg');
	});

	it('labels the spring-forward night without a 02:00 tick', async () => {
		const { body } = render(Hypnogram, { props: { night: hypnogramSpringForward } });
		const svg = chartSvgMarkup(body);
		expect(svg).toContain('>01:00</text>');
		expect(svg).toContain('>03:00</text>');
		expect(svg).not.toContain('>02:00</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hypnogram-spring-forward.svg');
	});

	it('draws a night on the New York trip in New York time', async () => {
		const svg = chartSvgMarkup(render(Hypnogram, { props: { night: hypnogramNewYork } }).body);
		expect(svg).toContain('times in America/New_York');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hypnogram-new-york.svg');
	});

	it('draws a watch night with REM in a row of its own between awake and light', async () => {
		const svg = chartSvgMarkup(render(Hypnogram, { props: { night: hypnogramWithRem } }).body);
		expectRoundedCoordinates(svg);
		expect(svg).toContain('>REM sleep</text>');
		expect(svg.match(/class="block phase-rem/g)).toHaveLength(2);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hypnogram-rem.svg');
	});
});
