// Chart and page benchmarks in Chromium: render times of the heavy charts, PNG export, first chart
// on a cold and a warm cache.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { emit, firstChartMs, launchChromium, median, serveStatic, startApp } from './lib/common';

const RUNS = 9;
const WARM_UP = 3;
const COLD_RUNS = 5;
const WARM_RUNS = 7;

async function harnessFigures(page: Page, origin: string): Promise<void> {
	await page.goto(`${origin}/index.html`);
	await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
	const figures: [string, string][] = [
		['heatmap', 'render_heatmap_ms'],
		['trend10y', 'render_trend_10y_ms'],
		['compare', 'render_compare_ms'],
		['workoutTicks', 'render_workout_ticks_ms'],
		['moodCalendar2y', 'render_mood_calendar_2y'],
		['pngExport', 'png_export_ms']
	];
	// BENCH_FIGURES=name,name runs only those figures (one entry at a time on a shared machine).
	const only = process.env.BENCH_FIGURES?.split(',');
	for (const [benchmark, name] of figures) {
		if (only && !only.includes(name)) continue;
		const timings = await page.evaluate(
			async ([key, runs]) => {
				const registry = (window as unknown as Record<string, unknown>).benchmarks as Record<
					string,
					(runs: number) => Promise<number[]>
				>;
				return registry[key]!(runs);
			},
			[benchmark, WARM_UP + RUNS] as const
		);
		emit(name, median(timings.slice(WARM_UP)), 'ms');
	}
	// Each chart against the same marks drawn with plain d3, in turn within one page.
	for (const [key, name] of [
		['heatmap', 'render_heatmap_ratio'],
		['trend10y', 'render_trend_10y_ratio']
	] as const) {
		if (only && !only.includes(name)) continue;
		const timings = await page.evaluate(
			async ([chart, runs]) => {
				const registry = (window as unknown as Record<string, unknown>).ratios as Record<
					string,
					(runs: number) => Promise<{ product: number[]; plain: number[] }>
				>;
				return registry[chart]!(runs);
			},
			[key, WARM_UP + RUNS] as const
		);
		const product = median(timings.product.slice(WARM_UP));
		const plain = median(timings.plain.slice(WARM_UP));
		console.error(`${key}: product ${product.toFixed(1)} ms, plain d3 ${plain.toFixed(1)} ms`);
		emit(name, product / plain, 'x');
		if (key === 'trend10y') console.error(await trendBreakdown(page));
	}
}

type Laps = Record<string, number>;

/**
 * Where the ten-year ratio's time goes, step by step (medians), since the product's draw mounts a
 * whole chart (frame, axes and labels, keyboard and drag layer) while the plain one draws a path.
 * The page's clock ticks in 0.1 ms, so one decimal is all the figures hold.
 */
async function trendBreakdown(page: Page): Promise<string> {
	const { product, plain, alone, elements } = await page.evaluate(
		async ([runs, warmUp]) => {
			const registry = (window as unknown as Record<string, unknown>).breakdowns as Record<
				string,
				(
					runs: number,
					warmUp: number
				) => Promise<{
					product: Laps;
					plain: Laps;
					alone: Laps;
					elements: { product: number; plain: number };
				}>
			>;
			return registry.trend10y!(runs, warmUp);
		},
		[WARM_UP + RUNS, WARM_UP] as const
	);
	const ms = (laps: Laps, name: string) => (laps[name] ?? Number.NaN).toFixed(1);
	const sum = (laps: Laps) => Object.values(laps).reduce((total, value) => total + value, 0);
	const layout = alone.layout ?? Number.NaN;
	const mount = product.mount ?? Number.NaN;
	return [
		`trend10y breakdown (medians, ms): product ${sum(product).toFixed(1)} = mount ${ms(product, 'mount')}`,
		`[layout function ${layout.toFixed(1)}, of which path string ${ms(alone, 'path string')};`,
		`the rest, ${(mount - layout).toFixed(1)}: frame, axes and labels, cursor and drag layer]`,
		`+ effects ${ms(product, 'effects')} (size observer, brush, listeners)`,
		`+ style and layout ${ms(product, 'style and layout')}, ${elements.product} elements;`,
		`plain d3 ${sum(plain).toFixed(1)} = path string ${ms(plain, 'path string')}`,
		`+ DOM ${ms(plain, 'marks')} + style and layout ${ms(plain, 'style and layout')},`,
		`${elements.plain} elements`
	].join(' ');
}

async function appFigures(): Promise<void> {
	const app = await startApp();
	const browser = await launchChromium();
	const contextOptions = { timezoneId: 'Asia/Kathmandu', locale: 'en-GB' };
	try {
		// Cold: a new browser context each time, so no IndexedDB, HTTP cache or compiled code.
		const cold: number[] = [];
		for (let run = 0; run < COLD_RUNS; run++) {
			const context = await browser.newContext(contextOptions);
			const page = await context.newPage();
			cold.push(await firstChartMs(page, `${app.origin}/`));
			await context.close();
		}
		emit('first_chart_cold_ms', median(cold), 'ms');

		// Warm: one context whose first visit filled the cache; then reloads of the same page.
		const context = await browser.newContext(contextOptions);
		const page = await context.newPage();
		await firstChartMs(page, `${app.origin}/`);
		await page.waitForLoadState('networkidle');
		await page.waitForTimeout(1000);
		const warm: number[] = [];
		for (let run = 0; run < WARM_RUNS; run++) warm.push(await firstChartMs(page, `${app.origin}/`));
		console.error(
			`first chart: cold ${cold.map((t) => t.toFixed(0)).join(', ')} ms; warm ${warm.map((t) => t.toFixed(0)).join(', ')} ms`
		);
		emit('first_chart_warm_ms', median(warm), 'ms');
		await context.close();
	} finally {
		await browser.close();
		await app.stop();
	}
}

execFileSync(
	'npx',
	['vite', 'build', '--config', 'bench/harness/vite.config.ts', '--logLevel', 'error'],
	{
		stdio: ['ignore', 'ignore', 'inherit']
	}
);
const harness = await serveStatic('bench/harness/dist');
const browser = await launchChromium();
try {
	await harnessFigures(await browser.newPage(), harness.origin);
} finally {
	await browser.close();
	harness.server.close();
}
if (process.env.BENCH_CHARTS_ONLY !== '1') await appFigures();
