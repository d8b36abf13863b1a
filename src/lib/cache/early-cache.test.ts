import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Move, Sleep } from '$lib/api';
import { fixtureDataset } from '$lib/server/reference-api/test-fixture';
import { addDays } from '$lib/time/zone';
import { DataLayer } from './data-layer.svelte';
import { EARLY_CACHE_GLOBAL, LAST_USER_STORAGE_KEY, takeEarlyCache } from './early-cache';
import { databaseName, DB_VERSION, openIdbStore, SNAPSHOT_LIFETIME_MS } from './idb-store';
import type { CachedRecord, CacheSnapshot } from './schema';

/** The inline script of src/app.html, exactly as the page runs it. */
const EARLY_SCRIPT = (() => {
	const html = readFileSync(new URL('../../app.html', import.meta.url), 'utf8');
	const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
	if (!script) throw new Error('src/app.html has an inline script');
	return script;
})();

/** Empties the database behind the store's back: what the store answers then is the snapshot. */
async function emptyBehind(userKey: string): Promise<void> {
	const raw = await openDB(databaseName(userKey));
	for (const name of ['moves', 'sleeps', 'months', 'meta']) await raw.clear(name);
	raw.close();
}

/** Runs the page's early read with localStorage naming `lastUser` (or throwing, as blocked storage does). */
function runEarlyScript(lastUser: string | null | Error): void {
	vi.stubGlobal('window', globalThis);
	vi.stubGlobal('localStorage', {
		getItem: (key: string) => {
			if (lastUser instanceof Error) throw lastUser;
			return key === LAST_USER_STORAGE_KEY ? lastUser : null;
		}
	});
	runInThisContext(EARLY_SCRIPT);
}

afterEach(() => {
	Reflect.deleteProperty(globalThis, EARLY_CACHE_GLOBAL);
	vi.unstubAllGlobals();
});

let users = 0;
const newUserKey = () => `early-${++users}-${Math.random().toString(36).slice(2)}`;

const fixture = fixtureDataset();

function moveRows(firstDate: number, days: number): CachedRecord<Move>[] {
	const base = fixture.moves[0];
	if (!base) throw new Error('the fixture has moves');
	return Array.from({ length: days }, (_, i) => {
		const date = addDays(firstDate, i);
		const xid = `move-${date}`;
		return { xid, date, fetchedAt: 1, record: { ...base, xid, date } };
	});
}

function sleepRows(firstDate: number, days: number): CachedRecord<Sleep>[] {
	const base = fixture.sleeps[0];
	if (!base) throw new Error('the fixture has sleeps');
	return Array.from({ length: days }, (_, i) => {
		const date = addDays(firstDate, i);
		const xid = `sleep-${date}`;
		return { xid, date, fetchedAt: 1, record: { ...base, xid, date } };
	});
}

/** 2026-03-16T12:00:00Z, when the previous visit synced. */
const SYNCED_AT = Date.UTC(2026, 2, 16, 12) / 1000;

/** A cache as a previous visit left it: records of two months, their month rows, a sync state. */
async function previousVisit(userKey: string, version = DB_VERSION): Promise<void> {
	const store = await openIdbStore({ userKey, version });
	await store.records.moves.put(moveRows(20260215, 30));
	await store.records.sleeps.put(sleepRows(20260220, 10));
	await store.records.moves.flush();
	await store.records.sleeps.flush();
	for (const kind of ['moves', 'sleeps', 'workouts'] as const) {
		await store.syncState.put({ kind, coveredFrom: 1, coveredTo: 2, lastSyncedAt: SYNCED_AT });
	}
	store.close();
}

/** Runs the early read for `userKey` and takes it over as the data layer does. */
async function earlySnapshot(userKey: string): Promise<CacheSnapshot | null> {
	runEarlyScript(userKey);
	const early = takeEarlyCache(userKey);
	try {
		return (await early?.snapshot) ?? null;
	} finally {
		early?.release();
	}
}

/** Whether a connection is still open (a closed one refuses new transactions). */
function isOpen(db: IDBDatabase): boolean {
	try {
		db.transaction('meta').abort();
		return true;
	} catch {
		return false;
	}
}

describe("the page's early read (src/app.html)", () => {
	it("reads the last user's month rows, sync states and date bounds, parsed", async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		const snapshot = await earlySnapshot(userKey);
		expect(snapshot?.version).toBe(DB_VERSION);
		expect(snapshot?.bounds).toEqual({
			moves: { oldest: 20260215, newest: 20260316 },
			sleeps: { oldest: 20260220, newest: 20260301 },
			workouts: {},
			heartrates: {},
			bodyEvents: {},
			cardiacEvents: {}
		});
		expect(snapshot?.meta.map((state) => state.kind).sort()).toEqual([
			'moves',
			'sleeps',
			'workouts'
		]);
		expect(snapshot?.meta[0]).toMatchObject({ coveredFrom: 1, lastSyncedAt: SYNCED_AT });
		const months = snapshot?.months.map((row) => `${row.kind}:${row.month}`).sort();
		expect(months).toEqual(['moves:202602', 'moves:202603', 'sleeps:202602', 'sleeps:202603']);
		const march = snapshot?.months.find((row) => row.kind === 'moves' && row.month === 202603);
		expect(march?.parsed).toEqual(JSON.parse(march?.json ?? 'null'));
		expect(march?.parsed).toHaveLength(16);
		// The moves' hourly totals come as numbers beside the JSON (hourly-pack.ts).
		expect(march?.hourly).toBeInstanceOf(ArrayBuffer);
	});

	it('never creates a database for a user who has none', async () => {
		const userKey = newUserKey();
		expect(await earlySnapshot(userKey)).toBeNull();
		const names = (await indexedDB.databases()).map((db) => db.name);
		expect(names).not.toContain(databaseName(userKey));
		// The app then creates it, with every migration.
		const store = await openIdbStore({ userKey });
		expect(await store.records.moves.between(0, 99991231)).toEqual([]);
		store.close();
	});

	it('leaves nothing behind when no user is remembered or storage is blocked', () => {
		runEarlyScript(null);
		expect(Reflect.get(globalThis, EARLY_CACHE_GLOBAL)).toBeUndefined();
		runEarlyScript(new DOMException('blocked', 'SecurityError'));
		expect(Reflect.get(globalThis, EARLY_CACHE_GLOBAL)).toBeUndefined();
	});

	it('is handed over once, and only for the user it was read for', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		runEarlyScript(userKey);
		expect(takeEarlyCache('someone-else')).toBeNull();
		expect(takeEarlyCache(userKey)).toBeNull();
		runEarlyScript(userKey);
		const early = takeEarlyCache(userKey);
		expect(await early?.snapshot).not.toBeNull();
		early?.release();
		expect(takeEarlyCache(userKey)).toBeNull();
	});

	it('keeps its connection open until the app releases it', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		runEarlyScript(userKey);
		const handover: unknown = Reflect.get(globalThis, EARLY_CACHE_GLOBAL);
		const early = takeEarlyCache(userKey);
		await early?.snapshot;
		const db: unknown = typeof handover === 'object' && handover && Reflect.get(handover, 'db');
		if (!(db instanceof IDBDatabase)) throw new Error('the script hands over its connection');
		expect(isOpen(db)).toBe(true);
		early?.release();
		await vi.waitUntil(() => !isOpen(db));
	});

	it('refuses a hand-over of the wrong shape', async () => {
		Reflect.set(globalThis, EARLY_CACHE_GLOBAL, {
			userKey: 'u',
			snapshot: Promise.resolve({ version: DB_VERSION, months: [{ kind: 'moves' }] })
		});
		expect(await takeEarlyCache('u')?.snapshot).toBeNull();
	});

	it('does not hold up the upgrade of an older database, whose snapshot goes unused', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey, DB_VERSION - 1);
		runEarlyScript(userKey);
		// The app opens at once, while the early read holds its connection.
		const early = takeEarlyCache(userKey);
		const store = await openIdbStore({ userKey, snapshot: early?.snapshot });
		early?.release();
		const raw = await openDB(databaseName(userKey));
		expect(raw.version).toBe(DB_VERSION);
		raw.close();
		expect(await store.records.moves.between(20260301, 20260331)).toHaveLength(16);
		store.close();
	});
});

describe('a store opened with the early snapshot', () => {
	it('answers reads from the snapshot, clipped to the range, until the first write', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		const store = await openIdbStore({ userKey, snapshot: earlySnapshot(userKey) });
		await emptyBehind(userKey);

		const moves = await store.records.moves.between(20260227, 20260302);
		expect(moves.map((m) => m.date)).toEqual([20260227, 20260228, 20260301, 20260302]);
		expect(moves[0]?.details.hourly_totals).toEqual(fixture.moves[0]?.details.hourly_totals);
		expect((await store.records.sleeps.between(0, 99991231)).length).toBe(10);
		expect(await store.records.workouts.between(0, 99991231)).toEqual([]);
		expect(await store.syncState.get('moves')).toMatchObject({ lastSyncedAt: SYNCED_AT });
		// The same month asked again: parsed anew, never the objects handed out before.
		const again = await store.records.moves.between(20260227, 20260302);
		expect(again).toEqual(moves);
		expect(again[0]).not.toBe(moves[0]);

		await store.records.moves.put(moveRows(20260320, 1));
		const after = await store.records.moves.between(0, 99991231);
		expect(after.map((m) => m.date)).toEqual([20260320]);
		expect(await store.syncState.get('moves')).toBeUndefined();
		store.close();
	});

	it('stops answering from the snapshot after a while, even with no write', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		vi.useFakeTimers({ toFake: ['performance'] });
		try {
			const store = await openIdbStore({ userKey, snapshot: earlySnapshot(userKey) });
			await emptyBehind(userKey);
			expect(await store.records.moves.between(0, 99991231)).toHaveLength(30);
			vi.advanceTimersByTime(SNAPSHOT_LIFETIME_MS + 1);
			expect(await store.records.moves.between(0, 99991231)).toEqual([]);
			store.close();
		} finally {
			vi.useRealTimers();
		}
	});

	it('asks IndexedDB for a range the snapshot has no month row of', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		// Records of a month whose row was never built: the snapshot cannot tell what it holds.
		const raw = await openDB(databaseName(userKey));
		for (const row of moveRows(20260401, 3)) await raw.put('moves', row);
		raw.close();
		const store = await openIdbStore({ userKey, snapshot: earlySnapshot(userKey) });
		const april = await store.records.moves.between(20260301, 20260430);
		expect(april.map((m) => m.date).slice(-3)).toEqual([20260401, 20260402, 20260403]);
		expect(april).toHaveLength(19);
		store.close();
	});

	it('asks IndexedDB when a month row of the snapshot cannot be read', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		const snapshot = await earlySnapshot(userKey);
		const march = snapshot?.months.find((row) => row.kind === 'moves' && row.month === 202603);
		if (!march) throw new Error('the snapshot has March');
		march.json = '[{"truncated';
		march.parsed = undefined;
		const store = await openIdbStore({ userKey, snapshot: Promise.resolve(snapshot) });
		expect(await store.records.moves.between(20260301, 20260331)).toHaveLength(16);
		store.close();
	});

	it('does not use a snapshot of a database deleted and created again since', async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		const snapshot = await earlySnapshot(userKey);
		await deleteDB(databaseName(userKey));
		const store = await openIdbStore({ userKey, snapshot: Promise.resolve(snapshot) });
		expect(await store.records.moves.between(0, 99991231)).toEqual([]);
		store.close();
	});
});

describe('the data layer on a reload', () => {
	it("shows the remembered user's records and last sync from the early read, session or not", async () => {
		const userKey = newUserKey();
		await previousVisit(userKey);
		runEarlyScript(userKey);
		await emptyBehind(userKey);
		// The session never answers: everything shown comes from the page's early read.
		const layer = new DataLayer({
			fetch: () => new Promise<Response>(() => {}),
			memory: rememberedUser(userKey)
		});
		const moves = layer.moves(20260301, 20260310);
		await layer.ready();
		await vi.waitUntil(() => moves.data !== undefined);
		expect(moves.data?.map((m) => m.date)).toEqual(
			Array.from({ length: 10 }, (_, i) => addDays(20260301, i))
		);
		expect(layer.syncStatus.lastSynced).toBe(SYNCED_AT);
		expect(layer.syncStatus.zone).toBe(fixture.moves[0]?.details.tz);
	});
});

function rememberedUser(userKey: string): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
	const values = new Map([[LAST_USER_STORAGE_KEY, userKey]]);
	return {
		getItem: (key) => values.get(key) ?? null,
		setItem: (key, value) => void values.set(key, value),
		removeItem: (key) => void values.delete(key)
	};
}
