// The registry of range queries: `list(kind, from, to)`, one query per range while a page reads it.
import { ApiError, type ListItems, type ListKind } from '$lib/client';
import type { Account } from './account.svelte';
import { perKind, RECORD_KINDS } from './kinds';
import type { ReadLedger } from './ledger.svelte';
import type { LayerQuerySource } from './layer-query';
import { QueryMemo } from './query-memo';
import type { Query } from './query.svelte';
import { RangeQuery, type RangeContext, type RangeValue } from './range-query.svelte';
import type { CacheStore } from './schema';
import { missingScopeIn, scopeError } from './scopes';
import { DAY, type SyncOutcome } from './sync';

/** Queries showing a range re-read the cache at most this often while a backfill stores windows. */
const RELOAD_THROTTLE_MS = 400;

export interface RangesOptions {
	account: Account;
	ledger: ReadLedger;
	context: RangeContext;
	/** A query like every other of the layer's (signed-in check, expiry, release). */
	query: <T>(source: LayerQuerySource<T>) => Query<T>;
	/** Resolves once the open cache's summary (last sync, zone, reads held) is read. */
	summary: () => Promise<void>;
	/** Brings the cache up to date back to `historyFrom` (epoch seconds). */
	sync: (historyFrom: number) => Promise<SyncOutcome>;
	/** Tells the sync a page waits on records of `kind` started in a span; returns the call that ends it. */
	want: (kind: ListKind, start: number, end: number) => () => void;
	/** The server's now, epoch seconds. */
	serverNow: () => number;
}

/**
 * Range queries by kind and dates. Reading one reads the cache at once and asks the sync to
 * cover its span (the first read of an older span extends the history, and a backfill under way
 * reads the span's windows first); while a sync stores records or finishes windows of a kind, the
 * queries showing them read the cache again.
 */
export class Ranges {
	/** One memo per kind, so each keeps its item type. */
	readonly #memos = perKind<'ranges'>(() => new QueryMemo());
	/** Queries waiting to re-read the cache. */
	readonly #timers = new Map<object, ReturnType<typeof setTimeout>>();
	readonly #options: RangesOptions;

	constructor(options: RangesOptions) {
		this.#options = options;
	}

	/** The records of `kind` dated `fromDate..toDate` (`YYYYMMDD`, inclusive), oldest first. */
	list<K extends ListKind>(kind: K, fromDate: number, toDate: number): RangeQuery<ListItems[K]> {
		const key = `${fromDate}:${toDate}`;
		const memo = this.#memoOf(kind);
		return memo.get(key, () => this.#create(kind, fromDate, toDate, memo, key));
	}

	/** Every range query handed out and still kept. */
	queries(): RangeQuery<ListItems[ListKind]>[] {
		return Object.values(this.#memos).flatMap((memo) => [...memo.values()]);
	}

	/** Re-reads from the cache every query of `kind` that shows `date` (after a write). */
	async reload(kind: ListKind, date: number): Promise<void> {
		const hit = [...this.#memoOf(kind).values()].filter(
			(query) => query.from <= date && date <= query.to
		);
		await Promise.all(hit.map((query) => query.reload()));
	}

	/**
	 * Records of `kind` dated `fromDate..toDate` were stored, or a window of it was read. The
	 * queries showing them read the cache again at most every 400 ms, and at once when the last
	 * window they wait on is read: a whole year is not held back by the pause.
	 */
	changed(kind: ListKind, fromDate: number, toDate: number): void {
		const reads = this.#options.ledger.of(kind);
		for (const query of this.#memoOf(kind).values()) {
			if (toDate < query.from || fromDate > query.to) continue;
			if (query.completedBy(reads)) {
				clearTimeout(this.#timers.get(query));
				this.#timers.delete(query);
				void query.reload().catch(() => {});
				continue;
			}
			if (this.#timers.has(query)) continue;
			const timer = setTimeout(() => {
				this.#timers.delete(query);
				void query.reload().catch(() => {});
			}, RELOAD_THROTTLE_MS);
			this.#timers.set(query, timer);
		}
	}

	#memoOf<K extends ListKind>(kind: K): QueryMemo<RangeQuery<ListItems[K]>> {
		return this.#memos[kind];
	}

	#create<K extends ListKind>(
		kind: K,
		fromDate: number,
		toDate: number,
		memo: QueryMemo<RangeQuery<ListItems[K]>>,
		key: string
	): RangeQuery<ListItems[K]> {
		const { ledger, account } = this.#options;
		// While the page shows this range, a backfill reads its windows before the others.
		const unwant = this.#options.want(
			kind,
			utcMidnight(fromDate) - 2 * DAY,
			utcMidnight(toDate) + 2 * DAY
		);
		const read = async (store: CacheStore) => {
			await this.#options.summary();
			// The reads first: a window counts as read only once its records are stored.
			const reads = ledger.of(kind);
			const [records, state] = await Promise.all([
				store.records[kind].between(fromDate, toDate),
				store.syncState.get(kind)
			]);
			// A read that failed is something to show (the failure) as much as one that succeeded.
			if (records.length === 0 && !state && reads.read.length === 0 && reads.failed.length === 0) {
				return undefined;
			}
			return { value: { records, reads }, fetchedAt: state?.lastSyncedAt ?? null };
		};
		const query: Query<RangeValue<ListItems[K]>> = this.#options.query({
			release: () => {
				unwant();
				memo.delete(key, range);
				clearTimeout(this.#timers.get(range));
				this.#timers.delete(range);
			},
			cached: read,
			fresh: async (opening) => {
				const missing = missingScopeIn(await account.current(), kind);
				if (missing !== null) throw scopeError(missing);
				// Two days of margin: a local date starts up to 14 h away from UTC midnight.
				const outcome = await this.#options.sync(utcMidnight(fromDate) - 2 * DAY);
				// A kind the sign-in did not grant: the view says which permission is missing.
				const refused = outcome.errors.find(
					(error): error is ApiError =>
						error instanceof ApiError && error.missingScope === RECORD_KINDS[kind].scope
				);
				if (refused !== undefined) throw refused;
				const fresh = await read(await opening);
				return (
					fresh ?? {
						value: { records: [], reads: ledger.of(kind) },
						fetchedAt: this.#options.serverNow()
					}
				);
			}
		});
		const range = new RangeQuery(query, fromDate, toDate, this.#options.context);
		return range;
	}
}

function utcMidnight(dateInt: number): number {
	const year = Math.floor(dateInt / 10000);
	const month = Math.floor(dateInt / 100) % 100;
	const day = dateInt % 100;
	return Date.UTC(year, month - 1, day) / 1000;
}
