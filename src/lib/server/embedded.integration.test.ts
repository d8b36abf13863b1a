import { afterAll, describe, expect, it } from 'vitest';
import {
	callback,
	sessionInfo,
	signIn,
	signOut,
	tokenSourceFor,
	type AuthEvent
} from './auth/flow';
import type { CookieJar } from './auth/session';
import { parseConfig } from './config/parse-config';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, createReferenceApi } from './reference-api';
import { createRuntime } from './runtime';

// The proxy and sign-in against the real embedded reference API, in-process, on a short demo.
const NOW = Date.UTC(2026, 2, 30, 18, 0, 0);
const APP = 'http://127.0.0.1:4173';
const api = createReferenceApi({ now: () => NOW, dataDir: null, days: 10, seed: 7 });
afterAll(() => api.close());

class Jar implements CookieJar {
	readonly values = new Map<string, string>();
	get(name: string) {
		return this.values.get(name);
	}
	set(name: string, value: string) {
		this.values.set(name, value);
	}
	delete(name: string) {
		this.values.delete(name);
	}
}

function runtimeFor(env: Record<string, string>, embedded = api) {
	const result = parseConfig(env);
	if (!result.ok) throw new Error('config');
	return createRuntime(result.config, { embedded: () => embedded });
}

async function proxyGet(runtime: ReturnType<typeof runtimeFor>, event: AuthEvent, path: string) {
	const url = new URL(`/api/nudge/${path}`, APP);
	return runtime.proxy({
		request: new Request(url),
		rawPath: url.pathname.slice('/api/nudge/'.length),
		tokens: tokenSourceFor(runtime, event)
	});
}

/** Plays the user's part on the consent page: read the form, press Allow, follow to the callback. */
async function consent(location: string, decision: 'allow' | 'deny'): Promise<URL> {
	const page = await api.handle(new Request(location));
	const html = (await page?.text()) ?? '';
	const consentId = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
	const answer = await api.handle(
		new Request(new URL('/auth/oauth2/auth', APP), {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ consent: consentId, decision })
		})
	);
	return new URL(answer?.headers.get('location') ?? '');
}

describe('embedded mode', () => {
	it('serves a list page through the proxy with the demo token, which the session never shows', async () => {
		const runtime = runtimeFor({});
		const event = { url: new URL(APP), cookies: new Jar() };
		const response = await proxyGet(runtime, event, 'v.1.1/users/@me/moves?date=20260330');
		expect(response.status).toBe(200);
		const text = await response.text();
		expect(JSON.parse(text)).toMatchObject({ meta: { code: 200 }, data: { size: 1 } });
		expect(text).not.toContain(api.demoAccessToken);
		const info = await sessionInfo(runtime, event);
		expect(info).toMatchObject({ mode: 'embedded', signedIn: true, upstream: 'embedded' });
		expect(info.userKey).toMatch(/^[0-9a-f]{32}$/);
		expect(JSON.stringify(info)).not.toContain(api.demoAccessToken);
	});

	it('passes the API envelope of an upstream error through', async () => {
		const runtime = runtimeFor({});
		const event = { url: new URL(APP), cookies: new Jar() };
		const response = await proxyGet(runtime, event, 'v.1.1/moves/unknownXid123');
		expect(response.status).toBe(404);
		expect(await response.json()).toMatchObject({ meta: { code: 404, error_type: 'not_found' } });
	});
});

describe('the token routes', () => {
	it('are served to a bearer caller of the mounted API and refused by the proxy', async () => {
		const token = 'partner-app-token-4d1c';
		const own = createReferenceApi({
			now: () => NOW,
			dataDir: null,
			days: 2,
			seed: 3,
			accessToken: token
		});
		try {
			const runtime = runtimeFor({ NUDGE_ACCESS_TOKEN: token }, own);
			const event = { url: new URL(APP), cookies: new Jar() };
			const viaProxy = await runtime.proxy({
				request: new Request(new URL('/api/nudge/v.1.1/users/@me/PartnerAppMembership', APP), {
					method: 'DELETE'
				}),
				rawPath: 'v.1.1/users/@me/PartnerAppMembership',
				tokens: tokenSourceFor(runtime, event)
			});
			expect(viaProxy.status).toBe(404);
			expect((await proxyGet(runtime, event, 'v.1.1/users/@me')).status).toBe(200);

			const direct = await own.handle(
				new Request(new URL('/nudge/api/v.1.1/users/@me/PartnerAppMembership', APP), {
					method: 'DELETE',
					headers: { authorization: `Bearer ${token}` }
				})
			);
			expect(direct?.status).toBe(200);
			// Served for real: the disconnect took effect, for the proxy too.
			expect((await proxyGet(runtime, event, 'v.1.1/users/@me')).status).toBe(401);
		} finally {
			await own.close();
		}
	});
});

describe('OAuth sign-in against the embedded reference API', () => {
	const env = { NUDGE_CLIENT_ID: DEMO_CLIENT_ID, NUDGE_CLIENT_SECRET: DEMO_CLIENT_SECRET };

	it('signs in with a subset of scopes and gets exactly that access', async () => {
		const runtime = runtimeFor(env);
		const jar = new Jar();
		const event = (path: string): AuthEvent => ({ url: new URL(path, APP), cookies: jar });
		expect((await proxyGet(runtime, event('/'), 'v.1.1/users/@me/sleeps')).status).toBe(401);

		const start = await signIn(runtime, event('/auth/sign-in?scopes=sleep_read,basic_read'));
		const location = start.headers.get('location') ?? '';
		expect(location.startsWith(`${APP}/auth/oauth2/auth?`)).toBe(true);
		const back = await consent(location, 'allow');
		expect(back.pathname).toBe('/auth/callback');
		const done = await callback(runtime, event(back.pathname + back.search));
		expect(done.headers.get('location')).toBe('/');

		const info = await sessionInfo(runtime, event('/api/session'));
		expect(info).toMatchObject({
			mode: 'oauth',
			signedIn: true,
			scopes: ['sleep_read', 'basic_read']
		});
		expect(info.userKey).toMatch(/^[0-9a-f]{32}$/);
		expect((await proxyGet(runtime, event('/'), 'v.1.1/users/@me/sleeps')).status).toBe(200);
		const moves = await proxyGet(runtime, event('/'), 'v.1.1/users/@me/moves');
		expect(moves.status).toBe(403);
		expect(await moves.json()).toMatchObject({ meta: { error_type: 'insufficient_scope' } });
	});

	it('comes back signed out when the user denies consent', async () => {
		const runtime = runtimeFor(env);
		const jar = new Jar();
		const event = (path: string): AuthEvent => ({ url: new URL(path, APP), cookies: jar });
		const start = await signIn(runtime, event('/auth/sign-in'));
		const back = await consent(start.headers.get('location') ?? '', 'deny');
		const done = await callback(runtime, event(back.pathname + back.search));
		expect(done.headers.get('location')).toBe('/?sign_in_error=access_denied');
		expect((await sessionInfo(runtime, event('/api/session'))).signedIn).toBe(false);
	});

	it('reports only move_read after a sign-in whose authorize URL was edited to move_read', async () => {
		const runtime = runtimeFor(env);
		const jar = new Jar();
		const event = (path: string): AuthEvent => ({ url: new URL(path, APP), cookies: jar });
		const start = await signIn(runtime, event('/auth/sign-in'));
		const edited = new URL(start.headers.get('location') ?? '');
		expect(edited.searchParams.get('scope')?.split(' ').length).toBeGreaterThan(1);
		edited.searchParams.set('scope', 'move_read');
		const back = await consent(edited.href, 'allow');
		await callback(runtime, event(back.pathname + back.search));
		const info = await sessionInfo(runtime, event('/api/session'));
		expect(info).toMatchObject({ signedIn: true, scopes: ['move_read'] });
	});

	it('signing out ends every copy of the session and disconnects the grant upstream', async () => {
		const runtime = runtimeFor(env);
		const jar = new Jar();
		const event = (path: string): AuthEvent => ({ url: new URL(path, APP), cookies: jar });
		const start = await signIn(runtime, event('/auth/sign-in?scopes=sleep_read'));
		const back = await consent(start.headers.get('location') ?? '', 'allow');
		await callback(runtime, event(back.pathname + back.search));
		const copy = new Jar();
		for (const [name, value] of jar.values) copy.values.set(name, value);
		const token = await tokenSourceFor(runtime, event('/')).current();
		expect(token).not.toBeNull();

		await signOut(runtime, event('/auth/sign-out'), new Request(`${APP}/auth/sign-out`));
		const copied = { url: new URL(APP), cookies: copy };
		expect((await proxyGet(runtime, copied, 'v.1.1/users/@me/sleeps')).status).toBe(401);
		// The upstream grant is gone too: the token itself no longer works anywhere.
		const direct = await api.handle(
			new Request(`${APP}/nudge/api/v.1.1/users/@me/sleeps`, {
				headers: { authorization: `Bearer ${token ?? ''}` }
			})
		);
		expect(direct?.status).toBe(401);
	});
});
