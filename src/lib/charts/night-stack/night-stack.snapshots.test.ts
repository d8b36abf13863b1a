// SVG snapshots of the night stack, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import NightStack from './NightStack.svelte';
import { nightMonthSlots, nightMonthTotals } from '../testing/daily-fixtures';
import { nightTotals, nightTotalsWithRem } from '../testing/fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('night stack snapshots', () => {
	it('stacks two weeks of nights under their wake dates', async () => {
		const { body } = render(NightStack, { props: { nights: nightTotals } });
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		expect(svg.match(/role="gridcell"/g)).toHaveLength(nightTotals.length);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/night-stack.svg');
	});

	it('keeps the two missing nights of a month as labelled gaps in the phase stacks', async () => {
		const { body } = render(NightStack, {
			props: { nights: nightMonthTotals, slots: nightMonthSlots }
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/>no record<\/text>/g)).toHaveLength(2);
		expect(svg).toContain('aria-label="Tue 10 Mar: no record"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/night-stack-month-gaps.svg');
	});

	it('stacks REM between light sleep and awake for nights that have it', async () => {
		const svg = chartSvgMarkup(render(NightStack, { props: { nights: nightTotalsWithRem } }).body);
		expectRoundedCoordinates(svg);
		// The middle night has no REM: two REM pieces for three nights.
		expect(svg.match(/class="phase-rem"/g)).toHaveLength(2);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/night-stack-rem.svg');
	});
});
