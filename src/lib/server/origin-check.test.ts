import { describe, expect, it } from 'vitest';
import { endpoints } from '$lib/api/endpoints';
import { expandPath } from '$lib/api/endpoint-paths';
import { checkWriteOrigin, routerPath } from './origin-check';

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

	it('guards each write the pages make: from our origin only, never without origin evidence', () => {
		const writes = endpoints
			.filter((endpoint) => endpoint.browser === true && endpoint.method !== 'GET')
			.flatMap((endpoint) =>
				endpoint.versions.map(
					(version) =>
						`${endpoint.method} /api/nudge/${version}${expandPath(endpoint.path, 'abc123')}`
				)
			);
		expect(writes.sort()).toEqual(
			[
				'POST /api/nudge/v.1.1/users/@me/goals',
				'POST /api/nudge/v.1.0/users/@me/body_events',
				'POST /api/nudge/v.1.1/users/@me/body_events',
				'DELETE /api/nudge/v.1.0/body_events/abc123',
				'DELETE /api/nudge/v.1.1/body_events/abc123',
				'POST /api/nudge/v.1.1/users/@me/mood',
				'DELETE /api/nudge/v.1.1/mood/abc123',
				'POST /api/nudge/v.1.0/users/@me/mood',
				'DELETE /api/nudge/v.1.0/mood/abc123'
			].sort()
		);
		for (const write of writes) {
			const [method = '', path = ''] = write.split(' ');
			expect(verdict(method, path, { origin: APP }), write).toBe(true);
			expect(verdict(method, path, { origin: 'https://evil.example' }), write).toBe(false);
			expect(verdict(method, path, {}), write).toBe(false);
			expect(verdict(method, path, { 'sec-fetch-site': 'cross-site' }), write).toBe(false);
		}
	});
});

/** The verdict on a path as the request line spells it: the hook sees it after URL parsing. */
function verdictOn(method: string, rawPath: string, headers: Record<string, string>) {
	const url = new URL(`${APP}${rawPath}`);
	return checkWriteOrigin(new Request(url, { method, headers }), url.pathname, APP, {
		exemptTokenEndpoint: true
	});
}

// Each spelling below is the sign-out route, the session route or the proxy to the router, or
// would be to a router that decodes once more, folds case or merges slashes.
const AUTH_SPELLINGS = [
	'/%61uth/sign-out',
	'/%41uth/sign-out',
	'/a%75th/sign-out',
	'/%61%75%74%68/sign-%6Fut',
	'/auth%2Fsign-out',
	'/auth%2fsign-out',
	'//auth/sign-out',
	'///auth//sign-out',
	'/%2Fauth/sign-out',
	'/AUTH/sign-out',
	'/AuTh/Sign-Out',
	'/%2561uth/sign-out',
	'/%252561uth/sign-out',
	'/auth/sign-out/',
	'/x/../auth/sign-out',
	'/x/%2e%2e/auth/sign-out',
	'/\\auth\\sign-out',
	'/auth\\sign-out',
	'/x\\..\\auth\\sign-out'
];
const API_SPELLINGS = [
	'/%61pi/session',
	'/%41PI/session',
	'/api%2Fsession',
	'/api%2fnudge%2fv.1.1%2fusers%2f@me%2fmood',
	'//api/nudge/v.1.1/users/@me/refreshToken',
	'/%61pi/nudge/v.1.1/users/@me/PartnerAppMembership',
	'/%2561pi/session',
	'/Api/session',
	'/api/./session'
];
/** A foreign Origin, and none at all (with no Sec-Fetch-Site either). */
const ORIGIN_CASES: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}];
const CONTENT_TYPES = [
	'text/plain',
	'application/x-www-form-urlencoded',
	'multipart/form-data; boundary=x',
	'application/json'
];

describe('checkWriteOrigin on encoded paths', () => {
	it('decodes a path the way the router does: once, leaving separators and %25 encoded', () => {
		expect(routerPath('/%61uth/sign-out')).toBe('/auth/sign-out');
		expect(routerPath('/auth%2Fsign-out')).toBe('/auth%2Fsign-out');
		expect(routerPath('/%2561uth/sign-out')).toBe('/%2561uth/sign-out');
		expect(() => routerPath('/%c0%ae/auth')).toThrow(URIError);
	});

	it('refuses every spelling of the guarded prefixes, foreign or missing Origin, any body type', () => {
		for (const path of [...AUTH_SPELLINGS, ...API_SPELLINGS]) {
			for (const type of CONTENT_TYPES) {
				for (const origin of ORIGIN_CASES) {
					for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
						const result = verdictOn(method, path, { 'content-type': type, ...origin });
						expect(result, `${method} ${path} ${type} ${JSON.stringify(origin)}`).toMatchObject({
							ok: false,
							status: 403,
							type: 'cross_site_request'
						});
					}
				}
			}
		}
	});

	it('still accepts those writes from our own origin, and leaves other paths alone', () => {
		expect(verdictOn('POST', '/%61uth/sign-out', { origin: APP }).ok).toBe(true);
		for (const path of ['/sleep', '/authors', '/apis', '/nudge/api/v.1.1/users/@me/mood']) {
			expect(verdictOn('POST', path, { origin: 'https://evil.example' }).ok, path).toBe(true);
		}
	});

	it('exempts the mounted token endpoint only when it is spelled exactly', () => {
		expect(verdictOn('POST', '/auth/oauth2/token', {}).ok).toBe(true);
		expect(verdictOn('POST', '/auth/oauth2/%74oken', {}).ok).toBe(false);
		expect(verdictOn('POST', '//auth/oauth2/token', {}).ok).toBe(false);
	});

	it('answers a path the router cannot decode with the API envelope, whatever the method', () => {
		for (const method of ['GET', 'POST']) {
			for (const path of ['/%c0%ae/auth/sign-out', '/api/nudge/%E0%A4%A', '/sleep%ff']) {
				expect(verdictOn(method, path, { origin: APP }), `${method} ${path}`).toMatchObject({
					ok: false,
					status: 400,
					type: 'invalid_path'
				});
			}
		}
	});
});
