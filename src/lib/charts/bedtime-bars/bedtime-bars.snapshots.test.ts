// SVG snapshots of the bedtime bars, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import BedtimeBars from './BedtimeBars.svelte';
import { nightMonthBedtimes, nightMonthSlots } from '../testing/daily-fixtures';
import { bedtimeNights } from '../testing/fixtures';
import { chartSvgMarkup, expectRoundedCoordinates } from '../testing/snapshot-markup';

describe('bedtime bars snapshots', () => {
	it('draws bedtimes with naps, and drops the naps when asked', async () => {
		const withNaps = chartSvgMarkup(render(BedtimeBars, { props: { nights: bedtimeNights } }).body);
		const withoutNaps = chartSvgMarkup(
			render(BedtimeBars, { props: { nights: bedtimeNights, showNaps: false } }).body
		);
		const naps = bedtimeNights.filter((night) => night.nap).length;
		expect(withNaps.match(/role="gridcell"/g)).toHaveLength(bedtimeNights.length);
		expect(withoutNaps.match(/role="gridcell"/g)).toHaveLength(bedtimeNights.length - naps);
		expectRoundedCoordinates(withNaps);
		await expect(withNaps).toMatchFileSnapshot('./__snapshots__/bedtime-bars.svg');
		await expect(withoutNaps).toMatchFileSnapshot('./__snapshots__/bedtime-bars-no-naps.svg');
	});

	it('keeps the two missing nights of a month as labelled gaps in the bedtimes', async () => {
		const { body } = render(BedtimeBars, {
			props: { nights: nightMonthBedtimes, slots: nightMonthSlots, showNaps: false }
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/>no record<\/text>/g)).toHaveLength(2);
		expect(svg).toContain('aria-label="Tue 17 Mar: no record"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/bedtime-bars-month-gaps.svg');
	});
});
