// The signed-in session: tokens sealed in an HttpOnly cookie, refreshed once on 401, and a non-secret user key.

import { createHash } from 'node:crypto';
import { z } from 'zod';
import { rememberSecret } from '../redact';
import type { TokenSource } from '../proxy/proxy';
import type { TokenClient, TokenSet } from './oauth-client';
import type { Sealer } from './sealed-cookie';

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

export const sessionSchema = z.object({
	at: z.string().min(1),
	rt: z.string().min(1).nullable(),
	exp: z.number().int().nullable(),
	scopes: z.array(z.string()),
	uk: z.string().nullable()
});
export type Session = z.infer<typeof sessionSchema>;

export const oauthStateSchema = z.object({
	state: z.string().min(20),
	scopes: z.array(z.string()),
	redirectUri: z.string(),
	returnTo: z.string(),
	exp: z.number().int()
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

	constructor(sealer: Sealer, jar: CookieJar, secure: boolean) {
		this.#sealer = sealer;
		this.#jar = jar;
		this.#secure = secure;
	}

	get sessionName(): string {
		return cookieName('wellness-session', this.#secure);
	}

	read(): Session | null {
		const sealed = this.#jar.get(this.sessionName);
		if (sealed === undefined) return null;
		const session = this.#sealer.open(sealed, this.sessionName, sessionSchema);
		if (session !== null) {
			rememberSecret(session.at);
			if (session.rt !== null) rememberSecret(session.rt);
		}
		return session;
	}

	write(session: Session): void {
		this.#jar.set(
			this.sessionName,
			this.#sealer.seal(session, this.sessionName),
			cookieOptions(this.#secure, SESSION_MAX_AGE_SEC)
		);
	}

	clear(): void {
		this.#jar.delete(this.sessionName, cookieOptions(this.#secure));
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
				cookies.clear();
				return null;
			}
			const tokens = await coalescer.refresh(session.rt);
			if (tokens === null) {
				// The grant is gone (revoked or expired): forget it so the page asks to sign in.
				cookies.clear();
				session = null;
				return null;
			}
			rememberSecret(tokens.accessToken);
			if (tokens.refreshToken !== null) rememberSecret(tokens.refreshToken);
			session = {
				...session,
				at: tokens.accessToken,
				rt: tokens.refreshToken ?? session.rt,
				exp: tokens.expiresAt
			};
			cookies.write(session);
			return session.at;
		}
	};
}
