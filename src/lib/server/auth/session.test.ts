import { describe, expect, it } from 'vitest';
import { cookieName, cookieOptions, safeReturnPath, userKeyOf } from './session';

describe('session helpers', () => {
	it('returns only to a path of this app, never to another host', () => {
		expect(safeReturnPath('/sleep?date=20260330')).toBe('/sleep?date=20260330');
		for (const bad of [
			'//evil.example/x',
			'/\\evil.example',
			'https://evil.example',
			'javascript:alert(1)',
			'sleep',
			'/x"onload=1',
			null
		]) {
			expect(safeReturnPath(bad), String(bad)).toBe('/');
		}
	});

	it('derives a stable user key per upstream and user that reveals neither', () => {
		const key = userKeyOf('embedded', 'user-xid-1');
		expect(key).toMatch(/^[0-9a-f]{32}$/);
		expect(userKeyOf('embedded', 'user-xid-1')).toBe(key);
		expect(userKeyOf('embedded', 'user-xid-2')).not.toBe(key);
		expect(userKeyOf('https://api.example.com', 'user-xid-1')).not.toBe(key);
		expect(key).not.toContain('user-xid');
	});

	it('names cookies __Host- under https and sets the attributes the browser needs', () => {
		expect(cookieName('wellness-session', true)).toBe('__Host-wellness-session');
		expect(cookieName('wellness-session', false)).toBe('wellness-session');
		expect(cookieOptions(true, 60)).toEqual({
			path: '/',
			httpOnly: true,
			secure: true,
			sameSite: 'lax',
			maxAge: 60
		});
	});
});
