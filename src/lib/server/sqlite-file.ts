// Opens a SQLite file the server keeps and checks it can be used; when it cannot, says why and where in one sentence.
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

/** A store the server cannot use: what it is, where, and why, in words for the person running it. */
export class StoreUnusable extends Error {
	constructor(
		readonly path: string,
		readonly reason: string
	) {
		super(`${path}: ${reason}`);
		this.name = 'StoreUnusable';
	}
}

/** The code of a better-sqlite3 or file-system error (`SQLITE_FULL`, `ENOSPC`), if it has one. */
function codeOf(error: unknown): string {
	return error instanceof Error && 'code' in error && typeof error.code === 'string'
		? error.code
		: '';
}

/** True when the error says the disk (or the file's room on it) is full. */
export function diskFull(error: unknown): boolean {
	const code = codeOf(error);
	return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'SQLITE_IOERR_WRITE';
}

/**
 * Why a store failed, in words, from the error SQLite or the file system gave; null for an
 * error that is not about the store (a bug, say), which is not dressed up as one.
 */
export function storeProblem(error: unknown): string | null {
	const code = codeOf(error);
	const message = error instanceof Error ? error.message : '';
	if (diskFull(error)) return 'the disk is full (or the file may not grow any more)';
	if (
		code.startsWith('SQLITE_READONLY') ||
		code === 'EROFS' ||
		code === 'EACCES' ||
		code === 'EPERM'
	) {
		return 'it cannot be written: the folder or the file is read-only for this server';
	}
	if (code.startsWith('SQLITE_CANTOPEN')) {
		return 'it cannot be opened or created: is the folder there, and writable for this server?';
	}
	if (code === 'SQLITE_NOTADB')
		return 'it is not a SQLite database (damaged, or another kind of file)';
	if (code.startsWith('SQLITE_CORRUPT')) return `it is damaged (${message})`;
	if (code.startsWith('SQLITE_IOERR')) return `it cannot be read or written (${code})`;
	return null;
}

export interface CheckedOpen {
	/** The highest schema this version of the dashboard reads (`PRAGMA user_version`). */
	schemaVersion: number;
	/** Another schema version to count, for files of versions that kept it elsewhere. */
	legacyVersion?: (db: Database.Database) => number;
	/** How long a write waits for another connection's (another process's) write; default 0. */
	busyTimeoutMs?: number;
}

/**
 * Opens (creating) `file` in `dir` for writing, in WAL mode with every commit synced, and checks
 * it before anything relies on it: the folder is a folder, the file a SQLite database that
 * `PRAGMA quick_check` finds sound, of a schema this version reads, and both are writable. Any
 * failure throws StoreUnusable naming the file and the cause. (A full disk lets the server read:
 * the writes it refuses later say why.)
 */
export function openCheckedDatabase(
	dir: string,
	file: string,
	options: CheckedOpen
): Database.Database {
	const folder = resolve(dir);
	const path = join(folder, file);
	try {
		mkdirSync(folder, { recursive: true });
	} catch (error) {
		const code = codeOf(error);
		if (code === 'ENOTDIR' || code === 'EEXIST') {
			throw new StoreUnusable(folder, 'the data folder is a file, not a folder');
		}
		throw new StoreUnusable(
			folder,
			storeProblem(error) ?? `the data folder cannot be made (${code})`
		);
	}
	if (!statSync(folder).isDirectory()) {
		throw new StoreUnusable(folder, 'the data folder is a file, not a folder');
	}
	let db: Database.Database | null = null;
	try {
		db = new Database(path, { timeout: options.busyTimeoutMs ?? 0 });
		db.pragma('journal_mode = WAL');
		// An answered write is on disk: the journal's promise, kept by syncing every commit.
		db.pragma('synchronous = FULL');
		// The first line of the check: `ok`, or the first problem it found.
		const verdict = String(db.pragma('quick_check', { simple: true }));
		if (verdict !== 'ok') throw new StoreUnusable(path, `it is damaged (quick_check: ${verdict})`);
		const stored = Math.max(
			Number(db.pragma('user_version', { simple: true })),
			options.legacyVersion?.(db) ?? 0
		);
		if (stored > options.schemaVersion) {
			throw new StoreUnusable(
				path,
				`it was written by a newer version of the dashboard (schema ${stored}; this one reads up to ${options.schemaVersion}): upgrade the dashboard`
			);
		}
		// Written only when it changes: opening takes no write lock, so another process (an
		// import from the command line) may hold one meanwhile.
		if (stored < options.schemaVersion) db.pragma(`user_version = ${options.schemaVersion}`);
		// Writable, before any request relies on it (SQLite finds out only at the first write).
		accessSync(folder, constants.W_OK);
		accessSync(path, constants.W_OK);
		return db;
	} catch (error) {
		db?.close();
		if (error instanceof StoreUnusable) throw error;
		const reason = storeProblem(error);
		if (reason === null) throw error;
		throw new StoreUnusable(path, reason);
	}
}
