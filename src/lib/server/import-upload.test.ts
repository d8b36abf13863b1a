import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownAccountWriter, type StoreWriter } from './import/index';
import {
	cleanFileName,
	createImportUpload,
	type UploadDestination,
	type UploadRequest
} from './import-upload';
import * as referenceApi from './reference-api/index';
import { createReferenceApi, type ReferenceApi } from './reference-api/index';
import { FIXTURE_NOW_MS, fixtureDataset } from './reference-api/testing/fixture';
import { call, itemsOf, jsonOf } from './reference-api/testing/helpers';

// Expected counts are worked out by hand from the rows and records of import/fixtures/generate.ts
// (the same figures import/up-csv.test.ts and import/apple-health.test.ts check).
const fixture = (name: string) =>
	fileURLToPath(new URL(`./import/fixtures/${name}`, import.meta.url));
const TOKEN = 'upload-test-token-0123456789';

let api: ReferenceApi;
let spool: string;

beforeEach(async () => {
	spool = await mkdtemp(join(tmpdir(), 'upload-spool-'));
	api = createReferenceApi({
		dataset: fixtureDataset(),
		dataDir: null,
		now: () => FIXTURE_NOW_MS,
		accessToken: TOKEN
	});
	await api.ready();
});

afterEach(async () => {
	await api.close();
	await rm(spool, { recursive: true, force: true });
});

const writer: StoreWriter = () => ownAccountWriter(api, referenceApi)();
/** The person's own account, every kind allowed: a server without sign-in. */
const own: UploadDestination = { writer, refused: () => null };

function handler() {
	return createImportUpload({ spool: { root: spool }, now: () => FIXTURE_NOW_MS });
}

function request(
	name: string | null,
	body: Readable | null,
	tz: string | null = null,
	into: UploadDestination = own
) {
	return { name, body, size: null, tz, into } satisfies UploadRequest;
}

const file = (name: string) => createReadStream(fixture(name));

interface Answer {
	meta: { code: number; error_type?: string; error_detail?: string };
	data: {
		records: Record<string, number>;
		outcome: Record<'added' | 'updated' | 'unchanged', Record<string, number>>;
	};
}
const read = async (response: Response) => (await response.json()) as Answer;

/** The steps of each date's move the static token reads, from the API as a browser would. */
async function stepsOn(...dates: number[]): Promise<(number | null)[]> {
	const steps: (number | null)[] = [];
	for (const date of dates) {
		const response = await call(api, 'GET', `/nudge/api/v.1.1/users/@me/moves?date=${date}`, {
			token: TOKEN
		});
		const move = itemsOf((await jsonOf(response)).data)[0] as
			{ details: { steps: number } } | undefined;
		steps.push(move === undefined ? null : move.details.steps);
	}
	return steps;
}

describe('the import upload', () => {
	it('stores a UP export and answers a summary per kind', async () => {
		const response = await handler()(request('up-export.csv', file('up-export.csv')));
		expect(response.status).toBe(200);
		const answer = await read(response);
		expect(answer.data.outcome.added).toEqual({
			moves: 3,
			sleeps: 2,
			workouts: 0,
			body_events: 2,
			meals: 2,
			heartrates: 0,
			cardiac_events: 0
		});
		// The static token reads the own account once it holds records: the rows' steps.
		expect(await stepsOn(20240330, 20240331, 20240401, 20240402)).toEqual([
			8000,
			10500,
			null,
			5000
		]);

		const again = await read(await handler()(request('up-export.csv', file('up-export.csv'))));
		expect(again.data.outcome.added.moves).toBe(0);
		expect(again.data.outcome.unchanged.moves).toBe(3);
		expect(again.data.outcome.unchanged.meals).toBe(2);
	});

	it('reads an Apple Health export.zip through a spooled copy, deleted afterwards', async () => {
		const response = await handler()(
			request('apple-health-export.zip', file('apple-health-export.zip'))
		);
		expect(response.status).toBe(200);
		const answer = await read(response);
		expect(answer.data.records).toEqual({
			moves: 5,
			sleeps: 2,
			workouts: 2,
			body_events: 2,
			meals: 1,
			heartrates: 2,
			cardiac_events: 0
		});
		expect(await readdir(spool)).toEqual([]);
	});

	it('answers 422 with the line and column of a malformed file, and stores nothing of it', async () => {
		const response = await handler()(
			request('up-export-malformed.csv', file('up-export-malformed.csv'))
		);
		expect(response.status).toBe(422);
		const answer = await read(response);
		expect(answer.meta.code).toBe(422);
		expect(answer.meta.error_type).toBe('invalid_import');
		expect(answer.meta.error_detail).toContain('line 3');
		expect(answer.meta.error_detail).toContain('m_steps');
		// Its first row (30 March) was good, yet not stored: the own account is still empty, so
		// the static token still reads the demo user, who has no records in 2024.
		expect(await stepsOn(20240330, 20240331)).toEqual([null, null]);
	});

	it('names the element of a malformed Apple Health export', async () => {
		const response = await handler()(
			request('apple-health-bad-date.xml', file('apple-health-bad-date.xml'))
		);
		expect(response.status).toBe(422);
		expect((await read(response)).meta.error_detail).toMatch(/line \d+, column \d+: <Record/);
	});

	it('runs one import at a time: a second one meanwhile is told 409', async () => {
		const upload = handler();
		const slow = new PassThrough();
		const first = upload(request('up-export.csv', slow));
		slow.write('date,m_steps\n20240330,8000\n');
		await new Promise((resolve) => setTimeout(resolve, 20));
		const second = await upload(request('up-export.csv', file('up-export.csv')));
		expect(second.status).toBe(409);
		expect((await read(second)).meta.error_type).toBe('import_busy');
		slow.end('20240331,9000\n');
		expect((await first).status).toBe(200);
		// Free again once the first has finished.
		const third = await upload(request('up-export.csv', file('up-export.csv')));
		expect(third.status).toBe(200);
	});

	it('a body that breaks off stores nothing', async () => {
		const broken = new PassThrough();
		const answer = handler()(request('up-export.csv', broken));
		broken.write('date,m_steps\n20240330,8000\n');
		broken.destroy(new Error('aborted'));
		const response = await answer;
		expect(response.status).toBe(422);
		expect(await stepsOn(20240330, 20240331)).toEqual([null, null]);
	});

	it('stops at the first record of a kind the sign-in may not write, and stores nothing', async () => {
		// The UP export holds moves, sleeps, weigh-ins and meals; this sign-in may not add meals.
		const into: UploadDestination = {
			writer,
			refused: (kind) => (kind === 'meals' ? { kind, scope: 'meal_write' } : null)
		};
		const response = await handler()(request('up-export.csv', file('up-export.csv'), null, into));
		expect(response.status).toBe(403);
		const answer = await read(response);
		expect(answer.meta.error_type).toBe('insufficient_scope');
		expect(answer.meta.error_detail).toBe(
			'Nothing was imported: the file holds meals, and this sign-in may not add them (meal_write). Sign in again and allow it.'
		);
		expect(await stepsOn(20240330, 20240331)).toEqual([null, null]);
	});

	it('answers a refused kind at once, without waiting for the rest of the upload', async () => {
		const into: UploadDestination = {
			writer,
			refused: (kind) => ({ kind, scope: 'move_write' })
		};
		const upload = new PassThrough();
		const answer = handler()(request('up.csv', upload, null, into));
		upload.write('date,m_steps\n');
		for (let day = 1; day <= 28; day++)
			upload.write(`202401${String(day).padStart(2, '0')},${day}\n`);
		// The upload goes on (it never ends here): the refusal does not wait for it.
		const response = await answer;
		expect(response.status).toBe(403);
		upload.destroy();
	});

	it('refuses a file without a name or of another kind', async () => {
		expect((await handler()(request(null, file('up-export.csv')))).status).toBe(400);
		const other = await handler()(request('notes.txt', file('up-export.csv')));
		expect(other.status).toBe(415);
		expect((await read(other)).meta.error_detail).toContain('notes.txt');
	});

	it('an unknown zone for a UP export is a 422', async () => {
		const response = await handler()(request('up-export.csv', file('up-export.csv'), 'Mars/Base'));
		expect(response.status).toBe(422);
		expect((await read(response)).meta.error_detail).toContain('Mars/Base');
	});

	it('shows only the base name of the file, without control characters', () => {
		expect(cleanFileName('C:\\Users\\anna\\export.zip')).toBe('export.zip');
		expect(cleanFileName('../../etc/up\u0000.csv')).toBe('up.csv');
	});
});
