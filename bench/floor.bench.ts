// The dashboard against a floor measured in the same run: a bare SvelteKit page (bench/floor/) with
// the same Kit, Svelte and adapter, which opens IndexedDB, reads one key and draws 24 bars. This
// machine's speed drifts from run to run; the ratio of two figures taken in turn does not.
//
// - warm_first_chart_ratio: Today's first chart on screen after a reload with the cache filled,
//   over the floor page's; the two reloaded in turn in one browser (median of each).
// - first_page_js_ratio: gzipped JavaScript a cold first visit loads, Today over the floor.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { emit, firstChartMs, launchChromium, median, startApp } from './lib/common';

const PAIRS = 15;
const CONTEXT = { timezoneId: 'Asia/Kathmandu', locale: 'en-GB' };

/** A cold first visit: its first chart time and the gzipped size of every script it loaded. */
async function coldVisit(browser: Browser, url: string): Promise<{ ms: number; jsBytes: number }> {
	const context = await browser.newContext(CONTEXT);
	const page = await context.newPage();
	const scripts: Promise<number>[] = [];
	page.on('response', (response) => {
		if (response.request().resourceType() === 'script')
			scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
	});
	const ms = await firstChartMs(page, url);
	await page.waitForLoadState('networkidle');
	const jsBytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
	await context.close();
	return { ms, jsBytes };
}

/** A page whose first visit filled its cache and settled, ready for warm reloads. */
async function warmedPage(browser: Browser, url: string): Promise<Page> {
	const page = await (await browser.newContext(CONTEXT)).newPage();
	await firstChartMs(page, url);
	await page.waitForLoadState('networkidle');
	await page.waitForTimeout(1000);
	return page;
}

async function main(): Promise<void> {
	execFileSync('npx', ['vite', 'build'], {
		cwd: 'bench/floor',
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const app = await startApp();
	const floor = await startApp({}, 'bench/floor/build');
	const browser = await launchChromium();
	try {
		const todayUrl = `${app.origin}/`;
		const floorUrl = `${floor.origin}/`;

		const todayCold = await coldVisit(browser, todayUrl);
		const floorCold = await coldVisit(browser, floorUrl);
		console.error(
			`first page JS (gzip): Today ${(todayCold.jsBytes / 1024).toFixed(1)} KB, floor ${(floorCold.jsBytes / 1024).toFixed(1)} KB`
		);
		emit('first_page_js_ratio', todayCold.jsBytes / floorCold.jsBytes, 'x');

		const todayPage = await warmedPage(browser, todayUrl);
		const floorPage = await warmedPage(browser, floorUrl);
		const today: number[] = [];
		const bare: number[] = [];
		for (let pair = 0; pair < PAIRS; pair++) {
			// Alternate which goes first, so neither always runs right after the other.
			if (pair % 2 === 0) {
				today.push(await firstChartMs(todayPage, todayUrl));
				bare.push(await firstChartMs(floorPage, floorUrl));
			} else {
				bare.push(await firstChartMs(floorPage, floorUrl));
				today.push(await firstChartMs(todayPage, todayUrl));
			}
		}
		console.error(
			`warm first chart: Today median ${median(today).toFixed(0)} ms, floor median ${median(bare).toFixed(0)} ms`
		);
		emit('warm_first_chart_ratio', median(today) / median(bare), 'x');
	} finally {
		await browser.close();
		await app.stop();
		await floor.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
