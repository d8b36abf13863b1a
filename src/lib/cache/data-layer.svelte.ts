// The only door pages use to data: reactive queries over the IndexedDB cache, kept fresh by sync.
import * as z from 'zod/mini';
import type {
	BodyEvent,
	CardiacEventV10,
	GoalsV11,
	HeartRate,
	Move,
	MoveTick,
	Settings,
	Sleep,
	SleepTick,
	User,
	Workout
} from '$lib/api';
// Not from '$lib/api': that would build every response schema before the page can start.
import { apiVersionSchema, type ApiVersion } from '$lib/api/version';
import {
	ApiError,
	createApiClient,
	type ApiClient,
	type ListItems,
	type ListKind,
	type TrendSeries,
	type TrendsQuery
} from '$lib/client';
import { addDays, formatDateInt, isValidTz, localDateInt, parseDateInt } from '$lib/time/zone';
import { LAST_USER_STORAGE_KEY, takeEarlyCache } from './early-cache';
import { openIdbStore } from './idb-store';
import { QueryMemo } from './query-memo';
import { createMemoryStore } from './memory-store';
import { messageOf, Query, type QuerySource, type Stamped } from './query.svelte';
import {
	CORE_LIST_KINDS,
	HEART_BODY_KINDS,
	LIST_KINDS,
	LIST_KIND_SCOPES,
	V10_ONLY_KINDS,
	type CacheStore,
	type CacheUsage,
	type DocKind,
	type DocValues,
	type Eviction
} from './schema';
import { DAY, syncCache, type SyncConfig, type SyncOutcome } from './sync';
import { SyncStatus } from './sync-status.svelte';

export { Query } from './query.svelte';
export type { QueryStatus } from './query.svelte';
export { SyncStatus } from './sync-status.svelte';
export type { SyncPhase } from './sync-status.svelte';
export type { CacheUsage } from './schema';

/** What `GET /api/session` answers (validated: it is a boundary like any other). */
export const sessionSchema = z.object({
	mode: z.enum(['embedded', 'token', 'oauth']),
	signedIn: z.boolean(),
	userKey: z.nullable(z.string()),
	scopes: z.array(z.string()),
	upstream: z.enum(['embedded', 'custom']),
	/** The API version the proxy is asked for; v.1.1 when the server does not say. */
	apiVersion: z.optional(apiVersionSchema)
});
export type Session = z.infer<typeof sessionSchema>;

/** Hooks the store calls back into the layer when the database changes underneath it. */
export interface StoreHooks {
	onVersionChange: (newVersion: number | null) => void;
	onTerminated: () => void;
	onEvicted: (eviction: Eviction) => void;
}

export interface DataLayerOptions {
	fetch: typeof globalThis.fetch;
	/** Proxy mount point. Default '/api/nudge'. */
	base?: string;
	/** The session, when already known (tests); otherwise `GET {sessionUrl}`. */
	session?: Session;
	sessionUrl?: string;
	/** Opens the cache of a user. Default: IndexedDB, falling back to memory. */
	openStore?: (userKey: string, hooks: StoreHooks) => Promise<CacheStore>;
	/** Remembers the last user so a reload can open the cache before the session answers. */
	memory?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
	/** The browser's clock, epoch seconds (only used until the server's time is known). */
	now?: () => number;
	sync?: Pick<SyncConfig, 'historyDays' | 'concurrency' | 'windowDays'>;
}

/** Queries showing a range re-read the cache at most this often while a backfill stores windows. */
const RELOAD_THROTTLE_MS = 400;

interface RangeEntry {
	kind: ListKind;
	fromDate: number;
	toDate: number;
	query: { reload(): Promise<void>; refresh(): Promise<void> };
	timer: ReturnType<typeof setTimeout> | null;
}

export class DataLayer {
	readonly syncStatus = new SyncStatus();
	readonly #options: DataLayerOptions;
	readonly #client: ApiClient;
	#session: Promise<Session>;
	#store: Promise<CacheStore>;
	#userKey: string | null = null;
	#inFlight: { historyFrom: number | undefined; promise: Promise<SyncOutcome> } | null = null;
	#syncController: AbortController | null = null;
	readonly #ranges = new QueryMemo<RangeEntry>();
	readonly #moves = new QueryMemo<Query<Move[]>>();
	readonly #sleeps = new QueryMemo<Query<Sleep[]>>();
	readonly #workouts = new QueryMemo<Query<Workout[]>>();
	readonly #heartrates = new QueryMemo<Query<HeartRate[]>>();
	readonly #bodyEvents = new QueryMemo<Query<BodyEvent[]>>();
	readonly #cardiacEvents = new QueryMemo<Query<CardiacEventV10[]>>();
	readonly #sleepPhases = new QueryMemo<Query<SleepTick[]>>();
	readonly #moveTicks = new QueryMemo<Query<MoveTick[]>>();
	readonly #trends = new QueryMemo<Query<TrendSeries>>();
	#goals: Query<GoalsV11> | null = null;
	#settings: Query<Settings> | null = null;
	#user: Query<User> | null = null;
	#apiVersion: ApiVersion = 'v.1.1';

	constructor(options: DataLayerOptions) {
		// Marks along the warm path (bench/data-path.bench.ts prints them).
		performance.mark('wellness:data-layer');
		this.#options = options;
		this.#client = createApiClient({
			fetch: options.fetch,
			base: options.base,
			version: () => this.#apiVersion
		});
		this.#session = options.session ? Promise.resolve(options.session) : this.#fetchSession();
		// Registered first, so the version is set before any caller awaiting the session calls out.
		this.#session.then(
			(session) => (this.#apiVersion = session.apiVersion ?? 'v.1.1'),
			() => {}
		);
		this.#store = this.#openForSession();
		// Never an unhandled rejection: every reader awaits #store and reports on its own.
		this.#store.catch(() => {});
	}

	/** Resolves once the cache is open (IndexedDB or the memory fallback). */
	async ready(): Promise<void> {
		await this.#store;
	}

	// ------------------------------------------------------------------------------------------
	// Queries pages use. The same arguments return the same Query, so a page may call these in
	// `$derived` without starting a new load each time.

	/** Moves dated fromDate..toDate (`YYYYMMDD`, inclusive), oldest first. */
	moves(fromDate: number, toDate: number): Query<Move[]> {
		return this.#rangeQuery(this.#moves, 'moves', fromDate, toDate);
	}

	/** Sleeps whose wake date is fromDate..toDate, oldest first. */
	sleeps(fromDate: number, toDate: number): Query<Sleep[]> {
		return this.#rangeQuery(this.#sleeps, 'sleeps', fromDate, toDate);
	}

	workouts(fromDate: number, toDate: number): Query<Workout[]> {
		return this.#rangeQuery(this.#workouts, 'workouts', fromDate, toDate);
	}

	/** Resting heart rates dated fromDate..toDate, oldest first. */
	heartrates(fromDate: number, toDate: number): Query<HeartRate[]> {
		return this.#rangeQuery(this.#heartrates, 'heartrates', fromDate, toDate);
	}

	/** Weigh-ins (body events) dated fromDate..toDate, oldest first. */
	bodyEvents(fromDate: number, toDate: number): Query<BodyEvent[]> {
		return this.#rangeQuery(this.#bodyEvents, 'bodyEvents', fromDate, toDate);
	}

	/**
	 * Blood pressure readings dated fromDate..toDate, oldest first: synced only from an upstream
	 * speaking v.1.0 (v.1.1 has no such list), so empty otherwise.
	 */
	cardiacEvents(fromDate: number, toDate: number): Query<CardiacEventV10[]> {
		return this.#rangeQuery(this.#cardiacEvents, 'cardiacEvents', fromDate, toDate);
	}

	/**
	 * The read scope the signed-in token lacks for a kind, or null when it holds it (or the session
	 * does not list its scopes).
	 */
	async missingScope(kind: ListKind): Promise<string | null> {
		return missingScopeIn(await this.#session, kind);
	}

	/** The phases of one sleep (fetched on first use, then served from the cache). */
	sleepPhases(sleep: Sleep): Query<SleepTick[]> {
		return this.#sleepPhases.get(`${sleep.xid}@${sleep.time_completed}`, () =>
			this.#ticksQuery('sleepPhases', sleep, (xid, signal) =>
				this.#client.sleepTicks(xid, { signal })
			)
		);
	}

	/** The minute ticks of one move (fetched on first use; refetched when the move has grown). */
	moveTicks(move: Move): Query<MoveTick[]> {
		return this.#moveTicks.get(`${move.xid}@${move.time_completed}`, () =>
			this.#ticksQuery('moveTicks', move, (xid, signal) => this.#client.moveTicks(xid, { signal }))
		);
	}

	goals(): Query<GoalsV11> {
		this.#goals ??= this.#docQuery('goals', (signal) => this.#client.goals({ signal }));
		return this.#goals;
	}

	settings(): Query<Settings> {
		this.#settings ??= this.#docQuery('settings', (signal) => this.#client.settings({ signal }));
		return this.#settings;
	}

	user(): Query<User> {
		this.#user ??= this.#docQuery('user', (signal) => this.#client.user({ signal }));
		return this.#user;
	}

	/** A trends series; more than 100 buckets are fetched by following `links.next`. */
	trends(query: TrendsQuery): Query<TrendSeries> {
		const key = `${query.endDate ?? 'today'}|${query.bucketSize}|${query.numBuckets}`;
		return this.#trends.get(key, () =>
			this.#source({
				cached: async (store) => {
					const entry = await store.trends.get(key);
					return entry && { value: entry.value, fetchedAt: entry.fetchedAt };
				},
				fresh: async (store, signal) => {
					const value = await this.#client.trends(query, { signal });
					const fetchedAt = this.#serverNow();
					await store.trends.put({ key, fetchedAt, value });
					return { value, fetchedAt };
				}
			})
		);
	}

	/** How much the cache holds (read from the cache only; `refresh()` counts again). */
	cacheUsage(): Query<CacheUsage> {
		const read = async (): Promise<Stamped<CacheUsage>> => {
			const store = await this.#store;
			return { value: await store.usage(), fetchedAt: this.syncStatus.lastSynced };
		};
		return new Query<CacheUsage>({ cached: read, fresh: read }, { revalidate: false });
	}

	// ------------------------------------------------------------------------------------------
	// Sync.

	/**
	 * Brings the cache up to date; with no `historyFrom`, also fills two years of history (the Data
	 * page does this). Concurrent calls share one run.
	 */
	async sync(options: { historyFrom?: number } = {}): Promise<SyncOutcome> {
		const running = this.#inFlight;
		if (running) {
			const covers =
				running.historyFrom === undefined ||
				(options.historyFrom !== undefined && running.historyFrom <= options.historyFrom);
			if (covers) return running.promise;
			await running.promise.catch(() => {});
		}
		const promise = this.#runSync(options.historyFrom);
		const entry = { historyFrom: options.historyFrom, promise };
		this.#inFlight = entry;
		try {
			return await promise;
		} finally {
			if (this.#inFlight === entry) this.#inFlight = null;
		}
	}

	async #runSync(historyFrom: number | undefined): Promise<SyncOutcome> {
		const session = await this.#session;
		if (!session.signedIn) {
			this.syncStatus.setPhase('signed-out', 'Sign in to load your data.');
			throw new Error('Sign in to load your data.');
		}
		const store = await this.#store;
		const controller = new AbortController();
		this.#syncController = controller;
		this.syncStatus.setPhase('syncing');
		try {
			// A kind whose scope the token lacks is left out, rather than failing every sync.
			// v.1.0's cardiac events come only from an upstream that speaks v.1.0.
			const legacy = (session.apiVersion ?? 'v.1.1') === 'v.1.0';
			const kinds = LIST_KINDS.filter(
				(kind) =>
					missingScopeIn(session, kind) === null && (legacy || !V10_ONLY_KINDS.includes(kind))
			);
			const outcome = await syncCache(
				{ client: this.#client, store, now: this.#options.now, kinds, ...this.#options.sync },
				{
					historyFrom,
					signal: controller.signal,
					onProgress: (progress) => this.syncStatus.setProgress(progress),
					onStored: (kind, fromDate, toDate) => this.#storedRecords(kind, fromDate, toDate)
				}
			);
			await this.#loadSyncSummary(store);
			const failed = outcome.errors.length;
			this.syncStatus.setPhase(
				'idle',
				failed > 0
					? `${failed} part${failed === 1 ? '' : 's'} of the sync failed (${messageOf(outcome.errors[0])}); retried next time.`
					: null
			);
			return outcome;
		} catch (error) {
			const message = messageOf(error);
			const unreachable = error instanceof ApiError && error.isUnreachable;
			this.syncStatus.setPhase(unreachable ? 'offline' : 'error', message);
			throw error;
		} finally {
			if (this.#syncController === controller) this.#syncController = null;
		}
	}

	/** Empties the cache of this user; queries show empty data until the next sync. */
	async clearAll(): Promise<void> {
		this.#syncController?.abort();
		await this.#inFlight?.promise.catch(() => {});
		const store = await this.#store;
		await store.clear();
		this.syncStatus.setLastSynced(null);
		this.syncStatus.setNotice(null);
		this.syncStatus.setPhase('idle');
		await Promise.all([...this.#ranges.values()].map((entry) => entry.query.reload()));
	}

	// ------------------------------------------------------------------------------------------
	// Opening the cache and surviving what happens to it.

	async #fetchSession(): Promise<Session> {
		const response = await this.#options.fetch(this.#options.sessionUrl ?? '/api/session', {
			headers: { accept: 'application/json' }
		});
		if (!response.ok) throw new Error(`The session could not be read (${response.status}).`);
		return sessionSchema.parse(await response.json());
	}

	async #openForSession(): Promise<CacheStore> {
		const remembered = this.#options.memory?.getItem(LAST_USER_STORAGE_KEY) ?? null;
		if (remembered !== null) {
			// A reload opens the last user's cache at once and shows it while the session is on its
			// way; a different user (or none) in the session swaps the cache afterwards.
			const early = this.#openStore(remembered);
			void this.#session.then(
				(session) => {
					this.#sessionKnown(session);
					const userKey = userKeyOf(session);
					if (userKey !== remembered) this.#switchUser(early, userKey);
				},
				(error: unknown) => this.syncStatus.setPhase('offline', messageOf(error))
			);
			return early;
		}
		let session: Session;
		try {
			session = await this.#session;
		} catch (error) {
			this.syncStatus.setPhase('offline', messageOf(error));
			this.syncStatus.setStorage('memory');
			return createMemoryStore();
		}
		this.#sessionKnown(session);
		const userKey = userKeyOf(session);
		if (userKey === null) {
			this.syncStatus.setStorage('memory');
			return createMemoryStore();
		}
		this.#options.memory?.setItem(LAST_USER_STORAGE_KEY, userKey);
		return this.#openStore(userKey);
	}

	#sessionKnown(session: Session): void {
		if (session.signedIn) this.syncStatus.setPhase('idle');
		else this.syncStatus.setPhase('signed-out', 'Sign in to load your data.');
	}

	/** The session names another user than the one remembered: show that user's cache instead. */
	#switchUser(previous: Promise<CacheStore>, userKey: string | null): void {
		void previous.then((store) => store.close());
		this.#syncController?.abort();
		if (userKey === null) {
			this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
			this.syncStatus.setStorage('memory');
			this.#store = Promise.resolve(createMemoryStore());
		} else {
			this.#options.memory?.setItem(LAST_USER_STORAGE_KEY, userKey);
			this.#store = this.#openStore(userKey);
			this.#store.catch(() => {});
		}
		// Queries showing the previous user's records read the new cache, then fetch.
		void this.#store.then(() =>
			Promise.all(
				[...this.#ranges.values()].map(async (entry) => {
					await entry.query.reload();
					await entry.query.refresh();
				})
			)
		);
	}

	async #openStore(userKey: string): Promise<CacheStore> {
		this.#userKey = userKey;
		const hooks: StoreHooks = {
			onVersionChange: (newVersion) => this.#versionChanged(newVersion),
			onTerminated: () => this.#reopen(),
			onEvicted: (eviction) => void this.#evicted(eviction)
		};
		let store: CacheStore;
		try {
			store = await (this.#options.openStore ?? defaultOpenStore)(userKey, hooks);
			performance.mark('wellness:cache-opened');
		} catch (error) {
			this.syncStatus.setStorage('memory');
			this.syncStatus.setNotice(
				`This browser keeps no offline copy here (${messageOf(error)}); data lives in memory for this visit only.`
			);
			store = createMemoryStore();
		}
		this.syncStatus.setStorage(store.backend);
		if (store.backend === 'memory' && this.syncStatus.notice === null) {
			this.syncStatus.setNotice(
				'Offline storage is unavailable; data lives in memory for this visit only.'
			);
		}
		await this.#loadSyncSummary(store);
		performance.mark('wellness:cache-ready');
		return store;
	}

	#versionChanged(newVersion: number | null): void {
		if (newVersion === null) {
			// Deleted underneath us (another tab cleared it, or the user cleared site data).
			this.#reopen();
			return;
		}
		this.syncStatus.requireReload();
		this.syncStatus.setNotice(
			'A newer version of this app opened in another tab. Reload this page to continue.'
		);
		// Keep the app usable until the reload: a memory cache behind the same queries.
		this.#syncController?.abort();
		this.#store = Promise.resolve(createMemoryStore());
	}

	#reopen(): void {
		const userKey = this.#userKey;
		if (userKey === null) return;
		this.#syncController?.abort();
		this.#store = this.#openStore(userKey);
		this.#store.catch(() => {});
		this.syncStatus.setNotice('The offline copy was removed; fetching your data again.');
		void this.#store.then(async () => {
			await this.sync().catch(() => {});
			await Promise.all([...this.#ranges.values()].map((entry) => entry.query.reload()));
		});
	}

	async #evicted(eviction: Eviction): Promise<void> {
		this.syncStatus.setNotice(
			`Storage is full: removed ${eviction.removed} cached item${eviction.removed === 1 ? '' : 's'} dated before ${formatDateInt(eviction.before)}. They will be fetched again when needed.`
		);
		// The cache no longer holds those days: shrink the covered interval so they are refetched.
		const store = await this.#store;
		const { year, month, day } = parseDateInt(eviction.before);
		const keptFrom = Date.UTC(year, month - 1, day) / 1000 + DAY;
		for (const kind of LIST_KINDS) {
			const state = await store.syncState.get(kind);
			if (state && state.coveredFrom < keptFrom) {
				await store.syncState.put({ ...state, coveredFrom: keptFrom });
			}
		}
	}

	/** Last sync time and the user's zone, from what the cache says. */
	async #loadSyncSummary(store: CacheStore): Promise<void> {
		// The first kinds must all have synced; heart and body count when they have (a token may
		// lack their scopes, and they arrive with the first sync after an upgrade).
		const states = await Promise.all(CORE_LIST_KINDS.map((kind) => store.syncState.get(kind)));
		const times = states.map((state) => state?.lastSyncedAt).filter((t) => t !== undefined);
		const extra = await Promise.all(HEART_BODY_KINDS.map((kind) => store.syncState.get(kind)));
		const extraTimes = extra.map((state) => state?.lastSyncedAt).filter((t) => t !== undefined);
		const lastSynced =
			times.length === CORE_LIST_KINDS.length ? Math.min(...times, ...extraTimes) : null;
		if (lastSynced !== null) {
			// The zone first: pages derive dates from lastSynced and should compute them once.
			const today = localDateInt(lastSynced, 'UTC');
			const recent = await store.records.moves.between(addDays(today, -3), addDays(today, 1));
			const zone = recent.at(-1)?.details.tz;
			if (zone && isValidTz(zone)) this.syncStatus.setZone(zone);
		}
		this.syncStatus.setLastSynced(lastSynced);
	}

	// ------------------------------------------------------------------------------------------
	// Query plumbing.

	#serverNow(): number {
		return this.#client.lastServerTime ?? (this.#options.now ?? nowSeconds)();
	}

	#source<T>(source: {
		cached: (store: CacheStore) => Promise<Stamped<T> | undefined>;
		fresh: (store: CacheStore, signal: AbortSignal) => Promise<Stamped<T>>;
	}): Query<T> {
		const querySource: QuerySource<T> = {
			cached: async () => source.cached(await this.#store),
			fresh: async (signal) => {
				const session = await this.#session;
				if (!session.signedIn) throw new Error('Sign in to load your data.');
				return source.fresh(await this.#store, signal);
			}
		};
		return new Query(querySource);
	}

	#rangeQuery<K extends ListKind>(
		queries: QueryMemo<Query<ListItems[K][]>>,
		kind: K,
		fromDate: number,
		toDate: number
	): Query<ListItems[K][]> {
		const key = `${kind}:${fromDate}:${toDate}`;
		return queries.get(key, () => {
			const read = async (store: CacheStore): Promise<Stamped<ListItems[K][]> | undefined> => {
				const [records, state] = await Promise.all([
					store.records[kind].between(fromDate, toDate),
					store.syncState.get(kind)
				]);
				if (records.length === 0 && !state) return undefined;
				return { value: records, fetchedAt: state?.lastSyncedAt ?? null };
			};
			const query = this.#source<ListItems[K][]>({
				cached: read,
				fresh: async () => {
					const missing = missingScopeIn(await this.#session, kind);
					if (missing !== null) throw scopeError(missing);
					// Two days of margin: a local date starts up to 14 h away from UTC midnight.
					const { year, month, day } = parseDateInt(fromDate);
					await this.sync({ historyFrom: Date.UTC(year, month - 1, day) / 1000 - 2 * DAY });
					const fresh = await read(await this.#store);
					return fresh ?? { value: [], fetchedAt: this.#serverNow() };
				}
			});
			this.#ranges.get(key, () => ({ kind, fromDate, toDate, query, timer: null }));
			return query;
		});
	}

	#storedRecords(kind: ListKind, fromDate: number, toDate: number): void {
		for (const entry of this.#ranges.values()) {
			if (entry.kind !== kind || toDate < entry.fromDate || fromDate > entry.toDate) continue;
			if (entry.timer !== null) continue;
			entry.timer = setTimeout(() => {
				entry.timer = null;
				void entry.query.reload().catch(() => {});
			}, RELOAD_THROTTLE_MS);
		}
	}

	#ticksQuery<K extends 'sleepPhases' | 'moveTicks'>(
		kind: K,
		parent: { xid: string; date: number; time_completed: number },
		fetchTicks: (
			xid: string,
			signal: AbortSignal
		) => Promise<NonNullable<Awaited<ReturnType<CacheStore['ticks'][K]['get']>>>['items']>
	) {
		return this.#source({
			cached: async (store) => {
				const entry = await store.ticks[kind].get(parent.xid);
				return entry && { value: entry.items, fetchedAt: entry.fetchedAt };
			},
			fresh: async (store, signal) => {
				// Ticks of a finished record never change: the cached copy is fresh while its parent
				// has not grown since (a move of today keeps growing; its time_completed says so).
				const entry = await store.ticks[kind].get(parent.xid);
				if (entry && entry.sourceVersion === parent.time_completed) {
					return { value: entry.items, fetchedAt: entry.fetchedAt };
				}
				const items = await fetchTicks(parent.xid, signal);
				const fetchedAt = this.#serverNow();
				await store.ticks[kind].put({
					xid: parent.xid,
					date: parent.date,
					fetchedAt,
					sourceVersion: parent.time_completed,
					items
				});
				return { value: items, fetchedAt };
			}
		});
	}

	#docQuery<K extends DocKind>(
		kind: K,
		fetchDoc: (signal: AbortSignal) => Promise<DocValues[K]>
	): Query<DocValues[K]> {
		return this.#source<DocValues[K]>({
			cached: async (store) => {
				const entry = await store.docs[kind].get('current');
				return entry && { value: entry.value, fetchedAt: entry.fetchedAt };
			},
			fresh: async (store, signal) => {
				const value = await fetchDoc(signal);
				const fetchedAt = this.#serverNow();
				await store.docs[kind].put({ key: 'current', fetchedAt, value });
				return { value, fetchedAt };
			}
		});
	}
}

/** The scope a session lacks for a kind; null when it holds it or lists no scopes at all. */
function missingScopeIn(session: Session, kind: ListKind): string | null {
	if (session.scopes.length === 0) return null;
	const scope = LIST_KIND_SCOPES[kind];
	return session.scopes.includes(scope) ? null : scope;
}

/** The error a query of a kind the token may not read ends with, naming the scope. */
function scopeError(scope: string): ApiError {
	return new ApiError(403, 'forbidden', `Access to this data was not granted (${scope}).`, scope);
}

/** The cache key of a session's user; null when nobody is signed in. */
function userKeyOf(session: Session): string | null {
	return session.userKey ?? (session.signedIn ? 'default' : null);
}

function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

async function defaultOpenStore(userKey: string, hooks: StoreHooks): Promise<CacheStore> {
	if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
	// What the page's inline script read while this code loaded answers the first reads.
	const early = takeEarlyCache(userKey);
	try {
		return await openIdbStore({ userKey, ...hooks, snapshot: early?.snapshot });
	} finally {
		early?.release();
	}
}

let singleton: DataLayer | null = null;

/** The browser's one data layer, created on first use from `/api/session`. */
export function getDataLayer(): DataLayer {
	singleton ??= new DataLayer({
		fetch: (input, init) => fetch(input, init),
		memory: typeof localStorage === 'undefined' ? null : localStorage
	});
	return singleton;
}
