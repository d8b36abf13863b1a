import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	SessionStore,
	SessionStoreFull,
	type Session,
	type SessionStoreOptions
} from './session-store';

const session = (at: string): Session => ({
	at,
	rt: `${at}-refresh`,
	exp: null,
	scopes: ['move_read'],
	uk: null
});
const KEY = randomBytes(32);

let dir: string;
const stores: SessionStore[] = [];
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'session-store-'));
});
afterEach(() => {
	for (const store of stores.splice(0)) store.close();
	rmSync(dir, { recursive: true, force: true });
});

function storeOf(options: Partial<SessionStoreOptions> = {}): SessionStore {
	const store = new SessionStore({ dir: null, key: KEY, ...options });
	stores.push(store);
	return store;
}

describe('the session store', () => {
	it('gives each session a long random id and forgets it on delete', () => {
		const store = storeOf();
		const id = store.create(session('a'), '192.0.2.1');
		expect(id).toMatch(/^[\w-]{43}$/);
		expect(store.get(id)).toEqual(session('a'));
		store.delete(id);
		expect(store.get(id)).toBeNull();
	});

	it('forgets a session once its lifetime has passed, and prunes the expired ones', () => {
		let now = 1_000;
		const store = storeOf({ ttlMs: 100, now: () => now });
		const id = store.create(session('a'), '192.0.2.1');
		store.create(session('b'), '192.0.2.2');
		now = 1_099;
		expect(store.get(id)).not.toBeNull();
		now = 1_100;
		expect(store.get(id)).toBeNull();
		expect(store.prune()).toBe(1);
		expect(store.size).toBe(0);
	});

	it('keeps each client to its limit by ending that client’s oldest sessions, no one else’s', () => {
		const store = storeOf({ maxPerClient: 3 });
		const other = store.create(session('other'), '198.51.100.7');
		const flood = Array.from({ length: 10 }, (_, i) => store.create(session(`f${i}`), '192.0.2.1'));
		expect(store.sessionsOf('192.0.2.1')).toBe(3);
		expect(flood.slice(0, 7).map((id) => store.get(id))).toEqual(Array(7).fill(null));
		expect(store.get(flood[9] ?? '')?.at).toBe('f9');
		expect(store.get(other)?.at).toBe('other');
	});

	it('refuses a sign-in when full, and signs nobody out to make room', () => {
		let now = 0;
		const store = storeOf({ maxSessions: 3, ttlMs: 100, now: () => now });
		const ids = ['a', 'b', 'c'].map((at, i) => store.create(session(at), `192.0.2.${i}`));
		expect(() => store.create(session('d'), '192.0.2.9')).toThrow(SessionStoreFull);
		expect(ids.map((id) => store.get(id)?.at)).toEqual(['a', 'b', 'c']);
		// Once sessions expire, there is room again.
		now = 100;
		expect(store.get(store.create(session('d'), '192.0.2.9'))?.at).toBe('d');
	});

	it('outlives a restart in a file, sealed: the file holds no token, id or address', () => {
		const first = storeOf({ dir });
		const id = first.create(session('access-token-value-1234'), '203.0.113.5');
		first.close();
		stores.splice(0);
		const text = readdirSync(dir)
			.map((name) => readFileSync(join(dir, name)).toString('latin1'))
			.join('\n');
		for (const secret of ['access-token-value-1234', id, '203.0.113.5']) {
			expect(text).not.toContain(secret);
		}
		const second = storeOf({ dir });
		expect(second.kept).toBe('file');
		expect(second.dropped).toBe(0);
		expect(second.get(id)?.at).toBe('access-token-value-1234');
	});

	it('drops the sessions another key sealed, which it could never read', () => {
		const first = storeOf({ dir });
		const id = first.create(session('a'), '203.0.113.5');
		first.close();
		stores.splice(0);
		const second = storeOf({ dir, key: randomBytes(32) });
		expect(second.dropped).toBe(1);
		expect(second.get(id)).toBeNull();
		expect(second.size).toBe(0);
	});
});
