import { describe, expect, it } from 'vitest';
import { cachePolicy, isPageOfRelease, pageKey } from './shell-cache';

const ORIGIN = 'http://127.0.0.1:3000';
const ASSETS = new Set([
	'/_app/immutable/entry/start.Abc123.js',
	'/_app/immutable/nodes/2.Def456.js',
	'/favicon.png'
]);

function policy(path: string, mode = 'cors', method = 'GET', base = '') {
	return cachePolicy({ url: new URL(path, ORIGIN), method, mode }, ORIGIN, base, ASSETS);
}

describe('cachePolicy', () => {
	it('serves the release’s own files from the cache', () => {
		expect(policy('/_app/immutable/nodes/2.Def456.js', 'cors')).toBe('asset');
		expect(policy('/favicon.png', 'no-cors')).toBe('asset');
	});

	it('treats a page load of any view as a page, whatever its query', () => {
		expect(policy('/', 'navigate')).toBe('page');
		expect(policy('/sleep?date=2026-03-29&span=week', 'navigate')).toBe('page');
	});

	it('never touches the proxy, the session, sign-in or the embedded API, even as a page load', () => {
		for (const path of [
			'/api/session',
			'/api/nudge/v.1.1/users/@me/moves?start_time=1',
			'/auth/sign-in?return_to=/',
			'/auth/callback?code=x&state=y',
			'/auth/oauth2/auth?client_id=x',
			'/nudge/api/v.1.1/users/@me'
		]) {
			expect(policy(path, 'navigate'), path).toBe('pass');
			expect(policy(path, 'cors'), path).toBe('pass');
		}
	});

	it('leaves writes, other origins, files of other releases and the version check to the browser', () => {
		expect(policy('/', 'navigate', 'POST')).toBe('pass');
		expect(policy('https://elsewhere.example/_app/immutable/nodes/2.Def456.js')).toBe('pass');
		expect(policy('/_app/immutable/nodes/2.Old999.js')).toBe('pass');
		expect(policy('/_app/version.json')).toBe('pass');
	});

	it('keeps to the app’s base path', () => {
		expect(policy('/wellness/api/session', 'navigate', 'GET', '/wellness')).toBe('pass');
		expect(policy('/wellness/goals', 'navigate', 'GET', '/wellness')).toBe('page');
		expect(policy('/other/goals', 'navigate', 'GET', '/wellness')).toBe('pass');
	});
});

describe('isPageOfRelease', () => {
	it('knows a page that starts this release’s entry script', () => {
		const html = '<script>import("./_app/immutable/entry/start.Abc123.js")</script>';
		expect(isPageOfRelease(html, ASSETS)).toBe(true);
	});

	it('refuses a page of another release', () => {
		const html = '<script>import("./_app/immutable/entry/start.Newer99.js")</script>';
		expect(isPageOfRelease(html, ASSETS)).toBe(false);
	});
});

describe('pageKey', () => {
	it('keeps a page under its path without the query', () => {
		expect(pageKey(new URL('/sleep?date=2026-03-29', ORIGIN))).toBe(`${ORIGIN}/sleep`);
	});
});
