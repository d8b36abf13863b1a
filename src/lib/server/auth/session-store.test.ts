import { describe, expect, it } from 'vitest';
import { SessionStore, type Session } from './session-store';

const session = (at: string): Session => ({ at, rt: null, exp: null, scopes: [], uk: null });

describe('session store', () => {
	it('gives each session a long random id and forgets it on delete', () => {
		const store = new SessionStore();
		const id = store.create(session('a'));
		expect(id).toMatch(/^[\w-]{43}$/);
		expect(store.get(id)?.at).toBe('a');
		store.delete(id);
		expect(store.get(id)).toBeNull();
	});

	it('forgets a session once its lifetime has passed', () => {
		let now = 1_000;
		const store = new SessionStore({ ttlMs: 100, now: () => now });
		const id = store.create(session('a'));
		now = 1_099;
		expect(store.get(id)).not.toBeNull();
		now = 1_100;
		expect(store.get(id)).toBeNull();
	});

	it('holds at most the configured number of sessions, forgetting the oldest first', () => {
		const store = new SessionStore({ maxSessions: 2 });
		const first = store.create(session('a'));
		const second = store.create(session('b'));
		const third = store.create(session('c'));
		expect(store.size).toBe(2);
		expect(store.get(first)).toBeNull();
		expect(store.get(second)?.at).toBe('b');
		expect(store.get(third)?.at).toBe('c');
	});

	it('sweeps expired sessions when a new one arrives', () => {
		let now = 0;
		const store = new SessionStore({ ttlMs: 10, now: () => now });
		store.create(session('a'));
		store.create(session('b'));
		now = 20;
		store.create(session('c'));
		expect(store.size).toBe(1);
	});
});
