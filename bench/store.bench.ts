// Benchmarks the reference API's SQLite store holding ten years of imported minute data: start-up, list pages, memory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Move, MoveTick } from '$lib/api/records';
import { createReferenceApi, OWN_ACCOUNT } from '$lib/server/reference-api/index';
import { DATABASE_FILE } from '$lib/server/reference-api/database';

// Not ./lib/common: it loads Playwright, whose memory would count in the measured process.
function emit(name: string, value: number, unit: string): void {
	console.log(JSON.stringify({ name, value: Math.round(value * 100) / 100, unit }));
}

function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const NOW_MS = Date.parse('2026-03-30T18:00:00Z');
const TOKEN = 'bench-store-token-0001';
const YEARS = 10;
const DAYS = YEARS * 365;
/** Waking minutes a day, each with a tick (06:00–22:00). */
const TICK_MINUTES = 16 * 60;
const DAY_SEC = 86_400;

const dateOf = (epochSec: number): number => {
	const day = new Date(epochSec * 1000);
	return day.getUTCFullYear() * 10000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
};

/** A deterministic pseudo-random stream, so every run stores the same data. */
function randomStream(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return state / 2147483648;
	};
}

/** One day's move with minute ticks, as an importer hands it over. */
function dayOf(midnight: number, random: () => number): Move & { ticks: MoveTick[] } {
	const ticks: MoveTick[] = [];
	const hourly: Move['details']['hourly_totals'] = {};
	const date = dateOf(midnight);
	for (let minute = 0; minute < TICK_MINUTES; minute++) {
		const time = midnight + 6 * 3600 + minute * 60;
		const steps = random() < 0.6 ? 0 : Math.floor(random() * 120);
		const active = steps === 0 ? 0 : Math.min(60, Math.ceil(steps / 2));
		ticks.push({
			time,
			time_completed: time + 60,
			steps,
			distance: Math.round(steps * 0.75),
			active_time: active,
			calories: Math.round(steps * 4) / 100,
			speed: active === 0 ? 0 : Math.round((steps * 75) / active) / 100
		});
		const hour = `${date}${String(6 + Math.floor(minute / 60)).padStart(2, '0')}`;
		const bucket = hourly[hour] ?? {
			distance: 0,
			calories: 0,
			steps: 0,
			active_time: 0,
			inactive_time: 3600,
			longest_active_time: 0,
			longest_idle_time: 0
		};
		bucket.steps = (bucket.steps ?? 0) + steps;
		bucket.distance = (bucket.distance ?? 0) + Math.round(steps * 0.75);
		hourly[hour] = bucket;
	}
	const steps = ticks.reduce((total, tick) => total + (tick.steps ?? 0), 0);
	return {
		xid: `bench_move_${date}`,
		title: `${steps} steps`,
		type: 'move',
		time_created: midnight,
		time_updated: midnight + DAY_SEC - 1,
		time_completed: midnight + DAY_SEC - 1,
		date,
		snapshot_image: `/nudge/api/v.1.1/moves/bench_move_${date}/image`,
		details: {
			distance: Math.round(steps * 0.75),
			km: Math.round(steps * 0.75) / 1000,
			steps,
			active_time: Math.round(steps / 2),
			longest_active: 900,
			inactive_time: 40_000,
			longest_idle: 5000,
			calories: Math.round(steps / 25),
			bmr_day: 1500,
			bmr: 1500,
			bg_calories: 200,
			wo_calories: 0,
			wo_time: 0,
			wo_active_time: 0,
			wo_count: 0,
			wo_longest: 0,
			tz: 'UTC',
			hourly_totals: hourly
		},
		ticks
	};
}

const firstMidnight = Math.floor(NOW_MS / 1000 / DAY_SEC) * DAY_SEC - (DAYS - 1) * DAY_SEC;

/** Fills a database with the demo user and ten years of the own account's minute data (not timed). */
async function generate(dir: string): Promise<void> {
	const api = createReferenceApi({ now: () => NOW_MS, dataDir: dir, accessToken: TOKEN });
	await api.ready();
	const random = randomStream(7);
	for (let year = 0; year < YEARS; year++) {
		const days = Array.from({ length: 365 }, (_, i) =>
			dayOf(firstMidnight + (year * 365 + i) * DAY_SEC, random)
		);
		await api.importRecords(OWN_ACCOUNT, 'moves', days);
	}
	await api.close();
}

/** In a fresh process: open and ready, memory after start, then list pages over the ten years. */
async function measure(dir: string): Promise<void> {
	const started = performance.now();
	const api = createReferenceApi({ now: () => NOW_MS, dataDir: dir, accessToken: TOKEN });
	await api.ready();
	const startMs = performance.now() - started;
	const rssMb = process.memoryUsage().rss / 1024 / 1024;
	const random = randomStream(11);
	const timings: number[] = [];
	const nowSec = Math.floor(NOW_MS / 1000);
	for (let i = 0; i < 1100; i++) {
		const day = firstMidnight + Math.floor(random() * DAYS) * DAY_SEC;
		const query =
			i % 3 === 0
				? `date=${dateOf(day)}`
				: i % 3 === 1
					? `start_time=${day}&end_time=${nowSec}`
					: `updated_after=${day}`;
		const request = new Request(`http://127.0.0.1/nudge/api/v.1.1/users/@me/moves?${query}`, {
			headers: { authorization: `Bearer ${TOKEN}` }
		});
		const pageStarted = performance.now();
		const response = await api.handle(request);
		const text = (await response?.text()) ?? '';
		const elapsed = performance.now() - pageStarted;
		if (response?.status !== 200 || !text.includes('bench_move_'))
			throw new Error(`the moves list answered ${response?.status}: ${text.slice(0, 300)}`);
		if (i >= 100) timings.push(elapsed); // the first requests warm the JIT
	}
	await api.close();
	emit('store_start_ms', startMs, 'ms');
	emit('store_list_page_p50_ms', percentile(timings, 50), 'ms');
	emit('store_list_page_p95_ms', percentile(timings, 95), 'ms');
	emit('store_rss_mb', rssMb, 'MB');
}

const childDir = process.argv[2] === '--measure' ? process.argv[3] : undefined;
if (childDir !== undefined) await measure(childDir);
else {
	const dir = mkdtempSync(join(tmpdir(), 'store-bench-'));
	try {
		const started = performance.now();
		await generate(dir);
		emit('store_generate_ten_years_s', (performance.now() - started) / 1000, 's');
		emit('store_file_mb', statSync(join(dir, DATABASE_FILE)).size / 1024 / 1024, 'MB');
		const child = spawnSync(
			process.execPath,
			['--import', 'tsx', 'bench/store.bench.ts', '--measure', dir],
			{ stdio: 'inherit' }
		);
		if (child.status !== 0) throw new Error('the measuring process failed');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
