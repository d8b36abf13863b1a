import {
	chmodSync,
	mkdtempSync,
	openSync,
	rmSync,
	statSync,
	truncateSync,
	writeFileSync,
	writeSync,
	closeSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from './reference-api/database';
import { diskFull, openCheckedDatabase, storeProblem, StoreUnusable } from './sqlite-file';

// Each way a store can be unusable, made for real in a folder of its own: opening it names the
// file and the cause, and never hands out a database that would fail later.
let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'sqlite-file-'));
});
afterEach(() => {
	chmodSync(dir, 0o755);
	rmSync(dir, { recursive: true, force: true });
});

/** A store of the real schema with some thousand rows in it, closed. */
function storeWithRecords(folder: string): string {
	const db = openDatabase(folder);
	const insert = db.prepare(
		"INSERT INTO records (account, kind, xid, date, time_created, time_updated, creator, body) VALUES ('me', 'moves', ?, 20240101, 1, 1, 'band', ?)"
	);
	db.transaction(() => {
		for (let i = 0; i < 5000; i++) insert.run(`xid-${i}`, 'x'.repeat(200));
	})();
	db.close();
	return join(folder, DATABASE_FILE);
}

/** What opening `folder` throws: the StoreUnusable's path and reason. */
function refusal(folder: string): { path: string; reason: string } {
	try {
		openDatabase(folder).close();
	} catch (error) {
		if (error instanceof StoreUnusable) return { path: error.path, reason: error.reason };
		throw error;
	}
	throw new Error('opened');
}

describe('opening a store', () => {
	it('opens a sound one, again and again', () => {
		storeWithRecords(dir);
		const db = openDatabase(dir);
		expect(db.prepare('SELECT count(*) AS n FROM records').get()).toEqual({ n: 5000 });
		expect(db.pragma('user_version', { simple: true })).toBe(1);
		db.close();
	});

	it('refuses a truncated file, naming it', () => {
		const path = storeWithRecords(dir);
		truncateSync(path, Math.floor(statSync(path).size / 2));
		const { path: named, reason } = refusal(dir);
		expect(named).toBe(path);
		expect(reason).toMatch(/damaged/);
	});

	it('refuses a file of garbage bytes', () => {
		writeFileSync(join(dir, DATABASE_FILE), Buffer.alloc(64 * 1024, 0x37));
		expect(refusal(dir)).toEqual({
			path: join(dir, DATABASE_FILE),
			reason: 'it is not a SQLite database (damaged, or another kind of file)'
		});
	});

	it('refuses a store with zeroed pages, which would otherwise take writes', () => {
		const path = storeWithRecords(dir);
		const fd = openSync(path, 'r+');
		writeSync(fd, Buffer.alloc(16 * 4096), 0, 16 * 4096, 8 * 4096);
		closeSync(fd);
		const { reason } = refusal(dir);
		expect(reason).toMatch(/damaged/);
	});

	it('refuses a data folder that is a file', () => {
		const file = join(dir, 'data');
		writeFileSync(file, 'not a folder');
		expect(refusal(file)).toEqual({
			path: file,
			reason: 'the data folder is a file, not a folder'
		});
		expect(refusal(join(file, 'below'))).toMatchObject({
			reason: 'the data folder is a file, not a folder'
		});
	});

	it('refuses a store of a newer schema, by user_version or by the meta table', () => {
		storeWithRecords(dir);
		const raw = new Database(join(dir, DATABASE_FILE));
		raw.pragma('user_version = 7');
		raw.close();
		expect(refusal(dir).reason).toBe(
			'it was written by a newer version of the dashboard (schema 7; this one reads up to 1): upgrade the dashboard'
		);
		const legacy = mkdtempSync(join(dir, 'legacy-'));
		storeWithRecords(legacy);
		const old = new Database(join(legacy, DATABASE_FILE));
		old.pragma('user_version = 0');
		old.prepare("UPDATE meta SET value = '3' WHERE key = 'schema_version'").run();
		old.close();
		expect(refusal(legacy).reason).toMatch(/newer version of the dashboard \(schema 3;/);
	});

	it.skipIf(process.getuid?.() === 0)(
		'refuses a read-only folder (skipped as root, who may write anywhere)',
		() => {
			chmodSync(dir, 0o555);
			expect(refusal(dir).reason).toMatch(/cannot be (written|opened)/);
		}
	);

	it('names a full disk in words, from the error SQLite gives', () => {
		const db = openCheckedDatabase(dir, 'small.sqlite', { schemaVersion: 1 });
		db.exec('CREATE TABLE t (b TEXT)');
		// A file that may not grow past a few pages: SQLite's own "database or disk is full".
		db.pragma('max_page_count = 8');
		let full: unknown = null;
		try {
			for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
		} catch (error) {
			full = error;
		}
		db.close();
		expect(diskFull(full)).toBe(true);
		expect(storeProblem(full)).toBe('the disk is full (or the file may not grow any more)');
		expect(storeProblem(new Error('a bug'))).toBeNull();
	});
});
