import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownAccountWriter } from './import/index';
import {
	createImportUpload,
	type ImportUploadOptions,
	type UploadDestination,
	type UploadRequest
} from './import-upload';
import * as referenceApi from './reference-api/index';
import { createReferenceApi, type ReferenceApi } from './reference-api/index';
import { FIXTURE_NOW_MS, fixtureDataset } from './reference-api/testing/fixture';
import { metered, UploadStalled } from './upload-limits';
import { removeLeftoverSpools } from './upload-spool';
import { zipOf } from './import/testing/zip-writer';

// The limits around an upload: its size, the disk it is spooled to, a client that stalls or goes
// away, and the one import slot each of them must free at once.
const UP_EXPORT = fileURLToPath(new URL('./import/fixtures/up-export.csv', import.meta.url));
const ZIP_EXPORT = fileURLToPath(
	new URL('./import/fixtures/apple-health-export.zip', import.meta.url)
);
const MIB = 1024 * 1024;

let api: ReferenceApi;
let root: string;
let into: UploadDestination;

beforeEach(async () => {
	root = await mkdtemp(join(tmpdir(), 'upload-limits-'));
	api = createReferenceApi({ dataset: fixtureDataset(), dataDir: null, now: () => FIXTURE_NOW_MS });
	await api.ready();
	into = { writer: ownAccountWriter(api, referenceApi), refused: () => null };
});

afterEach(async () => {
	await api.close();
	await rm(root, { recursive: true, force: true });
});

function handler(options: ImportUploadOptions = {}) {
	return createImportUpload({
		now: () => FIXTURE_NOW_MS,
		...options,
		spool: { root, ...options.spool }
	});
}

function upload(
	name: string,
	body: Readable,
	extra: Partial<Pick<UploadRequest, 'size' | 'signal'>> = {}
): UploadRequest {
	return { name, body, size: null, tz: null, into, ...extra };
}

async function metaOf(response: Response) {
	return ((await response.json()) as { meta: { error_type?: string; error_detail?: string } }).meta;
}

/** `count` MiB of a CSV's rows, made as they are read. */
function csvOf(mebibytes: number): Readable {
	const row = '20240330,8000\n'.repeat(MIB / 16);
	return Readable.from(
		(function* () {
			yield 'date,m_steps\n';
			for (let i = 0; i < mebibytes; i++) yield row;
		})()
	);
}

/** A small zip that inflates to `mebibytes` MiB of elements that hold no record. */
function zipBomb(mebibytes: number): Buffer {
	const filler = '<ExportDate value="2024-04-03 10:00:00 +0200"/>\n';
	const xml = [
		'<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_GB">\n',
		filler.repeat(Math.ceil((mebibytes * MIB) / filler.length)),
		'</HealthData>\n'
	].join('');
	return zipOf(new Map([['apple_health_export/export.xml', Buffer.from(xml)]]));
}

describe('the size cap', () => {
	it('refuses an upload whose length passes the cap at once, and drops the rest of it', async () => {
		const imports = handler({ maxBytes: MIB });
		const body = new PassThrough();
		// Answered before a byte of it arrives.
		const response = await imports(upload('up-export.csv', body, { size: 2 * MIB }));
		expect(response.status).toBe(413);
		expect((await metaOf(response)).error_type).toBe('payload_too_large');
		// The rest is read and dropped, so the client gets the answer, not a reset connection.
		expect(body.readableFlowing).toBe(true);
		expect((await imports(upload('up-export.csv', createReadStream(UP_EXPORT)))).status).toBe(200);
	});

	it('refuses a chunked upload (no length) as soon as it passes the cap, with 413, not 422', async () => {
		const response = await handler({ maxBytes: MIB })(upload('up.csv', csvOf(3)));
		expect(response.status).toBe(413);
		const meta = await metaOf(response);
		expect(meta.error_type).toBe('payload_too_large');
		expect(meta.error_detail).toContain('NUDGE_IMPORT_MAX_BYTES');
	});

	it('stops spooling a zip past the cap and leaves nothing on disk', async () => {
		const response = await handler({ maxBytes: MIB })(
			upload('export.zip', Readable.from([Buffer.alloc(3 * MIB)]))
		);
		expect(response.status).toBe(413);
		expect(await readdir(root)).toEqual([]);
	});

	it('takes a chunked upload within the cap', async () => {
		const response = await handler({ maxBytes: MIB })(
			upload('up-export.csv', createReadStream(UP_EXPORT))
		);
		expect(response.status).toBe(200);
	});
});

describe('the spool’s free-space check', () => {
	it('refuses a zip whose announced size would not leave the reserve free, before writing a byte', async () => {
		const free = 100 * MIB;
		const body = new PassThrough();
		const response = await handler({
			spool: { reserveBytes: 64 * MIB, freeBytes: () => Promise.resolve(free) }
		})(upload('export.zip', body, { size: 50 * MIB }));
		expect(response.status).toBe(507);
		const meta = await metaOf(response);
		expect(meta.error_type).toBe('insufficient_storage');
		expect(meta.error_detail).toContain('free');
		expect(await readdir(root)).toEqual([]);
		expect(body.readableFlowing).toBe(true);
	});

	it('stops a zip when the disk fills while it is written, removes it and frees the slot', async () => {
		let checks = 0;
		const upload1 = handler({
			spool: {
				reserveBytes: 64 * MIB,
				checkEveryBytes: 256 * 1024,
				// Plenty at first; then something else fills the disk.
				freeBytes: () => Promise.resolve(++checks < 3 ? 10_000 * MIB : 10 * MIB)
			}
		});
		const chunks = Array.from({ length: 16 }, () => Buffer.alloc(256 * 1024));
		const response = await upload1(upload('export.zip', Readable.from(chunks)));
		expect(response.status).toBe(507);
		expect(checks).toBeGreaterThanOrEqual(3);
		expect(await readdir(root)).toEqual([]);
		checks = 0;
		expect((await upload1(upload('up-export.csv', createReadStream(UP_EXPORT)))).status).toBe(200);
	});

	it('spools a zip when there is room, and deletes the copy afterwards', async () => {
		const response = await handler()(upload('export.zip', createReadStream(ZIP_EXPORT)));
		expect(response.status).toBe(200);
		expect(await readdir(root)).toEqual([]);
	});
});

describe('a database that cannot take the records', () => {
	it('answers 507 saying the disk is full, not a bare 500', async () => {
		// SQLite's own error for a file that may not grow any more.
		const db = new Database(':memory:');
		db.exec('CREATE TABLE t (b TEXT)');
		db.pragma('max_page_count = 4');
		const full = () => db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(8000));
		const fullDisk: UploadDestination = {
			writer: () =>
				Promise.resolve({
					add: () => void full(),
					commit: () => ({}),
					abort: () => undefined
				}),
			refused: () => null
		};
		const response = await handler()({
			...upload('up-export.csv', createReadStream(UP_EXPORT)),
			into: fullDisk
		});
		db.close();
		expect(response.status).toBe(507);
		expect(await metaOf(response)).toMatchObject({
			error_type: 'insufficient_storage',
			error_detail: 'Nothing was imported: the disk is full (or the file may not grow any more).'
		});
	});
});

describe('the one import slot', () => {
	it('is freed by an upload that stalls: 408 after the idle time, then the next one runs', async () => {
		const imports = handler({ idleMs: 50 });
		const stalled = new PassThrough();
		const answer = imports(upload('up-export.csv', stalled));
		stalled.write('date,m_steps\n20240330,8000\n');
		const response = await answer;
		expect(response.status).toBe(408);
		// A stalled client sends nothing more: its connection is closed behind the answer.
		expect(response.headers.get('connection')).toBe('close');
		expect((await metaOf(response)).error_type).toBe('upload_stalled');
		expect((await imports(upload('up-export.csv', createReadStream(UP_EXPORT)))).status).toBe(200);
	});

	it('is freed as soon as the client goes away while a CSV streams', async () => {
		const imports = handler();
		const gone = new AbortController();
		const endless = new PassThrough();
		const answer = imports(upload('up-export.csv', endless, { signal: gone.signal }));
		endless.write('date,m_steps\n20240330,8000\n');
		await new Promise((resolve) => setTimeout(resolve, 20));
		gone.abort();
		expect((await answer).status).toBe(400);
		expect((await imports(upload('up-export.csv', createReadStream(UP_EXPORT)))).status).toBe(200);
	});

	it('is freed when the client goes away while a spooled zip bomb is read', async () => {
		const imports = handler();
		const gone = new AbortController();
		const bomb = zipBomb(64);
		const answer = imports(upload('export.zip', Readable.from([bomb]), { signal: gone.signal }));
		// Wait until the zip is on disk whole: from then on only the import itself reads it.
		for (;;) {
			const folders = await readdir(root);
			const folder = folders[0];
			const sizes =
				folder === undefined
					? []
					: await Promise.all(
							(await readdir(join(root, folder))).map(
								async (file) => (await stat(join(root, folder, file))).size
							)
						);
			if (sizes.includes(bomb.length)) break;
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		gone.abort();
		const response = await answer;
		expect(response.status).toBe(400);
		expect((await metaOf(response)).error_type).toBe('upload_aborted');
		expect(await readdir(root)).toEqual([]);
		expect((await imports(upload('up-export.csv', createReadStream(UP_EXPORT)))).status).toBe(200);
	});
});

describe('the idle timeout', () => {
	it('does not count a reader busy with what it has as a stalled client', async () => {
		const source = new PassThrough();
		const stop = new AbortController();
		const { body } = metered(source, { maxBytes: 100 * MIB, idleMs: 30, stop });
		source.end(Buffer.alloc(4 * MIB));
		let read = 0;
		for await (const chunk of body) {
			read += (chunk as Buffer).length;
			// A slow importer: longer than the idle time between chunks.
			await new Promise((resolve) => setTimeout(resolve, 40));
			if (read > MIB) break;
		}
		expect(stop.signal.aborted).toBe(false);
	});

	it('counts a client that sends nothing while the reader waits', async () => {
		const source = new PassThrough();
		const stop = new AbortController();
		const { body } = metered(source, { maxBytes: 100 * MIB, idleMs: 30, stop });
		source.write('some');
		await expect(async () => {
			for await (const _ of body) {
				// Reads what came, then waits for more that never comes.
			}
		}).rejects.toBeInstanceOf(UploadStalled);
		expect(stop.signal.reason).toBeInstanceOf(UploadStalled);
	});
});

describe('leftover spools', () => {
	it('removes the folders of processes that are gone, and keeps a live one’s', async () => {
		const spoolRoot = join(root, 'wellness-import-spool');
		const dead = spawnSync(process.execPath, ['-e', '0']).pid;
		await mkdir(join(spoolRoot, `${dead}-abc123`), { recursive: true });
		await writeFile(join(spoolRoot, `${dead}-abc123`, 'export.zip'), 'left by a crash');
		await mkdir(join(spoolRoot, `${process.pid}-def456`));
		await mkdir(join(spoolRoot, 'unknown'));
		// An earlier version's spool folder, untouched for two days, and a fresh one.
		await mkdir(join(root, 'wellness-import-Ab12Cd'));
		const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
		await utimes(join(root, 'wellness-import-Ab12Cd'), twoDaysAgo, twoDaysAgo);
		await mkdir(join(root, 'wellness-import-Ef34Gh'));
		expect(await removeLeftoverSpools(root)).toBe(3);
		expect((await readdir(spoolRoot)).sort()).toEqual([`${process.pid}-def456`]);
		expect((await readdir(root)).sort()).toEqual([
			'wellness-import-Ef34Gh',
			'wellness-import-spool'
		]);
	});
});
