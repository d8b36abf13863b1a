import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createReferenceApi, type ReferenceApi } from '$lib/server/reference-api';
import { addDays, localDateInt } from '$lib/time/zone';
import { DataLayer, type Session } from './data-layer.svelte';
import { createFakeProxy, type FakeProxy } from './testing/fake-proxy';
import { databaseName, DB_VERSION } from './idb-store';
import { createMemoryStore } from './memory-store';
import type { CacheStore } from './schema';

const TOKEN = 'layer-test-token';
const NOW_MS = Date.UTC(2026, 2, 30, 18, 0, 0);
const TODAY = localDateInt(NOW_MS / 1000, 'Europe/Berlin');
const WEEK_AGO = addDays(TODAY, -6);

let api: ReferenceApi;
beforeAll(async () => {
	api = createReferenceApi({ now: () => NOW_MS, dataDir: null, accessToken: TOKEN });
	await api.handle(
		new Request('http://upstream.test/nudge/api/v.1.1/users/@me', {
			headers: { authorization: `Bearer ${TOKEN}` }
		})
	);
}, 60_000);

let users = 0;
function newLayer(
	options: {
		userKey?: string;
		proxy?: FakeProxy;
		apiVersion?: Session['apiVersion'];
		scopes?: string[];
		upstream?: Session['upstream'];
	} = {}
) {
	const userKey = options.userKey ?? `layer-${++users}-${Date.now()}`;
	const proxy = options.proxy ?? createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
	const session: Session = {
		mode: 'token',
		signedIn: true,
		userKey,
		scopes: options.scopes ?? [],
		upstream: options.upstream ?? 'embedded',
		apiVersion: options.apiVersion
	};
	const layer = new DataLayer({ fetch: proxy.fetch, session, sync: { historyDays: 30 } });
	return { layer, proxy, userKey };
}

/** The browser's storage as the layer sees it, remembering `userKey` as the last user. */
function rememberingLastUser(userKey: string) {
	const remembered = new Map([['wellness:last-user-key', userKey]]);
	const memory = {
		getItem: (key: string) => remembered.get(key) ?? null,
		setItem: (key: string, value: string) => void remembered.set(key, value),
		removeItem: (key: string) => void remembered.delete(key)
	};
	return { remembered, memory };
}

describe('DataLayer', () => {
	it('shows cached records at once and replaces them with fresh ones', async () => {
		const { layer, userKey, proxy } = newLayer();
		await layer.sync();
		const first = layer.list('moves', WEEK_AGO, TODAY);
		await first.settled;
		expect(first.data?.map((m) => m.date)).toEqual(
			Array.from({ length: 7 }, (_, i) => addDays(WEEK_AGO, i))
		);

		// A second visit: a new layer over the same database.
		const { layer: again } = newLayer({ userKey, proxy });
		const moves = again.list('moves', WEEK_AGO, TODAY);
		await again.ready();
		await waitUntil(() => moves.data !== undefined);
		expect(moves.fromCache || !moves.stale).toBe(true);
		await moves.settled;
		expect(moves.status).toBe('ready');
		expect(moves.stale).toBe(false);
		expect(moves.lastSynced).toBe(NOW_MS / 1000);
	});

	it('keeps showing cached data, marked stale with the last sync, when the service is down', async () => {
		const { layer, userKey, proxy } = newLayer();
		await layer.sync();
		proxy.offline = true;
		const { layer: offline } = newLayer({ userKey, proxy });
		const sleeps = offline.list('sleeps', WEEK_AGO, TODAY);
		await sleeps.settled;
		expect(sleeps.status).toBe('ready');
		expect(sleeps.stale).toBe(true);
		expect(sleeps.data?.length).toBeGreaterThan(0);
		expect(sleeps.lastSynced).toBe(NOW_MS / 1000);
		expect(sleeps.error).toMatch(/cannot be reached/);
		expect(offline.syncStatus.phase).toBe('offline');
		expect(offline.syncStatus.lastSynced).toBe(NOW_MS / 1000);
	});

	it('names the broken record and keeps the last good copy when a payload fails validation', async () => {
		const { layer, proxy } = newLayer();
		const user = layer.details.user();
		await user.settled;
		const good = user.data?.first;
		expect(good).toBeTypeOf('string');
		proxy.override = (path) =>
			path.startsWith('v.1.1/users/@me?') || path === 'v.1.1/users/@me'
				? Response.json({
						meta: { user_xid: 'x', message: 'OK', code: 200, time: NOW_MS / 1000 },
						data: { xid: 'x', first: 42 }
					})
				: null;
		await user.refresh();
		expect(user.error).toMatch(/user at .*users\/@me/);
		expect(user.error).toContain('data.first');
		expect(user.data?.first).toBe(good);
		expect(user.stale).toBe(true);
	});

	it('draws cached goals while the cache summary is still being read, and ranges after it', async () => {
		const store = createMemoryStore();
		const goalsValue = { move_steps: 9000 };
		await store.docs.goals.put({ key: 'current', fetchedAt: 100, value: goalsValue });
		let openGate = () => {};
		const gate = new Promise<void>((resolve) => (openGate = resolve));
		// Sync state (the summary's reads) answers only once the gate opens.
		const slow: CacheStore = {
			...store,
			syncState: {
				...store.syncState,
				get: async (kind) => {
					await gate;
					return store.syncState.get(kind);
				}
			}
		};
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
		proxy.offline = true;
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: {
				mode: 'token',
				signedIn: true,
				userKey: 'gated',
				scopes: [],
				upstream: 'embedded'
			},
			openStore: () => Promise.resolve(slow)
		});
		const goals = layer.details.goals();
		const moves = layer.list('moves', WEEK_AGO, TODAY);
		void moves.status;
		await waitUntil(() => goals.data !== undefined, 1000);
		expect(goals.data).toEqual(goalsValue);
		expect(moves.status).toBe('loading');
		openGate();
		await layer.ready();
		await moves.settled;
		expect(moves.status).toBe('error');
	});

	it('shows the goals the API answered while the cache is still opening, and keeps them once it opens', async () => {
		const store = createMemoryStore();
		let openCache = () => {};
		const opened = new Promise<void>((resolve) => (openCache = resolve));
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: {
				mode: 'token',
				signedIn: true,
				userKey: 'opening',
				scopes: [],
				upstream: 'embedded'
			},
			// A first visit: creating the cache's tables takes longer than the API takes to answer.
			openStore: async () => {
				await opened;
				return store;
			}
		});
		const goals = layer.details.goals();
		await waitUntil(() => goals.data !== undefined, 5000);
		expect(goals.data?.move_steps).toBeGreaterThan(0);
		expect(goals.fromCache).toBe(false);
		expect(await store.docs.goals.get('current')).toBeUndefined();
		openCache();
		await waitUntil(async () => (await store.docs.goals.get('current')) !== undefined, 5000);
		expect((await store.docs.goals.get('current'))?.value).toEqual(goals.data);
	});

	it('falls back to memory and says so when IndexedDB cannot be opened', async () => {
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: { mode: 'token', signedIn: true, userKey: 'nodb', scopes: [], upstream: 'embedded' },
			openStore: () => Promise.reject(new DOMException('denied', 'SecurityError')),
			sync: { historyDays: 10 }
		});
		const moves = layer.list('moves', WEEK_AGO, TODAY);
		await moves.settled;
		expect(layer.syncStatus.storage).toBe('memory');
		expect(layer.syncStatus.notice).toMatch(/in memory/);
		expect(moves.data?.length).toBe(7);
	});

	it('shows what it fetched and says the storage is full when every write is refused', async () => {
		const refuse = () => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		};
		const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(refuse);
		const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(refuse);
		try {
			const { layer } = newLayer();
			const goals = layer.details.goals();
			const moves = layer.list('moves', WEEK_AGO, TODAY);
			await Promise.all([goals.settled, moves.settled]);
			expect(put).toHaveBeenCalled();
			expect(goals.error).toBeNull();
			expect(goals.status).toBe('ready');
			expect(goals.data?.move_steps).toEqual(expect.any(Number));
			expect(moves.error).toBeNull();
			expect(moves.data?.map((m) => m.date)).toEqual(
				Array.from({ length: 7 }, (_, i) => addDays(WEEK_AGO, i))
			);
			expect(layer.syncStatus.phase).toBe('idle');
			expect(layer.syncStatus.lastSynced).toBe(NOW_MS / 1000);
			expect(layer.syncStatus.storageFull).toBe(true);
			expect(layer.syncStatus.notice).toMatch(/storage is full/);
			// Nothing reached the disk: what shows came from memory.
			const usage = layer.details.cacheUsage();
			await usage.settled;
			expect(usage.data?.moves).toBe(0);
		} finally {
			put.mockRestore();
			add.mockRestore();
		}
	});

	it('asks for a reload when a newer version opens in another tab, and keeps answering', async () => {
		const { layer, userKey } = newLayer();
		await layer.sync();
		const newer = await openDB(databaseName(userKey), DB_VERSION + 1);
		newer.close();
		expect(layer.syncStatus.needsReload).toBe(true);
		const goals = layer.details.goals();
		await goals.settled;
		expect(goals.status).toBe('ready');
	});

	it('reopens and refills the cache when the database is deleted underneath it', async () => {
		const { layer, userKey } = newLayer();
		await layer.sync();
		const moves = layer.list('moves', WEEK_AGO, TODAY);
		await moves.settled;
		await deleteDB(databaseName(userKey));
		await waitUntil(async () => {
			const usage = layer.details.cacheUsage();
			await usage.settled;
			return (usage.data?.moves ?? 0) > 0;
		});
		expect(layer.syncStatus.notice).toMatch(/removed/);
	});

	it('fetches the phases of a finished sleep once, then serves them from the cache', async () => {
		const { layer, proxy } = newLayer();
		const sleeps = layer.list('sleeps', WEEK_AGO, TODAY);
		await sleeps.settled;
		const night = sleeps.data?.find((s) => s.sub_type === 0);
		if (!night) throw new Error('the demo has nights');
		const phases = layer.details.sleepPhases(night);
		await phases.settled;
		expect(phases.data?.length).toBeGreaterThan(0);
		const asked = proxy.requests.filter((p) => p.includes('/ticks')).length;
		await phases.refresh();
		expect(proxy.requests.filter((p) => p.includes('/ticks')).length).toBe(asked);
	});

	it('fetches the ticks of a workout through the proxy once per session', async () => {
		const { layer, proxy } = newLayer();
		const workouts = layer.list('workouts', addDays(TODAY, -29), TODAY);
		await workouts.settled;
		const workout = workouts.data?.at(-1);
		if (!workout) throw new Error('the demo has workouts');
		const ticks = layer.details.workoutTicks(workout);
		await ticks.settled;
		expect(ticks.data?.length).toBeGreaterThan(0);
		expect(ticks.data?.every((tick) => tick.time >= workout.time_created)).toBe(true);
		const asked = proxy.requests.filter((p) => p.includes(`workouts/${workout.xid}/ticks`));
		expect(asked).toHaveLength(1);
		await ticks.refresh();
		expect(proxy.requests.filter((p) => p.includes('/ticks'))).toHaveLength(1);
	});

	it("opens the last user's cache before the session answers, and swaps it for another user", async () => {
		const { layer, userKey } = newLayer();
		await layer.sync();
		const { remembered, memory } = rememberingLastUser(userKey);
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN, userKey });
		let release = (): void => {};
		const sessionGate = new Promise<void>((resolve) => (release = resolve));
		const fetch: typeof globalThis.fetch = async (input, init) => {
			const url = input instanceof Request ? input.url : String(input);
			if (url.endsWith('/api/session')) await sessionGate;
			return proxy.fetch(input, init);
		};
		const early = new DataLayer({ fetch, memory });
		const moves = early.list('moves', WEEK_AGO, TODAY);
		await waitUntil(() => moves.data !== undefined);
		expect(moves.data).toHaveLength(7);
		release();
		await moves.settled;

		const other = createFakeProxy({
			handle: (r) => api.handle(r),
			token: TOKEN,
			userKey: 'someone-else'
		});
		const switched = new DataLayer({ fetch: other.fetch, memory, sync: { historyDays: 3 } });
		const theirs = switched.list('moves', WEEK_AGO, TODAY);
		await waitUntil(() => remembered.get('wellness:last-user-key') === 'someone-else');
		await waitUntil(() => theirs.status === 'ready' && !theirs.stale);
		// Their own cache: only the days this query needed, not the first user's month.
		const usage = switched.details.cacheUsage();
		await usage.settled;
		expect(usage.data?.moves).toBeGreaterThan(0);
		expect(usage.data?.moves).toBeLessThan(20);
	});

	it('stops showing the remembered person’s data once the session says nobody is signed in', async () => {
		const { layer, userKey } = newLayer();
		await layer.sync();
		await layer.details.goals().settled;
		const { remembered, memory } = rememberingLastUser(userKey);
		const proxy = createFakeProxy({
			handle: (r) => api.handle(r),
			token: TOKEN,
			userKey: null,
			signedIn: false
		});
		let release = (): void => {};
		const sessionGate = new Promise<void>((resolve) => (release = resolve));
		const fetch: typeof globalThis.fetch = async (input, init) => {
			const url = input instanceof Request ? input.url : String(input);
			if (url.endsWith('/api/session')) await sessionGate;
			return proxy.fetch(input, init);
		};
		const next = new DataLayer({ fetch, memory });
		const moves = next.list('moves', WEEK_AGO, TODAY);
		const goals = next.details.goals();
		// Before the session answers, the remembered person's cache shows.
		await waitUntil(() => moves.data !== undefined && goals.data !== undefined);
		release();
		await waitUntil(() => !remembered.has('wellness:last-user-key'));
		await waitUntil(() => moves.status === 'error' && goals.status === 'error');
		expect(moves.data).toBeUndefined();
		expect(goals.data).toBeUndefined();
		expect(goals.error).toBe('Sign in to load your data.');
	});

	it('asks the session again and syncs at once when the network comes back after an offline start', async () => {
		const { layer, userKey } = newLayer();
		await layer.sync();
		const { memory } = rememberingLastUser(userKey);
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN, userKey });
		let down = true;
		const fetch: typeof globalThis.fetch = (input, init) =>
			down ? Promise.reject(new TypeError('Failed to fetch')) : proxy.fetch(input, init);
		const offline = new DataLayer({ fetch, memory });
		const moves = offline.list('moves', WEEK_AGO, TODAY);
		const goals = offline.details.goals();
		await Promise.all([moves.settled, goals.settled]);
		expect(moves.data).toHaveLength(7);
		expect(moves.stale).toBe(true);
		expect(offline.syncStatus.phase).toBe('offline');

		down = false;
		await offline.reconnected();
		expect(offline.syncStatus.phase).toBe('idle');
		expect(moves.stale).toBe(false);
		expect(moves.error).toBeNull();
		expect(goals.stale).toBe(false);
		expect(proxy.requests.some((path) => path.includes('/moves'))).toBe(true);
	});

	it('speaks the API version the session names, to lists, goals and trends alike', async () => {
		const { layer, proxy } = newLayer({ apiVersion: 'v.1.0' });
		await layer.sync();
		const trends = layer.details.trends({ endDate: TODAY, bucketSize: 'd', numBuckets: 7 });
		const goals = layer.details.goals();
		await Promise.all([trends.settled, goals.settled]);
		expect(proxy.requests.length).toBeGreaterThan(0);
		expect(proxy.requests.every((request) => request.startsWith('v.1.0/'))).toBe(true);
		expect(trends.error).toBeNull();
		expect(trends.data?.buckets).toHaveLength(7);
		expect(trends.data?.buckets.some(([, values]) => 's_sound' in values)).toBe(true);
		expect(goals.data?.move_steps).toEqual(expect.any(Number));
	});

	it('reads the foods of a meal only when asked, once per session, and never during a sync', async () => {
		const { layer, proxy } = newLayer();
		await layer.sync();
		expect(proxy.requests.some((path) => /\/meals\//.test(path))).toBe(false);
		const meals = layer.list('meals', TODAY, TODAY);
		await meals.settled;
		const meal = meals.data?.[0];
		if (!meal) throw new Error('the demo has meals today');
		expect(meals.data?.every((m) => m.date === TODAY)).toBe(true);
		const items = layer.details.mealItems(meal);
		await items.settled;
		expect(items.data?.length).toBeGreaterThan(0);
		expect(proxy.requests.filter((path) => path.includes(`meals/${meal.xid}`))).toHaveLength(1);
		await items.refresh();
		expect(proxy.requests.filter((path) => /\/meals\//.test(path))).toHaveLength(1);
	});

	it('skips the meals of a token without meal_read and names that permission', async () => {
		const { layer, proxy } = newLayer({ scopes: ['move_read', 'sleep_read', 'weight_read'] });
		await layer.sync();
		expect(proxy.requests.some((path) => path.includes('/meals'))).toBe(false);
		const meals = layer.list('meals', WEEK_AGO, TODAY);
		await meals.settled;
		expect(meals.missingScope).toBe('meal_read');
		expect(await layer.missingScope('meals')).toBe('meal_read');
	});

	it('skips the weigh-ins of a token without weight_read and names that permission', async () => {
		const scopes = ['move_read', 'sleep_read', 'heartrate_read', 'goal_read', 'user_read'];
		const { layer, proxy } = newLayer({ scopes });
		await layer.sync();
		expect(proxy.requests.some((path) => path.includes('/heartrates'))).toBe(true);
		expect(proxy.requests.some((path) => path.includes('/body_events'))).toBe(false);
		expect(layer.syncStatus.lastSynced).toBe(NOW_MS / 1000);

		const weighIns = layer.list('bodyEvents', WEEK_AGO, TODAY);
		await weighIns.settled;
		expect(weighIns.status).toBe('error');
		expect(weighIns.missingScope).toBe('weight_read');
		expect(weighIns.error).toContain('weight_read');
		expect(await layer.missingScope('bodyEvents')).toBe('weight_read');
		expect(await layer.missingScope('heartrates')).toBeNull();
		const heart = layer.list('heartrates', WEEK_AGO, TODAY);
		await heart.settled;
		expect(heart.data).toHaveLength(7);
	});

	it('skips the resting heart rates of a token without heartrate_read', async () => {
		const { layer, proxy } = newLayer({ scopes: ['move_read', 'sleep_read', 'weight_read'] });
		await layer.sync();
		expect(proxy.requests.some((path) => path.includes('/heartrates'))).toBe(false);
		const heart = layer.list('heartrates', WEEK_AGO, TODAY);
		await heart.settled;
		expect(heart.missingScope).toBe('heartrate_read');
		const weighIns = layer.list('bodyEvents', WEEK_AGO, TODAY);
		await weighIns.settled;
		expect(weighIns.data?.length).toBeGreaterThan(0);
	});

	it('syncs the blood pressure readings of an upstream speaking v.1.0 or of the embedded API, and asks another v.1.1 upstream for none', async () => {
		const created = await api.handle(
			new Request('http://upstream.test/nudge/api/v.1.0/users/@me/cardiac_events', {
				method: 'POST',
				headers: {
					authorization: `Bearer ${TOKEN}`,
					'content-type': 'application/x-www-form-urlencoded'
				},
				body: new URLSearchParams({
					systolic: '121',
					diastolic: '79',
					heart_rate: '64',
					time_created: String(NOW_MS / 1000 - 3600),
					tz: 'Europe/Berlin'
				})
			})
		);
		expect(created?.ok).toBe(true);

		const { layer, proxy } = newLayer({ apiVersion: 'v.1.0' });
		await layer.sync();
		expect(proxy.requests.some((path) => path.startsWith('v.1.0/users/@me/cardiac_events'))).toBe(
			true
		);
		const readings = layer.list('cardiacEvents', WEEK_AGO, TODAY);
		await readings.settled;
		expect(readings.data?.map((r) => [r.systolic, r.diastolic, r.heart_rate])).toEqual([
			[121, 79, 64]
		]);

		// The embedded API serves the v.1.0 family beside v.1.1: an import writes blood pressure there.
		const { layer: embedded, proxy: embeddedProxy } = newLayer();
		await embedded.sync();
		expect(
			embeddedProxy.requests.some((path) => path.startsWith('v.1.0/users/@me/cardiac_events'))
		).toBe(true);
		const imported = embedded.list('cardiacEvents', WEEK_AGO, TODAY);
		await imported.settled;
		expect(imported.data?.map((r) => [r.systolic, r.diastolic])).toEqual([[121, 79]]);

		const { layer: current, proxy: currentProxy } = newLayer({ upstream: 'custom' });
		await current.sync();
		expect(currentProxy.requests.some((path) => path.includes('cardiac_events'))).toBe(false);
		const none = current.list('cardiacEvents', WEEK_AGO, TODAY);
		await none.settled;
		expect(none.data).toEqual([]);
	});

	it('asks nothing of the API for a query until a page reads it', async () => {
		const { layer, proxy } = newLayer();
		const moves = layer.list('moves', WEEK_AGO, TODAY);
		const goals = layer.details.goals();
		await layer.ready();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(proxy.requests).toEqual([]);
		await Promise.all([moves.settled, goals.settled]);
		expect(proxy.requests.length).toBeGreaterThan(0);
		expect(moves.data).toHaveLength(7);
	});

	it('forgets a query nothing has read for its gc time, and hands out a new one after', () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		try {
			const { layer } = newLayer();
			const moves = layer.list('moves', WEEK_AGO, TODAY);
			const goals = layer.details.goals();
			expect(layer.list('moves', WEEK_AGO, TODAY)).toBe(moves);
			vi.advanceTimersByTime(5 * 60_000);
			expect(layer.list('moves', WEEK_AGO, TODAY)).not.toBe(moves);
			expect(layer.details.goals()).not.toBe(goals);
		} finally {
			vi.useRealTimers();
		}
	});

	it('empties the cache on clearAll', async () => {
		const { layer } = newLayer();
		await layer.sync();
		const moves = layer.list('moves', WEEK_AGO, TODAY);
		await moves.settled;
		await layer.clearAll();
		expect(moves.data).toBeUndefined();
		const usage = layer.details.cacheUsage();
		await usage.settled;
		expect(usage.data).toMatchObject({ moves: 0, sleeps: 0, workouts: 0 });
		expect(layer.syncStatus.lastSynced).toBeNull();
	});
});

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
	const start = Date.now();
	while (!(await check())) {
		if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
		await new Promise((r) => setTimeout(r, 10));
	}
}
