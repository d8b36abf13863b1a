import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import type { Move } from '$lib/api';
import { fixtureDataset } from '$lib/server/reference-api/testing/fixture';
import { addDays } from '$lib/time/zone';
import { databaseName, DB_VERSION, openIdbStore } from './idb-store';
import { createMemoryStore } from './memory-store';
import type { CacheStore, CachedRecord } from './schema';

let userCounter = 0;
/** A fresh user per test: one database each, so tests never see each other's rows. */
const newUserKey = () => `user${++userCounter}-${Math.random().toString(36).slice(2)}`;

const baseMove = (): Move => {
	const move = fixtureDataset().moves[0];
	if (!move) throw new Error('the fixture has moves');
	return move;
};

/** Moves on consecutive days from `firstDate`, as cache rows. */
function moveRows(firstDate: number, days: number, fetchedAt = 1000): CachedRecord<Move>[] {
	const base = baseMove();
	return Array.from({ length: days }, (_, i) => {
		const date = addDays(firstDate, i);
		return { xid: `move-${date}`, date, fetchedAt, record: { ...base, xid: `move-${date}`, date } };
	});
}

const backends: [string, () => Promise<CacheStore>][] = [
	['IndexedDB', () => openIdbStore({ userKey: newUserKey() })],
	['memory', () => Promise.resolve(createMemoryStore())]
];

describe.each(backends)('the %s cache', (_name, open) => {
	it('answers a date range oldest first, inclusive at both ends', async () => {
		const store = await open();
		await store.records.moves.put(moveRows(20260320, 10).reverse());
		const found = await store.records.moves.between(20260322, 20260325);
		expect(found.map((m) => m.date)).toEqual([20260322, 20260323, 20260324, 20260325]);
		store.close();
	});

	it('replaces a record stored again under the same xid', async () => {
		const store = await open();
		const [row] = moveRows(20260320, 1);
		if (!row) throw new Error('one row');
		await store.records.moves.put([row]);
		await store.records.moves.put([{ ...row, record: { ...row.record, title: 'updated' } }]);
		const found = await store.records.moves.between(20260320, 20260320);
		expect(found.map((m) => m.title)).toEqual(['updated']);
		store.close();
	});

	it('evicts the oldest tick sets first, then the oldest tenth of the records', async () => {
		const store = await open();
		await store.records.moves.put(moveRows(20260101, 40));
		await store.ticks.moveTicks.put({
			xid: 'move-20260101',
			date: 20260101,
			fetchedAt: 1,
			sourceVersion: 1,
			items: []
		});
		const first = await store.evictOldest();
		expect(first).toEqual({ removed: 1, before: 20260102 });
		expect(await store.ticks.moveTicks.get('move-20260101')).toBeUndefined();
		const second = await store.evictOldest();
		expect(second?.removed).toBe(4);
		const left = await store.records.moves.between(0, 99991231);
		expect(left[0]?.date).toBe(20260105);
		store.close();
	});

	it('reports counts and the span of cached dates', async () => {
		const store = await open();
		await store.records.moves.put(moveRows(20260301, 5));
		const usage = await store.usage();
		expect(usage).toMatchObject({
			moves: 5,
			sleeps: 0,
			oldestDate: 20260301,
			newestDate: 20260305
		});
		await store.clear();
		expect((await store.usage()).moves).toBe(0);
		store.close();
	});
});

describe('the IndexedDB cache over time', () => {
	it('keeps what version 1 stored when it upgrades to the newest version', async () => {
		const userKey = newUserKey();
		(await openIdbStore({ userKey, version: 1 })).close();
		// Rows as a version-1 release left them.
		const old = await openDB(databaseName(userKey));
		expect(old.version).toBe(1);
		for (const row of moveRows(20260310, 3)) await old.put('moves', row);
		await old.put('meta', { kind: 'moves', coveredFrom: 1, coveredTo: 2, lastSyncedAt: 2 });
		await old.put('trends', { key: '20260330|d|730', fetchedAt: 1, value: {} });
		old.close();

		const current = await openIdbStore({ userKey });
		expect((await current.records.moves.between(0, 99991231)).length).toBe(3);
		expect(await current.syncState.get('moves')).toMatchObject({ lastSyncedAt: 2 });
		// Version 3 drops trend series cached before the client merged pages by date.
		expect(await current.trends.get('20260330|d|730')).toBeUndefined();
		// The index version 2 added covers the rows that were already there.
		const raw = await openDB(databaseName(userKey));
		current.close();
		expect(await raw.countFromIndex('moves', 'by-fetched')).toBe(3);
		expect(raw.version).toBe(DB_VERSION);
		raw.close();
	});

	it('adds the heart rate and weigh-in stores in version 6 and keeps what version 5 stored', async () => {
		const userKey = newUserKey();
		(await openIdbStore({ userKey, version: 5 })).close();
		const old = await openDB(databaseName(userKey));
		expect(old.objectStoreNames.contains('heartrates')).toBe(false);
		for (const row of moveRows(20260310, 2)) await old.put('moves', row);
		old.close();

		const current = await openIdbStore({ userKey });
		expect((await current.records.moves.between(0, 99991231)).length).toBe(2);
		const heart = fixtureDataset().heartrates[0];
		if (!heart) throw new Error('the fixture has heart rates');
		await current.records.heartrates.put([
			{ xid: heart.xid, date: heart.date, fetchedAt: 5, record: heart }
		]);
		expect(await current.records.heartrates.between(heart.date, heart.date)).toEqual([heart]);
		expect(await current.records.bodyEvents.between(0, 99991231)).toEqual([]);
		current.close();
		const raw = await openDB(databaseName(userKey));
		expect(raw.version).toBe(DB_VERSION);
		expect(await raw.countFromIndex('heartrates', 'by-fetched')).toBe(1);
		raw.close();
	});

	it('adds the meal store after version 7 and keeps what version 7 stored', async () => {
		const userKey = newUserKey();
		(await openIdbStore({ userKey, version: 7 })).close();
		const old = await openDB(databaseName(userKey));
		expect(old.objectStoreNames.contains('meals')).toBe(false);
		for (const row of moveRows(20260310, 2)) await old.put('moves', row);
		old.close();

		const current = await openIdbStore({ userKey });
		expect((await current.records.moves.between(0, 99991231)).length).toBe(2);
		const meal = fixtureDataset().meals[0];
		if (!meal) throw new Error('the fixture has meals');
		const { items: _items, ...listed } = meal;
		await current.records.meals.put([
			{ xid: meal.xid, date: meal.date, fetchedAt: 5, record: listed }
		]);
		expect(await current.records.meals.between(meal.date, meal.date)).toEqual([listed]);
		expect(await current.records.meals.between(0, meal.date - 1)).toEqual([]);
		current.close();
		const raw = await openDB(databaseName(userKey));
		expect(await raw.countFromIndex('meals', 'by-fetched')).toBe(1);
		raw.close();
	});

	it('deletes the month rows when it upgrades to version 7, and answers from the records', async () => {
		const userKey = newUserKey();
		(await openIdbStore({ userKey, version: 5 })).close();
		// Versions 3 to 5 kept a copy of each month's records in a store of their own.
		const old = await openDB(databaseName(userKey));
		for (const row of moveRows(20260310, 3)) await old.put('moves', row);
		await old.put('months', { kind: 'moves', month: 202603, v: 3, json: '[]' });
		old.close();

		const current = await openIdbStore({ userKey });
		const moves = await current.records.moves.between(0, 99991231);
		expect(moves.map((m) => m.date)).toEqual([20260310, 20260311, 20260312]);
		current.close();
		const raw = await openDB(databaseName(userKey));
		expect([...raw.objectStoreNames]).not.toContain('months');
		raw.close();
	});

	it('frees space and retries when a write exceeds the quota', async () => {
		const onEvicted = vi.fn();
		const store = await openIdbStore({ userKey: newUserKey(), onEvicted });
		await store.records.moves.put(moveRows(20250101, 30));
		// The next put fails as a full disk would; the retry after eviction uses the real put.
		const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		});
		try {
			await store.records.moves.put(moveRows(20260301, 1));
		} finally {
			spy.mockRestore();
		}
		expect(onEvicted).toHaveBeenCalledWith({ removed: 3, before: 20250104 });
		const dates = (await store.records.moves.between(0, 99991231)).map((m) => m.date);
		expect(dates).toContain(20260301);
		expect(dates).not.toContain(20250101);
		store.close();
	});

	it('lets go of the database when another tab opens a newer version', async () => {
		const userKey = newUserKey();
		const onVersionChange = vi.fn();
		const store = await openIdbStore({ userKey, onVersionChange });
		const newer = await openDB(databaseName(userKey), DB_VERSION + 1);
		expect(onVersionChange).toHaveBeenCalledWith(DB_VERSION + 1);
		newer.close();
		store.close();
	});

	it('tells the app when the database is deleted underneath it', async () => {
		const userKey = newUserKey();
		const onVersionChange = vi.fn();
		await openIdbStore({ userKey, onVersionChange });
		await deleteDB(databaseName(userKey));
		expect(onVersionChange).toHaveBeenCalledWith(null);
	});
});
