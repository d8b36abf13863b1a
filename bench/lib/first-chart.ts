// The first-chart stopwatch the page ratios are defined by: the same procedure, selector and median
// as the figures the dashboard is held to, so `npm run bench` and those figures measure one thing.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

const CONTEXT = { timezoneId: 'Asia/Kathmandu', locale: 'en-GB' };

/**
 * Chromium as the figures launch it: Playwright's defaults, no extra switches (the other benches'
 * `--disable-gpu` and friends change paint timing, so they are not used here).
 */
export function launchForFirstChart(): Promise<Browser> {
	return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
}

/**
 * Resolves in the page with `performance.now()` two animation frames after the first chart is in
 * the DOM: the first `section svg` holding more than three `rect`/`path`, or a `section canvas`.
 * A string, not a function: tsx would wrap a function's inner helpers in its own `__name`.
 */
function chartScript(timeoutMs: number): string {
	return `new Promise((done) => {
	const painted = () => {
		const chart = [...document.querySelectorAll('section svg, section canvas')].find(
			(node) => node.tagName === 'CANVAS' || node.querySelectorAll('rect, path').length > 3
		);
		if (!chart) return false;
		requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
		return true;
	};
	setTimeout(() => done(Number.NaN), ${timeoutMs});
	if (painted()) return;
	const observer = new MutationObserver(() => {
		if (painted()) observer.disconnect();
	});
	observer.observe(document.documentElement, { childList: true, subtree: true });
})`;
}

/** Milliseconds from navigation start to the first chart (NaN when none came within the time). */
async function firstChart(page: Page, url: string, timeoutMs = 30_000): Promise<number> {
	await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
	const value: unknown = await page.evaluate(chartScript(timeoutMs));
	return typeof value === 'number' ? value : Number.NaN;
}

/** The middle value, the upper one of an even count (as the figures take it); NaNs left out. */
export function middle(values: readonly number[]): number {
	const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Kilobytes of gzip -9 of every script a cold first visit loads, up to the network going idle. */
export async function coldScriptKb(browser: Browser, url: string): Promise<number> {
	const context = await browser.newContext(CONTEXT);
	const page = await context.newPage();
	const bodies: Promise<Buffer>[] = [];
	page.on('response', (response) => {
		const type = response.headers()['content-type'] ?? '';
		if (/javascript/.test(type) || response.url().endsWith('.js'))
			bodies.push(response.body().catch(() => Buffer.alloc(0)));
	});
	await firstChart(page, url);
	await page.waitForLoadState('networkidle');
	let bytes = 0;
	for (const body of await Promise.all(bodies)) bytes += gzipSync(body, { level: 9 }).length;
	await context.close();
	return bytes / 1024;
}

export interface Pair {
	floorMs: number;
	todayMs: number;
}

/**
 * Warm first charts: the floor and Today each in its own context, Today's cache filled first (the
 * Data page says "Up to date"), then reloaded in turn, the floor first. After each Today reload the
 * run waits for the network to go idle, so the dashboard's own background work (a sync, the
 * service worker) never lands on the floor's measurement.
 */
export async function warmFirstCharts(
	browser: Browser,
	floorUrl: string,
	appOrigin: string,
	runs: number
): Promise<Pair> {
	const floorContext = await browser.newContext(CONTEXT);
	const appContext = await browser.newContext(CONTEXT);
	try {
		const floorPage = await floorContext.newPage();
		const appPage = await appContext.newPage();
		await floorPage.goto(floorUrl);
		await appPage.goto(`${appOrigin}/data`);
		await appPage.getByText('Up to date').waitFor({ timeout: 300_000 });
		await firstChart(floorPage, floorUrl);
		await firstChart(appPage, `${appOrigin}/`);
		await appPage.waitForLoadState('networkidle');
		await appPage.waitForTimeout(1000);
		const floor: number[] = [];
		const today: number[] = [];
		for (let run = 0; run < runs; run++) {
			floor.push(await firstChart(floorPage, floorUrl));
			today.push(await firstChart(appPage, `${appOrigin}/`));
			await appPage.waitForLoadState('networkidle');
		}
		return { floorMs: middle(floor), todayMs: middle(today) };
	} finally {
		await floorContext.close();
		await appContext.close();
	}
}

/** A phone on a slow network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower. */
async function phoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({ ...CONTEXT, viewport: { width: 390, height: 844 } });
	const page = await context.newPage();
	const cdp = await context.newCDPSession(page);
	await cdp.send('Network.enable');
	await cdp.send('Network.emulateNetworkConditions', {
		offline: false,
		latency: 150,
		downloadThroughput: (1.6 * 1024 * 1024) / 8,
		uploadThroughput: (750 * 1024) / 8
	});
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
	return { context, page };
}

/** One first visit (new context: empty cache, IndexedDB and service worker) on the phone profile. */
async function coldFirstChart(browser: Browser, url: string): Promise<number> {
	const { context, page } = await phoneContext(browser);
	try {
		return await firstChart(page, url, 60_000);
	} finally {
		await context.close();
	}
}

/** Cold first charts on the phone profile, the floor and Today in turn, after one visit of each. */
export async function coldFirstCharts(
	browser: Browser,
	floorUrl: string,
	appOrigin: string,
	runs: number
): Promise<Pair> {
	await coldFirstChart(browser, floorUrl);
	await coldFirstChart(browser, `${appOrigin}/`);
	const floor: number[] = [];
	const today: number[] = [];
	for (let run = 0; run < runs; run++) {
		floor.push(await coldFirstChart(browser, floorUrl));
		today.push(await coldFirstChart(browser, `${appOrigin}/`));
	}
	return { floorMs: middle(floor), todayMs: middle(today) };
}
