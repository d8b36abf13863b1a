import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	createReferenceApi,
	OWN_ACCOUNT,
	type ReferenceApi
} from '$lib/server/reference-api/index';
import { DATABASE_FILE } from '$lib/server/reference-api/database';
import { FIXTURE_NOW_MS, fixtureDataset } from '$lib/server/reference-api/test-fixture';
import { call, itemsOf, jsonOf } from '$lib/server/reference-api/test-helpers';
import { importFile, MemorySink, StoreSink } from './index';

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

const sink = () => new StoreSink((batches) => api.importKinds(OWN_ACCOUNT, batches));
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
			heartrates: 2
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
		const again = await importFile(fixture('apple-health-export.zip'), sink());
		const none = { moves: 0, sleeps: 0, workouts: 0, body_events: 0, meals: 0, heartrates: 0 };
		expect(again.outcome).toEqual({
			added: none,
			updated: none,
			unchanged: { moves: 5, sleeps: 2, workouts: 2, body_events: 2, meals: 1, heartrates: 2 }
		});
		expect(rows()).toEqual(before);
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

	it('stores nothing of any kind when the store refuses a record after others were written', async () => {
		const before = rows();
		const read = new MemorySink();
		await importFile(fixture('apple-health-export.xml'), read);
		await read.commit();
		const store = sink();
		// The moves come first and are valid; a sleep the schema refuses comes after them.
		for (const item of read.list('moves')) store.add(item);
		const [night] = read.list('sleeps');
		if (night?.kind !== 'sleeps') throw new Error('the fixture has no sleep');
		store.add({ ...night, record: { ...night.record, date: -1 } });
		await expect(store.commit()).rejects.toThrow(/sleeps record 1/);
		expect(rows()).toEqual(before);
		expect(itemsOf(await get('/nudge/api/v.1.1/users/@me/moves?date=20240330'))).not.toEqual(
			expect.arrayContaining([expect.objectContaining({ xid: read.list('moves')[0]?.record.xid })])
		);
	});
});
