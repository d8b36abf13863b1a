// SVG snapshots of every chart, rendered on the server from the named fixtures.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import AttainmentBars from './AttainmentBars.svelte';
import BedtimeBars from './BedtimeBars.svelte';
import BodyChart from './BodyChart.svelte';
import GoalGauges from './GoalGauges.svelte';
import HeartChart from './HeartChart.svelte';
import Heatmap from './Heatmap.svelte';
import HourlyBars from './HourlyBars.svelte';
import Hypnogram from './Hypnogram.svelte';
import LineChart from './LineChart.svelte';
import NightStack from './NightStack.svelte';
import {
	bedtimeNights,
	comparisonSeries,
	decadeSeries,
	goalGauges,
	hourlySpringForward,
	hourlyWorkday,
	hypnogramNewYork,
	hypnogramOrdinary,
	hypnogramSpringForward,
	hypnogramWithRem,
	nightTotals,
	nightTotalsWithRem,
	sleepSeries,
	stepAttainment,
	stepsSeries,
	yearGrid
} from './fixtures';
import { heartSixWeeks, weighInsTwoMonths } from './heart-body-fixtures';
import { chartSvgMarkup } from './snapshot-markup';

// Every numeric attribute in the snapshots is rounded to 0.01 at layout time: this guards it.
function expectRoundedCoordinates(svg: string) {
	const numbers = svg.match(/(?<=\s(?:x|y|x1|x2|y1|y2|width|height|cx|cy)=")[^"]+/g) ?? [];
	expect(numbers.length).toBeGreaterThan(0);
	for (const value of numbers) expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
}

describe('chart snapshots', () => {
	it('draws the steps of an ordinary workday with usual markers', async () => {
		const { body } = render(HourlyBars, { props: { bins: hourlyWorkday } });
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hourly-bars.svg');
	});

	it('draws 23 bars on the day the clocks spring forward, with no 02:00 bar', async () => {
		const { body } = render(HourlyBars, {
			props: { bins: hourlySpringForward, metric: 'calories' }
		});
		const svg = chartSvgMarkup(body);
		expect(svg.match(/role="gridcell"/g)).toHaveLength(23);
		expect(svg).not.toContain('aria-label="02:00');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/hourly-bars-spring-forward.svg');
	});

	it('draws an ordinary night as phase blocks on Berlin wall-clock hours', async () => {
		const { body } = render(Hypnogram, { props: { night: hypnogramOrdinary } });
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		expect(svg).toContain('>00:00</text>');
		expect(svg).toContain('>06:00</text>');
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

	it('stacks REM between light sleep and awake for nights that have it', async () => {
		const svg = chartSvgMarkup(render(NightStack, { props: { nights: nightTotalsWithRem } }).body);
		expectRoundedCoordinates(svg);
		// The middle night has no REM: two REM pieces for three nights.
		expect(svg.match(/class="phase-rem"/g)).toHaveLength(2);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/night-stack-rem.svg');
	});

	it('stacks two weeks of nights under their wake dates', async () => {
		const { body } = render(NightStack, { props: { nights: nightTotals } });
		const svg = chartSvgMarkup(body);
		expectRoundedCoordinates(svg);
		expect(svg.match(/role="gridcell"/g)).toHaveLength(nightTotals.length);
		await expect(svg).toMatchFileSnapshot('./__snapshots__/night-stack.svg');
	});

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

	it('draws goal gauges with an exceeded goal and the calories eaten past the budget', async () => {
		const svg = chartSvgMarkup(render(GoalGauges, { props: { gauges: goalGauges } }).body);
		expect(svg).toContain('1,840 steps to go');
		expect(svg).toContain('Exceeded by 25 min');
		expect(svg).toContain('312 kcal over budget');
		expect(svg).toContain('class="overflow"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/goal-gauges.svg');
	});

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

	it('draws a month of attainment with the 100% line and met days marked', async () => {
		const svg = chartSvgMarkup(render(AttainmentBars, { props: { days: stepAttainment } }).body);
		const met = stepAttainment.filter((day) => day.met).length;
		expect(met).toBeGreaterThan(0);
		expect(svg.match(/class="met-mark"/g)).toHaveLength(met);
		expect(svg).toContain('class="target"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/attainment-bars.svg');
	});
});

describe('heart and body chart snapshots', () => {
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
