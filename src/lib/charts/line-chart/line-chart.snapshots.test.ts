// SVG snapshots of the Trends view's line charts: bedtimes on a clock axis, an unfinished week.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Series } from '$lib/metrics/types';
import LineChart from './LineChart.svelte';
import { comparisonSeries, decadeSeries, sleepSeries, stepsSeries } from '../testing/fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

const H = 3600;

/** A fortnight of bedtimes under their wake dates, late nights past midnight among them. */
const bedtimes: Series = {
	id: 's_bedtime',
	label: 'Bedtime',
	unit: 'clock',
	points: [-1, 2, -1.5, 0.25, -0.5, null, 1, -2, -1, 0.5, 1.5, -0.75, -1.25, 0].map(
		(hours, index) => ({ dateInt: 20260317 + index, value: hours === null ? null : hours * H })
	)
};

/** Eight weeks of steps, the last week (from Monday 30 March) one day old. */
const weeks: Series = {
	id: 'm_steps',
	label: 'Steps',
	unit: 'steps',
	points: [
		[20260209, 61000],
		[20260216, 58000],
		[20260223, 70500],
		[20260302, 66000],
		[20260309, 49000],
		[20260316, 60000],
		[20260323, 72000],
		[20260330, 9000]
	].map(([dateInt = 0, value = 0]) => ({ dateInt, value }))
};

describe('trend chart snapshots', () => {
	it('draws bedtimes on a 24-hour clock, evening above morning, across midnight', async () => {
		const svg = chartSvgMarkup(render(LineChart, { props: { series: [bedtimes] } }).body);
		for (const tick of ['22:00', '23:00', '00:00', '01:00', '02:00']) {
			expect(svg).toContain(`>${tick}</text>`);
		}
		expect(svg).not.toContain('-1 h');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-bedtimes.svg');
	});

	it('draws the unfinished last week as a hollow point', async () => {
		const svg = chartSvgMarkup(
			render(LineChart, { props: { series: [weeks], hollow: [20260330] } }).body
		);
		expect(svg.match(/class="partial series-0"/g)).toHaveLength(1);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-partial-week.svg');
	});

	it('draws one day as a labelled point in the middle of a sensible axis', async () => {
		const oneDay: Series = { ...weeks, points: [{ dateInt: 20260330, value: 9000 }] };
		const svg = chartSvgMarkup(render(LineChart, { props: { series: [oneDay] } }).body);
		expect(svg).toContain('class="lone-value"');
		expect(svg).toContain('>9,000 steps</text>');
		expect(svg).not.toMatch(/>0\.\d<\/text>/);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-one-day.svg');
	});

	it('says a span with no records has none, drawing no chart', () => {
		const none: Series = { ...weeks, points: [{ dateInt: 20260330, value: null }] };
		const html = render(LineChart, { props: { series: [none] } }).body;
		expect(html).toContain('No records in this span');
		expect(html).not.toContain('<svg');
	});
});

describe('line chart snapshots of twin axes, overlays and ten years', () => {
	it('draws two trend series on twin axes with a gap where data is missing', async () => {
		const { body } = render(LineChart, {
			props: { series: [stepsSeries, sleepSeries], rightAxis: 'sleep' }
		});
		const svg = chartSvgMarkup(body);
		expect(svg).toContain('class="axis axis-y2"');
		// Two missing days split the steps line into two runs: two move-to commands.
		const stepsPath = /class="line series-0" d="([^"]+)"/.exec(svg)?.[1] ?? '';
		expect(stepsPath.match(/M/g)).toHaveLength(2);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-twin.svg');
	});

	it('overlays two months by day of period', async () => {
		const svg = chartSvgMarkup(
			render(LineChart, { props: { series: comparisonSeries, x: 'index', includeZero: true } }).body
		);
		expect(svg).toContain('>Day 1</text>');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-comparison.svg');
	});

	it('draws ten years of daily values as a single path', () => {
		const svg = chartSvgMarkup(render(LineChart, { props: { series: [decadeSeries] } }).body);
		expect(svg.match(/<path class="line/g)).toHaveLength(1);
	});
});
