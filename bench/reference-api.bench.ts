// Benchmarks the reference API: list pages answered in process, and the two-year demo data's generation time and heap.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createReferenceApi } from '$lib/server/reference-api/index';
import { generateDemoData } from '$lib/server/reference-api/demo/index';
import { addDays, localDateInt } from '$lib/time/zone';

const NOW_MS = Date.parse('2026-03-30T18:00:00Z');
const TOKEN = 'bench-static-token-0001';
const LISTS = [
	'moves',
	'sleeps',
	'workouts',
	'body_events',
	'meals',
	'heartrates',
	'generic_events'
];

function report(name: string, value: number, unit: string): void {
	console.log(JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit }));
}

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;
// A full collection before each heap reading, so the figure is what the data keeps alive.
setFlagsFromString('--expose-gc');
const gc: unknown = runInNewContext('gc');
const collect = () => {
	if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
};

// Demo generation: two years, the median of three runs; heap = what the data keeps alive.
collect();
const heapBefore = heapMb();
const generation: number[] = [];
// Holds the last dataset so the heap reading measures what one dataset keeps alive.
const kept: { data: unknown } = { data: null };
for (let run = 0; run < 3; run++) {
	const started = performance.now();
	kept.data = generateDemoData({ now: NOW_MS, days: 731 });
	generation.push(performance.now() - started);
}
collect();
const heapAfter = heapMb();
report('demo_generate_ms', [...generation].sort((a, b) => a - b)[1] ?? NaN, 'ms');
report('demo_heap_mb', heapAfter - heapBefore, 'MB');
kept.data = null;

// List pages: a page of each list for random days and ranges, in process (no network).
const api = createReferenceApi({ now: () => NOW_MS, dataDir: null, accessToken: TOKEN, days: 731 });
await api.ready();
const today = localDateInt(NOW_MS / 1000, 'Europe/Berlin');
const nowSec = NOW_MS / 1000;
let seed = 7;
const random = () => {
	seed = (seed * 1103515245 + 12345) % 2147483648;
	return seed / 2147483648;
};
const timings: number[] = [];
for (let i = 0; i < 2100; i++) {
	const list = LISTS[i % LISTS.length] ?? 'moves';
	const byRange = i % 2 === 1;
	const query = byRange
		? `start_time=${Math.floor(nowSec - random() * 700 * 86400)}&end_time=${nowSec}`
		: `date=${addDays(today, -Math.floor(random() * 730))}`;
	const request = new Request(`http://127.0.0.1/nudge/api/v.1.1/users/@me/${list}?${query}`, {
		headers: { authorization: `Bearer ${TOKEN}` }
	});
	const started = performance.now();
	const response = await api.handle(request);
	await response?.text();
	const elapsed = performance.now() - started;
	if (response?.status !== 200) throw new Error(`list ${list} answered ${response?.status}`);
	if (i >= 100) timings.push(elapsed); // the first requests warm the JIT
}
await api.close();
timings.sort((a, b) => a - b);
report('reference_list_page_p50_ms', percentile(timings, 50), 'ms');
report('reference_list_page_p95_ms', percentile(timings, 95), 'ms');
