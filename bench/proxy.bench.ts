// Proxy overhead: the same list page through the proxy's handler and straight from the reference API, interleaved.

import { performance } from 'node:perf_hooks';
import { parseConfig } from '../src/lib/server/config/parse-config';
import { createReferenceApi } from '../src/lib/server/reference-api';
import { createRuntime, EMBEDDED_BASE_URL } from '../src/lib/server/runtime';

const NOW = Date.parse('2026-03-30T18:00:00Z');
const WARM_UP = 500;
const ROUNDS = 600;
const PAGE = 'v.1.1/users/@me/moves?start_time=1772323200&end_time=1774900800';
const APP = 'http://127.0.0.1:3000';

function percentile(sorted: readonly number[], p: number): number {
	const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[index] ?? Number.NaN;
}

function emit(name: string, value: number, unit: string): void {
	console.log(JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit }));
}

async function main(): Promise<void> {
	const api = createReferenceApi({ now: () => NOW, dataDir: null });
	const config = parseConfig({});
	if (!config.ok) throw new Error('the default configuration must be valid');
	const runtime = createRuntime(config.config, { embedded: () => api });
	const token = api.demoAccessToken;
	const tokens = { current: () => Promise.resolve(token) };

	async function direct(): Promise<number> {
		const start = performance.now();
		const response = await api.handle(
			new Request(`${EMBEDDED_BASE_URL}/nudge/api/${PAGE}`, {
				headers: { authorization: `Bearer ${token}`, accept: 'application/json' }
			})
		);
		if (response === null || response.status !== 200) throw new Error('direct call failed');
		await response.arrayBuffer();
		return performance.now() - start;
	}

	async function proxied(): Promise<number> {
		const start = performance.now();
		const url = new URL(`/api/nudge/${PAGE}`, APP);
		const response = await runtime.proxy({
			request: new Request(url, { headers: { accept: 'application/json', cookie: 'x=1' } }),
			rawPath: url.pathname.slice('/api/nudge/'.length),
			tokens
		});
		if (response.status !== 200) throw new Error(`proxied call failed: ${response.status}`);
		await response.arrayBuffer();
		return performance.now() - start;
	}

	const sizeProbe = await api.handle(
		new Request(`${EMBEDDED_BASE_URL}/nudge/api/${PAGE}`, {
			headers: { authorization: `Bearer ${token}` }
		})
	);
	const probe: unknown = await sizeProbe?.json();
	const items =
		typeof probe === 'object' &&
		probe !== null &&
		'data' in probe &&
		typeof probe.data === 'object' &&
		probe.data !== null &&
		'size' in probe.data
			? Number(probe.data.size)
			: 0;
	if (items < 1) throw new Error('the benchmark page must hold records');

	for (let i = 0; i < WARM_UP; i++) {
		await direct();
		await proxied();
	}
	const directTimes: number[] = [];
	const proxiedTimes: number[] = [];
	// Alternating which goes first cancels most of the order effect (caches, GC timing).
	for (let i = 0; i < ROUNDS; i++) {
		if (i % 2 === 0) {
			directTimes.push(await direct());
			proxiedTimes.push(await proxied());
		} else {
			proxiedTimes.push(await proxied());
			directTimes.push(await direct());
		}
	}
	directTimes.sort((a, b) => a - b);
	proxiedTimes.sort((a, b) => a - b);
	emit('proxy_overhead_p50_ms', percentile(proxiedTimes, 50) - percentile(directTimes, 50), 'ms');
	emit('proxy_overhead_p99_ms', percentile(proxiedTimes, 99) - percentile(directTimes, 99), 'ms');
	emit('proxy_direct_p50_ms', percentile(directTimes, 50), 'ms');
	emit('proxy_proxied_p50_ms', percentile(proxiedTimes, 50), 'ms');
	emit('proxy_page_items', items, 'count');
	await api.close();
}

await main();
