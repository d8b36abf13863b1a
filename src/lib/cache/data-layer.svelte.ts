// The only door pages use to data: reactive queries over the IndexedDB cache, kept fresh by sync.
import * as z from 'zod/mini';
import type {
	BodyEvent,
	CardiacEventV10,
	GoalsV11,
	HeartRate,
	Meal,
	MealItem,
	Move,
	MoveTick,
	Settings,
	Sleep,
	SleepTick,
	User,
	Workout,
	WorkoutTick
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
import {
	addDays,
	formatDateInt,
	isValidTz,
	localDateInt,
	normalizeTz,
	parseDateInt
} from '$lib/time/zone';
import { databaseName, openIdbStore } from './idb-store';
import { QueryMemo } from './query-memo';
import { createMemoryStore } from './memory-store';
import { spillWhenFull } from './spill-store';
import { messageOf, Query, type QuerySource, type Stamped } from './query.svelte';
import {
	CORE_LIST_KINDS,
	LATER_LIST_KINDS,
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
import { missingScopeIn, scopeError } from './scopes';
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

/** The person's today and the zone it is reckoned in, as the API sees them. */
export interface PersonDay {
	/** Today as `YYYYMMDD` in the person's zone; null until known (or when nobody is signed in). */
	readonly today: number | null;
	/** The zone of the person's latest move. */
	readonly tz: string;
	/**
	 * When today has no move: the date of the latest one (an imported history ends some day in
	 * the past), so a page can point there; null when today has one, or there is none at all.
	 */
	readonly latest: number | null;
	/**
	 * The server's clock (epoch seconds) when the day was last asked of the API; null until then.
	 * Forms that start at "now" start here, not at the browser's clock, which may differ.
	 */
	readonly serverTime: number | null;
	readonly error: string | null;
}

/** Why the person has to sign in: never signed in (or signed out), or the grant ended. */
export type SignInReason = 'signed-out' | 'expired';

/** Names the last user, so a reload opens their cache while the session is on its way. */
export const LAST_USER_STORAGE_KEY = 'wellness:last-user-key';
const DAY_STORAGE_PREFIX = 'wellness:user-day:';
const LOGGED_STORAGE_PREFIX = 'wellness:logged-weigh-ins:';

/** The day's state; the layer writes it, pages see it as a read-only PersonDay. */
class PersonDayState implements PersonDay {
	today = $state<number | null>(null);
	tz = $state('UTC');
	latest = $state<number | null>(null);
	serverTime = $state<number | null>(null);
	error = $state<string | null>(null);
}

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
	/** Deletes a user's cache database (sign-out). Default: IndexedDB's deleteDatabase. */
	deleteStore?: (userKey: string) => Promise<void>;
	/** Where sign-out is posted. Default '/auth/sign-out'. */
	signOutUrl?: string;
	/** The browser's clock, epoch seconds (only used until the server's time is known). */
	now?: () => number;
	sync?: Pick<SyncConfig, 'historyDays' | 'concurrency' | 'windowDays'>;
	/** How long a query nothing reads is kept (default QUERY_GC_TIME_MS, query.svelte.ts). */
	gcTimeMs?: number;
}

/** What the Data page says when the browser's storage is full. */
export const STORAGE_FULL_NOTICE =
	'Browser storage is full: showing data without saving it. Free space on this device, or clear cached data on the Data page.';

/** Queries showing a range re-read the cache at most this often while a backfill stores windows. */
const RELOAD_THROTTLE_MS = 400;

/** What the layer does with any query it handed out. */
export interface Restartable {
	readonly started: boolean;
	reload(): Promise<void>;
	refresh(): Promise<void>;
	restart(): Promise<void>;
}

/** A query the layer makes over the cache: read it there, else fetch it (and store it) fresh. */
export interface LayerQuerySource<T> {
	cached: (store: CacheStore) => Promise<Stamped<T> | undefined>;
	fresh: (store: CacheStore, signal: AbortSignal) => Promise<Stamped<T>>;
	/**
	 * Forgets the query once nothing has read it for the gc time (query.svelte.ts); without
	 * it the query lives as long as the layer.
	 */
	release?: (query: Query<T>) => void;
}

/**
 * What the modules beside the layer use of it: the writes (writes.ts) and the moods (moods.ts),
 * kept apart so that the pages that never run them (Today above all) do not load them. They go
 * through the layer's session, cache, client and queries, so there is still one door to data.
 */
export interface LayerInternals {
	/** The API client behind the proxy. */
	readonly client: ApiClient;
	/** The session, once the server said it. */
	session(): Promise<Session>;
	/** The cache of the person signed in (or its memory fallback). */
	store(): Promise<CacheStore>;
	/** Settles once a sync in flight has landed: it may have read a list before a write. */
	syncSettled(): Promise<void>;
	/** An API call failed: a 401 in OAuth mode means the grant ended, and the page asks to sign in. */
	failed(error: unknown): void;
	/** The server's now, epoch seconds (the latest `meta.time`, else the browser's clock). */
	serverNow(): number;
	/** The person's today (`YYYYMMDD`) and zone, once the API has said them. */
	today(): Promise<{ date: number; tz: string }>;
	/** A query like the layer's own: signed-in check, sign-in expiry and release as theirs. */
	query<T>(source: LayerQuerySource<T>): Query<T>;
	/** Queries kept beside the layer: restarted for another user, refreshed on reconnecting. */
	track(queries: { values(): Iterable<Restartable> }): void;
	/** Re-reads from the cache every range query of a kind that shows `date`. */
	reloadRanges(kind: ListKind, date: number): Promise<void>;
	/** Re-reads the goals from the cache at once, then asks the API for the goals and settings. */
	refreshGoals(): Promise<void>;
	/** Remembers the weigh-ins logged here, oldest first (`loggedWeighIns`). */
	rememberWeighIns(xids: readonly string[]): void;
}

interface RangeEntry {
	kind: ListKind;
	fromDate: number;
	toDate: number;
	query: Restartable;
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
	readonly #meals = new QueryMemo<Query<Meal[]>>();
	readonly #mealItems = new QueryMemo<Query<MealItem[]>>();
	readonly #sleepPhases = new QueryMemo<Query<SleepTick[]>>();
	readonly #moveTicks = new QueryMemo<Query<MoveTick[]>>();
	readonly #workoutTicks = new QueryMemo<Query<WorkoutTick[]>>();
	readonly #trends = new QueryMemo<Query<TrendSeries>>();
	#goals: Query<GoalsV11> | null = null;
	#settings: Query<Settings> | null = null;
	#user: Query<User> | null = null;
	/** Queries kept beside the layer (moods.ts), restarted and refreshed with its own. */
	readonly #tracked: { values(): Iterable<Restartable> }[] = [];
	#apiVersion: ApiVersion = 'v.1.1';
	#sessionState = $state.raw<Session | null>(null);
	#logged = $state.raw<readonly string[]>([]);
	#signInReason = $state<SignInReason | null>(null);
	readonly #day = new PersonDayState();
	#dayLoaded: Promise<void> | null = null;
	/**
	 * The open cache's summary (last sync, zone) on its way. Range reads wait for it, so a page
	 * derives its dates from them once; a goal or a trend drawn from the cache needs neither.
	 */
	#summary: Promise<void> = Promise.resolve();

	constructor(options: DataLayerOptions) {
		// Marks along the warm path (bench/data-path.bench.ts prints them).
		performance.mark('wellness:data-layer');
		this.#options = options;
		this.#client = createApiClient({
			fetch: options.fetch,
			base: options.base,
			version: () => this.#apiVersion
		});
		this.internals = this.#makeInternals();
		this.#session = options.session ? Promise.resolve(options.session) : this.#fetchSession();
		// Registered first, so the version is set before any caller awaiting the session calls out.
		this.#session.then(
			(session) => {
				this.#apiVersion = session.apiVersion ?? 'v.1.1';
				this.#sessionState = session;
				if (!session.signedIn) this.#signInReason = 'signed-out';
			},
			() => {}
		);
		this.#store = this.#openForSession();
		// Never an unhandled rejection: every reader awaits #store and reports on its own.
		this.#store.catch(() => {});
	}

	// ------------------------------------------------------------------------------------------
	// Who is signed in, with what, and which day it is for them: pages read these from here only.

	/** What the server said of the session; null until it answers (or while offline). */
	get session(): Session | null {
		return this.#sessionState;
	}

	/** Set when the person has to sign in (OAuth mode): never signed in, or the grant ended. */
	get signInReason(): SignInReason | null {
		return this.#signInReason;
	}

	/** The scopes granted; null until the session is known. */
	get scopes(): readonly string[] | null {
		const session = this.#sessionState;
		return session === null ? null : session.signedIn ? session.scopes : [];
	}

	get apiVersion(): ApiVersion {
		return this.#apiVersion;
	}

	/**
	 * The person's today and zone: the API lists today's move, in the person's own zone, when no
	 * date is given (asked in the session's API version). Remembered per person, so a reload
	 * (or an offline start) shows the day at once.
	 */
	day(): PersonDay {
		this.#dayLoaded ??= this.#loadDay();
		return this.#day;
	}

	async #loadDay(): Promise<void> {
		const remembered = this.#options.memory?.getItem(LAST_USER_STORAGE_KEY) ?? null;
		if (remembered !== null) this.#recallDay(remembered);
		let session: Session;
		try {
			session = await this.#session;
		} catch (error) {
			if (this.#day.today === null) this.#day.error = messageOf(error);
			return;
		}
		const userKey = userKeyOf(session);
		if (userKey !== remembered) {
			this.#day.today = null;
			this.#day.tz = 'UTC';
			this.#day.latest = null;
			if (userKey !== null) this.#recallDay(userKey);
		}
		if (userKey === null) {
			this.#day.error = 'Sign in to load your data.';
			return;
		}
		try {
			// Without `date` the API lists today's move in the person's own zone.
			const page = await this.#client.listPage('moves', {});
			const move = page.items[0];
			if (move) {
				this.#day.tz = normalizeTz(move.details.tz);
				this.#day.today = move.date;
				this.#day.latest = null;
			} else if (page.serverTime !== null) {
				this.#day.today = localDateInt(page.serverTime, this.#day.tz);
				// No move today (an imported history ends in the past): the latest move, the first
				// of a list newest first, gives the person's zone and the day to point to. Asked
				// after today is known, so nothing waits for it.
				const recent = await this.#client.listPage('moves', {
					startTime: 0,
					endTime: page.serverTime
				});
				const latest = recent.items[0];
				if (latest) {
					this.#day.tz = normalizeTz(latest.details.tz);
					this.#day.today = localDateInt(page.serverTime, this.#day.tz);
				}
				this.#day.latest = latest?.date ?? null;
			}
			this.#day.serverTime = page.serverTime;
			this.#day.error = null;
			if (this.#day.today !== null) {
				const remember = JSON.stringify({
					today: this.#day.today,
					tz: this.#day.tz,
					latest: this.#day.latest
				});
				try {
					this.#options.memory?.setItem(DAY_STORAGE_PREFIX + userKey, remember);
				} catch {
					// Storage full or blocked: the day is asked again next time.
				}
			}
		} catch (error) {
			this.#failed(error);
			this.#day.error = messageOf(error);
		}
	}

	#recallDay(userKey: string): void {
		try {
			const raw = this.#options.memory?.getItem(DAY_STORAGE_PREFIX + userKey);
			if (!raw) return;
			const value = rememberedDaySchema.safeParse(JSON.parse(raw));
			if (!value.success) return;
			this.#day.today = value.data.today;
			this.#day.tz = normalizeTz(value.data.tz);
			this.#day.latest = value.data.latest ?? null;
		} catch {
			// A damaged entry is simply forgotten; the API answers again.
		}
	}

	/** A 401 from the proxy: the grant ended (expired or revoked); the page asks to sign in again. */
	#failed(error: unknown): void {
		if (!(error instanceof ApiError) || !error.signInRequired) return;
		if (this.#sessionState?.mode !== 'oauth' || this.#signInReason !== null) return;
		this.#signInReason = 'expired';
		this.#sessionState = { ...this.#sessionState, signedIn: false, userKey: null, scopes: [] };
		this.#session = Promise.resolve(this.#sessionState);
		this.syncStatus.setPhase('signed-out', 'Signed out: sign in again.');
		this.#syncController?.abort();
		this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
	}

	/**
	 * Signs out: ends the session on the server (which disconnects the app upstream), deletes this
	 * person's cached data in this browser, and forgets them as the last user.
	 */
	async signOut(): Promise<void> {
		this.#syncController?.abort();
		await this.#inFlight?.promise.catch(() => {});
		const userKey = this.#userKey;
		const response = await this.#options.fetch(this.#options.signOutUrl ?? '/auth/sign-out', {
			method: 'POST',
			headers: { accept: 'application/json' }
		});
		this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
		const store = await this.#store.catch(() => null);
		this.#store = Promise.resolve(createMemoryStore());
		store?.close();
		let kept: unknown = null;
		this.#logged = [];
		if (userKey !== null) {
			this.#options.memory?.removeItem(DAY_STORAGE_PREFIX + userKey);
			this.#options.memory?.removeItem(LOGGED_STORAGE_PREFIX + userKey);
			// A transaction still closing on the old connection can make a first delete fail.
			for (let attempt = 1; attempt <= 3; attempt++) {
				try {
					await (this.#options.deleteStore ?? defaultDeleteStore)(userKey);
					kept = null;
					break;
				} catch (error) {
					kept = error;
					await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
				}
			}
		}
		this.#userKey = null;
		this.#signInReason = 'signed-out';
		if (this.#sessionState !== null) {
			this.#sessionState = { ...this.#sessionState, signedIn: false, userKey: null, scopes: [] };
		}
		if (!response.ok) throw new Error(`Signing out failed on the server (${response.status}).`);
		if (kept !== null) {
			throw new Error(
				`Signed out, but this browser's copy of the data could not be deleted (${messageOf(kept)}).`
			);
		}
	}

	/** Forgets the last user before leaving for the provider, so whoever comes back starts clean. */
	forgetLastUser(): void {
		this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
	}

	// ------------------------------------------------------------------------------------------
	// What the modules beside the layer use: writes (writes.ts) and moods (moods.ts).

	/** For writes.ts and moods.ts only: pages call their functions, which come through here. */
	readonly internals: LayerInternals;

	#makeInternals(): LayerInternals {
		return {
			client: this.#client,
			session: () => this.#session,
			store: () => this.#store,
			syncSettled: async () => {
				await this.#inFlight?.promise.catch(() => {});
			},
			failed: (error) => this.#failed(error),
			serverNow: () => this.#serverNow(),
			today: async () => ({ date: await this.#today(), tz: this.#day.tz }),
			query: (source) => this.#source(source),
			track: (queries) => {
				this.#tracked.push(queries);
			},
			reloadRanges: (kind, date) => this.#reloadRanges(kind, date),
			refreshGoals: async () => {
				await this.#goals?.reload();
				// The fresh goals carry today's remainders against the new goal; settings repeat them.
				await Promise.all([this.#goals?.refresh(), this.#settings?.refresh()]);
			},
			rememberWeighIns: (xids) => this.#remember(xids)
		};
	}

	/** The API server's now (epoch seconds): the latest `meta.time` seen, else the browser's clock. */
	serverNow(): number {
		return this.#serverNow();
	}

	/** The ids of the weigh-ins logged from this dashboard in this browser, oldest first. */
	get loggedWeighIns(): readonly string[] {
		return this.#logged;
	}

	#remember(xids: readonly string[]): void {
		this.#logged = xids;
		if (this.#userKey === null) return;
		try {
			this.#options.memory?.setItem(LOGGED_STORAGE_PREFIX + this.#userKey, JSON.stringify(xids));
		} catch {
			// Storage full or blocked: the list lasts for this visit.
		}
	}

	#recallLogged(userKey: string | null): void {
		let xids: readonly string[] = [];
		try {
			const raw =
				userKey === null ? null : this.#options.memory?.getItem(LOGGED_STORAGE_PREFIX + userKey);
			const parsed = loggedSchema.safeParse(raw ? JSON.parse(raw) : []);
			if (parsed.success) xids = parsed.data;
		} catch {
			// A damaged entry is forgotten.
		}
		this.#logged = xids;
	}

	/** Re-reads from the cache every query of a kind that shows `date`. */
	async #reloadRanges(kind: ListKind, date: number): Promise<void> {
		const hit = [...this.#ranges.values()].filter(
			(entry) => entry.kind === kind && entry.fromDate <= date && date <= entry.toDate
		);
		await Promise.all(hit.map((entry) => entry.query.reload()));
	}

	/** Resolves once the cache is open (IndexedDB or the memory fallback). */
	async ready(): Promise<void> {
		await this.#store;
		await this.#summary;
	}

	// ------------------------------------------------------------------------------------------
	// Queries pages use. The same arguments return the same Query while something reads it (and
	// for QUERY_GC_TIME_MS after). Creating one starts nothing: its first read does, so a page may
	// call these in `$derived`.

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

	/** Meals dated fromDate..toDate, oldest first: their totals, without the foods in them. */
	meals(fromDate: number, toDate: number): Query<Meal[]> {
		return this.#rangeQuery(this.#meals, 'meals', fromDate, toDate);
	}

	/**
	 * The foods and drinks of one meal: one request per meal, so a page asks only for the meals of
	 * the day it shows. Kept for the session (not stored in IndexedDB), and fetched again when the
	 * meal was edited since.
	 */
	mealItems(meal: Meal): Query<MealItem[]> {
		const key = `${meal.xid}@${meal.time_updated}`;
		return this.#mealItems.get(key, () => {
			let kept: Stamped<MealItem[]> | undefined;
			return this.#source({
				cached: () => Promise.resolve(kept),
				fresh: async (_store, signal) => {
					if (kept) return kept;
					const full = await this.#client.meal(meal.xid, { signal });
					kept = { value: full.items.items, fetchedAt: this.#serverNow() };
					return kept;
				},
				release: (query) => this.#mealItems.delete(key, query)
			});
		});
	}

	/**
	 * The read scope the signed-in token lacks for a kind, or null when it holds it (or the session
	 * does not list its scopes). Moods: missingMoodScope in moods.ts.
	 */
	async missingScope(kind: ListKind): Promise<string | null> {
		return missingScopeIn(await this.#session, kind);
	}

	/** The person's today, once the API has said it (the browser's clock may be elsewhere). */
	async #today(): Promise<number> {
		this.day();
		await this.#dayLoaded;
		return this.#day.today ?? localDateInt(this.#serverNow(), this.#day.tz);
	}

	/** The phases of one sleep (fetched on first use, then served from the cache). */
	sleepPhases(sleep: Sleep): Query<SleepTick[]> {
		const key = `${sleep.xid}@${sleep.time_completed}`;
		return this.#sleepPhases.get(key, () =>
			this.#ticksQuery(
				'sleepPhases',
				sleep,
				(xid, signal) => this.#client.sleepTicks(xid, { signal }),
				(query) => this.#sleepPhases.delete(key, query)
			)
		);
	}

	/** The minute ticks of one move (fetched on first use; refetched when the move has grown). */
	moveTicks(move: Move): Query<MoveTick[]> {
		const key = `${move.xid}@${move.time_completed}`;
		return this.#moveTicks.get(key, () =>
			this.#ticksQuery(
				'moveTicks',
				move,
				(xid, signal) => this.#client.moveTicks(xid, { signal }),
				(query) => this.#moveTicks.delete(key, query)
			)
		);
	}

	/**
	 * The ticks of one workout, fetched on first use and kept for the session (not stored in
	 * IndexedDB: a workout is opened one at a time, and its ticks are fetched again when it grew).
	 */
	workoutTicks(workout: Workout): Query<WorkoutTick[]> {
		const key = `${workout.xid}@${workout.time_completed}`;
		return this.#workoutTicks.get(key, () => {
			let kept: Stamped<WorkoutTick[]> | undefined;
			return this.#source({
				cached: () => Promise.resolve(kept),
				fresh: async (_store, signal) => {
					if (kept) return kept;
					const value = await this.#client.workoutTicks(workout.xid, { signal });
					kept = { value, fetchedAt: this.#serverNow() };
					return kept;
				},
				release: (query) => this.#workoutTicks.delete(key, query)
			});
		});
	}

	goals(): Query<GoalsV11> {
		this.#goals ??= this.#docQuery(
			'goals',
			(signal) => this.#client.goals({ signal }),
			(query) => {
				if (this.#goals === query) this.#goals = null;
			}
		);
		return this.#goals;
	}

	settings(): Query<Settings> {
		this.#settings ??= this.#docQuery(
			'settings',
			(signal) => this.#client.settings({ signal }),
			(query) => {
				if (this.#settings === query) this.#settings = null;
			}
		);
		return this.#settings;
	}

	user(): Query<User> {
		this.#user ??= this.#docQuery(
			'user',
			(signal) => this.#client.user({ signal }),
			(query) => {
				if (this.#user === query) this.#user = null;
			}
		);
		return this.#user;
	}

	/** A trends series; more than 100 buckets are fetched by following `links.next`. */
	trends(query: TrendsQuery): Query<TrendSeries> {
		const key = `${query.endDate ?? 'today'}|${query.bucketSize}|${query.numBuckets}`;
		return this.#trends.get(key, () =>
			this.#source({
				release: (query) => this.#trends.delete(key, query),
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
			// v.1.0's cardiac events (blood pressure) come from an upstream that speaks v.1.0, and
			// from the embedded API, which serves them beside v.1.1 (an import writes them there).
			const legacy = (session.apiVersion ?? 'v.1.1') === 'v.1.0';
			const cardiac = legacy || session.upstream === 'embedded';
			const kinds = LIST_KINDS.filter(
				(kind) =>
					missingScopeIn(session, kind) === null && (cardiac || !V10_ONLY_KINDS.includes(kind))
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
			this.#failed(error);
			if (this.#signInReason === 'expired') throw error;
			const message = messageOf(error);
			const unreachable = error instanceof ApiError && error.isUnreachable;
			this.syncStatus.setPhase(unreachable ? 'offline' : 'error', message);
			throw error;
		} finally {
			if (this.#syncController === controller) this.#syncController = null;
		}
	}

	/**
	 * The network is back (the window's `online` event): asks the session again if that failed,
	 * then brings every query on the page up to date at once, instead of at the next navigation.
	 */
	async reconnected(): Promise<void> {
		const sessionFailed = await this.#session.then(
			() => false,
			() => true
		);
		if (sessionFailed) {
			this.#session = this.#fetchSession();
			const session = await this.#session;
			this.#apiVersion = session.apiVersion ?? 'v.1.1';
			this.#sessionKnown(session);
			const userKey = userKeyOf(session);
			// Another user than the cache shown (or a cache in memory for want of a session).
			if (userKey !== this.#userKey) return this.#switchUser(this.#store, userKey);
		}
		// Queries nothing has read yet fetch when first read.
		const ranges = [...this.#ranges.values()]
			.map((entry) => entry.query)
			.filter((query) => query.started);
		const others = this.#queries().filter((query) => query.started && !ranges.includes(query));
		await Promise.all([
			// Without a range on the page, a catch-up sync still says whether the service answers.
			ranges.length > 0
				? Promise.all(ranges.map((query) => query.refresh()))
				: this.sync({ historyFrom: this.#serverNow() - 2 * DAY }).catch(() => {}),
			...others.map((query) => query.refresh())
		]);
	}

	/**
	 * Asks the session again after the server's records changed owner (an import filled the
	 * person's own account, which the embedded API's token then reads): a new user gets a cache of
	 * its own, every query restarts on it, and the day is asked again.
	 */
	async refreshSession(): Promise<void> {
		const next = this.#fetchSession();
		next.catch(() => {});
		const session = await next;
		this.#session = next;
		this.#apiVersion = session.apiVersion ?? 'v.1.1';
		this.#sessionState = session;
		this.#sessionKnown(session);
		const userKey = userKeyOf(session);
		if (userKey === this.#userKey) return;
		this.#switchUser(this.#store, userKey);
		// The previous user's sync was stopped: let it settle, so the next sync starts afresh.
		await this.#inFlight?.promise.catch(() => {});
		if (this.#dayLoaded !== null) {
			this.#dayLoaded = this.#loadDay();
			await this.#dayLoaded;
		}
	}

	/** Empties the cache of this user; queries show empty data until the next sync. */
	async clearAll(): Promise<void> {
		this.#syncController?.abort();
		await this.#inFlight?.promise.catch(() => {});
		const store = await this.#store;
		await store.clear();
		this.syncStatus.setLastSynced(null);
		this.syncStatus.setStorageFull(false);
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
		// Nobody signed in: nothing to keep, so no "memory only" warning either.
		if (userKey === null) return createMemoryStore();
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
			this.#logged = [];
			this.#store = Promise.resolve(createMemoryStore());
		} else {
			this.#options.memory?.setItem(LAST_USER_STORAGE_KEY, userKey);
			this.#store = this.#openStore(userKey);
			this.#store.catch(() => {});
		}
		// Every query drops what it showed of the previous user at once (even a read still on
		// its way from their cache), then reads the new cache and fetches.
		for (const query of this.#queries()) void query.restart();
	}

	/** Every query handed out so far. */
	#queries(): Restartable[] {
		return [
			...[...this.#ranges.values()].map((entry) => entry.query),
			this.#goals,
			this.#settings,
			this.#user,
			...this.#trends.values(),
			...this.#sleepPhases.values(),
			...this.#moveTicks.values(),
			...this.#workoutTicks.values(),
			...this.#mealItems.values(),
			...this.#tracked.flatMap((queries) => [...queries.values()])
		].filter((query) => query !== null);
	}

	async #openStore(userKey: string): Promise<CacheStore> {
		this.#userKey = userKey;
		this.#recallLogged(userKey);
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
		// A store opened afresh has refused nothing yet.
		this.syncStatus.setStorageFull(false);
		if (store.backend === 'indexeddb') store = spillWhenFull(store, () => this.#storageFilled());
		if (store.backend === 'memory' && this.syncStatus.notice === null) {
			this.syncStatus.setNotice(
				'Offline storage is unavailable; data lives in memory for this visit only.'
			);
		}
		// Read beside the pages' first reads rather than before them.
		this.#summary = this.#loadSyncSummary(store).then(() => {
			performance.mark('wellness:cache-ready');
		});
		this.#summary.catch(() => {});
		return store;
	}

	/** The browser's storage refused a write: the data shows from memory, and the user is told. */
	#storageFilled(): void {
		this.syncStatus.setStorageFull(true);
		this.syncStatus.setNotice(STORAGE_FULL_NOTICE);
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
		const extra = await Promise.all(LATER_LIST_KINDS.map((kind) => store.syncState.get(kind)));
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

	#source<T>(source: LayerQuerySource<T>): Query<T> {
		const querySource: QuerySource<T> = {
			cached: async () => source.cached(await this.#store),
			fresh: async (signal) => {
				const session = await this.#session;
				if (!session.signedIn) throw new Error('Sign in to load your data.');
				try {
					return await source.fresh(await this.#store, signal);
				} catch (error) {
					this.#failed(error);
					throw error;
				}
			}
		};
		const query: Query<T> = new Query(querySource, {
			onRelease: source.release && (() => source.release?.(query)),
			gcTimeMs: this.#options.gcTimeMs
		});
		return query;
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
				await this.#summary;
				const [records, state] = await Promise.all([
					store.records[kind].between(fromDate, toDate),
					store.syncState.get(kind)
				]);
				if (records.length === 0 && !state) return undefined;
				return { value: records, fetchedAt: state?.lastSyncedAt ?? null };
			};
			const query = this.#source<ListItems[K][]>({
				release: (released) => {
					queries.delete(key, released);
					this.#ranges.delete(key, entry);
					if (entry.timer !== null) clearTimeout(entry.timer);
				},
				cached: read,
				fresh: async () => {
					const missing = missingScopeIn(await this.#session, kind);
					if (missing !== null) throw scopeError(missing);
					// Two days of margin: a local date starts up to 14 h away from UTC midnight.
					const { year, month, day } = parseDateInt(fromDate);
					const outcome = await this.sync({
						historyFrom: Date.UTC(year, month - 1, day) / 1000 - 2 * DAY
					});
					// A kind the sign-in did not grant: the view says which permission is missing.
					const refused = outcome.errors.find(
						(error): error is ApiError =>
							error instanceof ApiError && error.missingScope === LIST_KIND_SCOPES[kind]
					);
					if (refused !== undefined) throw refused;
					const fresh = await read(await this.#store);
					return fresh ?? { value: [], fetchedAt: this.#serverNow() };
				}
			});
			const entry: RangeEntry = { kind, fromDate, toDate, query, timer: null };
			this.#ranges.get(key, () => entry);
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
		) => Promise<NonNullable<Awaited<ReturnType<CacheStore['ticks'][K]['get']>>>['items']>,
		release: (
			query: Query<NonNullable<Awaited<ReturnType<CacheStore['ticks'][K]['get']>>>['items']>
		) => void
	) {
		return this.#source({
			release,
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
		fetchDoc: (signal: AbortSignal) => Promise<DocValues[K]>,
		release: (query: Query<DocValues[K]>) => void
	): Query<DocValues[K]> {
		return this.#source<DocValues[K]>({
			release,
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

/** The cache key of a session's user; null when nobody is signed in. */
function userKeyOf(session: Session): string | null {
	return session.userKey ?? (session.signedIn ? 'default' : null);
}

const rememberedDaySchema = z.object({
	today: z.number(),
	tz: z.string(),
	latest: z.optional(z.nullable(z.number()))
});
const loggedSchema = z.array(z.string());

async function defaultDeleteStore(userKey: string): Promise<void> {
	if (typeof indexedDB === 'undefined') return;
	await new Promise<void>((resolve, reject) => {
		const request = indexedDB.deleteDatabase(databaseName(userKey));
		request.onsuccess = () => resolve();
		request.onerror = () => reject(request.error ?? new Error('The cache could not be deleted.'));
		// Another tab still has it open: it closes on the version change, and the delete then runs.
	});
}

function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

async function defaultOpenStore(userKey: string, hooks: StoreHooks): Promise<CacheStore> {
	if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
	return openIdbStore({ userKey, ...hooks });
}

let singleton: DataLayer | null = null;

/** The browser's one data layer, created on first use from `/api/session`. */
export function getDataLayer(): DataLayer {
	if (singleton === null) {
		const layer = new DataLayer({
			fetch: (input, init) => fetch(input, init),
			memory: typeof localStorage === 'undefined' ? null : localStorage
		});
		if (typeof window !== 'undefined') {
			window.addEventListener('online', () => void layer.reconnected().catch(() => {}));
		}
		singleton = layer;
	}
	return singleton;
}
