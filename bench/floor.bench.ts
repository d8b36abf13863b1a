// The dashboard against a floor measured in the same run: a bare SvelteKit page (bench/floor/) with
// the same Kit, Svelte and adapter, which opens IndexedDB, reads one key (on a first visit it fetches
// one day from its own server first) and draws 24 bars. This machine's speed drifts from run to run;
// the ratio of two figures taken in turn does not. The stopwatch is bench/lib/first-chart.ts.
//
// - first_page_js_ratio (guard <= 3.6): gzipped JavaScript a cold first visit loads, Today / floor.
// - warm_first_chart_ratio (goal <= 1.5): Today's first chart after a reload with the cache full.
// - cold_first_chart_ratio (goal <= 1.5): a first visit on a phone profile (slow network and CPU).
import { execFileSync } from 'node:child_process';
import { emit, startApp } from './lib/common';
import {
	coldFirstCharts,
	coldScriptKb,
	launchForFirstChart,
	warmFirstCharts
} from './lib/first-chart';

const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 15);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);

async function main(): Promise<void> {
	execFileSync('npx', ['vite', 'build'], {
		cwd: 'bench/floor',
		stdio: ['ignore', 'ignore', 'inherit']
	});
	// Token mode on today's date, as a person runs it: Today shows a day that has data.
	const app = await startApp({
		NUDGE_ACCESS_TOKEN: 'bench-floor-token',
		NUDGE_REFERENCE_NOW: new Date().toISOString()
	});
	const floor = await startApp({}, 'bench/floor/build');
	const browser = await launchForFirstChart();
	try {
		const floorUrl = `${floor.origin}/`;
		const floorKb = await coldScriptKb(browser, floorUrl);
		const todayKb = await coldScriptKb(browser, `${app.origin}/`);
		console.error(
			`first page JS (gzip): Today ${todayKb.toFixed(1)} KB, floor ${floorKb.toFixed(1)} KB`
		);
		emit('first_page_js_ratio', todayKb / floorKb, 'x');

		const warm = await warmFirstCharts(browser, floorUrl, app.origin, WARM_RUNS);
		console.error(
			`warm first chart: Today ${warm.todayMs.toFixed(0)} ms, floor ${warm.floorMs.toFixed(0)} ms`
		);
		emit('warm_first_chart_ratio', warm.todayMs / warm.floorMs, 'x');

		const cold = await coldFirstCharts(browser, floorUrl, app.origin, COLD_RUNS);
		console.error(
			`cold first chart (phone): Today ${cold.todayMs.toFixed(0)} ms, floor ${cold.floorMs.toFixed(0)} ms`
		);
		emit('cold_first_chart_ratio', cold.todayMs / cold.floorMs, 'x');
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
