// Sign-in, callback, sign-out and the session summary, as functions of the runtime and one request.

import { timingSafeEqual } from 'node:crypto';
import type { ApiVersion } from '$lib/api/envelope';
import { apiErrorResponse } from '../api-error';
import { logEvent } from '../redact';
import type { TokenSource } from '../proxy/proxy';
import type { ServerRuntime } from '../runtime';
import { authorizeUrl, newPendingSecrets } from './oauth-client';
import { parseScopeRequest } from './scopes';
import { SessionStoreFull } from './session-store';
import { oauthTokenSource, safeReturnPath, SessionCookies, type CookieJar } from './session';

/** What one request brings: its URL (with our public origin), its cookies, where it comes from. */
export interface AuthEvent {
	url: URL;
	cookies: CookieJar;
	/** The client's address (adapter-node's, or its ADDRESS_HEADER's): sessions are counted by it. */
	clientAddress?: string;
}

/** What `GET /api/session` tells the browser: enough to pick a cache and show sign-in, nothing secret. */
export interface SessionInfo {
	mode: 'embedded' | 'token' | 'oauth';
	signedIn: boolean;
	/** Stable non-secret id for the cache database name (a hash of upstream and user_xid). */
	userKey: string | null;
	scopes: string[];
	upstream: 'embedded' | 'custom';
	/** The API version the browser asks the proxy for (NUDGE_API_VERSION). */
	apiVersion: ApiVersion;
}

/** The session cookies of one request, over the runtime's session store. */
export function sessionCookies(runtime: ServerRuntime, event: AuthEvent): SessionCookies {
	return new SessionCookies(
		runtime.sealer,
		event.cookies,
		event.url.protocol === 'https:',
		runtime.sessions
	);
}

/** Where the upstream sends the browser back: configured, or this app's own callback route. */
function redirectUriFor(runtime: ServerRuntime, event: AuthEvent): string {
	const auth = runtime.config.auth;
	const configured = auth.mode === 'oauth' ? auth.redirectUri : null;
	return configured ?? `${event.url.origin}/auth/callback`;
}

function redirect(location: string, headers: Record<string, string> = {}): Response {
	return new Response(null, {
		status: 303,
		headers: { location, 'cache-control': 'no-store', ...headers }
	});
}

/** The token source the proxy uses for this request. */
export function tokenSourceFor(runtime: ServerRuntime, event: AuthEvent): TokenSource {
	if (runtime.staticToken !== null) {
		const token = runtime.staticToken;
		return { current: () => Promise.resolve(token) };
	}
	if (runtime.coalescer === null) return { current: () => Promise.resolve(null) };
	return oauthTokenSource(sessionCookies(runtime, event), runtime.coalescer);
}

export async function sessionInfo(runtime: ServerRuntime, event: AuthEvent): Promise<SessionInfo> {
	const { config } = runtime;
	const base = {
		mode: config.auth.mode,
		upstream: config.upstream.kind,
		apiVersion: config.apiVersion
	};
	if (runtime.staticToken !== null) {
		const userKey = await runtime.userKeyFor(runtime.staticToken);
		return { ...base, signedIn: true, userKey, scopes: [...runtime.defaultScopes] };
	}
	const session = sessionCookies(runtime, event).read();
	if (session === null) return { ...base, signedIn: false, userKey: null, scopes: [] };
	return { ...base, signedIn: true, userKey: session.uk, scopes: [...session.scopes] };
}

/**
 * `GET /auth/sign-in?scopes=a,b&return_to=/sleep`: remembers a state and a PKCE verifier (sealed,
 * in a short-lived cookie) and sends the browser to consent with the state and the S256 challenge.
 */
export async function signIn(runtime: ServerRuntime, event: AuthEvent): Promise<Response> {
	const auth = runtime.config.auth;
	if (auth.mode !== 'oauth') {
		return apiErrorResponse(404, 'not_configured', 'Sign-in is not configured on this server.');
	}
	// `?scopes=a,b`, or one `scopes` per ticked box of the sign-in form.
	const asked = event.url.searchParams.getAll('scopes');
	const requested = parseScopeRequest(
		asked.length === 0 ? null : asked.join(','),
		runtime.defaultScopes
	);
	if (!requested.ok) return apiErrorResponse(400, 'invalid_parameter', requested.detail);
	const { state, codeVerifier, codeChallenge } = await newPendingSecrets();
	const redirectUri = redirectUriFor(runtime, event);
	sessionCookies(runtime, event).writeState({
		state,
		verifier: codeVerifier,
		scopes: requested.scopes,
		redirectUri,
		returnTo: safeReturnPath(event.url.searchParams.get('return_to')),
		exp: Math.floor(Date.now() / 1000) + 600
	});
	const base = runtime.authorizeBase ?? event.url.origin;
	return redirect(
		authorizeUrl({
			authorizeEndpoint: `${base}/auth/oauth2/auth`,
			clientId: auth.clientId,
			redirectUri,
			scopes: requested.scopes,
			state,
			codeChallenge
		})
	);
}

function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

function failed(reason: string): Response {
	return redirect(`/?sign_in_error=${encodeURIComponent(reason)}`);
}

/** `GET /auth/callback?code&state`: checks the state, exchanges the code, seals the tokens. */
export async function callback(runtime: ServerRuntime, event: AuthEvent): Promise<Response> {
	if (runtime.config.auth.mode !== 'oauth' || runtime.tokenClient === null) {
		return apiErrorResponse(404, 'not_configured', 'Sign-in is not configured on this server.');
	}
	const cookies = sessionCookies(runtime, event);
	const pending = cookies.readState();
	cookies.clearState();
	const params = event.url.searchParams;
	const state = params.get('state') ?? '';
	if (pending === null || pending.exp < Math.floor(Date.now() / 1000)) return failed('expired');
	if (!sameText(state, pending.state)) return failed('state_mismatch');
	const upstreamError = params.get('error');
	if (upstreamError !== null) {
		return failed(/^[a-z_]{1,40}$/.test(upstreamError) ? upstreamError : 'denied');
	}
	const code = params.get('code');
	if (code === null || code === '' || code.length > 2048) return failed('missing_code');

	const result = await runtime.tokenClient.exchangeCode(
		params,
		pending.state,
		pending.redirectUri,
		pending.verifier
	);
	if (!result.ok) {
		logEvent('warn', 'auth.code_exchange_failed', { reason: result.reason });
		return failed('token_exchange_failed');
	}
	const { tokens } = result;
	const userKey = await runtime.userKeyFor(tokens.accessToken);
	const scopes = tokens.scopes ?? pending.scopes;
	try {
		cookies.start(
			{
				at: tokens.accessToken,
				rt: tokens.refreshToken,
				exp: tokens.expiresAt,
				scopes,
				uk: userKey
			},
			event.clientAddress ?? 'unknown'
		);
	} catch (error) {
		if (!(error instanceof SessionStoreFull)) throw error;
		// Nobody is signed out to make room: this sign-in waits until sessions expire.
		logEvent('warn', 'auth.session_store_full', {});
		await runtime.revokeGrant(tokens.accessToken).catch(() => false);
		return failed('busy');
	}
	logEvent('info', 'auth.signed_in', { scopes: scopes.length, asked: pending.scopes.length });
	return redirect(pending.returnTo);
}

/**
 * `POST /auth/sign-out`: ends the session on the server (every copy of the cookie stops working),
 * disconnects the app upstream, and tells the page to clear its cached data (JSON for fetch
 * callers, a redirect for plain form posts; Clear-Site-Data for browsers that honour it).
 */
export async function signOut(
	runtime: ServerRuntime,
	event: AuthEvent,
	request: Request
): Promise<Response> {
	const ended = sessionCookies(runtime, event).end();
	if (ended !== null) {
		const revoked = await runtime.revokeGrant(ended.at).catch(() => false);
		logEvent(revoked ? 'info' : 'warn', 'auth.signed_out', { revokedUpstream: revoked });
	}
	const clearSiteData = { 'clear-site-data': '"cache", "storage"' };
	const wantsHtml = (request.headers.get('accept') ?? '').includes('text/html');
	if (wantsHtml) return redirect('/?signed_out=1', clearSiteData);
	return new Response(
		JSON.stringify({
			signedIn: false,
			clearCache: true,
			canSignIn: runtime.config.auth.mode === 'oauth'
		}),
		{
			status: 200,
			headers: {
				'content-type': 'application/json; charset=utf-8',
				'cache-control': 'no-store',
				...clearSiteData
			}
		}
	);
}
