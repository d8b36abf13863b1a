import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, findEndpoint } from '$lib/api/endpoints';
import type { ImportKind } from '../import/types';
import { DEFAULT_READ_SCOPES, IMPORT_WRITE_SCOPES, parseScopeRequest } from './scopes';

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

describe('the scopes an import needs', () => {
	it('are the scopes of the API’s own writes of each kind', () => {
		const created: readonly (readonly [ImportKind, string])[] = [
			['workouts', 'workouts.create'],
			['sleeps', 'sleeps.create'],
			['body_events', 'body_events.create'],
			['meals', 'meals.create']
		];
		for (const [kind, id] of created) {
			expect(findEndpoint(id, 'v.1.1')?.scope, kind).toBe(IMPORT_WRITE_SCOPES[kind]);
		}
		expect(ALL_SCOPES).toEqual(expect.arrayContaining(Object.values(IMPORT_WRITE_SCOPES)));
	});
});
