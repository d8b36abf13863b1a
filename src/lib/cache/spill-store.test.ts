import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Move } from '$lib/api';
import { fixtureDataset } from '$lib/server/reference-api/testing/fixture';
import { addDays } from '$lib/time/zone';
import { openIdbStore } from './idb-store';
import type { CachedRecord } from './schema';
import { spillWhenFull } from './spill-store';

let userCounter = 0;
const newUserKey = () => `spill${++userCounter}-${Math.random().toString(36).slice(2)}`;

/** Moves on consecutive days from `firstDate`, as cache rows, titled `title`. */
function moveRows(firstDate: number, days: number, title = 'stored'): CachedRecord<Move>[] {
	const base = fixtureDataset().moves[0];
	if (!base) throw new Error('the fixture has moves');
	return Array.from({ length: days }, (_, i) => {
		const date = addDays(firstDate, i);
		const xid = `move-${date}`;
		return { xid, date, fetchedAt: 1000, record: { ...base, xid, date, title } };
	});
}

/** From now on every IndexedDB write is refused, as by a browser whose storage is full. */
function fillTheDisk(): void {
	const refuse = () => {
		throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
	};
	vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(refuse);
	vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(refuse);
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe('a cache whose storage is full', () => {
	it('keeps writes that do not fit in memory and reads them together with what the disk holds', async () => {
		const onFull = vi.fn();
		const store = spillWhenFull(await openIdbStore({ userKey: newUserKey() }), onFull);
		await store.records.moves.put(moveRows(20260301, 3));
		expect(store.full).toBe(false);
		fillTheDisk();
		// The last stored day again, newer, and two days the disk never had.
		await store.records.moves.put(moveRows(20260303, 3, 'fetched'));
		await store.docs.goals.put({ key: 'current', fetchedAt: 2000, value: { move_steps: 9000 } });
		const found = await store.records.moves.between(20260302, 20260305);
		expect(found.map((m) => [m.date, m.title])).toEqual([
			[20260302, 'stored'],
			[20260303, 'fetched'],
			[20260304, 'fetched'],
			[20260305, 'fetched']
		]);
		expect((await store.docs.goals.get('current'))?.value).toEqual({ move_steps: 9000 });
		expect(store.full).toBe(true);
		expect(onFull).toHaveBeenCalledTimes(1);
		store.close();
	});

	it('passes on errors that are not about space', async () => {
		const store = spillWhenFull(await openIdbStore({ userKey: newUserKey() }), () => {});
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
			throw new DOMException('The data cannot be cloned.', 'DataCloneError');
		});
		await expect(
			store.docs.goals.put({ key: 'current', fetchedAt: 1, value: { move_steps: 1 } })
		).rejects.toThrow('cloned');
		expect(store.full).toBe(false);
		store.close();
	});

	it('writes to the disk again once cleared', async () => {
		const store = spillWhenFull(await openIdbStore({ userKey: newUserKey() }), () => {});
		fillTheDisk();
		await store.records.moves.put(moveRows(20260301, 2));
		expect((await store.usage()).moves).toBe(0);
		vi.restoreAllMocks();
		await store.clear();
		expect(store.full).toBe(false);
		expect(await store.records.moves.between(20260301, 20260302)).toEqual([]);
		await store.records.moves.put(moveRows(20260301, 2));
		expect((await store.usage()).moves).toBe(2);
		store.close();
	});

	it('frees the oldest data once, not again on every refused write', async () => {
		const onEvicted = vi.fn();
		const store = await openIdbStore({ userKey: newUserKey(), onEvicted });
		await store.records.moves.put(moveRows(20250101, 40));
		fillTheDisk();
		await expect(store.records.moves.put(moveRows(20260301, 1))).rejects.toThrow('quota');
		await expect(store.records.moves.put(moveRows(20260302, 1))).rejects.toThrow('quota');
		await expect(store.records.moves.put(moveRows(20260303, 1))).rejects.toThrow('quota');
		expect(onEvicted).toHaveBeenCalledTimes(1);
		expect((await store.usage()).moves).toBe(36);
		store.close();
	});
});
