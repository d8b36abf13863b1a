// The reference API's SQLite database: one file (WAL) holding every account's records, ticks and settings.
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { openCheckedDatabase, storeProblem, StoreUnusable } from '../sqlite-file';
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

/**
 * Bumped when the tables change shape. Kept in `PRAGMA user_version` (and in the meta table,
 * where earlier versions read it): a file of a newer schema is refused at start.
 */
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
-- The OAuth tokens issued, under their SHA-256 (token-table.ts): a restart keeps sign-ins.
CREATE TABLE IF NOT EXISTS oauth_tokens (
	kind TEXT NOT NULL,
	token_hash TEXT NOT NULL,
	seq INTEGER NOT NULL,
	body TEXT NOT NULL,
	PRIMARY KEY (kind, token_hash)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS oauth_tokens_by_age ON oauth_tokens (kind, seq);
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
	if (dir === null) return prepared(new Database(':memory:'));
	// Checked before use (folder, damage, schema, writable): an unusable file stops the server
	// at start with its path and the cause, rather than failing every request later.
	const db = openCheckedDatabase(dir, DATABASE_FILE, {
		schemaVersion: SCHEMA_VERSION,
		legacyVersion: metaSchemaVersion,
		busyTimeoutMs: BUSY_TIMEOUT_MS
	});
	try {
		return prepared(db);
	} catch (error) {
		db.close();
		const reason = storeProblem(error);
		if (reason === null) throw error;
		throw new StoreUnusable(join(resolve(dir), DATABASE_FILE), reason);
	}
}

/** The schema version an earlier version kept in the meta table (before `user_version`). */
function metaSchemaVersion(db: StoreDatabase): number {
	const table = db
		.prepare<[], { name: string }>(
			"SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
		)
		.get();
	return table === undefined ? 0 : Number(readMeta(db, 'schema_version') ?? 0);
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
