import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig, type ServerConfig } from '../config/parse-config';
import { createRuntime, type ServerRuntime } from '../runtime';
import type { Transport } from '../proxy/upstream';
import { callback, sessionInfo, signIn, signOut, tokenSourceFor, type AuthEvent } from './flow';
import { userKeyOf, type CookieJar, type CookieOptions } from './session';

const CLIENT_SECRET = 'client-secret-3a9f1e2d7c';
const BASE = 'https://api.example.com';
const APP = 'https://dash.example.com';

/** A cookie jar that behaves like a browser for one site: set, read back, delete. */
class Jar implements CookieJar {
	readonly values = new Map<string, string>();
	readonly options = new Map<string, CookieOptions>();
	get(name: string) {
		return this.values.get(name);
	}
	set(name: string, value: string, options: CookieOptions) {
		this.values.set(name, value);
		this.options.set(name, options);
	}
	delete(name: string) {
		this.values.delete(name);
	}
}

/** A fake upstream: token endpoint with rotating tokens, and users/@me. */
function fakeUpstream() {
	let issued = 0;
	const live = new Set<string>();
	const refresh = new Set<string>();
	const tokenRequests: URLSearchParams[] = [];
	const revoked: string[] = [];
	/** What the token endpoint says it granted (`scope`); undefined: it leaves the field out. */
	const grant: { scope?: string; tokenLength: number } = { tokenLength: 0 };
	const transport: Transport = async (url, init) => {
		const target = new URL(url);
		if (target.origin !== BASE) throw new Error(`unexpected origin ${target.origin}`);
		if (target.pathname === '/auth/oauth2/token') {
			const form = new URLSearchParams(init.body instanceof URLSearchParams ? init.body : '');
			tokenRequests.push(form);
			const ok =
				form.get('client_secret') === CLIENT_SECRET &&
				((form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') ||
					(form.get('grant_type') === 'refresh_token' &&
						refresh.delete(form.get('refresh_token') ?? '')));
			if (!ok) return new Response('{"error":"invalid_grant"}', { status: 400 });
			issued++;
			const access = `access-${issued}-secretvalue`.padEnd(grant.tokenLength, 'a');
			const next = `refresh-${issued}-secretvalue`.padEnd(grant.tokenLength, 'r');
			live.add(access);
			refresh.add(next);
			return Response.json({
				access_token: access,
				refresh_token: next,
				expires_in: 3600,
				token_type: 'Bearer',
				...(grant.scope === undefined ? {} : { scope: grant.scope })
			});
		}
		const auth = new Headers(init.headers).get('authorization') ?? '';
		const token = auth.replace('Bearer ', '');
		if (!live.has(token)) {
			return Response.json({ meta: { code: 401 }, data: {} }, { status: 401 });
		}
		if (target.pathname.endsWith('/users/@me/PartnerAppMembership') && init.method === 'DELETE') {
			revoked.push(token);
			live.delete(token);
			refresh.clear();
			return Response.json({ meta: { code: 200 }, data: {} });
		}
		await Promise.resolve();
		return Response.json({ meta: { code: 200, user_xid: 'user-xid-1' }, data: {} });
	};
	return { transport, live, refresh, tokenRequests, revoked, grant };
}

function oauthConfig(): ServerConfig {
	const result = parseConfig({
		NUDGE_BASE_URL: BASE,
		NUDGE_CLIENT_ID: 'dash',
		NUDGE_CLIENT_SECRET: CLIENT_SECRET
	});
	if (!result.ok) throw new Error('config');
	return result.config;
}

function setup() {
	const upstream = fakeUpstream();
	const runtime: ServerRuntime = createRuntime(oauthConfig(), {
		embedded: () => {
			throw new Error('not embedded');
		},
		fetch: upstream.transport
	});
	const jar = new Jar();
	const event = (path: string): AuthEvent => ({ url: new URL(path, APP), cookies: jar });
	return { runtime, jar, event, upstream };
}

async function signInFully(ctx: ReturnType<typeof setup>, scopes = 'move_read,sleep_read') {
	const start = await signIn(
		ctx.runtime,
		ctx.event(`/auth/sign-in?scopes=${scopes}&return_to=/sleep`)
	);
	expect(start.status).toBe(303);
	const authorize = new URL(start.headers.get('location') ?? '');
	const state = authorize.searchParams.get('state') ?? '';
	return callback(ctx.runtime, ctx.event(`/auth/callback?code=good-code&state=${state}`));
}

describe('OAuth sign-in flow', () => {
	it('sends the browser to the upstream consent page with scopes, redirect, state and PKCE', async () => {
		const ctx = setup();
		const response = await signIn(
			ctx.runtime,
			ctx.event('/auth/sign-in?scopes=move_read sleep_read')
		);
		const location = new URL(response.headers.get('location') ?? '');
		expect(location.origin + location.pathname).toBe(`${BASE}/auth/oauth2/auth`);
		expect(location.searchParams.get('client_id')).toBe('dash');
		expect(location.searchParams.get('scope')).toBe('move_read sleep_read');
		expect(location.searchParams.get('redirect_uri')).toBe(`${APP}/auth/callback`);
		expect(location.searchParams.get('state')?.length).toBeGreaterThanOrEqual(40);
		expect(response.headers.get('location')).not.toContain(CLIENT_SECRET);
		expect(ctx.jar.values.has('__Host-wellness-oauth')).toBe(true);
	});

	it('exchanges the code with the PKCE verifier whose S256 hash the consent request carried', async () => {
		const ctx = setup();
		const start = await signIn(ctx.runtime, ctx.event('/auth/sign-in'));
		const authorize = new URL(start.headers.get('location') ?? '');
		expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
		const challenge = authorize.searchParams.get('code_challenge') ?? '';
		expect(challenge).toMatch(/^[\w-]{43}$/);
		const state = authorize.searchParams.get('state') ?? '';
		await callback(ctx.runtime, ctx.event(`/auth/callback?code=good-code&state=${state}`));
		const [exchange] = ctx.upstream.tokenRequests;
		const verifier = exchange?.get('code_verifier') ?? '';
		expect(verifier.length).toBeGreaterThanOrEqual(43);
		expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
		expect(exchange?.get('client_secret')).toBe(CLIENT_SECRET);
		// The verifier never went to the browser's address bar.
		expect(start.headers.get('location')).not.toContain(verifier);
	});

	it('asks for the kinds ticked on the sign-in form, one scopes field each', async () => {
		const ctx = setup();
		const response = await signIn(
			ctx.runtime,
			ctx.event('/auth/sign-in?return_to=/data&scopes=sleep_read&scopes=move_read')
		);
		const location = new URL(response.headers.get('location') ?? '');
		expect(location.searchParams.get('scope')).toBe('sleep_read move_read');
	});

	it('refuses unknown scopes', async () => {
		const ctx = setup();
		const response = await signIn(ctx.runtime, ctx.event('/auth/sign-in?scopes=move_read,admin'));
		expect(response.status).toBe(400);
		expect(await response.json()).toMatchObject({ meta: { error_type: 'invalid_parameter' } });
	});

	it('signs in, seals the tokens in a __Host- cookie and reports scopes and a user key', async () => {
		const ctx = setup();
		const done = await signInFully(ctx);
		expect(done.status).toBe(303);
		expect(done.headers.get('location')).toBe('/sleep');
		const sealed = ctx.jar.values.get('__Host-wellness-session') ?? '';
		expect(sealed).not.toContain('access-1');
		expect(ctx.jar.options.get('__Host-wellness-session')).toMatchObject({
			httpOnly: true,
			secure: true,
			sameSite: 'lax',
			path: '/'
		});
		expect(ctx.jar.values.has('__Host-wellness-oauth')).toBe(false);
		const info = await sessionInfo(ctx.runtime, ctx.event('/api/session'));
		expect(info).toEqual({
			mode: 'oauth',
			signedIn: true,
			userKey: userKeyOf(BASE, 'user-xid-1'),
			scopes: ['move_read', 'sleep_read'],
			upstream: 'custom',
			apiVersion: 'v.1.1'
		});
		expect(JSON.stringify(info)).not.toMatch(/access-|refresh-|user-xid-1/);
	});

	it('refuses a callback whose state does not match, and one without a pending sign-in', async () => {
		const ctx = setup();
		await signIn(ctx.runtime, ctx.event('/auth/sign-in'));
		const forged = await callback(
			ctx.runtime,
			ctx.event('/auth/callback?code=good-code&state=forged-state')
		);
		expect(forged.headers.get('location')).toBe('/?sign_in_error=state_mismatch');
		const none = await callback(ctx.runtime, ctx.event('/auth/callback?code=good-code&state=x'));
		expect(none.headers.get('location')).toBe('/?sign_in_error=expired');
		expect(ctx.jar.values.has('__Host-wellness-session')).toBe(false);
		expect(ctx.upstream.tokenRequests).toHaveLength(0);
	});

	it('refreshes once on 401, stores the rotated tokens, and shares one refresh between requests', async () => {
		const ctx = setup();
		await signInFully(ctx);
		ctx.upstream.live.clear(); // the access token expired early
		const first = tokenSourceFor(ctx.runtime, ctx.event('/api/nudge/x'));
		const second = tokenSourceFor(ctx.runtime, ctx.event('/api/nudge/y'));
		const [a, b] = await Promise.all([first.refresh?.(), second.refresh?.()]);
		expect(a).toBe('access-2-secretvalue');
		expect(b).toBe('access-2-secretvalue');
		expect(
			ctx.upstream.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token')
		).toHaveLength(1);
		const again = tokenSourceFor(ctx.runtime, ctx.event('/api/nudge/z'));
		expect(await again.current()).toBe('access-2-secretvalue');
	});

	it('forgets the session when the refresh is refused', async () => {
		const ctx = setup();
		await signInFully(ctx);
		expect(ctx.jar.values.has('__Host-wellness-session')).toBe(true);
		ctx.upstream.live.clear();
		ctx.upstream.refresh.clear(); // the user revoked the app upstream
		const source = tokenSourceFor(ctx.runtime, ctx.event('/api/nudge/x'));
		expect(await source.refresh?.()).toBeNull();
		expect(ctx.jar.values.has('__Host-wellness-session')).toBe(false);
		expect((await sessionInfo(ctx.runtime, ctx.event('/api/session'))).signedIn).toBe(false);
	});

	it('signs out: the session cookie goes and the page is told to clear its cache', async () => {
		const ctx = setup();
		await signInFully(ctx);
		const response = await signOut(
			ctx.runtime,
			ctx.event('/auth/sign-out'),
			new Request(`${APP}/auth/sign-out`, { method: 'POST' })
		);
		expect(await response.json()).toMatchObject({ signedIn: false, clearCache: true });
		expect(response.headers.get('clear-site-data')).toContain('storage');
		expect(ctx.jar.values.has('__Host-wellness-session')).toBe(false);
		expect((await sessionInfo(ctx.runtime, ctx.event('/api/session'))).signedIn).toBe(false);
	});

	it('a copy of the session cookie taken before sign-out no longer reaches the data', async () => {
		const ctx = setup();
		await signInFully(ctx);
		const copied = new Jar();
		for (const [name, value] of ctx.jar.values) copied.values.set(name, value);
		await signOut(
			ctx.runtime,
			ctx.event('/auth/sign-out'),
			new Request(`${APP}/auth/sign-out`, { method: 'POST' })
		);
		const copiedEvent = { url: new URL('/api/nudge/v.1.1/users/@me', APP), cookies: copied };
		const answer = await ctx.runtime.proxy({
			request: new Request(copiedEvent.url),
			rawPath: 'v.1.1/users/@me',
			tokens: tokenSourceFor(ctx.runtime, copiedEvent)
		});
		expect(answer.status).toBe(401);
		expect(await answer.json()).toMatchObject({ meta: { error_type: 'sign_in_required' } });
		expect((await sessionInfo(ctx.runtime, copiedEvent)).signedIn).toBe(false);
	});

	it('signing out disconnects the app upstream with the token of that session', async () => {
		const ctx = setup();
		await signInFully(ctx);
		await signOut(
			ctx.runtime,
			ctx.event('/auth/sign-out'),
			new Request(`${APP}/auth/sign-out`, { method: 'POST' })
		);
		expect(ctx.upstream.revoked).toEqual(['access-1-secretvalue']);
	});

	it('reports the scopes the token response granted, not the ones asked for', async () => {
		const ctx = setup();
		ctx.upstream.grant.scope = 'move_read';
		await signInFully(ctx, 'move_read,sleep_read,mood_read');
		const info = await sessionInfo(ctx.runtime, ctx.event('/api/session'));
		expect(info.scopes).toEqual(['move_read']);
	});

	it('keeps the session cookie far below 4 KB when the tokens are 4 KB each', async () => {
		const ctx = setup();
		ctx.upstream.grant.tokenLength = 4096;
		const done = await signInFully(ctx);
		expect(done.headers.get('location')).toBe('/sleep');
		const cookie = ctx.jar.values.get('__Host-wellness-session') ?? '';
		expect(cookie.length).toBeGreaterThan(0);
		expect(cookie.length).toBeLessThan(256);
		const source = tokenSourceFor(ctx.runtime, ctx.event('/api/nudge/x'));
		expect((await source.current())?.length).toBe(4096);
	});

	it('a new sign-in in the same browser ends the previous session', async () => {
		const ctx = setup();
		await signInFully(ctx);
		const before = ctx.jar.values.get('__Host-wellness-session') ?? '';
		await signInFully(ctx);
		const old = new Jar();
		old.values.set('__Host-wellness-session', before);
		const info = await sessionInfo(ctx.runtime, {
			url: new URL('/api/session', APP),
			cookies: old
		});
		expect(info.signedIn).toBe(false);
		expect((await sessionInfo(ctx.runtime, ctx.event('/api/session'))).signedIn).toBe(true);
	});

	it('uses plain cookie names on http', async () => {
		const ctx = setup();
		const jar = new Jar();
		await signIn(ctx.runtime, { url: new URL('http://127.0.0.1:3000/auth/sign-in'), cookies: jar });
		expect([...jar.values.keys()]).toEqual(['wellness-oauth']);
		expect(jar.options.get('wellness-oauth')?.secure).toBe(false);
	});
});

describe('token modes', () => {
	it('reports a personal token as signed in with configured scopes, without the token', async () => {
		const upstream = fakeUpstream();
		upstream.live.add('personal-token-value-1');
		const result = parseConfig({
			NUDGE_BASE_URL: BASE,
			NUDGE_ACCESS_TOKEN: 'personal-token-value-1',
			NUDGE_SCOPES: 'move_read'
		});
		if (!result.ok) throw new Error('config');
		const runtime = createRuntime(result.config, {
			embedded: () => {
				throw new Error('not embedded');
			},
			fetch: upstream.transport
		});
		const info = await sessionInfo(runtime, { url: new URL(APP), cookies: new Jar() });
		expect(info).toEqual({
			mode: 'token',
			signedIn: true,
			userKey: userKeyOf(BASE, 'user-xid-1'),
			scopes: ['move_read'],
			upstream: 'custom',
			apiVersion: 'v.1.1'
		});
		expect(JSON.stringify(info)).not.toContain('personal-token-value-1');
		const sign = await signIn(runtime, { url: new URL(`${APP}/auth/sign-in`), cookies: new Jar() });
		expect(sign.status).toBe(404);
	});
});
