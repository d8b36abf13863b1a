import { describe, expect, it } from 'vitest';
import { checkWriteOrigin } from './origin-check';

const APP = 'http://127.0.0.1:4173';

function verdict(method: string, path: string, headers: Record<string, string>, exempt = true) {
	return checkWriteOrigin(new Request(`${APP}${path}`, { method, headers }), path, APP, {
		exemptTokenEndpoint: exempt
	}).ok;
}

describe('checkWriteOrigin', () => {
	it('lets reads through whatever their origin', () => {
		expect(verdict('GET', '/api/nudge/v.1.1/users/@me', { origin: 'https://evil.example' })).toBe(
			true
		);
		expect(verdict('HEAD', '/auth/sign-in', {})).toBe(true);
	});

	it('accepts a write from our own origin or a same-origin fetch without Origin', () => {
		expect(verdict('POST', '/auth/sign-out', { origin: APP })).toBe(true);
		expect(
			verdict('DELETE', '/api/nudge/v.1.1/mood/abc', { 'sec-fetch-site': 'same-origin' })
		).toBe(true);
	});

	it('refuses cross-site writes whatever the content type, and writes with no origin evidence', () => {
		for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
			expect(
				verdict('POST', '/api/nudge/v.1.1/users/@me/mood', {
					origin: 'https://evil.example',
					'content-type': type
				})
			).toBe(false);
		}
		expect(verdict('POST', '/auth/sign-out', {})).toBe(false);
		expect(verdict('POST', '/auth/sign-out', { origin: 'null' })).toBe(false);
		expect(verdict('PUT', '/api/session', { 'sec-fetch-site': 'cross-site' })).toBe(false);
		expect(
			verdict('POST', '/auth/sign-out', {
				origin: 'https://evil.example',
				'sec-fetch-site': 'same-origin'
			})
		).toBe(false);
		expect(verdict('POST', '/auth/sign-out', { origin: 'http://127.0.0.1:4174' })).toBe(false);
	});

	it('leaves other paths to SvelteKit, and exempts only the mounted token endpoint', () => {
		expect(verdict('POST', '/sleep', { origin: 'https://evil.example' })).toBe(true);
		expect(verdict('POST', '/auth/oauth2/token', {})).toBe(true);
		expect(verdict('POST', '/auth/oauth2/token', {}, false)).toBe(false);
		expect(verdict('POST', '/auth/oauth2/auth', { origin: 'https://evil.example' })).toBe(false);
	});
});
