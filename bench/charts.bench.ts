// Chart and page benchmarks in Chromium: render times of the heavy charts, PNG export, first chart
// on a cold and a warm cache, and the JavaScript the first page loads.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { emit, launchChromium, median, serveStatic, startApp } from './lib/common';

const RUNS = 9;
const WARM_UP = 3;

async function harnessFigures(page: Page, origin: string): Promise<void> {
	await page.goto(`${origin}/index.html`);
	await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
	const figures: [string, string][] = [
		['heatmap', 'render_heatmap_ms'],
		['trend10y', 'render_trend_10y_ms'],
		['compare', 'render_compare_ms'],
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

/** Milliseconds from navigation start until the first chart's marks are on screen. */
async function firstChartMs(page: Page, url: string): Promise<number> {
	await page.goto(url, { waitUntil: 'commit' });
	return page.evaluate(
		() =>
			new Promise<number>((done) => {
				const painted = () => {
					const svg = [...document.querySelectorAll('section.card svg, section.card canvas')].find(
						(chart) => chart.tagName === 'canvas' || chart.querySelectorAll('rect, path').length > 3
					);
					if (!svg) return false;
					requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
					return true;
				};
				// A page that never draws a chart reports no figure rather than hanging the run.
				setTimeout(() => done(Number.NaN), 30_000);
				if (painted()) return;
				const observer = new MutationObserver(() => {
					if (painted()) observer.disconnect();
				});
				observer.observe(document.documentElement, { childList: true, subtree: true });
			})
	);
}

async function appFigures(): Promise<void> {
	const app = await startApp();
	const browser = await launchChromium();
	try {
		const context = await browser.newContext({ timezoneId: 'Asia/Kathmandu' });
		const page = await context.newPage();

		const scripts: Promise<number>[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script')
				scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
		});
		const cold = await firstChartMs(page, `${app.origin}/`);
		await page.waitForLoadState('networkidle');
		const gzipBytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
		page.removeAllListeners('response');
		emit('first_page_js_gzip_kb', gzipBytes / 1024, 'KB');
		emit('first_chart_cold_ms', cold, 'ms');

		// Let the background sync fill the cache, then measure reloads on the warm cache.
		await page.waitForTimeout(3000);
		const warm: number[] = [];
		for (let run = 0; run < 5; run++) warm.push(await firstChartMs(page, `${app.origin}/`));
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
