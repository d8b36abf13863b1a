// The signed-in session: tokens in the server's session store, its id sealed in an HttpOnly cookie,
// refreshed once on 401, and a non-secret user key.

import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { rememberSecret } from '../redact';
import type { TokenSource } from '../proxy/proxy';
import type { TokenClient, TokenSet } from './oauth-client';
import type { Sealer } from './sealed-cookie';
import type { Session, SessionStore } from './session-store';

/** The subset of SvelteKit's `Cookies` this module uses, so tests can pass a plain jar. */
export interface CookieJar {
	get(name: string): string | undefined;
	set(name: string, value: string, options: CookieOptions): void;
	delete(name: string, options: CookieOptions): void;
}

export interface CookieOptions {
	path: string;
	httpOnly: boolean;
	secure: boolean;
	sameSite: 'lax';
	maxAge?: number;
}

const SESSION_MAX_AGE_SEC = 30 * 24 * 3600;
export const OAUTH_STATE_MAX_AGE_SEC = 600;

/** `__Host-` under https (pins the cookie to this host, Secure, Path=/); a plain name on http. */
export function cookieName(base: 'wellness-session' | 'wellness-oauth', secure: boolean): string {
	return secure ? `__Host-${base}` : base;
}

export function cookieOptions(secure: boolean, maxAge?: number): CookieOptions {
	return {
		path: '/',
		httpOnly: true,
		secure,
		sameSite: 'lax',
		...(maxAge === undefined ? {} : { maxAge })
	};
}

/** All the session cookie holds: the random id of a server-side session. */
const sessionCookieSchema = z.object({ sid: z.string().check(z.minLength(40), z.maxLength(64)) });

export const oauthStateSchema = z.object({
	state: z.string().check(z.minLength(20)),
	/** The PKCE verifier; only its S256 hash went to the browser. */
	verifier: z.string().check(z.minLength(43), z.maxLength(128)),
	scopes: z.array(z.string()),
	redirectUri: z.string(),
	returnTo: z.string(),
	exp: z.int()
});
export type OAuthState = z.infer<typeof oauthStateSchema>;

/**
 * A stable, non-secret id for the browser cache's database name: a hash of the upstream and the
 * user's xid, so two users (or two upstreams) never share a cache, and nothing secret is exposed.
 */
export function userKeyOf(upstreamId: string, userXid: string): string {
	return createHash('sha256')
		.update(`wellness-user-key:v1\n${upstreamId}\n${userXid}`)
		.digest('hex')
		.slice(0, 32);
}

/** Only a same-site path may be a return target; anything else goes home. */
export function safeReturnPath(value: string | null): string {
	if (value === null) return '/';
	if (!/^\/(?![/\\])[\w\-./?=&%~]*$/.test(value) || value.length > 512) return '/';
	return value;
}

export class SessionCookies {
	readonly #sealer: Sealer;
	readonly #secure: boolean;
	readonly #jar: CookieJar;
	readonly #store: SessionStore;

	constructor(sealer: Sealer, jar: CookieJar, secure: boolean, store: SessionStore) {
		this.#sealer = sealer;
		this.#jar = jar;
		this.#secure = secure;
		this.#store = store;
	}

	get sessionName(): string {
		return cookieName('wellness-session', this.#secure);
	}

	#id(): string | null {
		const sealed = this.#jar.get(this.sessionName);
		if (sealed === undefined) return null;
		return this.#sealer.open(sealed, this.sessionName, sessionCookieSchema)?.sid ?? null;
	}

	/** The live session this cookie names; null when absent, forged, signed out or expired. */
	read(): Session | null {
		const id = this.#id();
		const session = id === null ? null : this.#store.get(id);
		if (session !== null) {
			rememberSecret(session.at);
			if (session.rt !== null) rememberSecret(session.rt);
		}
		return session;
	}

	/**
	 * A fresh sign-in from `client` (its address): a new id (any previous session of this browser
	 * ends), sealed in the cookie. Throws SessionStoreFull when the store has no room.
	 */
	start(session: Session, client: string): void {
		const previous = this.#id();
		if (previous !== null) this.#store.delete(previous);
		const sid = this.#store.create(session, client);
		this.#jar.set(
			this.sessionName,
			this.#sealer.seal({ sid }, this.sessionName),
			cookieOptions(this.#secure, SESSION_MAX_AGE_SEC)
		);
	}

	/** New tokens after a refresh; the cookie stays as it is. */
	update(session: Session): void {
		const id = this.#id();
		if (id !== null) this.#store.update(id, session);
	}

	/** Ends the session for every copy of the cookie; returns what it held (for revocation). */
	end(): Session | null {
		const session = this.read();
		const id = this.#id();
		if (id !== null) this.#store.delete(id);
		this.#jar.delete(this.sessionName, cookieOptions(this.#secure));
		return session;
	}

	readState(): OAuthState | null {
		const name = cookieName('wellness-oauth', this.#secure);
		const sealed = this.#jar.get(name);
		return sealed === undefined ? null : this.#sealer.open(sealed, name, oauthStateSchema);
	}

	writeState(state: OAuthState): void {
		const name = cookieName('wellness-oauth', this.#secure);
		this.#jar.set(
			name,
			this.#sealer.seal(state, name),
			cookieOptions(this.#secure, OAUTH_STATE_MAX_AGE_SEC)
		);
	}

	clearState(): void {
		this.#jar.delete(cookieName('wellness-oauth', this.#secure), cookieOptions(this.#secure));
	}
}

/**
 * Refreshes are shared per refresh token: the upstream rotates refresh tokens, so two requests
 * arriving together with the same cookie must not both spend it. A finished refresh is kept for
 * a short while so a request that started with the old cookie still gets the new tokens.
 */
export class RefreshCoalescer {
	readonly #pending = new Map<
		string,
		{ result: Promise<TokenSet | null>; settledAt: number | null }
	>();
	readonly #client: TokenClient;
	readonly #now: () => number;
	readonly #keepMs: number;

	constructor(client: TokenClient, now: () => number = Date.now, keepMs = 30_000) {
		this.#client = client;
		this.#now = now;
		this.#keepMs = keepMs;
	}

	refresh(refreshToken: string): Promise<TokenSet | null> {
		const at = this.#now();
		for (const [token, entry] of this.#pending) {
			if (entry.settledAt !== null && at - entry.settledAt > this.#keepMs)
				this.#pending.delete(token);
		}
		const existing = this.#pending.get(refreshToken);
		if (existing !== undefined) return existing.result;
		const entry: { result: Promise<TokenSet | null>; settledAt: number | null } = {
			result: this.#client.refresh(refreshToken).then((result) => {
				entry.settledAt = this.#now();
				return result.ok ? result.tokens : null;
			}),
			settledAt: null
		};
		this.#pending.set(refreshToken, entry);
		return entry.result;
	}
}

/** The token source for one request of a signed-in (OAuth) browser; writes the cookie on refresh. */
export function oauthTokenSource(
	cookies: SessionCookies,
	coalescer: RefreshCoalescer
): TokenSource {
	let session = cookies.read();
	return {
		current: () => Promise.resolve(session?.at ?? null),
		refresh: async () => {
			if (session === null || session.rt === null) {
				cookies.end();
				return null;
			}
			const tokens = await coalescer.refresh(session.rt);
			if (tokens === null) {
				// The grant is gone (revoked or expired): forget it so the page asks to sign in.
				cookies.end();
				session = null;
				return null;
			}
			rememberSecret(tokens.accessToken);
			if (tokens.refreshToken !== null) rememberSecret(tokens.refreshToken);
			session = {
				...session,
				at: tokens.accessToken,
				rt: tokens.refreshToken ?? session.rt,
				exp: tokens.expiresAt,
				scopes: tokens.scopes ?? session.scopes
			};
			cookies.update(session);
			return session.at;
		}
	};
}
