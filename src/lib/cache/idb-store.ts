// The cache over IndexedDB (idb): one database per user, versioned migrations, quota-aware writes.
import {
	openDB,
	type IDBPDatabase,
	type IDBPTransaction,
	type StoreKey,
	type StoreNames,
	type StoreValue
} from 'idb';
import type { ListKind } from '$lib/client';
import { LIST_KINDS, RECORD_KINDS } from './kinds';
import {
	DOC_KINDS,
	TICK_KINDS,
	type CacheSchema,
	type CacheStore,
	type CacheUsage,
	type Eviction,
	type KeyedTable,
	type MoodDayTable,
	type TickKind
} from './schema';

type Db = IDBPDatabase<CacheSchema>;
type UpgradeTx = IDBPTransaction<CacheSchema, StoreNames<CacheSchema>[], 'versionchange'>;

/** The month rows store of versions 3 to 5, which the schema no longer names. */
const MONTHS = 'months' as StoreNames<CacheSchema>;

/** The kinds of the first version: created in step 1, given their fetch-time index in step 2. */
const FIRST_KINDS = LIST_KINDS.filter((kind) => RECORD_KINDS[kind].since === 1);

/**
 * Each entry upgrades the database from version i to i + 1 and keeps what is stored. They run in
 * order from the version found on disk, so a browser several releases behind catches up step by
 * step instead of dropping its cache. The stores of the list kinds added later are made by
 * `addKindStores` from the kinds table (kinds.ts), in the step of their `since` version.
 */
const steps: readonly ((db: Db, tx: UpgradeTx) => void)[] = [
	// 1: one store per kind; list records by xid with a date index.
	(db) => {
		for (const kind of FIRST_KINDS) {
			db.createObjectStore(kind, { keyPath: 'xid' }).createIndex('by-date', 'date');
		}
		for (const kind of TICK_KINDS) db.createObjectStore(kind, { keyPath: 'xid' });
		for (const kind of DOC_KINDS) db.createObjectStore(kind, { keyPath: 'key' });
		db.createObjectStore('trends', { keyPath: 'key' });
		db.createObjectStore('meta', { keyPath: 'kind' });
	},
	// 2: indexes for eviction under quota pressure (by fetch time, and tick sets by their date).
	// createIndex on a store with rows indexes the rows already there.
	(_db, tx) => {
		for (const kind of FIRST_KINDS) {
			tx.objectStore(kind).createIndex('by-fetched', 'fetchedAt');
		}
		for (const kind of TICK_KINDS) tx.objectStore(kind).createIndex('by-date', 'date');
	},
	// 3: month rows, a read-optimised copy of the records (filled lazily on read and after each
	// sync). Trend series cached so far may hold the wrong buckets (the client kept them in page
	// arrival order): they are dropped and fetched again.
	(db, tx) => {
		db.createObjectStore(MONTHS, { keyPath: ['kind', 'month'] });
		void tx.objectStore('trends').clear();
	},
	// 4: month rows hold their records as JSON text (MONTH_ROW_VERSION 2), which reads faster.
	// Rows of the old shape go now rather than linger until read; they are rebuilt from the
	// records. The version step also makes a tab still on the old shape reload instead of
	// rewriting rows this version cannot use.
	(_db, tx) => {
		void tx.objectStore(MONTHS).clear();
	},
	// 5: the moves' month rows keep their hourly totals as numbers (MONTH_ROW_VERSION 3); the
	// same clearing, for the same reasons.
	(_db, tx) => {
		void tx.objectStore(MONTHS).clear();
	},
	// 6: resting heart rates, weigh-ins and (v.1.0) blood pressure readings (addKindStores). What
	// is stored already stays; they arrive with the next sync.
	() => {},
	// 7: no month rows: reads go to the records by their date index, which was as quick for the
	// first chart of a page. The store goes with what it held.
	(db) => {
		db.deleteObjectStore(MONTHS);
	},
	// 8: meals, their totals (addKindStores); a day's items are read when the day is shown.
	() => {},
	// Moods, one row per day keyed by its date: the API reads them a day at a time, and a day it
	// answered empty is kept too (mood null) so it is not asked again.
	(db) => {
		db.createObjectStore('moods', { keyPath: 'date' });
	}
];

/** Creates the stores of the list kinds the kinds table adds in `version` (from 3 on). */
function addKindStores(db: Db, version: number): void {
	for (const kind of LIST_KINDS) {
		if (RECORD_KINDS[kind].since !== version || version < 3) continue;
		const store = db.createObjectStore(kind, { keyPath: 'xid' });
		store.createIndex('by-date', 'date');
		store.createIndex('by-fetched', 'fetchedAt');
	}
}

export const DB_VERSION = Math.max(
	steps.length,
	...LIST_KINDS.map((kind) => RECORD_KINDS[kind].since)
);

/** The upgrade from version `step` to `step + 1`. */
export function migrate(db: Db, tx: UpgradeTx, step: number): void {
	steps[step]?.(db, tx);
	addKindStores(db, step + 1);
}

export function databaseName(userKey: string): string {
	return `wellness-${userKey}`;
}

export interface OpenIdbOptions {
	userKey: string;
	/** Open at this version instead of the newest (tests of the migrations). */
	version?: number;
	/** Another tab wants a newer version (number) or deletes the database (null); we have closed. */
	onVersionChange?: (newVersion: number | null) => void;
	/** The browser closed the connection (storage cleared, disk error). */
	onTerminated?: () => void;
	/** Space was freed to make a write fit. */
	onEvicted?: (eviction: Eviction) => void;
}

export async function openIdbStore(options: OpenIdbOptions): Promise<CacheStore> {
	const version = options.version ?? DB_VERSION;
	const opening = openDB<CacheSchema>(databaseName(options.userKey), version, {
		upgrade(database, oldVersion, _newVersion, tx) {
			for (let step = oldVersion; step < version; step++) migrate(database, tx, step);
		},
		blocking(_current, blockedVersion) {
			// Holding on would block the other tab forever: let go first, then tell the app.
			void opening.then((connection) => connection.close());
			options.onVersionChange?.(blockedVersion);
		},
		terminated() {
			options.onTerminated?.();
		}
	});
	return new IdbStore(await opening, options.onEvicted);
}

/** Whether a write was refused because the origin is out of space. */
export function isQuotaError(error: unknown): boolean {
	return error instanceof DOMException
		? error.name === 'QuotaExceededError'
		: error instanceof Error && error.name === 'QuotaExceededError';
}

type Write = (run: () => Promise<void>) => Promise<void>;

function keyedTable<N extends StoreNames<CacheSchema>>(
	db: Db,
	write: Write,
	name: N
): KeyedTable<StoreValue<CacheSchema, N>, StoreKey<CacheSchema, N>> {
	return {
		get: (key) => db.get(name, key),
		put: (value) =>
			write(async () => {
				await db.put(name, value);
			})
	};
}

function recordTable<N extends ListKind>(
	db: Db,
	write: Write,
	name: N
): {
	put(rows: StoreValue<CacheSchema, N>[]): Promise<void>;
	between(fromDate: number, toDate: number): Promise<StoreValue<CacheSchema, N>['record'][]>;
	remove(xid: string): Promise<void>;
} {
	return {
		put: (rows) =>
			rows.length === 0
				? Promise.resolve()
				: write(async () => {
						const tx = db.transaction(name, 'readwrite');
						for (const row of rows) void tx.store.put(row);
						await tx.done;
					}),
		async between(fromDate, toDate) {
			if (toDate < fromDate) return [];
			const rows = await db.getAllFromIndex(name, 'by-date', IDBKeyRange.bound(fromDate, toDate));
			return rows.map((row) => row.record);
		},
		remove: (xid) => write(() => db.delete(name, xid))
	};
}

function moodDayTable(db: Db, write: Write): MoodDayTable {
	return {
		...keyedTable(db, write, 'moods'),
		async between(fromDate, toDate) {
			if (toDate < fromDate) return [];
			return db.getAll('moods', IDBKeyRange.bound(fromDate, toDate));
		},
		delete: (date) =>
			write(async () => {
				await db.delete('moods', date);
			})
	};
}

class IdbStore implements CacheStore {
	readonly backend = 'indexeddb';
	readonly records: CacheStore['records'];
	readonly ticks: CacheStore['ticks'];
	readonly docs: CacheStore['docs'];
	readonly trends: CacheStore['trends'];
	readonly moods: CacheStore['moods'];
	readonly syncState: CacheStore['syncState'];

	/** Freeing the oldest data once did not make a write fit (reset by clear()). */
	#evictionFailed = false;

	constructor(
		private readonly db: Db,
		private readonly onEvicted: ((eviction: Eviction) => void) | undefined
	) {
		const write: Write = (run) => this.write(run);
		// Named one by one: idb types a store only for a literal name (a kind missing here is a
		// type error, so a new kind in kinds.ts cannot be forgotten).
		this.records = {
			moves: recordTable(db, write, 'moves'),
			sleeps: recordTable(db, write, 'sleeps'),
			workouts: recordTable(db, write, 'workouts'),
			heartrates: recordTable(db, write, 'heartrates'),
			bodyEvents: recordTable(db, write, 'bodyEvents'),
			cardiacEvents: recordTable(db, write, 'cardiacEvents'),
			meals: recordTable(db, write, 'meals')
		};
		this.ticks = {
			sleepPhases: keyedTable(db, write, 'sleepPhases'),
			moveTicks: keyedTable(db, write, 'moveTicks')
		};
		this.docs = {
			goals: keyedTable(db, write, 'goals'),
			settings: keyedTable(db, write, 'settings'),
			user: keyedTable(db, write, 'user')
		};
		this.trends = keyedTable(db, write, 'trends');
		this.moods = moodDayTable(db, write);
		this.syncState = keyedTable(db, write, 'meta');
	}

	/**
	 * Runs a write; when the origin is out of space, frees the oldest data once and retries. When
	 * that did not make room, later refusals are passed on without evicting again: with storage
	 * that stays full, each write would otherwise delete another tenth of the history for nothing.
	 */
	private async write(run: () => Promise<void>): Promise<void> {
		try {
			await run();
		} catch (error) {
			if (!isQuotaError(error) || this.#evictionFailed) throw error;
			const eviction = await this.evictOldest();
			if (!eviction) throw error;
			this.onEvicted?.(eviction);
			try {
				await run();
			} catch (again) {
				if (isQuotaError(again)) this.#evictionFailed = true;
				throw again;
			}
		}
	}

	async evictOldest(): Promise<Eviction | null> {
		// Tick sets are the bulk (a move has 1,440) and are refetched on demand: they go first.
		let oldestTicks: number | null = null;
		for (const kind of TICK_KINDS) {
			const cursor = await this.db.transaction(kind).store.index('by-date').openCursor();
			if (cursor && (oldestTicks === null || cursor.value.date < oldestTicks)) {
				oldestTicks = cursor.value.date;
			}
		}
		const moves = await this.db.count('moves');
		const sleeps = await this.db.count('sleeps');
		if (oldestTicks !== null) {
			const before = oldestTicks + 1; // everything dated on the oldest tick day
			const removed = await this.deleteBefore(TICK_KINDS, before);
			if (removed > 0) return { removed, before };
		}
		// Then the oldest tenth of the history, measured on whichever dated kind is larger.
		const kind = moves >= sleeps ? 'moves' : 'sleeps';
		const total = Math.max(moves, sleeps);
		if (total === 0) return null;
		const skip = Math.floor(total / 10);
		const oldest = await this.db.getAllFromIndex(kind, 'by-date', null, skip + 1);
		const first = oldest[0]?.date;
		if (first === undefined) return null;
		const atTenth = oldest[skip]?.date ?? first;
		// At least the oldest day goes, even when a tenth of the records share it.
		const cutoff = atTenth === first ? first + 1 : atTenth;
		const removed = await this.deleteBefore([...LIST_KINDS, ...TICK_KINDS], cutoff);
		return removed > 0 ? { removed, before: cutoff } : null;
	}

	private async deleteBefore(
		kinds: readonly (ListKind | TickKind)[],
		before: number
	): Promise<number> {
		let removed = 0;
		const tx = this.db.transaction(kinds, 'readwrite');
		for (const kind of kinds) {
			let cursor = await tx
				.objectStore(kind)
				.index('by-date')
				.openCursor(IDBKeyRange.upperBound(before, true));
			while (cursor) {
				await cursor.delete();
				removed++;
				cursor = await cursor.continue();
			}
		}
		await tx.done;
		return removed;
	}

	async usage(): Promise<CacheUsage> {
		const [moves, sleeps, workouts, sleepPhases, moveTicks] = await Promise.all([
			this.db.count('moves'),
			this.db.count('sleeps'),
			this.db.count('workouts'),
			this.db.count('sleepPhases'),
			this.db.count('moveTicks')
		]);
		const ends = await Promise.all(
			(['moves', 'sleeps'] as const).map(async (kind) => {
				const index = this.db.transaction(kind).store.index('by-date');
				const [first, last] = await Promise.all([
					index.openKeyCursor(null, 'next'),
					index.openKeyCursor(null, 'prev')
				]);
				return [first?.key ?? null, last?.key ?? null] as const;
			})
		);
		const firsts = ends.map(([first]) => first).filter((d) => d !== null);
		const lasts = ends.map(([, last]) => last).filter((d) => d !== null);
		return {
			moves,
			sleeps,
			workouts,
			sleepPhases,
			moveTicks,
			bytes: await storageEstimate(),
			oldestDate: firsts.length > 0 ? Math.min(...firsts) : null,
			newestDate: lasts.length > 0 ? Math.max(...lasts) : null
		};
	}

	async clear(): Promise<void> {
		this.#evictionFailed = false;
		const names = [...this.db.objectStoreNames];
		const tx = this.db.transaction(names, 'readwrite');
		await Promise.all([...names.map((name) => tx.objectStore(name).clear()), tx.done]);
	}

	close(): void {
		this.db.close();
	}
}

async function storageEstimate(): Promise<number | null> {
	if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
	try {
		return (await navigator.storage.estimate()).usage ?? null;
	} catch {
		return null;
	}
}
