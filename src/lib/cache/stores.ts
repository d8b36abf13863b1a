// The cache's lifecycle: which person's store is open, and surviving what happens to it underneath.
import { addDays, formatDateInt, isValidTz, localDateInt, parseDateInt } from '$lib/time/zone';
import { LAST_USER_STORAGE_KEY, userKeyOf, type Account, type Session } from './account.svelte';
import { databaseName, openIdbStore } from './idb-store';
import { CORE_LIST_KINDS, LIST_KINDS } from './kinds';
import type { ReadLedger } from './ledger.svelte';
import { createMemoryStore } from './memory-store';
import type { Person } from './person.svelte';
import { messageOf } from './query.svelte';
import type { CacheStore, Eviction } from './schema';
import { spillWhenFull } from './spill-store';
import { DAY } from './sync';
import { countOf } from '$lib/format';
import type { SyncStatus } from './sync-status.svelte';

/** Hooks the store calls back into the layer when the database changes underneath it. */
export interface StoreHooks {
	onVersionChange: (newVersion: number | null) => void;
	onTerminated: () => void;
	onEvicted: (eviction: Eviction) => void;
}

/** What the Data page says when the browser's storage is full. */
export const STORAGE_FULL_NOTICE =
	'Browser storage is full: showing data without saving it. Free space on this device, or clear cached data on the Data page.';

export interface StoresOptions {
	account: Account;
	person: Person;
	ledger: ReadLedger;
	status: SyncStatus;
	memory: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
	/** Opens the cache of a user. Default: IndexedDB, falling back to memory. */
	openStore?: (userKey: string, hooks: StoreHooks) => Promise<CacheStore>;
	/** Deletes a user's cache database (sign-out). Default: IndexedDB's deleteDatabase. */
	deleteStore?: (userKey: string) => Promise<void>;
	/** Another person's cache is shown: every query drops what it showed and loads again. */
	onSwitched: () => void;
	/** Stop the sync running on the store being let go. */
	abortSync: () => void;
	/** The cache was deleted underneath and opened empty again: fill it and show it. */
	onReopened: () => void;
}

/**
 * The store of the person shown. A reload opens the last person's cache at once and shows it
 * while the session is on its way; a session naming someone else (or nobody) swaps it. A store
 * deleted, upgraded in another tab or full is survived, and the person is told.
 */
export class Stores {
	#current: Promise<CacheStore>;
	#userKey: string | null = null;
	/**
	 * The open cache's summary (last sync, zone, spans held) on its way. Range reads wait for it,
	 * so a page derives its dates from them once; a goal or a trend drawn from the cache need not.
	 */
	#summary: Promise<void> = Promise.resolve();
	readonly #options: StoresOptions;

	constructor(options: StoresOptions) {
		this.#options = options;
		this.#current = this.#openForSession();
		// Never an unhandled rejection: every reader awaits it and reports on its own.
		this.#current.catch(() => {});
	}

	/** The cache of the person shown (or its memory fallback). */
	current(): Promise<CacheStore> {
		return this.#current;
	}

	/** Resolves once the open cache's summary is read. */
	summary(): Promise<void> {
		return this.#summary;
	}

	/** The person whose cache is open; null when nobody is signed in. */
	get userKey(): string | null {
		return this.#userKey;
	}

	/** The session names `session`'s person: show their cache, if it is not already. */
	showSession(session: Session): void {
		const userKey = userKeyOf(session);
		if (userKey !== this.#userKey) this.#switchUser(userKey);
	}

	/**
	 * Last sync time, the person's zone and the spans held, from what the cache says: on opening
	 * it, and after each sync.
	 */
	async readSummary(store: CacheStore): Promise<void> {
		const { status, ledger } = this.#options;
		const states = await Promise.all(LIST_KINDS.map((kind) => store.syncState.get(kind)));
		LIST_KINDS.forEach((kind, i) => ledger.held(kind, states[i]));
		// The first kinds must all have synced; the others count when they have (a token may lack
		// their scopes, and they arrive with the first sync after an upgrade).
		const core = states.filter((_, i) => CORE_LIST_KINDS.includes(LIST_KINDS[i] ?? 'moves'));
		const times = states.map((state) => state?.lastSyncedAt).filter((t) => t !== undefined);
		const lastSynced =
			core.every((state) => state !== undefined) && times.length > 0 ? Math.min(...times) : null;
		if (lastSynced !== null) {
			// The zone first: pages derive dates from lastSynced and should compute them once.
			const today = localDateInt(lastSynced, 'UTC');
			const recent = await store.records.moves.between(addDays(today, -3), addDays(today, 1));
			const zone = recent.at(-1)?.details.tz;
			if (zone && isValidTz(zone)) status.setZone(zone);
		}
		status.setLastSynced(lastSynced);
	}

	/** Empties the cache of this person; queries show nothing until the next sync. */
	async clear(): Promise<void> {
		const store = await this.#current;
		await store.clear();
		this.#options.ledger.clear();
		const status = this.#options.status;
		status.setLastSynced(null);
		status.setStorageFull(false);
		status.setNotice(null);
		status.setPhase('idle');
	}

	/**
	 * Signed out: closes the cache, deletes this person's copy in this browser and forgets them.
	 * Throws when the copy could not be deleted.
	 */
	async forget(): Promise<void> {
		const userKey = this.#userKey;
		this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
		const store = await this.#current.catch(() => null);
		this.#current = Promise.resolve(createMemoryStore());
		store?.close();
		this.#userKey = null;
		this.#options.ledger.clear();
		if (userKey === null) return;
		this.#options.person.forget(userKey);
		let kept: unknown = null;
		// A transaction still closing on the old connection can make a first delete fail.
		for (let attempt = 1; attempt <= 3; attempt++) {
			try {
				await (this.#options.deleteStore ?? defaultDeleteStore)(userKey);
				return;
			} catch (error) {
				kept = error;
				await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
			}
		}
		throw new Error(
			`Signed out, but this browser's copy of the data could not be deleted (${messageOf(kept)}).`
		);
	}

	async #openForSession(): Promise<CacheStore> {
		const { account, memory, status } = this.#options;
		const remembered = memory?.getItem(LAST_USER_STORAGE_KEY) ?? null;
		if (remembered !== null) {
			// A reload opens the last user's cache at once and shows it while the session is on its
			// way; a different user (or none) in the session swaps the cache afterwards.
			const early = this.#open(remembered);
			void account.current().then(
				(session) => this.showSession(session),
				(error: unknown) => status.setPhase('offline', messageOf(error))
			);
			return early;
		}
		let session: Session;
		try {
			session = await account.current();
		} catch (error) {
			status.setPhase('offline', messageOf(error));
			status.setStorage('memory');
			return createMemoryStore();
		}
		const userKey = userKeyOf(session);
		// Nobody signed in: nothing to keep, so no "memory only" warning either.
		if (userKey === null) return createMemoryStore();
		memory?.setItem(LAST_USER_STORAGE_KEY, userKey);
		return this.#open(userKey);
	}

	#switchUser(userKey: string | null): void {
		void this.#current.then((store) => store.close());
		this.#options.abortSync();
		this.#options.ledger.clear();
		if (userKey === null) {
			this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
			this.#userKey = null;
			this.#options.person.shows(null);
			this.#current = Promise.resolve(createMemoryStore());
		} else {
			this.#options.memory?.setItem(LAST_USER_STORAGE_KEY, userKey);
			this.#current = this.#open(userKey);
			this.#current.catch(() => {});
		}
		this.#options.onSwitched();
	}

	async #open(userKey: string): Promise<CacheStore> {
		const { status } = this.#options;
		this.#userKey = userKey;
		this.#options.person.shows(userKey);
		const hooks: StoreHooks = {
			onVersionChange: (newVersion) => this.#versionChanged(newVersion),
			onTerminated: () => this.#reopen(),
			onEvicted: (eviction) => void this.#evicted(eviction)
		};
		let store: CacheStore;
		performance.mark('wellness:cache-opening');
		try {
			store = await (this.#options.openStore ?? defaultOpenStore)(userKey, hooks);
			performance.mark('wellness:cache-opened');
		} catch (error) {
			status.setStorage('memory');
			status.setNotice(
				`This browser keeps no offline copy here (${messageOf(error)}); data lives in memory for this visit only.`
			);
			store = createMemoryStore();
		}
		status.setStorage(store.backend);
		// A store opened afresh has refused nothing yet.
		status.setStorageFull(false);
		if (store.backend === 'indexeddb') {
			store = spillWhenFull(store, () => {
				status.setStorageFull(true);
				status.setNotice(STORAGE_FULL_NOTICE);
			});
		}
		if (store.backend === 'memory' && status.notice === null) {
			status.setNotice('Offline storage is unavailable; data lives in memory for this visit only.');
		}
		// Read beside the pages' first reads rather than before them.
		this.#summary = this.readSummary(store).then(() => {
			performance.mark('wellness:cache-ready');
		});
		this.#summary.catch(() => {});
		return store;
	}

	#versionChanged(newVersion: number | null): void {
		if (newVersion === null) {
			// Deleted underneath us (another tab cleared it, or the user cleared site data).
			this.#reopen();
			return;
		}
		const { status } = this.#options;
		status.requireReload();
		status.setNotice(
			'A newer version of this app opened in another tab. Reload this page to continue.'
		);
		// Keep the app usable until the reload: a memory cache behind the same queries.
		this.#options.abortSync();
		this.#current = Promise.resolve(createMemoryStore());
	}

	#reopen(): void {
		const userKey = this.#userKey;
		if (userKey === null) return;
		this.#options.abortSync();
		this.#options.ledger.clear();
		this.#current = this.#open(userKey);
		this.#current.catch(() => {});
		this.#options.status.setNotice('The offline copy was removed; fetching your data again.');
		void this.#current.then(() => this.#options.onReopened());
	}

	async #evicted(eviction: Eviction): Promise<void> {
		this.#options.status.setNotice(
			`Storage is full: removed ${countOf(eviction.removed, 'cached item')} dated before ${formatDateInt(eviction.before)}. They will be fetched again when needed.`
		);
		// The cache no longer holds those days: shrink the covered interval so they are refetched.
		const store = await this.#current;
		const { year, month, day } = parseDateInt(eviction.before);
		const keptFrom = Date.UTC(year, month - 1, day) / 1000 + DAY;
		this.#options.ledger.clear();
		for (const kind of LIST_KINDS) {
			const state = await store.syncState.get(kind);
			if (state && state.coveredFrom < keptFrom) {
				await store.syncState.put({ ...state, coveredFrom: keptFrom });
			}
		}
		await this.readSummary(store);
	}
}

async function defaultDeleteStore(userKey: string): Promise<void> {
	if (typeof indexedDB === 'undefined') return;
	await new Promise<void>((resolve, reject) => {
		const request = indexedDB.deleteDatabase(databaseName(userKey));
		request.onsuccess = () => resolve();
		request.onerror = () => reject(request.error ?? new Error('The cache could not be deleted.'));
		// Another tab still has it open: it closes on the version change, and the delete then runs.
	});
}

async function defaultOpenStore(userKey: string, hooks: StoreHooks): Promise<CacheStore> {
	if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
	return openIdbStore({ userKey, ...hooks });
}
