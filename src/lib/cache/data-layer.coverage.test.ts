import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createReferenceApi, type ReferenceApi } from '$lib/server/reference-api';
import { addDays, localDateInt } from '$lib/time/zone';
import { DataLayer, type Session } from './data-layer.svelte';
import { createFakeProxy, type FakeProxy } from './testing/fake-proxy';

const TOKEN = 'coverage-test-token';
const NOW_MS = Date.UTC(2026, 2, 30, 18, 0, 0);
const NOW = NOW_MS / 1000;
const TODAY = localDateInt(NOW, 'Europe/Berlin');
const WEEK_AGO = addDays(TODAY, -6);

let api: ReferenceApi;
beforeAll(() => {
	api = createReferenceApi({ now: () => NOW_MS, dataDir: null, accessToken: TOKEN });
}, 60_000);

let users = 0;
function newLayer(options: { proxy?: FakeProxy; userKey?: string; concurrency?: number } = {}) {
	const userKey = options.userKey ?? `coverage-${++users}-${Date.now()}`;
	const proxy =
		options.proxy ?? createFakeProxy({ handle: (request) => api.handle(request), token: TOKEN });
	const session: Session = {
		mode: 'token',
		signedIn: true,
		userKey,
		scopes: [],
		upstream: 'embedded'
	};
	const layer = new DataLayer({
		fetch: proxy.fetch,
		session,
		sync: { historyDays: 30, concurrency: options.concurrency }
	});
	return { layer, proxy, userKey };
}

async function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
	const start = Date.now();
	while (!check()) {
		if (Date.now() - start > timeoutMs) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 2));
	}
}

describe('the coverage of a range query', () => {
	it('says every day of the week is read, today under way, once the sync is over', async () => {
		const { layer } = newLayer();
		const moves = layer.list('moves', WEEK_AGO, addDays(TODAY, 2));
		await moves.settled;
		expect(moves.coverage.states).toEqual([
			'finished',
			'finished',
			'finished',
			'finished',
			'finished',
			'finished',
			'underway',
			'future',
			'future'
		]);
		expect(moves.coverage.status).toEqual({ kind: 'complete' });
		expect(moves.coverage.asOf).toBe(NOW);
	});

	it('calls the days of a failing kind failed, with the reason, never empty, and the badge names it', async () => {
		const proxy = createFakeProxy({ handle: (request) => api.handle(request), token: TOKEN });
		proxy.override = (path) =>
			path.startsWith('v.1.1/users/@me/sleeps')
				? new Response('upstream broke', { status: 500 })
				: null;
		const { layer } = newLayer({ proxy });
		const sleeps = layer.list('sleeps', WEEK_AGO, TODAY);
		await sleeps.settled;
		expect(sleeps.data).toEqual([]);
		expect(sleeps.coverage.states.every((state) => state === 'failed')).toBe(true);
		expect(sleeps.coverage.status).toEqual({
			kind: 'failed',
			reason: 'The data service answered 500 without JSON.'
		});
		expect(layer.syncStatus.failures).toEqual([
			{ kind: 'sleep', reason: 'The data service answered 500 without JSON.' }
		]);
		// The moves of the same sync were read.
		const moves = layer.list('moves', WEEK_AGO, TODAY);
		await moves.settled;
		expect(moves.coverage.status).toEqual({ kind: 'complete' });
	});

	it('keeps saying a read failed after the cache is read again, never going back to loading', async () => {
		const proxy = createFakeProxy({ handle: (request) => api.handle(request), token: TOKEN });
		proxy.override = (path) =>
			path.startsWith('v.1.1/users/@me/sleeps')
				? new Response('upstream broke', { status: 500 })
				: null;
		const { layer } = newLayer({ proxy });
		const sleeps = layer.list('sleeps', WEEK_AGO, TODAY);
		await sleeps.settled;
		// As the sync's note of a failed window makes every query showing it read the cache again.
		await sleeps.reload();
		expect(sleeps.status).not.toBe('loading');
		expect(sleeps.data).toEqual([]);
		expect(sleeps.coverage.status).toEqual({
			kind: 'failed',
			reason: 'The data service answered 500 without JSON.'
		});
	});

	it('says a kind failed as soon as its read fails, not once the whole sync is over', async () => {
		// Sleeps fail at once; every read after that waits until the failure has been said, so the
		// sync still runs when it is (and a failure said only at the sync's end is never said).
		let release = (): void => undefined;
		const held = new Promise<void>((resolve) => (release = resolve));
		let sleepsFailed = false;
		const proxy = createFakeProxy({
			handle: async (request) => {
				if (sleepsFailed) await held;
				return api.handle(request);
			},
			token: TOKEN
		});
		proxy.override = (path) => {
			if (!path.startsWith('v.1.1/users/@me/sleeps')) return null;
			sleepsFailed = true;
			return new Response('broke', { status: 500 });
		};
		const { layer } = newLayer({ proxy, concurrency: 1 });
		// Two months: several windows of moves, interleaved with the failing sleeps.
		const sleeps = layer.list('sleeps', addDays(TODAY, -59), TODAY);
		const settled = sleeps.settled;
		let syncing = false;
		await waitUntil(() => {
			syncing = layer.syncStatus.phase === 'syncing';
			return sleeps.coverage.status.kind === 'failed';
		});
		// Said while the sync still reads the other kinds: the page need not wait for them.
		expect(syncing).toBe(true);
		expect(sleeps.data).toEqual([]);
		release();
		await settled;
	}, 30_000);

	it('says how far a year has been read while history loads, and only then that it is complete', async () => {
		// Moves answer slowly enough that the year's windows (read first: the page waits on them)
		// outlast the queries' 400 ms between re-reads of the cache.
		const proxy = createFakeProxy({
			handle: async (request) => {
				if (new URL(request.url).pathname.includes('/users/@me/moves')) {
					await new Promise((resolve) => setTimeout(resolve, 20));
				}
				return api.handle(request);
			},
			token: TOKEN
		});
		const { layer } = newLayer({ proxy, concurrency: 1 });
		const from = addDays(TODAY, -364);
		const moves = layer.list('moves', from, TODAY);
		void moves.settled;
		await waitUntil(() => moves.coverage.read > 0 && moves.coverage.read < moves.coverage.total);
		expect(moves.coverage.pending).toBe(true);
		expect(moves.coverage.status).toEqual({ kind: 'loading' });
		// Newest first: the days read so far are the latest ones.
		expect(moves.coverage.states.at(-1)).toBe('underway');
		expect(moves.coverage.states[0]).toBe('unread');
		await moves.settled;
		await waitUntil(() => moves.coverage.status.kind === 'complete');
		expect(moves.coverage.read).toBe(365);
		expect(moves.coverage.pending).toBe(false);
	}, 30_000);

	it('reads the windows of a year a page waits on before the other kinds’ history', async () => {
		const { layer, proxy } = newLayer({ concurrency: 1 });
		const moves = layer.list('moves', addDays(TODAY, -364), TODAY);
		await moves.settled;
		await layer.syncer.settled();
		const kindOf = (path: string) => /users\/@me\/(\w+)/.exec(path)?.[1] ?? '';
		const windows = proxy.requests.filter((path) => path.includes('start_time='));
		const kinds = windows.map(kindOf);
		// A year of moves is 37 ten-day windows; every one comes before the first of any other kind.
		const firstOther = kinds.findIndex((kind) => kind !== 'moves');
		expect(kinds.lastIndexOf('moves')).toBeLessThan(firstOther);
		expect(kinds.filter((kind) => kind === 'moves').length).toBeGreaterThanOrEqual(37);
		expect(new Set(kinds)).toEqual(
			new Set([
				'moves',
				'sleeps',
				'workouts',
				'heartrates',
				'body_events',
				'cardiac_events',
				'meals'
			])
		);
	});

	it('shows a span whole as soon as its last window is read, while the sync reads on', async () => {
		// Sleeps answer only once the test is over: the sync stays under way, and only the reads
		// of moves can make the week whole.
		let release = (): void => undefined;
		const held = new Promise<void>((resolve) => (release = resolve));
		const proxy = createFakeProxy({
			handle: async (request) => {
				if (new URL(request.url).pathname.includes('/users/@me/sleeps')) await held;
				return api.handle(request);
			},
			token: TOKEN
		});
		// The 400 ms pause between re-reads never ends: only a re-read at once can show it whole.
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		try {
			const { layer } = newLayer({ proxy });
			const moves = layer.list('moves', WEEK_AGO, TODAY);
			const deadline = Date.now() + 10_000;
			while (moves.coverage.pending || moves.data === undefined) {
				if (Date.now() > deadline) throw new Error('the week never came whole');
				await new Promise((resolve) => setImmediate(resolve));
			}
			expect(moves.coverage.read).toBe(7);
			expect(layer.syncStatus.phase).toBe('syncing');
		} finally {
			vi.useRealTimers();
			release();
		}
	});

	it('offline, says what is stored and since when', async () => {
		const { layer, proxy, userKey } = newLayer();
		await layer.sync();
		proxy.offline = true;
		const { layer: offline } = newLayer({ proxy, userKey });
		const from = addDays(TODAY, -60);
		const moves = offline.list('moves', from, TODAY);
		await moves.settled;
		expect(moves.coverage.status).toEqual({ kind: 'stale', since: NOW });
		// Thirty days of history were synced (and their two days of margin): the older ones are not.
		expect(moves.coverage.states[0]).toBe('unread');
		expect(moves.coverage.states.at(-2)).toBe('finished');
		expect(moves.coverage.pending).toBe(false);
	});
});
