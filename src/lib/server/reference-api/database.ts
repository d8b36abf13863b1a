// The reference API's SQLite database: one file (WAL) holding every account's records, ticks and settings.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { demoImageCache } from './demo-image';

export type StoreDatabase = Database.Database;

/** The database file inside NUDGE_REFERENCE_DATA_DIR. */
export const DATABASE_FILE = 'wellness.sqlite';

/**
 * How long a write waits for another connection's write to finish (the server's and a
 * command-line import's share the file) before it gives up with SQLITE_BUSY: long enough for
 * any single write and an import's commit, short enough that a page is told soon.
 */
export const BUSY_TIMEOUT_MS = 2000;

/** Bumped when the tables change shape; an older file is upgraded by `migrateSchema`. */
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
	key TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS accounts (
	id TEXT PRIMARY KEY,
	profile TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (
	account TEXT NOT NULL,
	kind TEXT NOT NULL,
	xid TEXT NOT NULL,
	date INTEGER NOT NULL,
	time_created INTEGER NOT NULL,
	time_updated INTEGER NOT NULL,
	creator TEXT NOT NULL,
	body TEXT NOT NULL,
	PRIMARY KEY (account, kind, xid)
);
-- Lists walk these newest first; time_updated rides along so updated_after filters in the index.
CREATE INDEX IF NOT EXISTS records_by_time
	ON records (account, kind, time_created DESC, xid, time_updated);
CREATE INDEX IF NOT EXISTS records_by_date
	ON records (account, kind, date, time_created DESC, xid, time_updated);
CREATE TABLE IF NOT EXISTS ticks (
	account TEXT NOT NULL,
	kind TEXT NOT NULL,
	xid TEXT NOT NULL,
	body BLOB NOT NULL,
	PRIMARY KEY (account, kind, xid)
) WITHOUT ROWID;
`;

/**
 * Opens (creating) the database in `dir`, or a private in-memory one when `dir` is null (tests,
 * benches, NUDGE_REFERENCE_DATA_DIR=memory).
 */
export function openDatabase(dir: string | null): StoreDatabase {
	let db: StoreDatabase;
	if (dir === null) db = new Database(':memory:');
	else {
		mkdirSync(dir, { recursive: true });
		db = new Database(join(dir, DATABASE_FILE), { timeout: BUSY_TIMEOUT_MS });
		// Readers never wait for a writer, in this process or another (a command-line import).
		db.pragma('journal_mode = WAL');
		// An answered write is on disk: the journal's promise, kept by syncing every commit.
		db.pragma('synchronous = FULL');
	}
	return prepared(db);
}

/**
 * A private in-memory database as `seed` leaves a fresh one: a copy of the image kept under `key`
 * when there is one (see demo-image.ts), else seeded now and kept when a cache is set.
 */
export function openSeededMemoryDatabase(
	key: string,
	seed: (db: StoreDatabase) => void
): StoreDatabase {
	const cache = demoImageCache();
	const image = cache?.read(key) ?? null;
	if (image !== null) return prepared(new Database(image));
	const db = openDatabase(null);
	seed(db);
	cache?.write(key, db.serialize());
	return db;
}

function prepared(db: StoreDatabase): StoreDatabase {
	db.pragma('foreign_keys = ON');
	db.exec(SCHEMA);
	const version = readMeta(db, 'schema_version');
	if (version === null) writeMeta(db, 'schema_version', String(SCHEMA_VERSION));
	else if (Number(version) > SCHEMA_VERSION) {
		db.close();
		throw new Error(
			`the reference API database was written by a newer version (schema ${version}); upgrade the dashboard`
		);
	}
	return db;
}

/** True for SQLite's "another connection holds the write lock" (after the busy timeout). */
export function isBusy(error: unknown): boolean {
	return (
		error instanceof Database.SqliteError &&
		(error.code === 'SQLITE_BUSY' || error.code.startsWith('SQLITE_BUSY_'))
	);
}

export function readMeta(db: StoreDatabase, key: string): string | null {
	const row = db
		.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
		.get(key);
	return row?.value ?? null;
}

export function writeMeta(db: StoreDatabase, key: string, value: string): void {
	db.prepare(
		'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
	).run(key, value);
}
