// Chart and page benchmarks in Chromium: render times of the heavy charts, PNG export, first chart
// on a cold and a warm cache, and the JavaScript the first page loads.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { emit, launchChromium, median, serveStatic, startApp } from './lib/common';

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
		['pngExport', 'png_export_ms']
	];
	for (const [benchmark, name] of figures) {
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
}

/**
 * Waits in the page until the first chart's marks are on screen (two frames after they are in the
 * DOM) and answers the time since navigation start. A string, not a function: tsx would wrap a
 * function's inner helpers in its own `__name`, which does not exist in the page.
 */
const FIRST_CHART_SCRIPT = `new Promise((done) => {
	const painted = () => {
		const chart = [...document.querySelectorAll('section.card svg, section.card canvas')].find(
			(node) => node.tagName === 'CANVAS' || node.querySelectorAll('rect, path').length > 3
		);
		if (!chart) return false;
		requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
		return true;
	};
	// A page that never draws a chart reports no figure rather than hanging the run.
	setTimeout(() => done(Number.NaN), 30000);
	if (painted()) return;
	const observer = new MutationObserver(() => {
		if (painted()) observer.disconnect();
	});
	observer.observe(document.documentElement, { childList: true, subtree: true });
})`;

/** Milliseconds from navigation start until the first chart's marks are on screen. */
async function firstChartMs(page: Page, url: string): Promise<number> {
	await page.goto(url, { waitUntil: 'commit' });
	const value: unknown = await page.evaluate(FIRST_CHART_SCRIPT);
	if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`no chart drawn at ${url}`);
	return value;
}

async function appFigures(): Promise<void> {
	const app = await startApp();
	const browser = await launchChromium();
	const contextOptions = { timezoneId: 'Asia/Kathmandu', locale: 'en-GB' };
	try {
		// Cold: a new browser context each time, so no IndexedDB, HTTP cache or compiled code.
		const cold: number[] = [];
		let gzipBytes = 0;
		for (let run = 0; run < COLD_RUNS; run++) {
			const context = await browser.newContext(contextOptions);
			const page = await context.newPage();
			const scripts: Promise<number>[] = [];
			page.on('response', (response) => {
				if (response.request().resourceType() === 'script')
					scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
			});
			cold.push(await firstChartMs(page, `${app.origin}/`));
			await page.waitForLoadState('networkidle');
			gzipBytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
			await context.close();
		}
		emit('first_page_js_gzip_kb', gzipBytes / 1024, 'KB');
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
