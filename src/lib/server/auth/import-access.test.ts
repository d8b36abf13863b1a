import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config';
import { lazyEmbeddedApi } from '../embedded';
import { createImportUpload } from '../import-upload';
import { createReferenceApi } from '../reference-api/index';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../reference-api/oauth';
import { createRuntime, type ServerRuntime } from '../runtime';
import { callback, signIn, tokenSourceFor, type AuthEvent } from './flow';
import { importAccess, type ImportDestination } from './import-access';
import type { CookieJar } from './session';

// The import under the sign-in rules, against the embedded API as the server runs it.
const APP = 'http://127.0.0.1:4173';
const SIGN_IN = { NUDGE_CLIENT_ID: DEMO_CLIENT_ID, NUDGE_CLIENT_SECRET: DEMO_CLIENT_SECRET };
const UP_EXPORT = fileURLToPath(new URL('../import/fixtures/up-export.csv', import.meta.url));
const WRITES = 'move_read,move_write,sleep_write,body_write,meal_write';

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

function embeddedApi(now = Date.UTC(2026, 2, 30, 18, 0, 0)) {
	return lazyEmbeddedApi({
		NUDGE_REFERENCE_DATA_DIR: 'memory',
		NUDGE_REFERENCE_DAYS: '10',
		NUDGE_REFERENCE_NOW: new Date(now).toISOString()
	});
}
type Embedded = ReturnType<typeof embeddedApi>;

function runtimeFor(env: Record<string, string>, embedded: Embedded): ServerRuntime {
	const result = parseConfig(env);
	if (!result.ok) throw new Error('config');
	return createRuntime(result.config, { embedded: () => embedded });
}

/** A browser: its cookie jar and the events of its requests. */
function browser() {
	const jar = new Jar();
	return (path: string): AuthEvent => ({ url: new URL(path, APP), cookies: jar });
}

/** Signs in through the embedded provider's consent page, sharing `account`'s records. */
async function signedIn(
	runtime: ServerRuntime,
	embedded: Pick<Embedded, 'handle'>,
	scopes: string,
	account: 'demo' | 'me'
) {
	const event = browser();
	const start = await signIn(runtime, event(`/auth/sign-in?scopes=${scopes}`));
	const page = await embedded.handle(new Request(start.headers.get('location') ?? ''));
	const consent = /name="consent" value="([^"]+)"/.exec((await page?.text()) ?? '')?.[1] ?? '';
	const decision = await embedded.handle(
		new Request(`${APP}/auth/oauth2/auth`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ consent, decision: 'allow', account })
		})
	);
	const back = new URL(decision?.headers.get('location') ?? '');
	await callback(runtime, event(back.pathname + back.search));
	return event;
}

async function detailOf(response: Response) {
	return ((await response.json()) as { meta: { error_type: string; error_detail: string } }).meta;
}

/** The steps of 31 March 2024 (the UP export's 10,500) as this browser reads them, or null. */
async function stepsOn31March(runtime: ServerRuntime, event: (path: string) => AuthEvent) {
	const url = new URL('/api/nudge/v.1.1/users/@me/moves?date=20240331', APP);
	const response = await runtime.proxy({
		request: new Request(url),
		rawPath: url.pathname.slice('/api/nudge/'.length),
		tokens: tokenSourceFor(runtime, event('/'))
	});
	const body = (await response.json()) as { data: { items: { details: { steps: number } }[] } };
	return body.data.items[0]?.details.steps ?? null;
}

describe('who may import', () => {
	it('with sign-in: nobody signed in gets 401', async () => {
		const embedded = embeddedApi();
		const runtime = runtimeFor(SIGN_IN, embedded);
		const access = await importAccess(runtime, browser()('/api/import'), embedded);
		if (access.ok) throw new Error('let in');
		expect(access.response.status).toBe(401);
		expect(await detailOf(access.response)).toMatchObject({
			error_type: 'sign_in_required',
			error_detail: 'Sign in to import your records.'
		});
	});

	it('with sign-in: a read-only session gets 403 at once, naming the permissions', async () => {
		const embedded = embeddedApi();
		const runtime = runtimeFor(SIGN_IN, embedded);
		const event = await signedIn(runtime, embedded, 'move_read,sleep_read', 'demo');
		const access = await importAccess(runtime, event('/api/import'), embedded);
		if (access.ok) throw new Error('let in');
		expect(access.response.status).toBe(403);
		const meta = await detailOf(access.response);
		expect(meta.error_type).toBe('insufficient_scope');
		expect(meta.error_detail).toContain('move_write');
		expect(meta.error_detail).toContain('Sign in again');
	});

	it('with sign-in: a kind the session may not write is refused, the others allowed', async () => {
		const embedded = embeddedApi();
		const runtime = runtimeFor(SIGN_IN, embedded);
		const event = await signedIn(runtime, embedded, 'move_read,sleep_write', 'demo');
		const access = await importAccess(runtime, event('/api/import'), embedded);
		if (!access.ok) throw new Error('refused');
		expect(access.refused('sleeps')).toBeNull();
		expect(access.refused('moves')).toEqual({ kind: 'moves', scope: 'move_write' });
		expect(access.refused('heartrates')).toEqual({ kind: 'heartrates', scope: 'heartrate_write' });
	});

	it('imports only into the account the session reads', async () => {
		const embedded = embeddedApi();
		const runtime = runtimeFor(SIGN_IN, embedded);
		const demoReader = await signedIn(runtime, embedded, WRITES, 'demo');
		const ownReader = await signedIn(runtime, embedded, WRITES, 'me');
		// The demo user's reader imports: into the demo account, not the person's own.
		const access = await importAccess(runtime, demoReader('/api/import'), embedded);
		if (!access.ok) throw new Error('refused');
		const upload = createImportUpload({});
		const answer = await upload({
			name: 'up-export.csv',
			body: createReadStream(UP_EXPORT),
			size: null,
			tz: null,
			into: access
		});
		expect(answer.status).toBe(200);
		expect(await stepsOn31March(runtime, demoReader)).toBe(10_500);
		// The own account, which another session reads, holds nothing of it.
		expect(await stepsOn31March(runtime, ownReader)).toBeNull();
	});

	it('with sign-in: an expired access token is refreshed once, as for the pages', async () => {
		let now = Date.UTC(2026, 2, 30, 18, 0, 0);
		const api = createReferenceApi({ now: () => now, dataDir: null, days: 10, accessTtlSec: 60 });
		try {
			const result = parseConfig(SIGN_IN);
			if (!result.ok) throw new Error('config');
			const runtime = createRuntime(result.config, { embedded: () => api, now: () => now });
			const destination: ImportDestination = {
				grantOf: (token) => api.grantOf(token),
				writerInto: () => () => Promise.reject(new Error('nothing is imported here'))
			};
			const event = await signedIn(runtime, api, WRITES, 'me');
			now += 3600_000;
			const before = await tokenSourceFor(runtime, event('/')).current();
			expect(await api.grantOf(before ?? '')).toBeNull();
			expect((await importAccess(runtime, event('/api/import'), destination)).ok).toBe(true);
			expect(await tokenSourceFor(runtime, event('/')).current()).not.toBe(before);
		} finally {
			await api.close();
		}
	});

	it('with an upstream API and sign-in: nobody signed in gets 401 first', async () => {
		const embedded = embeddedApi();
		const runtime = runtimeFor({ ...SIGN_IN, NUDGE_BASE_URL: 'https://api.example.com' }, embedded);
		const signedOut = await importAccess(runtime, browser()('/api/import'), null);
		expect(signedOut.ok ? 200 : signedOut.response.status).toBe(401);
	});

	it('without sign-in: the server’s own token imports into the person’s own account', async () => {
		const embedded = embeddedApi();
		const runtime = runtimeFor({}, embedded);
		const access = await importAccess(runtime, browser()('/api/import'), embedded);
		if (!access.ok) throw new Error('refused');
		expect(access.refused('heartrates')).toBeNull();
		const upstream = await importAccess(runtimeFor({}, embedded), browser()('/api/import'), null);
		expect(upstream.ok ? 200 : upstream.response.status).toBe(409);
	});
});
