// Signed-in sessions kept in SQLite (a file of the data folder, or in memory) under a hash of a
// random id: the cookie carries only that id, tokens rest encrypted, and no client can push out another's.

import { createHash, createHmac, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import * as z from 'zod/mini';
import { openCheckedDatabase } from '../sqlite-file';
import { createSealer, type Sealer } from './sealed-cookie';

/** The sessions' file in the data folder (NUDGE_REFERENCE_DATA_DIR). */
export const SESSIONS_FILE = 'sessions.sqlite';
const SCHEMA_VERSION = 1;

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Most sessions held at once; past it a sign-in is refused, never anyone signed out. */
export const DEFAULT_MAX_SESSIONS = 100_000;
/** Most live sessions one client address holds; its oldest ends when it signs in once more. */
export const DEFAULT_MAX_PER_CLIENT = 20;

// A rowid table: its rowid keeps the order of sign-ins made in the same millisecond.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
	id TEXT PRIMARY KEY,
	client TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL,
	sealed TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_client ON sessions (client, created_at);
CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);
CREATE TABLE IF NOT EXISTS meta (
	key TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;
`;

const sessionSchema = z.object({
	at: z.string(),
	rt: z.nullable(z.string()),
	exp: z.nullable(z.number()),
	scopes: z.array(z.string()),
	uk: z.nullable(z.string())
});

/** One signed-in person's tokens, granted scopes and cache key; held only on the server. */
export interface Session {
	/** Access token. */
	at: string;
	/** Refresh token, when the upstream gave one. */
	rt: string | null;
	/** Epoch seconds when the access token expires, when known. */
	exp: number | null;
	/** The scopes granted (the token response's `scope`, else the ones asked for). */
	scopes: string[];
	/** Non-secret cache key (see userKeyOf). */
	uk: string | null;
}

export interface SessionStoreOptions {
	/**
	 * The folder of the sessions' file; null keeps them in memory, for this process only (no
	 * session key configured, or NUDGE_REFERENCE_DATA_DIR=memory).
	 */
	dir: string | null;
	/** 32 bytes: seals the tokens, and keys the hashes of client addresses. */
	key: Buffer;
	maxSessions?: number;
	maxPerClient?: number;
	/** How long a session lives after sign-in, in ms. Default 30 days (the cookie's lifetime). */
	ttlMs?: number;
	now?: () => number;
}

/** Why a sign-in found no room: the store holds its most sessions, none of them expired. */
export class SessionStoreFull extends Error {}

/** The row key of a session id: what the database holds is of no use without the cookie. */
const rowId = (id: string): string => createHash('sha256').update(id).digest('base64url');

/** The statements the store runs, prepared once. */
function statements(db: Database.Database) {
	return {
		count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sessions'),
		countOf: db.prepare<[string], { n: number }>(
			'SELECT count(*) AS n FROM sessions WHERE client = ?'
		),
		ofClient: db.prepare<[string], { id: string }>(
			'SELECT id FROM sessions WHERE client = ? ORDER BY created_at, rowid'
		),
		insert: db.prepare<[string, string, number, number, string]>(
			'INSERT INTO sessions (id, client, created_at, expires_at, sealed) VALUES (?, ?, ?, ?, ?)'
		),
		find: db.prepare<[string], { expires_at: number; sealed: string }>(
			'SELECT expires_at, sealed FROM sessions WHERE id = ?'
		),
		reseal: db.prepare<[string, string]>('UPDATE sessions SET sealed = ? WHERE id = ?'),
		remove: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
		removeExpired: db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?')
	};
}

export class SessionStore {
	readonly #db: Database.Database;
	readonly #sql: ReturnType<typeof statements>;
	readonly #sealer: Sealer;
	readonly #key: Buffer;
	readonly #max: number;
	readonly #maxPerClient: number;
	readonly #ttlMs: number;
	readonly #now: () => number;
	/** Sessions dropped at opening because an earlier key sealed them (they cannot be read). */
	readonly dropped: number;
	/** Where the sessions live: `file` outlives a restart, `memory` does not. */
	readonly kept: 'file' | 'memory';

	constructor(options: SessionStoreOptions) {
		this.#db =
			options.dir === null
				? new Database(':memory:')
				: openCheckedDatabase(options.dir, SESSIONS_FILE, { schemaVersion: SCHEMA_VERSION });
		this.kept = options.dir === null ? 'memory' : 'file';
		// A sign-in lost to a power cut only asks the person to sign in again: each commit is
		// written to the journal at once (a crash of the process loses none), not synced.
		this.#db.pragma('synchronous = NORMAL');
		this.#db.exec(SCHEMA);
		this.#sql = statements(this.#db);
		this.#key = options.key;
		this.#sealer = createSealer(options.key);
		this.#max = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
		this.#maxPerClient = options.maxPerClient ?? DEFAULT_MAX_PER_CLIENT;
		this.#ttlMs = options.ttlMs ?? SESSION_TTL_MS;
		this.#now = options.now ?? Date.now;
		this.dropped = this.#forgetOtherKeys();
		this.prune();
	}

	/** Sessions held, expired ones not yet pruned included. */
	get size(): number {
		return this.#sql.count.get()?.n ?? 0;
	}

	/** Sessions held for a client address. */
	sessionsOf(client: string): number {
		return this.#sql.countOf.get(this.#clientKey(client))?.n ?? 0;
	}

	/**
	 * Stores a new session of a sign-in from `client` (its address) and returns its id (256 random
	 * bits). A client at its limit ends its own oldest session; a full store refuses the sign-in
	 * (SessionStoreFull) rather than end anyone else's.
	 */
	create(session: Session, client: string): string {
		const id = randomBytes(32).toString('base64url');
		const row = rowId(id);
		const now = this.#now();
		const clientKey = this.#clientKey(client);
		const sealed = this.#sealer.seal(session, row);
		this.#db.transaction(() => {
			this.prune();
			const own = this.#sql.ofClient.all(clientKey);
			for (const oldest of own.slice(0, Math.max(0, own.length - this.#maxPerClient + 1))) {
				this.#sql.remove.run(oldest.id);
			}
			if (this.size >= this.#max) throw new SessionStoreFull('the session store is full');
			this.#sql.insert.run(row, clientKey, now, now + this.#ttlMs, sealed);
		})();
		return id;
	}

	/** The live session of an id; null when unknown, ended, expired or unreadable. */
	get(id: string): Session | null {
		const row = rowId(id);
		const found = this.#sql.find.get(row);
		if (found === undefined) return null;
		const session =
			found.expires_at > this.#now() ? this.#sealer.open(found.sealed, row, sessionSchema) : null;
		if (session === null) this.#sql.remove.run(row);
		return session;
	}

	/** Replaces the tokens of a live session (after a refresh); keeps its place and lifetime. */
	update(id: string, session: Session): void {
		const row = rowId(id);
		this.#sql.reseal.run(this.#sealer.seal(session, row), row);
	}

	delete(id: string): void {
		this.#sql.remove.run(rowId(id));
	}

	/** Deletes expired sessions; answers how many. */
	prune(): number {
		return this.#sql.removeExpired.run(this.#now()).changes;
	}

	close(): void {
		this.#db.close();
	}

	/** A client address as the store keeps it: keyed, so the file lists no addresses. */
	#clientKey(client: string): string {
		return createHmac('sha256', this.#key)
			.update(`client:${client}`)
			.digest('base64url')
			.slice(0, 22);
	}

	/**
	 * Sessions sealed with another key can never be read again (NUDGE_SESSION_SECRET changed):
	 * they are deleted at once. The key is known by a keyed hash of a fixed text, never itself.
	 */
	#forgetOtherKeys(): number {
		const check = createHmac('sha256', this.#key)
			.update('session store key check v1')
			.digest('hex');
		const known = this.#db
			.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'key_check'")
			.get();
		let dropped = 0;
		if (known !== undefined && known.value !== check) {
			dropped = this.#db.prepare('DELETE FROM sessions').run().changes;
		}
		this.#db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('key_check', ?)").run(check);
		return dropped;
	}
}
