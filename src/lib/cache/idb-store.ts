// The cache over IndexedDB (idb): one database per user, versioned migrations, quota-aware writes.
import {
	openDB,
	type IDBPDatabase,
	type IDBPTransaction,
	type StoreKey,
	type StoreNames,
	type StoreValue
} from 'idb';
import type { ListItems, ListKind } from '$lib/client';
import {
	DOC_KINDS,
	LIST_KINDS,
	MONTH_ROW_VERSION,
	TICK_KINDS,
	type CachedRecord,
	type CacheSchema,
	type CacheStore,
	type CacheUsage,
	type Eviction,
	type KeyedTable,
	type MonthRow,
	type TickKind
} from './schema';

type Db = IDBPDatabase<CacheSchema>;
type UpgradeTx = IDBPTransaction<CacheSchema, StoreNames<CacheSchema>[], 'versionchange'>;

/**
 * Each entry upgrades the database from version i to i + 1 and keeps what is stored. They run in
 * order from the version found on disk, so a browser several releases behind catches up step by
 * step instead of dropping its cache.
 */
export const migrations: readonly ((db: Db, tx: UpgradeTx) => void)[] = [
	// 1: one store per kind; list records by xid with a date index.
	(db) => {
		for (const kind of LIST_KINDS) {
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
		for (const kind of LIST_KINDS) tx.objectStore(kind).createIndex('by-fetched', 'fetchedAt');
		for (const kind of TICK_KINDS) tx.objectStore(kind).createIndex('by-date', 'date');
	},
	// 3: month rows, a read-optimised copy of the records (filled lazily on read and after each
	// sync). Trend series cached so far may hold the wrong buckets (the client kept them in page
	// arrival order): they are dropped and fetched again.
	(db, tx) => {
		db.createObjectStore('months', { keyPath: ['kind', 'month'] });
		void tx.objectStore('trends').clear();
	},
	// 4: month rows hold their records as JSON text (MONTH_ROW_VERSION 2), which reads faster.
	// Rows of the old shape go now rather than linger until read; they are rebuilt from the
	// records. The version step also makes a tab still on the old shape reload instead of
	// rewriting rows this version cannot use.
	(_db, tx) => {
		void tx.objectStore('months').clear();
	},
	// 5: the moves' month rows keep their hourly totals as numbers (MONTH_ROW_VERSION 3); the
	// same clearing, for the same reasons.
	(_db, tx) => {
		void tx.objectStore('months').clear();
	},
	// 6: the moves' hourly totals go back inside the month rows' JSON (MONTH_ROW_VERSION 4); the
	// same clearing, for the same reasons.
	(_db, tx) => {
		void tx.objectStore('months').clear();
	}
];

export const DB_VERSION = migrations.length;

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
			for (let step = oldVersion; step < version; step++) migrations[step]?.(database, tx);
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

/** `YYYYMM` of a `YYYYMMDD` date. */
export function monthOf(date: number): number {
	return Math.floor(date / 100);
}

function nextMonth(month: number): number {
	return month % 100 === 12 ? month + 89 : month + 1;
}

/** The dates of a month clipped to `fromDate..toDate`. */
function monthSpan(month: number, fromDate: number, toDate: number): IDBKeyRange {
	return IDBKeyRange.bound(Math.max(fromDate, month * 100 + 1), Math.min(toDate, month * 100 + 31));
}

/** Writes and reads one kind's month rows with the item type of that kind. */
interface MonthCodec<T> {
	pack(month: number, rows: CachedRecord<T>[]): MonthRow;
	/** Whether `unpack` can read the row (else it is of another kind or version, and rebuilt). */
	current(row: MonthRow): boolean;
	/** The rows a month row holds, or null when it is not current. */
	unpack(row: MonthRow): CachedRecord<T>[] | null;
}

/**
 * The narrow guard of what `pack` wrote: the version tag vouches for the shape, and the records
 * were validated when fetched. Checking 1,500 records again on every read would cost more than
 * the read itself.
 */
function isPackedRows<T>(value: unknown): value is CachedRecord<T>[] {
	return Array.isArray(value);
}

function monthCodec<K extends ListKind>(kind: K): MonthCodec<ListItems[K]> {
	type T = ListItems[K];
	const current = (row: MonthRow) =>
		row.v === MONTH_ROW_VERSION && row.kind === kind && typeof row.json === 'string';
	return {
		pack: (month, rows) => ({ kind, month, v: MONTH_ROW_VERSION, json: JSON.stringify(rows) }),
		current,
		unpack: (row) => {
			if (!current(row)) return null;
			try {
				const rows: unknown = JSON.parse(row.json);
				return isPackedRows<T>(rows) ? rows : null;
			} catch {
				// A damaged row is one more row to rebuild from the records.
				return null;
			}
		}
	};
}

/** The records of one month in `fromDate..toDate`; `whole` when the month lies inside the range. */
function clipped<T>(
	rows: CachedRecord<T>[],
	whole: boolean,
	fromDate: number,
	toDate: number
): T[] {
	return (whole ? rows : rows.filter((row) => row.date >= fromDate && row.date <= toDate)).map(
		(row) => row.record
	);
}

function recordTable<N extends ListKind>(
	db: Db,
	write: Write,
	name: N,
	codec: MonthCodec<StoreValue<CacheSchema, N>['record']>
): {
	put(rows: StoreValue<CacheSchema, N>[]): Promise<void>;
	between(fromDate: number, toDate: number): Promise<StoreValue<CacheSchema, N>['record'][]>;
	flush(): Promise<void>;
} {
	// Months written since their rows were last rebuilt (flush() rebuilds them in one go), and
	// months being rebuilt now (a reader does not start a second rebuild of those).
	const dirty = new Set<number>();
	const building = new Set<number>();

	/** Rewrites the month rows of `months` from the records, in one transaction. */
	const rebuild = async (months: readonly number[]): Promise<void> => {
		const todo = months.filter((month) => !building.has(month));
		if (todo.length === 0) return;
		for (const month of todo) {
			building.add(month);
			dirty.delete(month);
		}
		try {
			await write(async () => {
				const tx = db.transaction([name, 'months'], 'readwrite');
				const index = tx.objectStore(name).index('by-date');
				const store = tx.objectStore('months');
				await Promise.all(
					todo.map(async (month) => {
						const rows = await index.getAll(monthSpan(month, 0, 99_999_999));
						await store.put(codec.pack(month, rows));
					})
				);
				await tx.done;
			});
		} finally {
			for (const month of todo) building.delete(month);
		}
	};

	return {
		put: (rows) =>
			rows.length === 0
				? Promise.resolve()
				: write(async () => {
						// The month rows these records fall in go in the same transaction, so no reader
						// ever sees a month row older than the records.
						const tx = db.transaction([name, 'months'], 'readwrite');
						const months = new Set(rows.map((row) => monthOf(row.date)));
						for (const row of rows) void tx.objectStore(name).put(row);
						for (const month of months) void tx.objectStore('months').delete([name, month]);
						await tx.done;
						for (const month of months) dirty.add(month);
					}),
		async between(fromDate, toDate) {
			if (toDate < fromDate) return [];
			// One read-only transaction: the month rows and any fallback reads see one snapshot.
			const tx = db.transaction([name, 'months']);
			// The months walked are those between the oldest and newest record in range, so a wide
			// question ("everything") costs what the cache holds, not what the calendar spans.
			// The month rows are asked for in the same round trip.
			const dates = tx.objectStore(name).index('by-date');
			const range = IDBKeyRange.bound(fromDate, toDate);
			const [oldest, newest, stored] = await Promise.all([
				dates.openKeyCursor(range, 'next'),
				dates.openKeyCursor(range, 'prev'),
				tx
					.objectStore('months')
					.getAll(IDBKeyRange.bound([name, monthOf(fromDate)], [name, monthOf(toDate)]))
			]);
			// Date keys are numbers; none in range (no cursor) means nothing cached there.
			const lo = oldest?.key;
			const hi = newest?.key;
			if (typeof lo !== 'number' || typeof hi !== 'number') return [];
			const first = monthOf(lo);
			const last = monthOf(hi);
			const byMonth = new Map<number, CachedRecord<StoreValue<CacheSchema, N>['record']>[]>();
			for (const row of stored) {
				const rows = codec.unpack(row);
				if (rows) byMonth.set(row.month, rows);
			}
			const missing: number[] = [];
			const parts: Promise<StoreValue<CacheSchema, N>['record'][]>[] = [];
			for (let month = first; month <= last; month = nextMonth(month)) {
				const rows = byMonth.get(month);
				if (rows) {
					parts.push(
						Promise.resolve(clipped(rows, month > first && month < last, fromDate, toDate))
					);
				} else {
					missing.push(month);
					parts.push(
						tx
							.objectStore(name)
							.index('by-date')
							.getAll(monthSpan(month, fromDate, toDate))
							.then((rows) => rows.map((row) => row.record))
					);
				}
			}
			const records = (await Promise.all(parts)).flat();
			// Rows missing or of another version are rebuilt behind the answer; a failure only
			// means the next read takes the slower path again.
			if (missing.length > 0) void rebuild(missing).catch(() => {});
			return records;
		},
		flush: () => rebuild([...dirty])
	};
}

class IdbStore implements CacheStore {
	readonly backend = 'indexeddb';
	readonly records: CacheStore['records'];
	readonly ticks: CacheStore['ticks'];
	readonly docs: CacheStore['docs'];
	readonly trends: CacheStore['trends'];
	readonly syncState: CacheStore['syncState'];

	/** Freeing the oldest data once did not make a write fit (reset by clear()). */
	#evictionFailed = false;

	constructor(
		private readonly db: Db,
		private readonly onEvicted: ((eviction: Eviction) => void) | undefined
	) {
		const write: Write = (run) => this.write(run);
		this.records = {
			moves: recordTable(db, write, 'moves', monthCodec('moves')),
			sleeps: recordTable(db, write, 'sleeps', monthCodec('sleeps')),
			workouts: recordTable(db, write, 'workouts', monthCodec('workouts'))
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
		const tx = this.db.transaction([...kinds, 'months'], 'readwrite');
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
		// Month rows of what went (the cutoff's month included: part of it went) go too; they
		// are rebuilt from the records left when next read.
		for (const kind of LIST_KINDS) {
			if (!kinds.includes(kind)) continue;
			await tx.objectStore('months').delete(IDBKeyRange.bound([kind, 0], [kind, monthOf(before)]));
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
