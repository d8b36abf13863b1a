import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_SCOPES, parseScopeRequest } from './scopes';

describe('scopes', () => {
	it('asks by default for the read scopes the catalogue uses, and no write scope', () => {
		expect(DEFAULT_READ_SCOPES).toContain('move_read');
		expect(DEFAULT_READ_SCOPES).toContain('sleep_read');
		expect(DEFAULT_READ_SCOPES.some((scope) => scope.endsWith('_write'))).toBe(false);
	});

	it('accepts a known subset and refuses unknown names', () => {
		expect(parseScopeRequest('sleep_read, move_read sleep_read', [])).toEqual({
			ok: true,
			scopes: ['sleep_read', 'move_read']
		});
		expect(parseScopeRequest(null, ['a'])).toEqual({ ok: true, scopes: ['a'] });
		expect(parseScopeRequest('sleep_read,everything', []).ok).toBe(false);
	});
});
