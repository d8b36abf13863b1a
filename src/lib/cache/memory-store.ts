// The cache kept in memory only: the fallback when IndexedDB is unavailable (private mode, blocked storage).
import type { MoveTick, SleepTick } from '$lib/api';
import type { ListItems, ListKind } from '$lib/client';
import { perKind } from './kinds';
import {
	TICK_KINDS,
	type CacheStore,
	type CacheUsage,
	type CachedDoc,
	type CachedMoodDay,
	type CachedRecord,
	type CachedTicks,
	type CachedTrends,
	type DocValues,
	type SyncState,
	type Eviction,
	type KeyedTable,
	type MoodDayTable,
	type RecordTable,
	type TickKind
} from './schema';

function memoryKeyed<V, Key>(keyOf: (value: V) => Key): KeyedTable<V, Key> & { rows: Map<Key, V> } {
	const rows = new Map<Key, V>();
	return {
		rows,
		get: (key) => Promise.resolve(rows.get(key)),
		put: (value) => {
			// Stored by value, as IndexedDB would: later changes to the caller's object do not leak in.
			rows.set(keyOf(value), structuredClone(value));
			return Promise.resolve();
		}
	};
}

interface MemoryRecordTable<T> extends RecordTable<T> {
	rows: Map<string, CachedRecord<T>>;
}

function memoryRecords<T>(): MemoryRecordTable<T> {
	const rows = new Map<string, CachedRecord<T>>();
	return {
		rows,
		put(newRows) {
			for (const row of newRows) rows.set(row.xid, structuredClone(row));
			return Promise.resolve();
		},
		between(fromDate, toDate) {
			const found = [...rows.values()]
				.filter((row) => row.date >= fromDate && row.date <= toDate)
				.sort((a, b) => a.date - b.date || (a.xid < b.xid ? -1 : a.xid > b.xid ? 1 : 0));
			return Promise.resolve(found.map((row) => structuredClone(row.record)));
		},
		remove(xid) {
			rows.delete(xid);
			return Promise.resolve();
		}
	};
}

function memoryMoodDays(): MoodDayTable & { rows: Map<number, CachedMoodDay> } {
	const table = memoryKeyed((entry: CachedMoodDay) => entry.date);
	return {
		...table,
		between(fromDate, toDate) {
			const found = [...table.rows.values()]
				.filter((row) => row.date >= fromDate && row.date <= toDate)
				.sort((a, b) => a.date - b.date);
			return Promise.resolve(found.map((row) => structuredClone(row)));
		},
		delete(date) {
			table.rows.delete(date);
			return Promise.resolve();
		}
	};
}

export function createMemoryStore(): CacheStore {
	/** The rows of every kind's table, for eviction and counting. */
	const rowsOf = new Map<ListKind, Map<string, { date: number }>>();
	const records = perKind<'records'>((kind) => {
		const table = memoryRecords<ListItems[typeof kind]>();
		rowsOf.set(kind, table.rows);
		return table;
	});
	const rows = (kind: ListKind): Map<string, { date: number }> =>
		rowsOf.get(kind) ?? new Map<string, { date: number }>();
	const ticks = {
		sleepPhases: memoryKeyed((entry: CachedTicks<SleepTick>) => entry.xid),
		moveTicks: memoryKeyed((entry: CachedTicks<MoveTick>) => entry.xid)
	};
	const docs = {
		goals: memoryKeyed((entry: CachedDoc<DocValues['goals']>) => entry.key),
		settings: memoryKeyed((entry: CachedDoc<DocValues['settings']>) => entry.key),
		user: memoryKeyed((entry: CachedDoc<DocValues['user']>) => entry.key)
	};
	const trends = memoryKeyed((entry: CachedTrends) => entry.key);
	const moods = memoryMoodDays();
	const syncState = memoryKeyed((entry: SyncState) => entry.kind);

	function datesOf(kind: ListKind): number[] {
		return [...rows(kind).values()].map((row) => row.date);
	}

	return {
		backend: 'memory',
		records,
		ticks,
		docs,
		trends,
		moods,
		syncState,
		evictOldest(): Promise<Eviction | null> {
			// The same order as the IndexedDB store, so both backends behave alike under pressure.
			const tickDates = TICK_KINDS.flatMap((kind) =>
				[...ticks[kind].rows.values()].map((entry) => entry.date)
			);
			if (tickDates.length > 0) {
				const before = Math.min(...tickDates) + 1;
				let removed = 0;
				for (const kind of TICK_KINDS) removed += deleteTicksBefore(kind, before);
				return Promise.resolve({ removed, before });
			}
			const moves = datesOf('moves');
			const sleeps = datesOf('sleeps');
			const dates = (moves.length >= sleeps.length ? moves : sleeps).sort((a, b) => a - b);
			const first = dates[0];
			if (first === undefined) return Promise.resolve(null);
			const atTenth = dates[Math.floor(dates.length / 10)] ?? first;
			const cutoff = atTenth === first ? first + 1 : atTenth;
			let removed = 0;
			for (const kindRows of rowsOf.values()) {
				for (const [xid, row] of kindRows) {
					if (row.date < cutoff) {
						kindRows.delete(xid);
						removed++;
					}
				}
			}
			for (const kind of TICK_KINDS) removed += deleteTicksBefore(kind, cutoff);
			return Promise.resolve(removed > 0 ? { removed, before: cutoff } : null);
		},
		usage(): Promise<CacheUsage> {
			const dated = [...datesOf('moves'), ...datesOf('sleeps')];
			return Promise.resolve({
				moves: rows('moves').size,
				sleeps: rows('sleeps').size,
				workouts: rows('workouts').size,
				sleepPhases: ticks.sleepPhases.rows.size,
				moveTicks: ticks.moveTicks.rows.size,
				bytes: null,
				oldestDate: dated.length > 0 ? Math.min(...dated) : null,
				newestDate: dated.length > 0 ? Math.max(...dated) : null
			});
		},
		clear() {
			for (const kindRows of rowsOf.values()) kindRows.clear();
			for (const table of [
				...Object.values(ticks),
				...Object.values(docs),
				trends,
				moods,
				syncState
			]) {
				table.rows.clear();
			}
			return Promise.resolve();
		},
		close() {}
	};

	function deleteTicksBefore(kind: TickKind, cutoff: number): number {
		let removed = 0;
		for (const [xid, entry] of ticks[kind].rows) {
			if (entry.date < cutoff) {
				ticks[kind].rows.delete(xid);
				removed++;
			}
		}
		return removed;
	}
}
