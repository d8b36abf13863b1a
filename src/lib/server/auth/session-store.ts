// Signed-in sessions kept on the server, keyed by a random id: the cookie carries only that id,
// so signing out ends every copy of the cookie, and tokens of any size never reach the browser.

import { randomBytes } from 'node:crypto';

export interface SessionStoreOptions {
	/** Most sessions held at once; the oldest is forgotten first. Default 5 000. */
	maxSessions?: number;
	/** How long a session lives after sign-in, in ms. Default 30 days (the cookie's lifetime). */
	ttlMs?: number;
	now?: () => number;
}

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const DEFAULT_MAX_SESSIONS = 5_000;

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

interface Entry {
	session: Session;
	expiresAt: number;
}

export class SessionStore {
	// Insertion order is sign-in order, and every entry lives the same time, so the oldest and the
	// first to expire are both at the front.
	readonly #entries = new Map<string, Entry>();
	readonly #max: number;
	readonly #ttlMs: number;
	readonly #now: () => number;

	constructor(options: SessionStoreOptions = {}) {
		this.#max = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
		this.#ttlMs = options.ttlMs ?? SESSION_TTL_MS;
		this.#now = options.now ?? Date.now;
	}

	get size(): number {
		return this.#entries.size;
	}

	/** Stores a new session and returns its id (256 random bits). */
	create(session: Session): string {
		this.#sweep();
		while (this.#entries.size >= this.#max) {
			const oldest = this.#entries.keys().next();
			if (oldest.done === true) break;
			this.#entries.delete(oldest.value);
		}
		const id = randomBytes(32).toString('base64url');
		this.#entries.set(id, { session, expiresAt: this.#now() + this.#ttlMs });
		return id;
	}

	get(id: string): Session | null {
		const entry = this.#entries.get(id);
		if (entry === undefined) return null;
		if (entry.expiresAt <= this.#now()) {
			this.#entries.delete(id);
			return null;
		}
		return entry.session;
	}

	/** Replaces the tokens of a live session (after a refresh); keeps its place and lifetime. */
	update(id: string, session: Session): void {
		const entry = this.#entries.get(id);
		if (entry !== undefined) entry.session = session;
	}

	delete(id: string): void {
		this.#entries.delete(id);
	}

	#sweep(): void {
		const now = this.#now();
		for (const [id, entry] of this.#entries) {
			if (entry.expiresAt > now) break;
			this.#entries.delete(id);
		}
	}
}
