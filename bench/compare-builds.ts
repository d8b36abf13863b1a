// A/B of two production builds on the warm first chart: `npx tsx bench/compare-builds.ts A B [path]`
// starts both (folders made by `vite build` and copied aside), fills each one's cache, then reloads
// their pages in turn and prints the median of each and B / A. Used to decide whether a piece of
// machinery earns its place: the one change between A and B is that piece.
import { firstChartMs, launchChromium, median, startApp } from './lib/common';

const [folderA, folderB, path = '/'] = process.argv.slice(2);
if (folderA === undefined || folderB === undefined) {
	console.error('usage: npx tsx bench/compare-builds.ts BUILD_A BUILD_B [PATH]');
	process.exit(2);
}
const PAIRS = Number(process.env.PAIRS ?? 25);
const CONTEXT = { timezoneId: 'Asia/Kathmandu', locale: 'en-GB' };

const a = await startApp({}, folderA);
const b = await startApp({}, folderB);
const browser = await launchChromium();
try {
	const pages = [];
	for (const app of [a, b]) {
		const page = await (await browser.newContext(CONTEXT)).newPage();
		await firstChartMs(page, `${app.origin}${path}`);
		await page.waitForLoadState('networkidle');
		await page.waitForTimeout(1500);
		pages.push({ page, url: `${app.origin}${path}`, times: [] as number[] });
	}
	for (let pair = 0; pair < PAIRS; pair++) {
		const order = pair % 2 === 0 ? pages : [...pages].reverse();
		for (const entry of order) entry.times.push(await firstChartMs(entry.page, entry.url));
	}
	const [medianA, medianB] = pages.map((entry) => median(entry.times));
	console.log(
		JSON.stringify({ pairs: PAIRS, a_ms: medianA, b_ms: medianB, b_over_a: medianB! / medianA! })
	);
} finally {
	await browser.close();
	await a.stop();
	await b.stop();
}
