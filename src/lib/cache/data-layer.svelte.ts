// The only door pages use to data: reactive queries over the IndexedDB cache, kept fresh by sync.
import type { ApiVersion } from '$lib/api/version';
import { createApiClient, type ApiClient, type ListKind } from '$lib/client';
import {
	Account,
	LAST_USER_STORAGE_KEY,
	userKeyOf,
	type Session,
	type SignInReason
} from './account.svelte';
import { Details } from './details';
import { fetchWithEarlyReads } from './early-reads';
import { layerQueries, type LayerQuerySource } from './layer-query';
import { ReadLedger } from './ledger.svelte';
import { Person, type PersonDay } from './person.svelte';
import type { Query, Restartable } from './query.svelte';
import { Ranges } from './ranges';
import { missingScopeIn } from './scopes';
import { Stores, type StoreHooks } from './stores';
import { Syncer } from './syncer';
import { DAY, type SyncConfig, type SyncOutcome } from './sync';
import { SyncStatus } from './sync-status.svelte';
import type { CacheStore } from './schema';

export { LAST_USER_STORAGE_KEY } from './account.svelte';
export type { Session, SignInReason } from './account.svelte';
export type { PersonDay } from './person.svelte';
export { STORAGE_FULL_NOTICE } from './stores';

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

/**
 * The data layer of one browser tab, composed of parts (Immich's managers read the same way):
 * `account` (the session), `person` (their day, what this browser keeps of them), `stores` (the
 * cache's lifecycle), `syncer` (syncs and what they read), `ranges` (`list(kind, from, to)`) and
 * `details` (one record's ticks, the documents, trends). Pages call the methods below; the
 * modules only some pages run (writes.ts, moods.ts) take the layer and use its parts.
 */
export class DataLayer {
	readonly syncStatus = new SyncStatus();
	readonly client: ApiClient;
	readonly account: Account;
	readonly person: Person;
	readonly ledger = new ReadLedger();
	readonly stores: Stores;
	readonly syncer: Syncer;
	readonly ranges: Ranges;
	readonly details: Details;
	/** Makes a query over the cache like the layer's own (signed-in check, expiry, release). */
	readonly query: <T>(source: LayerQuerySource<T>) => Query<T>;
	/** Queries kept beside the layer (moods.ts), restarted and refreshed with its own. */
	readonly #tracked: { values(): Iterable<Restartable> }[] = [];
	readonly #options: DataLayerOptions;

	constructor(options: DataLayerOptions) {
		// Marks along the warm path (bench/data-path.bench.ts prints them).
		performance.mark('wellness:data-layer');
		this.#options = options;
		const memory = options.memory ?? null;
		const status = this.syncStatus;
		this.client = createApiClient({
			fetch: options.fetch,
			base: options.base,
			version: () => this.account.apiVersion
		});
		this.account = new Account({
			fetch: options.fetch,
			session: options.session,
			sessionUrl: options.sessionUrl,
			memory,
			status,
			onExpired: () => this.syncer.abort()
		});
		const serverNow = () => this.serverNow();
		this.person = new Person({ account: this.account, client: this.client, memory, serverNow });
		this.stores = new Stores({
			account: this.account,
			person: this.person,
			ledger: this.ledger,
			status,
			memory,
			openStore: options.openStore,
			deleteStore: options.deleteStore,
			abortSync: () => this.syncer.abort(),
			// Every query drops what it showed of the previous person at once, then loads again.
			onSwitched: () => {
				for (const query of this.#queries()) void query.restart();
			},
			onReopened: () => {
				void this.sync()
					.catch(() => {})
					.then(() => Promise.all(this.ranges.queries().map((query) => query.reload())));
			}
		});
		this.syncer = new Syncer({
			client: this.client,
			account: this.account,
			stores: this.stores,
			ledger: this.ledger,
			status,
			now: options.now,
			sync: options.sync,
			onChanged: (kind, fromDate, toDate) => this.ranges.changed(kind, fromDate, toDate)
		});
		const store = () => this.stores.current();
		this.query = layerQueries({ account: this.account, store, gcTimeMs: options.gcTimeMs });
		this.ranges = new Ranges({
			account: this.account,
			ledger: this.ledger,
			query: this.query,
			summary: () => this.stores.summary(),
			sync: (historyFrom) => this.sync({ historyFrom }),
			want: (kind, start, end) => this.syncer.want(kind, start, end),
			serverNow,
			context: {
				today: () => this.person.todayNow(),
				tz: () => this.person.day().tz,
				offline: () => status.phase === 'offline',
				lastSynced: () => status.lastSynced
			}
		});
		this.details = new Details({
			client: this.client,
			query: this.query,
			store,
			serverNow,
			lastSynced: () => status.lastSynced
		});
	}

	// Who is signed in, with what, and which day it is for them.

	/** What the server said of the session; null until it answers (or while offline). */
	get session(): Session | null {
		return this.account.state;
	}
	/** Set when the person has to sign in (OAuth mode): never signed in, or the grant ended. */
	get signInReason(): SignInReason | null {
		return this.account.signInReason;
	}
	/** The scopes granted; null until the session is known. */
	get scopes(): readonly string[] | null {
		const session = this.account.state;
		return session === null ? null : session.signedIn ? session.scopes : [];
	}
	get apiVersion(): ApiVersion {
		return this.account.apiVersion;
	}
	/** The person's today and zone (asked of the API once, remembered per person). */
	day(): PersonDay {
		return this.person.day();
	}
	/** The ids of the weigh-ins logged from this dashboard in this browser, oldest first. */
	get loggedWeighIns(): readonly string[] {
		return this.person.loggedWeighIns;
	}
	/** The API server's now (epoch seconds): the latest `meta.time` seen, else the browser's clock. */
	serverNow(): number {
		return this.client.lastServerTime ?? (this.#options.now ?? nowSeconds)();
	}
	/** The read scope the signed-in token lacks for a kind, or null (moods: moods.ts). */
	async missingScope(kind: ListKind): Promise<string | null> {
		return missingScopeIn(await this.account.current(), kind);
	}

	/**
	 * Signs out: ends the session on the server (which disconnects the app upstream), deletes this
	 * person's cached data in this browser, and forgets them as the last user.
	 */
	async signOut(): Promise<void> {
		this.syncer.abort();
		await this.syncer.settled();
		const response = await this.#options.fetch(this.#options.signOutUrl ?? '/auth/sign-out', {
			method: 'POST',
			headers: { accept: 'application/json' }
		});
		let kept: Error | null = null;
		try {
			await this.stores.forget();
		} catch (error) {
			kept = error instanceof Error ? error : new Error(String(error));
		}
		this.account.signedOut();
		if (!response.ok) throw new Error(`Signing out failed on the server (${response.status}).`);
		if (kept !== null) throw kept;
	}

	/** Forgets the last user before leaving for the provider, so whoever comes back starts clean. */
	forgetLastUser(): void {
		this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
	}

	// Queries: ranges here, one thing each in `details`. The same arguments return the same query
	// while something reads it (and for its gc time after); creating one starts nothing, so a
	// page may call these in `$derived`.

	/** The records of `kind` dated fromDate..toDate (`YYYYMMDD`, inclusive) with their coverage. */
	list<K extends ListKind>(kind: K, fromDate: number, toDate: number) {
		return this.ranges.list(kind, fromDate, toDate);
	}
	/** Resolves once the cache is open (IndexedDB or the memory fallback) and its summary read. */
	async ready(): Promise<void> {
		await this.stores.current();
		await this.stores.summary();
	}
	/** Queries kept beside the layer: restarted for another person, refreshed on reconnecting. */
	track(queries: { values(): Iterable<Restartable> }): void {
		this.#tracked.push(queries);
	}

	// Sync.

	/** Brings the cache up to date; with no `historyFrom`, also fills two years of history. */
	sync(options: { historyFrom?: number } = {}): Promise<SyncOutcome> {
		return this.syncer.sync(options);
	}

	/** A catch-up sync, unless a page has started one: so the badge never waits on a page. */
	catchUp(): void {
		if (!this.syncer.started) {
			void this.sync({ historyFrom: this.serverNow() - 2 * DAY }).catch(() => {});
		}
	}

	/**
	 * The network is back (the window's `online` event): asks the session again if that failed,
	 * then brings every query on the page up to date at once, instead of at the next navigation.
	 */
	async reconnected(): Promise<void> {
		if (await this.account.unknown()) {
			const session = await this.account.refresh();
			// Another user than the cache shown (or a cache in memory for want of a session).
			if (this.stores.userKey !== userKeyOf(session)) {
				this.stores.showSession(session);
				return;
			}
		}
		const started = this.#queries().filter((query) => query.started);
		const ranges = this.ranges.queries().filter((query) => query.started);
		await Promise.all([
			// Without a range on the page, a catch-up sync still says whether the service answers.
			ranges.length > 0
				? Promise.resolve()
				: this.sync({ historyFrom: this.serverNow() - 2 * DAY }).catch(() => {}),
			...started.map((query) => query.refresh())
		]);
	}

	/**
	 * Asks the session again after the server's records changed owner (an import filled the
	 * person's own account, which the embedded API's token then reads): a new person gets a cache
	 * of their own, every query restarts on it, and the day is asked again.
	 */
	async refreshSession(): Promise<void> {
		const session = await this.account.refresh();
		const before = this.stores.userKey;
		this.stores.showSession(session);
		if (this.stores.userKey === before) return;
		// The previous person's sync was stopped: let it settle, so the next sync starts afresh.
		await this.syncer.settled();
		await this.person.changed();
	}

	/** Empties the cache of this person; queries show nothing until the next sync. */
	async clearAll(): Promise<void> {
		this.syncer.abort();
		await this.syncer.settled();
		await this.stores.clear();
		await Promise.all(this.ranges.queries().map((query) => query.reload()));
	}

	/** Every query handed out so far. */
	#queries(): Restartable[] {
		return [
			...this.ranges.queries(),
			...this.details.queries(),
			...this.#tracked.flatMap((queries) => [...queries.values()])
		];
	}
}

function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

let singleton: DataLayer | null = null;

/** The browser's one data layer, created on first use from `/api/session`. */
export function getDataLayer(): DataLayer {
	if (singleton === null) {
		const layer = new DataLayer({
			// The first reads may have been asked already, by app.html's script (early-reads.ts).
			fetch: fetchWithEarlyReads(),
			memory: typeof localStorage === 'undefined' ? null : localStorage
		});
		if (typeof window !== 'undefined') {
			window.addEventListener('online', () => void layer.reconnected().catch(() => {}));
			// A page that reads no range (Trends, say) still has the cache brought up to date.
			setTimeout(() => layer.catchUp(), CATCH_UP_DELAY_MS);
		}
		singleton = layer;
	}
	return singleton;
}

/** How long the first page has to start a sync of its own before the layer starts one. */
const CATCH_UP_DELAY_MS = 2000;
