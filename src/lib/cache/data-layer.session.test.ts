import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceApi, type ReferenceApi } from '$lib/server/reference-api';
import { fixtureDataset } from '$lib/server/reference-api/testing/fixture';
import { localDateInt } from '$lib/time/zone';
import { DataLayer, LAST_USER_STORAGE_KEY, type Session } from './data-layer.svelte';
import { createFakeProxy } from './testing/fake-proxy';
import { databaseName } from './idb-store';

// The data layer as the one door to the session: who is signed in, what was granted, which day
// it is for them, and signing out. The person's zone is Europe/Berlin in the demo data.
const TOKEN = 'session-layer-token';
const NOW_MS = Date.UTC(2026, 2, 30, 23, 30, 0); // already the 31st in Berlin
const TODAY_BERLIN = localDateInt(NOW_MS / 1000, 'Europe/Berlin');

let legacyOnly: ReferenceApi;
beforeAll(async () => {
	legacyOnly = createReferenceApi({
		now: () => NOW_MS,
		dataDir: null,
		accessToken: TOKEN,
		days: 20,
		versions: ['v.1.0']
	});
	await legacyOnly.handle(
		new Request('http://upstream.test/nudge/api/v.1.0/users/@me', {
			headers: { authorization: `Bearer ${TOKEN}` }
		})
	);
}, 60_000);

class MemoryStorage {
	readonly values = new Map<string, string>();
	getItem(key: string) {
		return this.values.get(key) ?? null;
	}
	setItem(key: string, value: string) {
		this.values.set(key, value);
	}
	removeItem(key: string) {
		this.values.delete(key);
	}
}

function session(overrides: Partial<Session> = {}): Session {
	return {
		mode: 'oauth',
		signedIn: true,
		userKey: `person-${Math.random().toString(36).slice(2)}`,
		scopes: ['move_read', 'sleep_read'],
		upstream: 'custom',
		apiVersion: 'v.1.1',
		...overrides
	};
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
	const end = Date.now() + ms;
	while (!check()) {
		if (Date.now() > end) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

async function databaseExists(name: string): Promise<boolean> {
	return (await indexedDB.databases()).some((database) => database.name === name);
}

describe('DataLayer session', () => {
	it('finds the person’s today in their zone through an upstream that serves only v.1.0', async () => {
		const proxy = createFakeProxy({ handle: (r) => legacyOnly.handle(r), token: TOKEN });
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: session({ apiVersion: 'v.1.0' })
		});
		const day = layer.day();
		await until(() => day.today !== null || day.error !== null);
		expect(day.error).toBeNull();
		expect(day.today).toBe(TODAY_BERLIN);
		expect(day.tz).toBe('Europe/Berlin');
		expect(proxy.requests.every((path) => path.startsWith('v.1.0/'))).toBe(true);
	});

	it('exposes the session’s mode, granted scopes and API version', async () => {
		const proxy = createFakeProxy({ handle: (r) => legacyOnly.handle(r), token: TOKEN });
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: session({ scopes: ['move_read'], apiVersion: 'v.1.0' })
		});
		await layer.ready();
		expect(layer.session?.mode).toBe('oauth');
		expect(layer.scopes).toEqual(['move_read']);
		expect(layer.apiVersion).toBe('v.1.0');
		expect(layer.signInReason).toBeNull();
	});

	it('says why there is nothing when nobody is signed in, without asking the API', async () => {
		const proxy = createFakeProxy({ handle: (r) => legacyOnly.handle(r), token: TOKEN });
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: session({ signedIn: false, userKey: null, scopes: [] })
		});
		const day = layer.day();
		await until(() => day.error !== null);
		expect(day.today).toBeNull();
		expect(layer.signInReason).toBe('signed-out');
		expect(layer.scopes).toEqual([]);
		expect(proxy.requests).toEqual([]);
	});

	it('turns a 401 from the proxy into "signed out: sign in again"', async () => {
		const fetch: typeof globalThis.fetch = (input) => {
			const url = String(input instanceof Request ? input.url : input);
			if (url.includes('/api/nudge/')) {
				return Promise.resolve(
					Response.json(
						{ meta: { code: 401, error_type: 'sign_in_required', error_detail: 'Sign in.' } },
						{ status: 401 }
					)
				);
			}
			return Promise.resolve(new Response('not found', { status: 404 }));
		};
		const layer = new DataLayer({ fetch, session: session() });
		const day = layer.day();
		await until(() => day.error !== null);
		expect(layer.signInReason).toBe('expired');
		expect(layer.session?.signedIn).toBe(false);
		expect(layer.syncStatus.phase).toBe('signed-out');
	});

	it('signing out ends the server session, deletes the person’s database and forgets them', async () => {
		const memory = new MemoryStorage();
		const signOuts: string[] = [];
		const proxy = createFakeProxy({ handle: (r) => legacyOnly.handle(r), token: TOKEN });
		const fetch: typeof globalThis.fetch = (input, init) => {
			const url = String(input instanceof Request ? input.url : input);
			if (url.endsWith('/auth/sign-out')) {
				signOuts.push(init?.method ?? 'GET');
				return Promise.resolve(Response.json({ signedIn: false, clearCache: true }));
			}
			return proxy.fetch(input, init);
		};
		const person = session({ apiVersion: 'v.1.0' });
		const layer = new DataLayer({ fetch, session: person, memory });
		memory.setItem(LAST_USER_STORAGE_KEY, person.userKey ?? '');
		await layer.sync();
		const day = layer.day();
		await until(() => day.today !== null);
		expect(await databaseExists(databaseName(person.userKey ?? ''))).toBe(true);

		await layer.signOut();
		expect(signOuts).toEqual(['POST']);
		expect(await databaseExists(databaseName(person.userKey ?? ''))).toBe(false);
		expect(memory.values.size).toBe(0);
		expect(layer.signInReason).toBe('signed-out');
		expect(layer.scopes).toEqual([]);
	});

	it('never shows the previous person’s day when the session names someone else', async () => {
		const memory = new MemoryStorage();
		memory.setItem(LAST_USER_STORAGE_KEY, 'first-person');
		memory.setItem(
			'wellness:user-day:first-person',
			JSON.stringify({ today: 20200101, tz: 'Asia/Tokyo' })
		);
		const proxy = createFakeProxy({ handle: (r) => legacyOnly.handle(r), token: TOKEN });
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: session({ userKey: 'second-person', apiVersion: 'v.1.0' }),
			memory
		});
		const day = layer.day();
		await until(() => day.today !== null && day.today !== 20200101);
		expect(day.today).toBe(TODAY_BERLIN);
		expect(day.tz).toBe('Europe/Berlin');
	});
});

describe('DataLayer day of a history that ended in the past', () => {
	it('takes the zone of the latest move and points to its day when today has none', async () => {
		// The fixture's moves end on 30 March 2026 in Berlin; it is now 20 April, 23:30 UTC,
		// already the 21st in Berlin (UTC+2).
		const now = Date.UTC(2026, 3, 20, 23, 30, 0);
		const api = createReferenceApi({
			dataset: fixtureDataset(),
			dataDir: null,
			now: () => now,
			accessToken: TOKEN
		});
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
		const layer = new DataLayer({ fetch: proxy.fetch, session: session() });
		const day = layer.day();
		await until(() => day.today !== null || day.error !== null);
		expect(day.error).toBeNull();
		expect(day.tz).toBe('Europe/Berlin');
		expect(day.today).toBe(20260421);
		expect(day.latest).toBe(20260330);
		await api.close();
	});
});

describe('DataLayer permissions', () => {
	it('a list the sign-in did not grant names the missing permission instead of showing nothing', async () => {
		const api = createReferenceApi({
			now: () => NOW_MS,
			dataDir: null,
			days: 10,
			accessToken: TOKEN
		});
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
		// The proxy's token holds move_read only: the sleeps list answers 403.
		proxy.override = (path) =>
			path.includes('/sleeps')
				? Response.json(
						{
							meta: {
								code: 403,
								message: 'Forbidden',
								error_type: 'insufficient_scope',
								error_detail: 'This call needs the sleep_read scope.',
								time: NOW_MS / 1000
							},
							data: {}
						},
						{ status: 403 }
					)
				: null;
		const layer = new DataLayer({
			fetch: proxy.fetch,
			session: session({ scopes: ['move_read'] })
		});
		const sleeps = layer.list('sleeps', TODAY_BERLIN - 6, TODAY_BERLIN);
		await sleeps.settled;
		expect(sleeps.missingScope).toBe('sleep_read');
	});
});

describe('DataLayer session after the records changed owner', () => {
	it('asks the session again, opens the new person’s cache and syncs it afresh', async () => {
		const api = createReferenceApi({
			now: () => NOW_MS,
			dataDir: null,
			accessToken: TOKEN,
			days: 20
		});
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
		let owner = `demo-${Math.random().toString(36).slice(2)}`;
		const memory = new MemoryStorage();
		const layer = new DataLayer({
			fetch: (input, init) =>
				input === '/api/session'
					? Promise.resolve(
							new Response(
								JSON.stringify(session({ userKey: owner, mode: 'embedded', upstream: 'embedded' }))
							)
						)
					: // Slow enough that the first sync is still running when the owner changes.
						new Promise((resolve) => setTimeout(resolve, 20)).then(() => proxy.fetch(input, init)),
			memory
		});
		const first = layer.sync();
		// The first sync is stopped by the switch; what it was writing may fail with the old cache.
		const stopped = first.catch(() => null);
		await until(() => layer.session !== null);
		const demoKey = owner;
		owner = `own-${Math.random().toString(36).slice(2)}`;
		// While the first person's sync runs, the server's token starts reading someone else.
		await layer.refreshSession();
		expect(layer.session?.userKey).toBe(owner);
		expect(memory.getItem(LAST_USER_STORAGE_KEY)).toBe(owner);
		expect(owner).not.toBe(demoKey);
		// The next sync runs for the new person and finishes (it does not share the stopped one).
		const outcome = await layer.sync();
		await stopped;
		expect(outcome.errors).toEqual([]);
		expect(layer.syncStatus.phase).toBe('idle');
		expect(await databaseExists(databaseName(owner))).toBe(true);
		await api.close();
	}, 60_000);
});
