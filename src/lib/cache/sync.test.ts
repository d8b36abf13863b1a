import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '$lib/client';
import { createReferenceApi, type ReferenceApi } from '$lib/server/reference-api';
import { localDateInt } from '$lib/time/zone';
import { createFakeProxy, type FakeProxy } from './testing/fake-proxy';
import { openIdbStore } from './idb-store';
import type { CacheStore } from './schema';
import { DAY, syncCache, type SyncConfig, type SyncOutcome, type SyncProgress } from './sync';

const TOKEN = 'sync-test-token';
const NOW_MS = Date.UTC(2026, 2, 30, 18, 0, 0);
const NOW = NOW_MS / 1000;

/**
 * The demo's span: the longest history synced here (200 days) and a margin. Both servers are
 * generated for this file alone (no other file asks for tomorrow's), so a short demo costs
 * a quarter of the default two years when the kept copies are regenerated.
 */
const DAYS = 240;

let today: ReferenceApi;
let tomorrow: ReferenceApi;

beforeAll(async () => {
	// Same demo person (seeded), seen one day apart: the second has exactly one more day.
	today = createReferenceApi({ now: () => NOW_MS, dataDir: null, accessToken: TOKEN, days: DAYS });
	tomorrow = createReferenceApi({
		now: () => NOW_MS + DAY * 1000,
		dataDir: null,
		accessToken: TOKEN,
		days: DAYS
	});
	await Promise.all([warm(today), warm(tomorrow)]);
}, 60_000);

async function warm(api: ReferenceApi): Promise<void> {
	await api.handle(
		new Request('http://upstream.test/nudge/api/v.1.1/users/@me', {
			headers: { authorization: `Bearer ${TOKEN}` }
		})
	);
}

let users = 0;
async function setup(api: ReferenceApi): Promise<{ proxy: FakeProxy; store: CacheStore }> {
	const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN, latencyMs: 2 });
	const store = await openIdbStore({ userKey: `sync-${++users}-${Date.now()}` });
	return { proxy, store };
}

/** One sync run of `store` through `proxy`, as the data layer starts it. */
function syncThrough(
	proxy: FakeProxy,
	store: CacheStore,
	options: Omit<SyncConfig, 'client' | 'store'>
): Promise<SyncOutcome> {
	return syncCache({ client: createApiClient({ fetch: proxy.fetch }), store, ...options });
}

/** A sync run against the server a day later; its proxy holds what that run asked for. */
async function syncTomorrow(
	store: CacheStore,
	options: Omit<SyncConfig, 'client' | 'store'>
): Promise<FakeProxy> {
	const proxy = createFakeProxy({ handle: (r) => tomorrow.handle(r), token: TOKEN });
	await syncThrough(proxy, store, options);
	return proxy;
}

/** Every record of a kind in a time range, fetched the slow way: one list, page after page. */
async function allFromApi(proxy: FakeProxy, kind: 'moves' | 'sleeps', start: number, end: number) {
	const client = createApiClient({ fetch: proxy.fetch });
	return client.listAll(kind, { startTime: start, endTime: end });
}

describe('syncCache', () => {
	it('fills history in concurrent windows and stores every record the API has', async () => {
		const { proxy, store } = await setup(today);
		const client = createApiClient({ fetch: proxy.fetch });
		const progress: SyncProgress[] = [];
		await syncCache({ client, store, historyDays: 60 }, { onProgress: (p) => progress.push(p) });
		expect(proxy.peakInFlight).toBeGreaterThan(1);
		expect(proxy.peakInFlight).toBeLessThanOrEqual(6);
		const last = progress.at(-1);
		expect(last?.windowsDone).toBe(last?.windowsTotal);
		expect(last?.backfilling).toBe(true);

		for (const kind of ['moves', 'sleeps'] as const) {
			const expected = await allFromApi(proxy, kind, NOW - 60 * DAY, NOW + DAY);
			const dates = expected.map((r) => r.date);
			const cached = await store.records[kind].between(Math.min(...dates), Math.max(...dates));
			expect(cached.map((r) => r.xid).sort()).toEqual(expected.map((r) => r.xid).sort());
		}
		const state = await store.syncState.get('moves');
		expect(state?.coveredFrom).toBeLessThanOrEqual(NOW - 60 * DAY);
		expect(state?.lastSyncedAt).toBe(NOW);
		store.close();
	});

	it('reports the span a backfill fills, and none for a run that only catches up', async () => {
		const { proxy, store } = await setup(today);
		const client = createApiClient({ fetch: proxy.fetch });
		const first: SyncProgress[] = [];
		await syncCache({ client, store, historyDays: 30 }, { onProgress: (p) => first.push(p) });
		const span = first.at(-1);
		expect(span?.to).toBe(NOW);
		expect(span?.from).toBeLessThanOrEqual(NOW - 30 * DAY);
		expect(span?.from).toBeGreaterThan(NOW - 32 * DAY);

		const again: SyncProgress[] = [];
		await syncCache({ client, store, historyDays: 30 }, { onProgress: (p) => again.push(p) });
		expect(again.at(-1)?.backfilling).toBe(false);
		expect(again.at(-1)?.from).toBeUndefined();
		store.close();
	});

	// These pin the request pattern (window widths, pooling, ordering of writes) that the backfill and
	// warm-start figures of `npm run bench` rest on: guards for those figures, not rules of behaviour.
	describe('benchmark guards', () => {
		it('starts the newest windows of moves and sleeps together in one pool', async () => {
			const { proxy, store } = await setup(today);
			await syncThrough(proxy, store, { historyDays: 90 });
			// After goals, the first six requests fill the pool: both kinds, each at its newest window.
			const first = proxy.requests.slice(1, 7);
			const starts = (kind: string) =>
				proxy.requests
					.filter((path) => path.includes(`/${kind}?start_time=`) && !path.includes('page_token'))
					.map((path) => Number(new URLSearchParams(path.split('?')[1]).get('start_time')));
			expect(first.some((path) => path.includes('/moves?'))).toBe(true);
			expect(first.some((path) => path.includes('/sleeps?'))).toBe(true);
			for (const kind of ['moves', 'sleeps']) {
				const ordered = starts(kind);
				expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
			}
			store.close();
		});

		it('fetches the newest four weeks in one-page windows and older sleeps in long windows that walk their pages', async () => {
			const windowsOf = (proxy: FakeProxy, kind: string) =>
				proxy.requests
					.filter((path) => path.includes(`/${kind}?start_time=`) && !path.includes('page_token'))
					.map((path) => {
						const query = new URLSearchParams(path.split('?')[1]);
						return Number(query.get('end_time')) - Number(query.get('start_time'));
					});
			const { proxy, store } = await setup(today);
			await syncThrough(proxy, store, { historyDays: 200 });
			const sleepRequests = (p: FakeProxy) =>
				p.requests.filter((path) => path.includes('/sleeps?'));
			const longRequests = sleepRequests(proxy).length;
			const sleepWindows = windowsOf(proxy, 'sleeps');
			expect(sleepWindows.slice(0, 4)).toEqual([9 * DAY, 9 * DAY, 9 * DAY, 9 * DAY]);
			expect(sleepWindows[4]).toBe(120 * DAY);
			// Moves come one a day: their 10-day windows fill a page each, recent or not.
			expect(new Set(windowsOf(proxy, 'moves').slice(0, -1))).toEqual(new Set([10 * DAY]));

			const expected = await allFromApi(proxy, 'sleeps', NOW - 200 * DAY, NOW + DAY);
			const cached = await store.records.sleeps.between(0, 99991231);
			expect(cached.map((r) => r.xid).sort()).toEqual(expected.map((r) => r.xid).sort());
			store.close();

			// The same history in one-page windows throughout takes more requests. Only sleeps are
			// counted, and each kind's windows are its own: the other kinds need not be synced again.
			const narrow = await setup(today);
			await syncThrough(narrow.proxy, narrow.store, {
				kinds: ['sleeps'],
				historyDays: 200,
				olderWindowDays: { sleeps: 9 }
			});
			expect(longRequests).toBeLessThan(sleepRequests(narrow.proxy).length);
			narrow.store.close();
		});
	});

	it('brings an up-to-date cache current after one new day with at most seven requests', async () => {
		const { proxy: proxyToday, store } = await setup(today);
		await syncThrough(proxyToday, store, { historyDays: 20 });

		const proxy = await syncTomorrow(store, { historyDays: 20 });
		// Goals and one list per kind (moves, sleeps, workouts, heart rates, body events, meals).
		expect(proxy.requests.length).toBeLessThanOrEqual(7);
		// Moves are not asked "updated since": every move's time_updated changes all the time.
		const movesRequest = proxy.requests.find((path) => path.includes('/moves'));
		expect(movesRequest).toBeDefined();
		expect(movesRequest).not.toContain('updated_after');

		const newDay = localDateInt(NOW + DAY, 'Europe/Berlin');
		const newMoves = await store.records.moves.between(newDay, newDay);
		expect(newMoves).toHaveLength(1);
		const newSleeps = await store.records.sleeps.between(newDay, newDay);
		expect(newSleeps.length).toBeGreaterThan(0);
		expect((await store.syncState.get('sleeps'))?.lastSyncedAt).toBe(NOW + DAY);
		store.close();
	});

	it('syncs resting heart rates and weigh-ins incrementally, asking only what changed since', async () => {
		const { proxy: proxyToday, store } = await setup(today);
		const kinds = ['heartrates', 'bodyEvents'] as const;
		await syncThrough(proxyToday, store, { kinds, historyDays: 40 });
		const before = await store.records.heartrates.between(0, 99_999_999);
		expect(before.length).toBeGreaterThan(30);
		expect((await store.records.bodyEvents.between(0, 99_999_999)).length).toBeGreaterThan(3);

		const proxy = await syncTomorrow(store, { kinds, historyDays: 40 });
		const heart = proxy.requests.filter((path) => path.includes('/heartrates'));
		const body = proxy.requests.filter((path) => path.includes('/body_events'));
		expect(heart).toHaveLength(1);
		expect(body).toHaveLength(1);
		const since = `updated_after=${NOW - 60}`;
		expect(heart[0]).toContain(since);
		expect(body[0]).toContain(since);

		// The day the second server has more holds its resting heart rate now, and nothing is lost.
		const newDay = localDateInt(NOW + DAY, 'Europe/Berlin');
		expect(await store.records.heartrates.between(newDay, newDay)).toHaveLength(1);
		const after = await store.records.heartrates.between(0, 99_999_999);
		expect(after).toHaveLength(before.length + 1);
		expect((await store.syncState.get('bodyEvents'))?.lastSyncedAt).toBe(NOW + DAY);
		store.close();
	});

	it('backfills meals in windows and then asks only for the meals changed since', async () => {
		const { proxy: proxyToday, store } = await setup(today);
		const kinds = ['meals'] as const;
		await syncThrough(proxyToday, store, { kinds, historyDays: 40 });
		const client = createApiClient({ fetch: proxyToday.fetch });
		const range = { startTime: NOW - 40 * DAY, endTime: NOW + DAY };
		const expected = await client.listAll('meals', range);
		const before = await store.records.meals.between(0, 99_999_999);
		expect(before.length).toBeGreaterThan(40 * 2 - 4);
		expect(new Set(before.map((meal) => meal.xid))).toEqual(
			new Set(expected.map((meal) => meal.xid))
		);

		const proxy = await syncTomorrow(store, { kinds, historyDays: 40 });
		const meals = proxy.requests.filter((path) => path.includes('/meals'));
		expect(meals).toHaveLength(1);
		expect(meals[0]).toContain(`updated_after=${NOW - 60}`);
		// The new day's meals are there (two to four of them), and nothing is lost.
		const newDay = localDateInt(NOW + DAY, 'Europe/Berlin');
		const added = await store.records.meals.between(newDay, newDay);
		expect(added.length).toBeGreaterThanOrEqual(1);
		expect(await store.records.meals.between(0, 99_999_999)).toHaveLength(
			before.length + added.length
		);
		store.close();
	});

	it('covers only up to a failed window and fetches the rest next time', async () => {
		const { proxy, store } = await setup(today);
		const client = createApiClient({ fetch: proxy.fetch });
		let movesWindows = 0;
		proxy.override = (path) => {
			if (!path.includes('/moves?start_time')) return null;
			movesWindows++;
			return movesWindows === 3
				? Response.json({ meta: { code: 500, message: 'Injected' } }, { status: 500 })
				: null;
		};
		const first = await syncCache({ client, store, historyDays: 60, concurrency: 1 });
		expect(first.errors).toHaveLength(1);
		const partial = await store.syncState.get('moves');
		// Windows run newest first, so two windows (20 days) are covered and the gap is not.
		expect(partial?.coveredFrom).toBeGreaterThan(NOW - 25 * DAY);
		expect(partial?.coveredFrom).toBeLessThan(NOW - 15 * DAY);

		proxy.override = null;
		const second = await syncCache({ client, store, historyDays: 60 });
		expect(second.errors).toHaveLength(0);
		expect((await store.syncState.get('moves'))?.coveredFrom).toBeLessThanOrEqual(NOW - 60 * DAY);
		const expected = await allFromApi(proxy, 'moves', NOW - 60 * DAY, NOW + DAY);
		const cached = await store.records.moves.between(0, 99991231);
		expect(cached.length).toBe(expected.length);
		store.close();
	});

	it('reads and stores the windows a page waits on before it asks for anything else', async () => {
		const { proxy, store } = await setup(today);
		// Activity's Year opened on a first visit: the moves of the last 120 days are on screen.
		const from = NOW - 120 * DAY;
		const waited = (kind: string, start: number, end: number) =>
			kind === 'moves' && start < NOW + DAY && from < end;
		const events: string[] = [];
		const fetchLogged: typeof fetch = (input, init) => {
			const url = new URL(String(input instanceof Request ? input.url : input), 'http://x');
			const kind = /\/(\w+)$/.exec(url.pathname)?.[1] ?? '';
			const start = Number(url.searchParams.get('start_time') ?? Number.NaN);
			const end = Number(url.searchParams.get('end_time') ?? Number.NaN);
			const own = Number.isFinite(start) && waited(kind, start, end);
			if (!url.pathname.endsWith('/goals')) events.push(own ? 'ask waited' : 'ask other');
			return proxy.fetch(input, init);
		};
		await syncCache(
			{ client: createApiClient({ fetch: fetchLogged }), store, historyDays: 200 },
			{
				wanted: waited,
				onRead: (kind, span) => {
					if (waited(kind, span.start, span.end)) events.push('stored waited');
				}
			}
		);
		const lastStored = events.lastIndexOf('stored waited');
		const firstOther = events.indexOf('ask other');
		expect(events.filter((event) => event === 'stored waited')).toHaveLength(
			events.filter((event) => event === 'ask waited').length
		);
		expect(firstOther).toBeGreaterThan(lastStored);
		// The rest is still read: every kind's history is covered once the run ends.
		expect((await store.syncState.get('sleeps'))?.coveredFrom).toBeLessThanOrEqual(NOW - 200 * DAY);
		store.close();
	});

	it('stops when aborted and leaves the covered interval untouched', async () => {
		const { proxy, store } = await setup(today);
		const controller = new AbortController();
		const run = syncCache(
			{ client: createApiClient({ fetch: proxy.fetch }), store, historyDays: 200 },
			{
				signal: controller.signal,
				onProgress: (p) => {
					if (p.windowsDone === 3) controller.abort();
				}
			}
		);
		await expect(run).rejects.toThrow();
		expect(await store.syncState.get('moves')).toBeUndefined();
		store.close();
	});
});
