import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceApi, type ReferenceApi } from '$lib/server/reference-api';
import { FIXTURE_NOW_MS, fixtureDataset } from '$lib/server/reference-api/testing/fixture';
import { tokensFor } from '$lib/server/reference-api/testing/helpers';
import { DataLayer, type Session } from './data-layer.svelte';
import { deleteWeighIn, logWeighIn, updateGoals, WriteError } from './writes';
import { createFakeProxy } from './testing/fake-proxy';
import { createMemoryStore } from './memory-store';

// The fixture (reference-api/testing/fixture.ts): weigh-ins body28 (28 Mar, 64.5 kg) and body30 (30 Mar, 64.1 kg),
// goals of 10000 steps and 8 h of sleep, today 30 March 2026 in Europe/Berlin.
const TOKEN = 'writes-test-token';
const NOW_SEC = FIXTURE_NOW_MS / 1000;
/** 30 March 2026, 07:15 in Berlin (CEST, UTC+2). */
const MORNING = Date.UTC(2026, 2, 30, 5, 15) / 1000;

let api: ReferenceApi;
beforeEach(() => {
	api = createReferenceApi({
		dataset: fixtureDataset(),
		dataDir: null,
		now: () => FIXTURE_NOW_MS,
		accessToken: TOKEN
	});
});
afterEach(async () => {
	await api.close();
});

function newLayer(options: { scopes?: string[]; token?: string } = {}) {
	const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: options.token ?? TOKEN });
	const session: Session = {
		mode: 'token',
		signedIn: true,
		userKey: 'writer',
		scopes: options.scopes ?? [],
		upstream: 'embedded'
	};
	const layer = new DataLayer({
		fetch: proxy.fetch,
		session,
		openStore: () => Promise.resolve(createMemoryStore()),
		sync: { historyDays: 7 }
	});
	return { layer, proxy };
}

/** What the API itself holds, read with the token, not through the layer. */
async function apiRead(path: string): Promise<Record<string, unknown>> {
	const response = await api.handle(
		new Request(`http://upstream.test/nudge/api/v.1.1/${path}`, {
			headers: { authorization: `Bearer ${TOKEN}` }
		})
	);
	const body: unknown = await response?.json();
	if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error('no data');
	const { data } = body;
	if (typeof data !== 'object' || data === null) throw new Error('no data');
	return { ...data };
}

async function apiWeights(): Promise<number[]> {
	const data = await apiRead(`users/@me/body_events?start_time=0&end_time=${NOW_SEC}`);
	const items = Array.isArray(data.items) ? (data.items as { weight: number }[]) : [];
	return items.map((item) => item.weight).sort();
}

async function shownWeights(layer: DataLayer): Promise<number[]> {
	const query = layer.list('bodyEvents', 20260301, 20260331);
	await query.settled;
	return (query.data ?? []).map((record) => record.weight ?? 0).sort();
}

describe('logging a weigh-in', () => {
	it('shows the record the API stored, and only once it is stored', async () => {
		const { layer } = newLayer();
		expect(await shownWeights(layer)).toEqual([64.1, 64.5]);
		const record = await logWeighIn(layer, {
			weight: 63.8,
			body_fat: 23.5,
			time_created: MORNING,
			tz: 'Europe/Berlin'
		});
		expect(record).toMatchObject({ date: 20260330, weight: 63.8, body_fat: 23.5 });
		expect(await shownWeights(layer)).toEqual([63.8, 64.1, 64.5]);
		expect(await apiWeights()).toEqual([63.8, 64.1, 64.5]);
		expect(layer.loggedWeighIns).toEqual([record.xid]);
	});

	it('says why the API refused it and leaves the cache as it was', async () => {
		const { layer } = newLayer();
		expect(await shownWeights(layer)).toEqual([64.1, 64.5]);
		const refused = logWeighIn(layer, { weight: 5000, time_created: MORNING, tz: 'Europe/Berlin' });
		await expect(refused).rejects.toBeInstanceOf(WriteError);
		await expect(refused).rejects.toThrow(/^Logging the weigh-in failed: .*weight/);
		expect(await shownWeights(layer)).toEqual([64.1, 64.5]);
		expect(await apiWeights()).toEqual([64.1, 64.5]);
		expect(layer.loggedWeighIns).toEqual([]);
	});

	it('names the missing body_write permission and sends nothing', async () => {
		const { layer, proxy } = newLayer({ scopes: ['weight_read', 'move_read', 'sleep_read'] });
		const refused = logWeighIn(layer, { weight: 63.8, time_created: MORNING, tz: 'Europe/Berlin' });
		await expect(refused).rejects.toMatchObject({
			missingScope: 'body_write',
			message:
				'Logging the weigh-in needs the body_write permission, which this sign-in did not grant.'
		});
		expect(proxy.calls.filter((call) => call.method !== 'GET')).toEqual([]);
	});
});

describe('removing a weigh-in', () => {
	it('forgets it in the cache once the API removed it', async () => {
		const { layer } = newLayer();
		const record = await logWeighIn(layer, {
			weight: 63.8,
			time_created: MORNING,
			tz: 'Europe/Berlin'
		});
		await deleteWeighIn(layer, record);
		expect(await shownWeights(layer)).toEqual([64.1, 64.5]);
		expect(await apiWeights()).toEqual([64.1, 64.5]);
		expect(layer.loggedWeighIns).toEqual([]);
	});

	it('keeps a weigh-in the API refuses to remove, and says why', async () => {
		const { layer } = newLayer();
		expect(await shownWeights(layer)).toEqual([64.1, 64.5]);
		// body30 came with the account, not from this app: only its creator may delete it.
		const refused = deleteWeighIn(layer, { xid: 'body30', date: 20260330 });
		await expect(refused).rejects.toThrow(/^Removing the weigh-in failed: .*not created by/);
		expect(await shownWeights(layer)).toEqual([64.1, 64.5]);
		expect(await apiWeights()).toEqual([64.1, 64.5]);
	});
});

describe('changing the goals', () => {
	it('shows the new goal at once and the API keeps it', async () => {
		const { layer } = newLayer();
		const goals = layer.details.goals();
		await goals.settled;
		expect(goals.data?.move_steps).toBe(10000);
		await updateGoals(layer, { move_steps: 12500, sleep_total: 7.5 * 3600 });
		expect(goals.data).toMatchObject({ move_steps: 12500, sleep_total: 27000 });
		expect(await apiRead('users/@me/goals')).toMatchObject({
			move_steps: 12500,
			sleep_total: 27000
		});
	});

	it('keeps the old goal when the API refuses the new one', async () => {
		const { layer } = newLayer();
		const goals = layer.details.goals();
		await goals.settled;
		const refused = updateGoals(layer, { move_steps: -5 });
		await expect(refused).rejects.toThrow(/^Changing the step goal failed: .*move_steps/);
		expect(goals.data?.move_steps).toBe(10000);
		expect(await apiRead('users/@me/goals')).toMatchObject({ move_steps: 10000 });
	});

	it('names the write permission the API says is missing', async () => {
		// A token granted reads only: the session does not list scopes, so the API is asked.
		const tokens = await tokensFor(api, ['move_read', 'sleep_read', 'weight_read']);
		const { layer } = newLayer({ token: tokens.access_token });
		const refused = updateGoals(layer, { body_weight: 61 });
		await expect(refused).rejects.toMatchObject({
			missingScope: 'body_write',
			message:
				'Changing the weight goal needs the body_write permission, which this sign-in did not grant.'
		});
		expect(await apiRead('users/@me/goals')).toMatchObject({ body_weight: 62 });
	});

	it('names the permission the session lacks before asking', async () => {
		const { layer, proxy } = newLayer({ scopes: ['move_read', 'sleep_read', 'sleep_write'] });
		await expect(
			updateGoals(layer, { move_steps: 9000, sleep_total: 30000 })
		).rejects.toMatchObject({
			missingScope: 'move_write'
		});
		expect(proxy.calls.filter((call) => call.method !== 'GET')).toEqual([]);
	});
});
