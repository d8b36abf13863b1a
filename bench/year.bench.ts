// A year on a first visit, in the browser against a production build:
// - mood_year_requests (goal <= 4): the browser's requests for moods (`/api/moods`, or a day's
//   mood through the proxy) from a first visit of Mood's Year until the whole year is drawn.
// - year_view_first_visit_ratio (goal <= 3): Activity's Year complete (no "so far: k of n days"
//   left) on a first visit, over the same view reloaded warm; pairs in turn, medians.
import type { Browser, Page } from '@playwright/test';
import { emit, median, startApp } from './lib/common';
import { launchForFirstChart } from './lib/first-chart';

const PAIRS = Number(process.env.BENCH_YEAR_PAIRS ?? 3);
const CONTEXT = { timezoneId: 'Asia/Kathmandu', locale: 'en-GB' };

/**
 * Resolves in the page with `performance.now()` once a view is whole: the element `whole` selects
 * is on the page, and no "so far: k of n days" or "Reading moods" is left. A string, not a
 * function: tsx would wrap a function's inner helpers in its own `__name`.
 */
function wholeScript(whole: string): string {
	return `new Promise((done) => {
	const complete = () => {
		const text = document.body.innerText;
		const drawn = document.querySelector(${JSON.stringify(whole)}) !== null;
		return drawn && !/so far: [0-9,]+ of/.test(text) && !text.includes('Reading moods');
	};
	setTimeout(() => done(Number.NaN), 120000);
	if (complete()) return done(performance.now());
	const observer = new MutationObserver(() => {
		if (complete()) {
			observer.disconnect();
			done(performance.now());
		}
	});
	observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
})`;
}

async function wholeMs(page: Page, url: string, whole: string): Promise<number> {
	await page.goto(url, { waitUntil: 'commit' });
	const value: unknown = await page.evaluate(wholeScript(whole));
	if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`${url} never came whole`);
	return value;
}

/** Activity's Year drawn: a chart with its marks. */
const YEAR_CHART = 'section svg rect, section svg path';
const MOOD_REQUEST = /\/api\/moods\?|\/api\/nudge\/[^?]*users\/@me\/mood\?/;

async function moodYearRequests(browser: Browser, origin: string): Promise<number> {
	const context = await browser.newContext(CONTEXT);
	const page = await context.newPage();
	let requests = 0;
	page.on('request', (request) => {
		if (MOOD_REQUEST.test(request.url())) requests += 1;
	});
	await wholeMs(page, `${origin}/mood?span=year`, '[role="grid"][aria-label*="Moods of the year"]');
	await context.close();
	return requests;
}

/** A first visit of Activity's Year, then (network idle) the same view reloaded warm. */
async function yearPair(browser: Browser, origin: string): Promise<{ cold: number; warm: number }> {
	const context = await browser.newContext(CONTEXT);
	const page = await context.newPage();
	const url = `${origin}/activity?span=year`;
	const cold = await wholeMs(page, url, YEAR_CHART);
	await page.waitForLoadState('networkidle');
	const warm = await wholeMs(page, url, YEAR_CHART);
	await context.close();
	return { cold, warm };
}

async function main(): Promise<void> {
	const app = await startApp({
		NUDGE_ACCESS_TOKEN: 'bench-year-token',
		NUDGE_REFERENCE_NOW: new Date().toISOString()
	});
	const browser = await launchForFirstChart();
	try {
		emit('mood_year_requests', await moodYearRequests(browser, app.origin), 'requests');
		const cold: number[] = [];
		const warm: number[] = [];
		for (let pair = 0; pair < PAIRS; pair++) {
			const times = await yearPair(browser, app.origin);
			cold.push(times.cold);
			warm.push(times.warm);
		}
		console.error(
			`Activity Year whole: first visit ${median(cold).toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms`
		);
		emit('year_view_first_visit_ratio', median(cold) / median(warm), 'x');
	} finally {
		await browser.close();
		await app.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
