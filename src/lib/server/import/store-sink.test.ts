import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as referenceApi from '$lib/server/reference-api/index';
import {
	createReferenceApi,
	OWN_ACCOUNT,
	type ReferenceApi
} from '$lib/server/reference-api/index';
import { DATABASE_FILE } from '$lib/server/reference-api/database';
import { FIXTURE_NOW_MS, fixtureDataset } from '$lib/server/reference-api/testing/fixture';
import { call, itemsOf, jsonOf } from '$lib/server/reference-api/testing/helpers';
import { writeLongExport } from './fixtures/long-export';
import {
	ImportError,
	importFile,
	MemorySink,
	ownAccountWriter,
	StoreSink,
	type ImportedRecord,
	type StoreImport
} from './index';

// Expected figures are the hand-counted ones of apple-health.test.ts (fixtures/generate.ts).
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const TOKEN = 'static-import-token-0123456789';

let dir: string;
let api: ReferenceApi;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'import-store-'));
	api = createReferenceApi({
		dataset: fixtureDataset(),
		dataDir: dir,
		now: () => FIXTURE_NOW_MS,
		accessToken: TOKEN
	});
	await api.ready();
});

afterEach(async () => {
	await api.close();
	await rm(dir, { recursive: true, force: true });
});

const sink = () => new StoreSink(ownAccountWriter(api, referenceApi));
const get = async (path: string) =>
	(await jsonOf(await call(api, 'GET', path, { token: TOKEN }))).data;

/** Every row of the database file, as another process sees it. */
function rows(): { records: number; ticks: number; dump: string } {
	const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
	try {
		const records = db
			.prepare('SELECT account, kind, xid, body FROM records ORDER BY account, kind, xid')
			.all();
		const ticks = db
			.prepare('SELECT account, kind, xid FROM ticks ORDER BY account, kind, xid')
			.all();
		return {
			records: records.length,
			ticks: ticks.length,
			dump: JSON.stringify([records, ticks])
		};
	} finally {
		db.close();
	}
}

describe('importing into the embedded store', () => {
	it('stores an Apple Health export in the own account, read back through the API with the static token', async () => {
		const summary = await importFile(fixture('apple-health-export.zip'), sink());
		expect(summary.outcome?.added).toEqual({
			moves: 5,
			sleeps: 2,
			workouts: 2,
			body_events: 2,
			meals: 1,
			heartrates: 2,
			cardiac_events: 0
		});
		const moves = itemsOf(await get('/nudge/api/v.1.1/users/@me/moves?date=20240330'));
		expect(moves).toHaveLength(1);
		const move = moves[0];
		// Phone 60/min from 08:00 to 08:05, then the watch's 80/min to 08:10, plus 12:30.
		expect(move?.details).toMatchObject({
			steps: 800,
			distance: 652,
			hourly_totals: { '2024033008': { steps: 700 }, '2024033012': { steps: 100 } },
			import_source: 'apple_health'
		});
		const ticks = itemsOf(await get(`/nudge/api/v.1.1/moves/${String(move?.xid)}/ticks`));
		expect(ticks.map((tick) => tick.steps)).toEqual([
			60, 60, 60, 60, 60, 80, 80, 80, 80, 80, 50, 50
		]);
	});

	it('adds nothing when the same export is imported again', async () => {
		await importFile(fixture('apple-health-export.xml'), sink());
		const before = rows();
		// `again`: read it record by record, past the digest that would recognise it at once.
		const again = await importFile(fixture('apple-health-export.zip'), sink(), { again: true });
		const none = {
			moves: 0,
			sleeps: 0,
			workouts: 0,
			body_events: 0,
			meals: 0,
			heartrates: 0,
			cardiac_events: 0
		};
		expect(again.outcome).toEqual({
			added: none,
			updated: none,
			unchanged: {
				moves: 5,
				sleeps: 2,
				workouts: 2,
				body_events: 2,
				meals: 1,
				heartrates: 2,
				cardiac_events: 0
			}
		});
		expect(rows()).toEqual(before);
	});

	it('recognises a file imported before by its digest, zipped or not, and reads no record of it', async () => {
		const first = await importFile(fixture('apple-health-export.xml'), sink(), {
			now: () => FIXTURE_NOW_MS
		});
		expect(first.repeatOf).toBeNull();
		const before = rows();
		let staged = 0;
		const counting = sink();
		const add = counting.add.bind(counting);
		counting.add = (item) => {
			staged++;
			return add(item);
		};
		// The zip holds the same export.xml: the content's digest is the same.
		const again = await importFile(fixture('apple-health-export.zip'), counting);
		expect(staged).toBe(0);
		expect(again.repeatOf).toEqual({ at: FIXTURE_NOW_MS / 1000 });
		expect(again.records).toEqual(first.records);
		expect(again.outcome?.added.moves).toBe(0);
		expect(again.outcome?.unchanged.moves).toBe(5);
		expect(rows()).toEqual(before);
	});

	it('imports a file of the same size with other content, or in another zone, anew', async () => {
		const options = { tz: 'Europe/Berlin' };
		await importFile(fixture('up-export.csv'), sink(), options);
		const text = await readFile(fixture('up-export.csv'), 'utf8');
		// 30 March's steps changed, 8000 to 8001: the same number of bytes.
		const changed = join(dir, 'up.csv');
		await writeFile(changed, text.replace('20240330,8000,', '20240330,8001,'));
		const summary = await importFile(changed, sink(), options);
		expect(summary.repeatOf).toBeNull();
		expect(summary.outcome?.updated.moves).toBe(1);
		// The first file again, its days placed in another zone: other records.
		const elsewhere = await importFile(fixture('up-export.csv'), sink(), { tz: 'Asia/Tokyo' });
		expect(elsewhere.repeatOf).toBeNull();
		expect(elsewhere.outcome?.updated.moves).toBe(3);
	});

	it('moves the account to the zone of the latest records imported, never back to an older one', async () => {
		const homeZone = () => {
			const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
			try {
				const row = db.prepare('SELECT profile FROM accounts WHERE id = ?').pluck().get('me');
				const profile: unknown = JSON.parse(String(row));
				return typeof profile === 'object' && profile !== null && 'homeTz' in profile
					? profile.homeTz
					: undefined;
			} finally {
				db.close();
			}
		};
		// Latest records 7 March 2019, whose device named Europe/Berlin.
		await importFile(fixture('apple-health-completeness.xml'), sink());
		expect(homeZone()).toBe('Europe/Berlin');
		// Rows up to 2 April 2024, placed in Tokyo: later.
		await importFile(fixture('up-export.csv'), sink(), { tz: 'Asia/Tokyo' });
		expect(homeZone()).toBe('Asia/Tokyo');
		// A 2016 export in +0100, imported last, is older: the zone stays.
		await importFile(fixture('apple-health-2016-excerpt.xml'), sink());
		expect(homeZone()).toBe('Asia/Tokyo');
	});

	it('leaves the store exactly as it was when a file is malformed', async () => {
		await importFile(fixture('apple-health-earlier.xml'), sink());
		const before = rows();
		expect(before.records).toBeGreaterThan(0);
		await expect(importFile(fixture('apple-health-bad-date.xml'), sink())).rejects.toThrow(
			/is not a date/
		);
		expect(rows()).toEqual(before);
	});

	it('reports a refusal a store gives only when it commits later as the import module’s own error', async () => {
		class Refused extends Error {}
		const later = {
			beginImport: () =>
				Promise.resolve({
					add: () => {},
					commit: () => Promise.reject(new Refused('sleeps record 1: date is not a date')),
					abort: () => {}
				})
		};
		const opened = await ownAccountWriter(later, { OWN_ACCOUNT: 'me', ImportError: Refused })();
		opened.add('moves', {});
		const failure: unknown = await Promise.resolve()
			.then(() => opened.commit())
			.catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(ImportError);
		expect((failure as Error).message).toBe('sleeps record 1: date is not a date');
	});

	it('reports a store that cannot open an import (busy) as the import module’s own error', async () => {
		class Refused extends Error {}
		const busy = {
			beginImport: () => Promise.reject(new Refused('the store in data is busy: try again'))
		};
		const opening = ownAccountWriter(busy, { OWN_ACCOUNT: 'me', ImportError: Refused })();
		await expect(opening).rejects.toBeInstanceOf(ImportError);
		await expect(opening).rejects.toThrow('the store in data is busy: try again');
	});

	it('stores nothing of any kind when the store refuses a record after others were written', async () => {
		const before = rows();
		const read = new MemorySink();
		await importFile(fixture('apple-health-export.xml'), read);
		await read.commit();
		const store = sink();
		// The moves come first and are valid; a sleep the schema refuses comes after them.
		for (const item of read.list('moves')) await store.add(item);
		const [night] = read.list('sleeps');
		if (night?.kind !== 'sleeps') throw new Error('the fixture has no sleep');
		await store.add({ ...night, record: { ...night.record, date: -1 } });
		// The store checks every record: the collector leaves the check to it.
		expect(store.checksRecords).toBe(true);
		// Reported like a malformed file: the import module's own error, with the store's words.
		const failure: unknown = await store.commit().catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(ImportError);
		expect((failure as Error).message).toMatch(/sleeps record 1/);
		expect(rows()).toEqual(before);
		expect(itemsOf(await get('/nudge/api/v.1.1/users/@me/moves?date=20240330'))).not.toEqual(
			expect.arrayContaining([expect.objectContaining({ xid: read.list('moves')[0]?.record.xid })])
		);
	});

	it('leaves the store exactly as it was when a long file fails at its very last element', async () => {
		const earlier = join(dir, 'earlier.xml');
		await writeLongExport(earlier, 40);
		await importFile(earlier, sink());
		const before = rows();
		const bad = join(dir, 'bad.xml');
		await writeLongExport(bad, 1200, { badLastDate: true });
		await expect(importFile(bad, sink())).rejects.toThrow(
			/bad\.xml line 4802, column \d+: <Record type="HKQuantityTypeIdentifierActiveEnergyBurned">: startDate "2024-02-08 25:00:00 \+0100" is not a date/
		);
		expect(rows()).toEqual(before);
	});

	it('answers reads while an import is written, showing none of it before the commit', async () => {
		await importFile(fixture('apple-health-export.xml'), sink());
		const long = join(dir, 'long.xml');
		await writeLongExport(long, 400);
		const seen: unknown[][] = [];
		const reading = new StoreSink(async () => {
			const transaction = await api.beginImport(OWN_ACCOUNT);
			let added = 0;
			return {
				add: (kind, record) => {
					transaction.add(kind, record);
					added++;
				},
				commit: async () => {
					// Everything is written into the open transaction by now; another reader waits for nothing.
					seen.push(itemsOf(await get('/nudge/api/v.1.1/users/@me/moves?date=20200315')));
					expect(added).toBe(400);
					return transaction.commit();
				},
				abort: () => transaction.abort()
			} satisfies StoreImport;
		});
		const summary = await importFile(long, reading);
		expect(summary.outcome?.added.moves).toBe(400);
		expect(seen).toEqual([[]]);
		const after = itemsOf(await get('/nudge/api/v.1.1/users/@me/moves?date=20200315'));
		expect(after).toEqual([expect.objectContaining({ date: 20200315, title: '100 steps' })]);
	});

	it('hands each record to the store as it comes, not all of them at the commit', async () => {
		const order: string[] = [];
		const streaming = new StoreSink(() =>
			Promise.resolve({
				add: (kind) => {
					order.push(kind);
				},
				commit: () => {
					order.push('commit');
					return { moves: { added: 5, updated: 0, unchanged: 0 } };
				},
				abort: () => undefined
			})
		);
		const item = (date: number): ImportedRecord => {
			const read = moveItem.get(date);
			if (!read) throw new Error(`no move on ${date}`);
			return read;
		};
		const all = new MemorySink();
		await importFile(fixture('apple-health-export.xml'), all);
		await all.commit();
		const moveItem = new Map(all.list('moves').map((entry) => [entry.record.date, entry]));
		await streaming.add(item(20240330));
		expect(order).toEqual(['moves']);
		await streaming.add(item(20240331));
		expect(order).toEqual(['moves', 'moves']);
		await streaming.commit();
		expect(order).toEqual(['moves', 'moves', 'commit']);
	});
});
