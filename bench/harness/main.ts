// Mounts chart components on synthetic data of the sizes the budgets name, and times each draw:
// mount, effects flushed (canvas painted), layout forced.
import { scaleLinear, scaleSequential } from 'd3-scale';
import { select } from 'd3-selection';
import { line } from 'd3-shape';
import { flushSync, mount, unmount } from 'svelte';
import Heatmap from '$lib/charts/heatmap/Heatmap.svelte';
import LineChart from '$lib/charts/line-chart/LineChart.svelte';
import { lineChartLayout, polylinePath, prepareSeries } from '$lib/charts/line-chart/line-chart';
import MoodCalendar from '$lib/charts/mood-calendar/MoodCalendar.svelte';
import { calendarDays } from '$lib/charts/mood-calendar/mood-calendar';
import WorkoutTicks from '$lib/charts/workout-ticks/WorkoutTicks.svelte';
import { chartPicture } from '$lib/charts/export/picture';
import { pictureToPng } from '$lib/charts/export/png';
import type { DayHourGrid, Series } from '$lib/metrics/types';
import { tickSpans } from '$lib/metrics/workouts';
import { addDays } from '$lib/time/zone';

const stage = document.getElementById('stage') as HTMLDivElement;

// A small deterministic generator so every run draws the same data.
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function yearGrid(): DayHourGrid {
	const next = random(1);
	const dates = Array.from({ length: 365 }, (_, i) => addDays(20250101, i));
	const values = new Float64Array(dates.length * 24);
	let max = 0;
	for (let d = 0; d < dates.length; d++)
		for (let h = 0; h < 24; h++) {
			const active = h >= 7 && h <= 22;
			const value = active ? Math.round(next() * 1800) : Math.round(next() * 40);
			values[d * 24 + h] = value;
			if (value > max) max = value;
		}
	return { dates, values, max };
}

function dailySeries(id: string, days: number, start: number, seed: number): Series {
	const next = random(seed);
	return {
		id,
		label: id,
		unit: 'steps',
		points: Array.from({ length: days }, (_, i) => ({
			dateInt: addDays(start, i),
			value: next() < 0.02 ? null : Math.round(6000 + next() * 8000)
		}))
	};
}

/** Two years of moods, one logged on four days in five, as the demo user logs them. */
const moodYears = (() => {
	const next = random(5);
	const subTypes = [1, 2, 3, 8, 4, 5, 6, 7] as const;
	return calendarDays(20240401, 20260331, 20260331, () =>
		next() < 0.8 ? { subType: subTypes[Math.floor(next() * 8)] ?? 8, title: 'Mood' } : null
	);
})();

/** Milliseconds per step of one draw, for the breakdown printed beside a ratio. */
type Laps = Record<string, number>;

/** `lap(name)` closes the step run since the previous lap (or since the watch was made). */
function stopwatch(): { laps: Laps; lap: (name: string) => void } {
	const laps: Laps = {};
	let last = performance.now();
	return {
		laps,
		lap(name) {
			const now = performance.now();
			laps[name] = now - last;
			last = now;
		}
	};
}

const noLap = () => {};

async function time(draw: () => () => void, runs: number): Promise<number[]> {
	const timings: number[] = [];
	for (let run = 0; run < runs; run++) {
		await new Promise((resolve) => requestAnimationFrame(resolve));
		const start = performance.now();
		const dispose = draw();
		timings.push(performance.now() - start);
		dispose();
	}
	return timings;
}

type Mounted = ReturnType<typeof mount>;

/**
 * A draw: mount into a fresh container, flush effects (the canvas paints), force layout. `lap`
 * marks the end of each step when the breakdown times them.
 */
function drawn(create: (target: HTMLElement) => Mounted) {
	return (lap: (name: string) => void = noLap) => {
		const target = document.createElement('div');
		stage.append(target);
		const instance = create(target);
		lap('mount');
		flushSync();
		lap('effects');
		// Forces style and layout, so the time includes what the browser must do before painting.
		void target.getBoundingClientRect().height;
		lap('style and layout');
		return () => {
			void unmount(instance);
			target.remove();
		};
	};
}

/** A three-hour ride recorded at 10 s ticks (1,080 of them), with no steps, as the bike gives. */
function rideTicks() {
	const next = random(5);
	const start = 1_774_800_000;
	return tickSpans(
		Array.from({ length: 1080 }, (_, i) => {
			const distance = Math.round(60 + next() * 40);
			return {
				time: start + i * 10,
				distance,
				active_time: 10,
				steps: 0,
				calories: 2,
				speed: distance / 10
			};
		})
	);
}

const grid = yearGrid();
const ride = rideTicks();
const tenYears = [dailySeries('steps', 3650, 20160101, 2)];
const compare = [
	dailySeries('This year', 365, 20250101, 3),
	dailySeries('Last year', 365, 20240101, 4)
];

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The baselines of the render ratios: the same marks drawn with plain d3 into an SVG, the way a
 * hand-written d3 chart would (8,760 rects for the year heatmap; one 3,650-point path).
 */
function plainSvg(draw: (svg: SVGSVGElement, lap: (name: string) => void) => void) {
	return (lap: (name: string) => void = noLap) => {
		const svg = document.createElementNS(SVG_NS, 'svg');
		svg.setAttribute('width', '960');
		svg.setAttribute('height', '300');
		stage.append(svg);
		draw(svg, lap);
		lap('marks');
		void svg.getBoundingClientRect().height;
		lap('style and layout');
		return () => svg.remove();
	};
}

const plainHeatmap = plainSvg((svg) => {
	const cellWidth = 960 / grid.dates.length;
	const cellHeight = 300 / 24;
	const colour = scaleSequential(
		[0, grid.max],
		(t) => `rgb(${Math.round(255 - t * 200)}, 120, 200)`
	);
	const cells = Array.from(grid.values, (value, i) => ({
		value,
		day: Math.floor(i / 24),
		hour: i % 24
	}));
	select(svg)
		.selectAll('rect')
		.data(cells)
		.join('rect')
		.attr('x', (cell) => cell.day * cellWidth)
		.attr('y', (cell) => cell.hour * cellHeight)
		.attr('width', cellWidth)
		.attr('height', cellHeight)
		.attr('fill', (cell) => colour(cell.value));
});

const plainTrend = plainSvg((svg, lap) => {
	const points = tenYears[0]?.points ?? [];
	const x = scaleLinear([0, points.length - 1], [0, 960]);
	const y = scaleLinear([0, 14000], [300, 0]);
	const path = line<{ value: number | null }>()
		.defined((point) => point.value !== null)
		.x((_, i) => x(i))
		.y((point) => y(point.value ?? 0));
	const d = path(points);
	lap('path string');
	select(svg).append('path').attr('d', d).attr('fill', 'none').attr('stroke', 'steelblue');
});

/** The product's draw and its plain d3 baseline, timed in turn, run by run. */
async function interleaved(
	product: () => () => void,
	plain: () => () => void,
	runs: number
): Promise<{ product: number[]; plain: number[] }> {
	const timings = { product: [] as number[], plain: [] as number[] };
	for (let run = 0; run < runs; run++) {
		const order = run % 2 === 0 ? (['product', 'plain'] as const) : (['plain', 'product'] as const);
		for (const which of order) {
			const [timing] = await time(which === 'product' ? product : plain, 1);
			timings[which].push(timing ?? Number.NaN);
		}
	}
	return timings;
}

const drawHeatmap = drawn((target) =>
	mount(Heatmap, { target, props: { grid, width: 960, height: 300 } })
);
const drawTrend10y = drawn((target) =>
	mount(LineChart, { target, props: { series: tenYears, width: 960, height: 300 } })
);

/** The Trends chart's layout alone, at the plot size LineChart gives it at 960 × 300 px. */
function trendLayout() {
	return lineChartLayout(prepareSeries(tenYears, 'date'), {
		x: 'date',
		rightAxis: null,
		zoom: null,
		includeZero: false,
		span: null,
		innerWidth: 892,
		innerHeight: 244
	});
}

/** The layout's path string alone, through the pixels the layout computes for each point. */
const trendPathString = (() => {
	const layout = trendLayout();
	const prepared = prepareSeries(tenYears, 'date')[0];
	const x = layout.x.kind === 'utc' ? layout.x.scale : null;
	const px = (prepared?.xs ?? []).map((value) => x?.(value) ?? 0);
	const py = (prepared?.series.points ?? []).map((point) =>
		point.value === null ? null : layout.y(point.value)
	);
	return () =>
		polylinePath(
			px.length,
			(i) => px[i] ?? 0,
			(i) => py[i] ?? null
		);
})();

/**
 * Where the time of the ten-year ratio goes: both draws step by step, the layout function and its
 * path string alone, in turn run by run; the medians of each step after `warmUp` runs, and the
 * elements each draw puts in the page.
 */
async function trendBreakdown(runs: number, warmUp: number) {
	const product: Laps[] = [];
	const plain: Laps[] = [];
	const alone: Laps[] = [];
	const elements = { product: 0, plain: 0 };
	for (let run = 0; run < runs; run++) {
		await new Promise((resolve) => requestAnimationFrame(resolve));
		const a = stopwatch();
		trendLayout();
		a.lap('layout');
		trendPathString();
		a.lap('path string');
		alone.push(a.laps);
		for (const which of run % 2 === 0 ? ['product', 'plain'] : ['plain', 'product']) {
			await new Promise((resolve) => requestAnimationFrame(resolve));
			const watch = stopwatch();
			const dispose = which === 'product' ? drawTrend10y(watch.lap) : plainTrend(watch.lap);
			(which === 'product' ? product : plain).push(watch.laps);
			elements[which as 'product' | 'plain'] = stage.querySelectorAll('*').length;
			dispose();
		}
	}
	const medians = (laps: Laps[]) => {
		const kept = laps.slice(warmUp);
		return Object.fromEntries(
			Object.keys(kept[0] ?? {}).map((name) => {
				const sorted = kept.map((lap) => lap[name] ?? 0).sort((x, y) => x - y);
				return [name, sorted[Math.floor(sorted.length / 2)] ?? Number.NaN];
			})
		);
	};
	return { product: medians(product), plain: medians(plain), alone: medians(alone), elements };
}

const breakdowns = { trend10y: trendBreakdown };

const ratios = {
	heatmap: (runs: number) => interleaved(drawHeatmap, plainHeatmap, runs),
	trend10y: (runs: number) => interleaved(drawTrend10y, plainTrend, runs)
};

const benchmarks = {
	heatmap: (runs: number) => time(drawHeatmap, runs),
	trend10y: (runs: number) => time(drawTrend10y, runs),
	compare: (runs: number) =>
		time(
			drawn((target) =>
				mount(LineChart, {
					target,
					props: { series: compare, x: 'index', width: 960, height: 300 }
				})
			),
			runs
		),
	moodCalendar2y: (runs: number) =>
		time(
			drawn((target) =>
				mount(MoodCalendar, { target, props: { days: moodYears, kind: 'year', width: 960 } })
			),
			runs
		),
	workoutTicks: (runs: number) =>
		time(
			drawn((target) =>
				mount(WorkoutTicks, {
					target,
					props: { spans: ride, reading: 'speed', tz: 'Europe/Berlin', width: 960, height: 300 }
				})
			),
			runs
		),
	async pngExport(runs: number): Promise<number[]> {
		const target = document.createElement('div');
		stage.append(target);
		mount(LineChart, { target, props: { series: compare, x: 'index', width: 960, height: 300 } });
		flushSync();
		const svg = target.querySelector('svg');
		if (!svg) throw new Error('no chart SVG to export');
		const timings: number[] = [];
		let bytes = 0;
		for (let run = 0; run < runs; run++) {
			const start = performance.now();
			const blob = await pictureToPng(
				chartPicture({
					svg,
					title: 'Steps: this year against last year',
					subtitle: '2025-01-01 – 2025-12-31',
					legend: [
						{ label: 'This year', color: 'var(--steps)' },
						{ label: 'Last year', color: 'var(--steps-usual)' }
					]
				})
			);
			timings.push(performance.now() - start);
			bytes = blob.size;
		}
		if (bytes < 1000) throw new Error(`PNG export produced only ${bytes} bytes`);
		return timings;
	}
};

Object.assign(window, { benchmarks, ratios, breakdowns });
document.body.dataset.ready = 'true';
