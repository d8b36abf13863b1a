// The browser data path: concurrent backfill vs walking `next` links, and the requests of an incremental sync.
//
// The two network figures use the standalone reference API (scripts/reference-api.ts) in its own
// process on an ephemeral 127.0.0.1 port, with NUDGE_REFERENCE_LATENCY_MS=50 (50 ms added to
// every response by the server itself). The app's client, sync and cache code run here, in Node,
// behind a stand-in for the app's proxy (src/lib/cache/testing/fake-proxy.ts), storing into
// fake-indexeddb. The warm start is measured against a floor page in bench/floor.bench.ts.
import 'fake-indexeddb/auto';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createApiClient } from '../src/lib/client';
import { createFakeProxy } from '../src/lib/cache/testing/fake-proxy';
import { openIdbStore } from '../src/lib/cache/idb-store';
import { DAY, syncCache } from '../src/lib/cache/sync';
import { emit, freePort } from './lib/common';

const NOW_MS = Date.parse('2026-03-30T18:00:00Z');
const NOW = NOW_MS / 1000;
const TOKEN = 'bench-token';
const LATENCY_MS = 50;
const HISTORY_DAYS = 731;

interface ReferenceServer {
	handle: (request: Request) => Promise<Response>;
	stop(): void;
}

/** The standalone reference API at a fixed "now", with the server adding `latencyMs` per response. */
async function startReferenceServer(nowMs: number, latencyMs: number): Promise<ReferenceServer> {
	const port = await freePort();
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reference-api.ts'], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			NUDGE_REFERENCE_NOW: new Date(nowMs).toISOString(),
			NUDGE_REFERENCE_DATA_DIR: 'memory',
			NUDGE_REFERENCE_LATENCY_MS: String(latencyMs),
			NUDGE_ACCESS_TOKEN: TOKEN
		},
		stdio: ['ignore', 'pipe', 'inherit']
	});
	await new Promise<void>((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`reference API exited (${code})`)));
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('listening')) resolve();
		});
	});
	const origin = `http://127.0.0.1:${port}`;
	const server: ReferenceServer = {
		handle: (request) => {
			const url = new URL(request.url);
			return fetch(`${origin}${url.pathname}${url.search}`, { headers: request.headers });
		},
		stop: () => void child.kill()
	};
	// The demo data is generated on the first request: keep that out of every timing.
	await server.handle(
		new Request('http://upstream.test/nudge/api/v.1.1/users/@me', {
			headers: { authorization: `Bearer ${TOKEN}` }
		})
	);
	return server;
}

let databases = 0;
const freshStore = () => openIdbStore({ userKey: `bench-${++databases}-${process.pid}` });

async function backfillSpeedup(api: ReferenceServer): Promise<void> {
	const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
	const client = createApiClient({ fetch: proxy.fetch });
	const range = { startTime: NOW - HISTORY_DAYS * DAY, endTime: NOW + DAY };

	let start = performance.now();
	const moves = await client.listAll('moves', range);
	const sleeps = await client.listAll('sleeps', range);
	const heartrates = await client.listAll('heartrates', range);
	const bodyEvents = await client.listAll('bodyEvents', range);
	const meals = await client.listAll('meals', range);
	const sequentialMs = performance.now() - start;
	const sequentialRequests = proxy.requests.length;

	proxy.resetCounts();
	const store = await freshStore();
	start = performance.now();
	const outcome = await syncCache(
		{
			client,
			store,
			kinds: ['moves', 'sleeps', 'heartrates', 'bodyEvents', 'meals'],
			historyDays: HISTORY_DAYS
		},
		{}
	);
	const backfillMs = performance.now() - start;
	if (outcome.errors.length > 0) throw new Error(`backfill had ${outcome.errors.length} failures`);
	const usage = await store.usage();
	if (usage.moves < moves.length || usage.sleeps < sleeps.length) {
		throw new Error(
			`backfill missed records: ${usage.moves}/${moves.length} moves, ${usage.sleeps}/${sleeps.length} sleeps`
		);
	}
	const everything = { startDate: 0, endDate: 99_999_999 };
	const cachedHeart = await store.records.heartrates.between(
		everything.startDate,
		everything.endDate
	);
	const cachedBody = await store.records.bodyEvents.between(
		everything.startDate,
		everything.endDate
	);
	const cachedMeals = await store.records.meals.between(everything.startDate, everything.endDate);
	if (
		cachedHeart.length < heartrates.length ||
		cachedBody.length < bodyEvents.length ||
		cachedMeals.length < meals.length
	) {
		throw new Error(
			`backfill missed records: ${cachedHeart.length}/${heartrates.length} heart rates, ${cachedBody.length}/${bodyEvents.length} weigh-ins, ${cachedMeals.length}/${meals.length} meals`
		);
	}
	store.close();
	console.error(
		`backfill: sequential ${sequentialRequests} requests in ${sequentialMs.toFixed(0)} ms; ` +
			`windowed ${proxy.requests.length} requests (peak ${proxy.peakInFlight} in flight) in ${backfillMs.toFixed(0)} ms; ` +
			`${moves.length} moves, ${sleeps.length} sleeps, ${heartrates.length} heart rates, ${bodyEvents.length} weigh-ins, ${meals.length} meals`
	);
	emit('backfill_speedup', sequentialMs / backfillMs, 'x');
}

async function incrementalRequests(today: ReferenceServer): Promise<void> {
	const store = await freshStore();
	const first = createFakeProxy({ handle: (r) => today.handle(r), token: TOKEN });
	await syncCache({ client: createApiClient({ fetch: first.fetch }), store });

	const tomorrow = await startReferenceServer(NOW_MS + DAY * 1000, LATENCY_MS);
	const proxy = createFakeProxy({ handle: (r) => tomorrow.handle(r), token: TOKEN });
	const outcome = await syncCache({ client: createApiClient({ fetch: proxy.fetch }), store });
	if (outcome.errors.length > 0) throw new Error('incremental sync failed');
	store.close();
	tomorrow.stop();
	console.error(`incremental: ${proxy.requests.join(' | ')}`);
	emit('incremental_requests', proxy.requests.length, 'requests');
}

async function main(): Promise<void> {
	const today = await startReferenceServer(NOW_MS, LATENCY_MS);
	try {
		await backfillSpeedup(today);
		await incrementalRequests(today);
	} finally {
		today.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
