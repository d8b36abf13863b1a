import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceApi } from './index';
import { call, exchange, REDIRECT_URI } from './testing/helpers';

// PKCE on the reference API's authorization-code grant: S256 only, optional for partner apps.
const api = createReferenceApi({ dataDir: null, days: 3 });
afterAll(() => api.close());

const VERIFIER = 'a-verifier-of-forty-three-characters-or-more-1234';
const S256 = createHash('sha256').update(VERIFIER).digest('base64url');

/** Asks for consent with the given PKCE parameters, allows, and answers the redirect. */
async function consent(pkce: Record<string, string>): Promise<URL> {
	const query = new URLSearchParams({
		response_type: 'code',
		client_id: 'wellness-dashboard-demo',
		scope: 'move_read',
		redirect_uri: REDIRECT_URI,
		state: 'st4te',
		...pkce
	});
	const page = await call(api, 'GET', `/auth/oauth2/auth?${query.toString()}`);
	if (page.status === 302) return new URL(page.headers.get('location') ?? '');
	const id = /name="consent" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
	const decision = await call(api, 'POST', '/auth/oauth2/auth', {
		form: { consent: id, decision: 'allow' }
	});
	return new URL(decision.headers.get('location') ?? '');
}

describe('PKCE', () => {
	it('issues tokens for the verifier whose S256 hash the authorization request carried', async () => {
		const back = await consent({ code_challenge: S256, code_challenge_method: 'S256' });
		const code = back.searchParams.get('code') ?? '';
		const answer = await exchange(api, {
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT_URI,
			code_verifier: VERIFIER
		});
		expect(answer.status).toBe(200);
	});

	it('refuses a code whose verifier is wrong or missing', async () => {
		for (const verifier of [`${VERIFIER}x`, null]) {
			const back = await consent({ code_challenge: S256, code_challenge_method: 'S256' });
			const answer = await exchange(api, {
				grant_type: 'authorization_code',
				code: back.searchParams.get('code') ?? '',
				...(verifier === null ? {} : { code_verifier: verifier })
			});
			expect(answer.status).toBe(400);
			expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
		}
	});

	it('refuses the plain method and a malformed challenge at the authorization request', async () => {
		const refused: Record<string, string>[] = [
			{ code_challenge: VERIFIER, code_challenge_method: 'plain' },
			{ code_challenge: S256 },
			{ code_challenge: 'short', code_challenge_method: 'S256' }
		];
		for (const pkce of refused) {
			const back = await consent(pkce);
			expect(back.searchParams.get('error')).toBe('invalid_request');
			expect(back.searchParams.get('code')).toBeNull();
		}
	});

	it('still serves clients that send no PKCE, and refuses a verifier they did not announce', async () => {
		const plain = await consent({});
		const ok = await exchange(api, {
			grant_type: 'authorization_code',
			code: plain.searchParams.get('code') ?? ''
		});
		expect(ok.status).toBe(200);
		const again = await consent({});
		const smuggled = await exchange(api, {
			grant_type: 'authorization_code',
			code: again.searchParams.get('code') ?? '',
			code_verifier: VERIFIER
		});
		expect(smuggled.status).toBe(400);
	});
});
