import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceApi, ImportError, OWN_ACCOUNT, type ReferenceApi } from './index';
import { FIXTURE_NOW_MS, fixtureDataset } from './testing/fixture';
import { call, jsonOf } from './testing/helpers';

// `npm run import` writes into the data folder of a running server: two processes, one SQLite
// file. Here two APIs on the same folder stand for them, each with its own connections.
const TOKEN = 'static-test-token-0123456789';

let dir: string;
let server: ReferenceApi;
let importer: ReferenceApi;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'reference-api-shared-store-'));
	server = createReferenceApi({
		dataset: fixtureDataset(),
		dataDir: dir,
		now: () => FIXTURE_NOW_MS,
		accessToken: TOKEN
	});
	await server.ready();
	// The command line opens the folder as it is: no demo generated into it.
	importer = createReferenceApi({
		dataDir: dir,
		demo: false,
		now: () => FIXTURE_NOW_MS,
		accessToken: TOKEN
	});
	await importer.ready();
});

afterEach(async () => {
	await importer.close();
	await server.close();
	await rm(dir, { recursive: true, force: true });
});

const weighIn = () =>
	call(server, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
		token: TOKEN,
		form: { weight: '70.5', time_created: String(FIXTURE_NOW_MS / 1000 - 60) }
	});

/** A record of the person's own account, as the importer writes them. */
const importedMove = () => {
	const move = fixtureDataset().moves[0];
	if (move === undefined) throw new Error('the fixture has no move');
	return { ...move, xid: 'imported_move_1' };
};

describe('a store shared by the server and an import from the command line', () => {
	it('answers a write made while the import is being written with 503 and why, then takes it', async () => {
		const transaction = await importer.beginImport(OWN_ACCOUNT);
		transaction.add('moves', importedMove());
		const refused = await weighIn();
		expect(refused.status).toBe(503);
		expect(refused.headers.get('retry-after')).not.toBeNull();
		const meta = (await jsonOf(refused)).meta;
		expect(meta.error_type).toBe('store_busy');
		expect(String(meta.error_detail)).toMatch(/an import is being written/);
		transaction.commit();
		expect((await weighIn()).status).toBe(201);
	});

	it('tells an import that the server is writing that the store is busy, in words', async () => {
		const held = await server.beginImport(OWN_ACCOUNT);
		try {
			await expect(importer.beginImport(OWN_ACCOUNT)).rejects.toThrow(ImportError);
			await expect(importer.beginImport(OWN_ACCOUNT)).rejects.toThrow(
				/the store .* is busy: the running dashboard is writing to it/
			);
		} finally {
			held.abort();
		}
		const transaction = await importer.beginImport(OWN_ACCOUNT);
		transaction.add('moves', importedMove());
		expect(transaction.commit()).toMatchObject({ moves: { added: 1 } });
	});
});
