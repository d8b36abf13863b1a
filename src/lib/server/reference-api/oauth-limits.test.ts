import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
	CODE_TTL_SEC,
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	MAX_PENDING,
	MAX_TOKENS,
	OAuthServer
} from './oauth';

const REDIRECT = 'http://127.0.0.1:5173/auth/callback';
/** The longest `state` the reference API's README allows. */
const MAX_STATE_CHARS = 512;

function server() {
	const clock = { now: 1_774_900_000 };
	const oauth = new OAuthServer({
		clients: [{ id: DEMO_CLIENT_ID, secret: DEMO_CLIENT_SECRET, redirectUris: [] }],
		nowSec: () => clock.now,
		accessTtlSec: 3600,
		staticToken: 'static-token-for-tests'
	});
	return { oauth, clock };
}

function authorizeUrl(state: string, redirectUri = REDIRECT): URL {
	const url = new URL('http://api.test/auth/oauth2/auth');
	url.search = new URLSearchParams({
		response_type: 'code',
		client_id: DEMO_CLIENT_ID,
		redirect_uri: redirectUri,
		scope: 'move_read sleep_read',
		state
	}).toString();
	return url;
}

async function openConsent(oauth: OAuthServer, state: string): Promise<string> {
	const url = authorizeUrl(state);
	const response = await oauth.handle(new Request(url), url);
	const page = (await response?.text()) ?? '';
	const consent = /name="consent" value="([^"]+)"/.exec(page)?.[1];
	if (consent === undefined) throw new Error(`no consent page (status ${response?.status})`);
	return consent;
}

async function decide(oauth: OAuthServer, consent: string): Promise<Response | null> {
	const url = new URL('http://api.test/auth/oauth2/auth');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ consent, decision: 'allow' }).toString()
	});
	return oauth.handle(request, url);
}

/** The heap after a full collection; `--expose-gc` switched on at run time for this file only. */
function heapAfterGc(): number {
	setFlagsFromString('--expose-gc');
	const gc: unknown = runInNewContext('gc');
	if (typeof gc !== 'function') throw new Error('gc is not available');
	Reflect.apply(gc, undefined, []);
	Reflect.apply(gc, undefined, []);
	return process.memoryUsage().heapUsed;
}

describe('the OAuth stores anyone can fill', () => {
	it('keep memory within 20 MiB after 50 000 unanswered consent pages', async () => {
		const { oauth } = server();
		const state = 's'.repeat(MAX_STATE_CHARS);
		await openConsent(oauth, state);
		const before = heapAfterGc();
		for (let i = 0; i < 50_000; i++) {
			const url = authorizeUrl(`${i}`.padEnd(MAX_STATE_CHARS, 's'));
			await (await oauth.handle(new Request(url), url))?.text();
		}
		const grown = heapAfterGc() - before;
		// Still in use after the measurement, so the collector cannot take the server with its stores.
		expect(await openConsent(oauth, 'still serving')).not.toBe('');
		expect(grown).toBeLessThan(20 * 1024 * 1024);
	}, 60_000);

	it('evict the oldest pending consent once the limit is reached, and the next still works', async () => {
		const { oauth } = server();
		const consents: string[] = [];
		for (let i = 0; i <= MAX_PENDING; i++) consents.push(await openConsent(oauth, `s${i}`));
		const oldest = await decide(oauth, consents[0] ?? '');
		expect(oldest?.status).toBe(400);
		const second = await decide(oauth, consents[1] ?? '');
		expect(second?.status).toBe(302);
		expect(second?.headers.get('location')).toContain('state=s1');
	});

	it('expire a pending consent after ten minutes', async () => {
		const { oauth, clock } = server();
		const fresh = await openConsent(oauth, 'fresh');
		const stale = await openConsent(oauth, 'stale');
		clock.now += CODE_TTL_SEC - 1;
		expect((await decide(oauth, fresh))?.status).toBe(302);
		clock.now += 1;
		expect((await decide(oauth, stale))?.status).toBe(400);
	});

	it('refuse a state longer than 512 characters without echoing it, and a very long redirect', async () => {
		const { oauth } = server();
		const long = authorizeUrl('x'.repeat(MAX_STATE_CHARS + 1));
		const refused = await oauth.handle(new Request(long), long);
		expect(refused?.status).toBe(302);
		expect(refused?.headers.get('location')).toBe(`${REDIRECT}?error=invalid_request`);
		const hugeRedirect = authorizeUrl('ok', `${REDIRECT}?pad=${'p'.repeat(4000)}`);
		expect((await oauth.handle(new Request(hugeRedirect), hugeRedirect))?.status).toBe(400);
	});

	it('bound the codes handed out but never exchanged, the oldest going first', async () => {
		const { oauth } = server();
		const codes: string[] = [];
		for (let i = 0; i <= MAX_PENDING; i++) {
			const location = (await decide(oauth, await openConsent(oauth, `c${i}`)))?.headers.get(
				'location'
			);
			codes.push(new URL(location ?? REDIRECT).searchParams.get('code') ?? '');
		}
		const exchange = async (code: string) => {
			const url = new URL('http://api.test/auth/oauth2/token');
			url.search = new URLSearchParams({
				grant_type: 'authorization_code',
				code,
				client_id: DEMO_CLIENT_ID,
				client_secret: DEMO_CLIENT_SECRET
			}).toString();
			return (await oauth.handle(new Request(url), url))?.status;
		};
		expect(await exchange(codes[0] ?? '')).toBe(400);
		expect(await exchange(codes[MAX_PENDING] ?? '')).toBe(200);
	});

	it('cap the tokens issued, dropping the oldest, and never the static token', async () => {
		const { oauth } = server();
		const location = (await decide(oauth, await openConsent(oauth, 't')))?.headers.get('location');
		const code = new URL(location ?? REDIRECT).searchParams.get('code') ?? '';
		const tokenCall = async (grant: Record<string, string>) => {
			const url = new URL('http://api.test/auth/oauth2/token');
			url.search = new URLSearchParams({
				...grant,
				client_id: DEMO_CLIENT_ID,
				client_secret: DEMO_CLIENT_SECRET
			}).toString();
			const body: unknown = await (await oauth.handle(new Request(url), url))?.json();
			if (typeof body !== 'object' || body === null) throw new Error('no token answer');
			return {
				access: 'access_token' in body ? String(body.access_token) : '',
				refresh: 'refresh_token' in body ? String(body.refresh_token) : ''
			};
		};
		const first = await tokenCall({ grant_type: 'authorization_code', code });
		let latest = first;
		// Each refresh rotates the refresh token but leaves the earlier access token unused.
		for (let i = 0; i < MAX_TOKENS; i++) {
			latest = await tokenCall({ grant_type: 'refresh_token', refresh_token: latest.refresh });
		}
		expect(() => oauth.authenticate(`Bearer ${first.access}`)).toThrow();
		expect(oauth.authenticate(`Bearer ${latest.access}`).clientId).toBe(DEMO_CLIENT_ID);
		expect(oauth.authenticate('Bearer static-token-for-tests').grantId).toBe('static');
	}, 60_000);
});
