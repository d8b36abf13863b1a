// Keeps the cache working when the browser's storage is full: what does not fit on disk is kept in memory.
import type { ListItems, ListKind } from '$lib/client';
import { isQuotaError } from './idb-store';
import { perKind } from './kinds';
import { createMemoryStore } from './memory-store';
import type { CacheStore, KeyedTable, MoodDayTable, RecordTable } from './schema';

/** A store whose writes fall back to memory once the disk is full. */
export interface SpillingStore extends CacheStore {
	/** Whether a write no longer fitted: new data lives in memory only, for this visit. */
	readonly full: boolean;
}

/**
 * Wraps `disk` so that a write refused for lack of space (after the store freed what it could)
 * goes to memory instead of failing, and `onFull` is told once. From then on every write goes
 * to memory: trying the disk again would only repeat the refusal. Reads see both, memory first,
 * so what was fetched shows all the same. `clear()` empties both and lets writes try the disk again.
 */
export function spillWhenFull(disk: CacheStore, onFull: () => void): SpillingStore {
	let full = false;
	let memory = createMemoryStore();
	/** The xids each kind holds in memory: their disk copies, if any, are older. */
	const spilledByKind = new Map<ListKind, Set<string>>();
	function spilledOf(kind: ListKind): Set<string> {
		let xids = spilledByKind.get(kind);
		if (xids === undefined) {
			xids = new Set();
			spilledByKind.set(kind, xids);
		}
		return xids;
	}

	async function write(toDisk: () => Promise<void>, toMemory: () => Promise<void>): Promise<void> {
		if (!full) {
			try {
				await toDisk();
				return;
			} catch (error) {
				if (!isQuotaError(error)) throw error;
				if (!full) {
					full = true;
					onFull();
				}
			}
		}
		await toMemory();
	}

	function keyed<V, Key>(
		onDisk: KeyedTable<V, Key>,
		inMemory: () => KeyedTable<V, Key>
	): KeyedTable<V, Key> {
		return {
			get: async (key) => (await inMemory().get(key)) ?? onDisk.get(key),
			put: (value) =>
				write(
					() => onDisk.put(value),
					() => inMemory().put(value)
				)
		};
	}

	function records<K extends ListKind>(kind: K): RecordTable<ListItems[K]> {
		const onDisk: RecordTable<ListItems[K]> = disk.records[kind];
		const spilled = spilledOf(kind);
		const inMemory = (): RecordTable<ListItems[K]> => memory.records[kind];
		return {
			put: (rows) =>
				write(
					() => onDisk.put(rows),
					async () => {
						await inMemory().put(rows);
						for (const row of rows) spilled.add(row.xid);
					}
				),
			async between(fromDate, toDate) {
				const [stored, kept] = await Promise.all([
					onDisk.between(fromDate, toDate),
					spilled.size > 0 ? inMemory().between(fromDate, toDate) : []
				]);
				if (spilled.size === 0) return stored;
				// In the order both stores answer in: by date, then by xid.
				return [...stored.filter((record) => !spilled.has(record.xid)), ...kept].sort(
					(a, b) => a.date - b.date || (a.xid < b.xid ? -1 : a.xid > b.xid ? 1 : 0)
				);
			},
			async remove(xid) {
				// Either copy may hold it; a delete frees space, so the disk is always tried.
				spilled.delete(xid);
				await inMemory().remove(xid);
				await onDisk.remove(xid);
			}
		};
	}

	function moodDays(): MoodDayTable {
		const inMemory = (): MoodDayTable => memory.moods;
		return {
			...keyed(disk.moods, inMemory),
			async between(fromDate, toDate) {
				const [stored, kept] = await Promise.all([
					disk.moods.between(fromDate, toDate),
					inMemory().between(fromDate, toDate)
				]);
				if (kept.length === 0) return stored;
				// A day kept in memory is the newer answer.
				const byDate = new Map(stored.map((day) => [day.date, day]));
				for (const day of kept) byDate.set(day.date, day);
				return [...byDate.values()].sort((a, b) => a.date - b.date);
			},
			async delete(date) {
				await inMemory().delete(date);
				await disk.moods.delete(date);
			}
		};
	}

	return {
		backend: disk.backend,
		get full() {
			return full;
		},
		records: perKind<'records'>(records),
		ticks: {
			sleepPhases: keyed(disk.ticks.sleepPhases, () => memory.ticks.sleepPhases),
			moveTicks: keyed(disk.ticks.moveTicks, () => memory.ticks.moveTicks)
		},
		docs: {
			goals: keyed(disk.docs.goals, () => memory.docs.goals),
			settings: keyed(disk.docs.settings, () => memory.docs.settings),
			user: keyed(disk.docs.user, () => memory.docs.user)
		},
		trends: keyed(disk.trends, () => memory.trends),
		moods: moodDays(),
		syncState: keyed(disk.syncState, () => memory.syncState),
		evictOldest: () => disk.evictOldest(),
		// What is saved in this browser; the memory part goes with the page.
		usage: () => disk.usage(),
		async clear() {
			await disk.clear();
			memory = createMemoryStore();
			for (const xids of spilledByKind.values()) xids.clear();
			full = false;
		},
		close: () => disk.close()
	};
}
