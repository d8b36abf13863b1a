// A year on a first visit, in the browser against a production build:
// - mood_year_requests (goal <= 4): the browser's requests for moods (`/api/moods`, or a day's
//   mood through the proxy) from a first visit of Mood's Year until the whole year is drawn.
// - year_view_first_visit_ratio (goal <= 3): Activity's Year complete (no "so far: k of n days"
//   left) on a first visit, over the same view reloaded warm; pairs in turn, medians.
// - year_view_first_visit_floor_ratio: what that ratio would be if the first visit, once its cache
//   is open (`wellness:cache-ready`), spent nothing but the reads of the year itself: its moves
//   in ten-day windows of one page, six at a time, each answer parsed and nothing else (no
//   checks, no store, no drawing), timed from a blank page of the same origin. The goal sits
//   below this floor while a year takes 37 requests through the browser's six connections.
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

/** The first-visit mark after which the app may read: the cache is open and its summary read. */
async function cacheReadyMs(page: Page): Promise<number> {
	const value: unknown = await page.evaluate(
		"performance.getEntriesByName('wellness:cache-ready')[0]?.startTime ?? Number.NaN"
	);
	if (typeof value !== 'number' || Number.isNaN(value)) throw new Error('No cache-ready mark');
	return value;
}

/**
 * A year of moves read bare: 37 ten-day windows ending at the server's now, six at a time, each
 * answer parsed as JSON. A string, for the same reason as wholeScript.
 */
const BARE_YEAR_READS = `(async () => {
	const end = Math.floor(Date.now() / 1000) + 86400;
	const urls = [];
	for (let to = end; urls.length < 37; to -= 864000) {
		urls.push('/api/nudge/v.1.1/users/@me/moves?start_time=' + (to - 864000) + '&end_time=' + to);
	}
	const started = performance.now();
	let next = 0;
	const worker = async () => {
		while (next < urls.length) await (await fetch(urls[next++])).json();
	};
	await Promise.all([worker(), worker(), worker(), worker(), worker(), worker()]);
	return performance.now() - started;
})()`;

async function bareYearReadsMs(browser: Browser, origin: string): Promise<number> {
	const context = await browser.newContext(CONTEXT);
	const page = await context.newPage();
	await page.goto(`${origin}/favicon.png`);
	const value: unknown = await page.evaluate(BARE_YEAR_READS);
	await context.close();
	if (typeof value !== 'number') throw new Error('The bare reads did not finish');
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
async function yearPair(
	browser: Browser,
	origin: string
): Promise<{ cold: number; warm: number; ready: number }> {
	const context = await browser.newContext(CONTEXT);
	const page = await context.newPage();
	const url = `${origin}/activity?span=year`;
	const cold = await wholeMs(page, url, YEAR_CHART);
	const ready = await cacheReadyMs(page);
	await page.waitForLoadState('networkidle');
	const warm = await wholeMs(page, url, YEAR_CHART);
	await context.close();
	return { cold, warm, ready };
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
		const floor: number[] = [];
		for (let pair = 0; pair < PAIRS; pair++) {
			const times = await yearPair(browser, app.origin);
			cold.push(times.cold);
			warm.push(times.warm);
			floor.push(times.ready + (await bareYearReadsMs(browser, app.origin)));
		}
		console.error(
			`Activity Year whole: first visit ${median(cold).toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms; ` +
				`cache ready plus a year's bare reads ${median(floor).toFixed(0)} ms`
		);
		emit('year_view_first_visit_ratio', median(cold) / median(warm), 'x');
		emit('year_view_first_visit_floor_ratio', median(floor) / median(warm), 'x');
	} finally {
		await browser.close();
		await app.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
