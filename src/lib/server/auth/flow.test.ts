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
			const access = `access-${issued}-secretvalue`;
			const next = `refresh-${issued}-secretvalue`;
			live.add(access);
			refresh.add(next);
			return Response.json({ access_token: access, refresh_token: next, expires_in: 3600 });
		}
		const auth = new Headers(init.headers).get('authorization') ?? '';
		if (!live.has(auth.replace('Bearer ', ''))) {
			return Response.json({ meta: { code: 401 }, data: {} }, { status: 401 });
		}
		await Promise.resolve();
		return Response.json({ meta: { code: 200, user_xid: 'user-xid-1' }, data: {} });
	};
	return { transport, live, refresh, tokenRequests };
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
	const start = signIn(ctx.runtime, ctx.event(`/auth/sign-in?scopes=${scopes}&return_to=/sleep`));
	expect(start.status).toBe(303);
	const authorize = new URL(start.headers.get('location') ?? '');
	const state = authorize.searchParams.get('state') ?? '';
	return callback(ctx.runtime, ctx.event(`/auth/callback?code=good-code&state=${state}`));
}

describe('OAuth sign-in flow', () => {
	it('sends the browser to the upstream consent page with scopes, redirect and a state', () => {
		const ctx = setup();
		const response = signIn(ctx.runtime, ctx.event('/auth/sign-in?scopes=move_read sleep_read'));
		const location = new URL(response.headers.get('location') ?? '');
		expect(location.origin + location.pathname).toBe(`${BASE}/auth/oauth2/auth`);
		expect(location.searchParams.get('client_id')).toBe('dash');
		expect(location.searchParams.get('scope')).toBe('move_read sleep_read');
		expect(location.searchParams.get('redirect_uri')).toBe(`${APP}/auth/callback`);
		expect(location.searchParams.get('state')?.length).toBeGreaterThanOrEqual(40);
		expect(response.headers.get('location')).not.toContain(CLIENT_SECRET);
		expect(ctx.jar.values.has('__Host-wellness-oauth')).toBe(true);
	});

	it('refuses unknown scopes', async () => {
		const ctx = setup();
		const response = signIn(ctx.runtime, ctx.event('/auth/sign-in?scopes=move_read,admin'));
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
		signIn(ctx.runtime, ctx.event('/auth/sign-in'));
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
		const response = signOut(
			ctx.runtime,
			ctx.event('/auth/sign-out'),
			new Request(`${APP}/auth/sign-out`, { method: 'POST' })
		);
		expect(await response.json()).toMatchObject({ signedIn: false, clearCache: true });
		expect(response.headers.get('clear-site-data')).toContain('storage');
		expect(ctx.jar.values.has('__Host-wellness-session')).toBe(false);
		expect((await sessionInfo(ctx.runtime, ctx.event('/api/session'))).signedIn).toBe(false);
	});

	it('uses plain cookie names on http', () => {
		const ctx = setup();
		const jar = new Jar();
		signIn(ctx.runtime, { url: new URL('http://127.0.0.1:3000/auth/sign-in'), cookies: jar });
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
		const sign = signIn(runtime, { url: new URL(`${APP}/auth/sign-in`), cookies: new Jar() });
		expect(sign.status).toBe(404);
	});
});
