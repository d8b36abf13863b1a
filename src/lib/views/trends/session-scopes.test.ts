import { describe, expect, it } from 'vitest';
import { SessionScopes } from './session-scopes.svelte';

const answer =
	(body: unknown, status = 200): typeof fetch =>
	() =>
		Promise.resolve(new Response(JSON.stringify(body), { status }));

const session = {
	mode: 'oauth',
	signedIn: true,
	userKey: 'u1',
	scopes: ['move_read'],
	upstream: 'embedded'
};

describe('SessionScopes', () => {
	it('reads the granted scopes from the session', async () => {
		const scopes = new SessionScopes(answer(session));
		expect(scopes.scopes).toBeNull();
		await scopes.ready;
		expect(scopes.scopes).toEqual(['move_read']);
	});

	it('grants nothing when signed out', async () => {
		const scopes = new SessionScopes(answer({ ...session, signedIn: false }));
		await scopes.ready;
		expect(scopes.scopes).toEqual([]);
	});

	it('stays unknown when the session is malformed, refused or unreachable', async () => {
		const malformed = new SessionScopes(answer({ scopes: 'all' }));
		const refused = new SessionScopes(answer(session, 500));
		const unreachable = new SessionScopes(() => Promise.reject(new TypeError('offline')));
		await Promise.all([malformed.ready, refused.ready, unreachable.ready]);
		expect([malformed.scopes, refused.scopes, unreachable.scopes]).toEqual([null, null, null]);
	});
});
