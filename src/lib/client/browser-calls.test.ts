import { afterAll, describe, expect, it } from 'vitest';
import { endpoints, type ApiVersion } from '$lib/api/endpoints';
import { createFakeProxy } from '$lib/cache/testing/fake-proxy';
import { createReferenceApi } from '$lib/server/reference-api';
import { guardProxyRequest } from '$lib/server/proxy/request-guard';
import { createApiClient, type ListKind } from './api-client';
import {
	createBodyEvent,
	createMood,
	deleteBodyEvent,
	deleteMood,
	updateGoals
} from './write-calls';

// The proxy forwards only catalogue entries marked `browser`; this keeps the marks and the
// client's own calls from drifting apart, in both directions.
const token = 'browser-calls-test-token';
const api = createReferenceApi({
	now: () => Date.UTC(2026, 2, 30, 18, 0, 0),
	dataDir: null,
	accessToken: token,
	days: 10,
	seed: 7
});
afterAll(() => api.close());

const KINDS: readonly ListKind[] = ['moves', 'sleeps', 'workouts'];

/** Calls every method of the client once (and every list's next and single-record read). */
async function useEveryCall(
	version: ApiVersion
): Promise<{ method: string; path: string; body: string | null }[]> {
	const proxy = createFakeProxy({ handle: (request) => api.handle(request), token });
	const client = createApiClient({ fetch: proxy.fetch, version });
	const firstXid: Partial<Record<ListKind, string>> = {};
	for (const kind of KINDS) {
		const query = { startTime: 1_774_000_000, endTime: 1_774_900_000 };
		const page = await client.listPage(kind, query);
		firstXid[kind] = page.items[0]?.xid;
		await client.listAll(kind, { date: 20260329 });
		if (page.next !== null) await client.lists[kind].next(page.next);
		const xid = firstXid[kind];
		if (xid !== undefined) await client.lists[kind].one(xid);
	}
	// Resting heart rates and weigh-ins (v.1.1 and v.1.0), and v.1.0's cardiac events: lists only.
	const listsOnly: ListKind[] = ['heartrates', 'bodyEvents'];
	if (version === 'v.1.0') listsOnly.push('cardiacEvents');
	for (const kind of listsOnly) {
		const page = await client.listPage(kind, { startTime: 1_774_000_000, endTime: 1_774_900_000 });
		if (page.next !== null) await client.lists[kind].next(page.next);
	}
	// Meals: the list, and one meal with its items (the Food view reads a day's meals so).
	const meals = await client.listPage('meals', {
		startTime: 1_774_000_000,
		endTime: 1_774_900_000
	});
	if (meals.next !== null) await client.lists.meals.next(meals.next);
	await client.meal(meals.items[0]?.xid ?? '');
	// v.1.0 has no /ticks: a night's phases come from its older /snapshot; a day's minutes are
	// asked of v.1.1 only.
	if (version === 'v.1.1') {
		await client.moveTicks(firstXid.moves ?? '');
		await client.workoutTicks(firstXid.workouts ?? '');
	}
	await client.sleepTicks(firstXid.sleeps ?? '');
	await client.goals();
	await client.settings();
	await client.user();
	await client.trends({ bucketSize: 'd', numBuckets: 3 });
	await client.trends({ bucketSize: 'w', numBuckets: 2, endDate: 20260329 });
	// Moods: a day's read, a span's, and the Mood view's two writes (a mood logged, then deleted).
	await client.moodOfDay(20260329);
	// A span's moods: the server asks the API for each day (the same day read as above).
	await client.moodsOfSpan(20260327, 20260329);
	const logged = await createMood(client, {
		subType: 8,
		title: 'Calm',
		timeCreated: Date.UTC(2026, 2, 30, 17, 0, 0) / 1000,
		tz: 'Europe/Berlin'
	});
	await deleteMood(client, logged.xid);
	// The writes a person makes: a weigh-in logged and removed in either version; goals in v.1.1
	// (v.1.0 has no goals write, and the client refuses it without asking).
	const weighIn = await createBodyEvent(client, {
		weight: 71.4,
		body_fat: 22.5,
		time_created: 1_774_880_000,
		tz: 'Europe/Berlin'
	});
	await deleteBodyEvent(client, weighIn.xid);
	if (version === 'v.1.1') await updateGoals(client, { move_steps: 9000, body_weight_intent: 0 });
	else
		await expect(updateGoals(client, { move_steps: 9000 })).rejects.toMatchObject({ status: 405 });
	return [...proxy.calls];
}

describe('the calls the browser client makes', () => {
	it('all pass the proxy, and are all the calls the catalogue marks for the browser', async () => {
		const used = new Set<string>();
		for (const version of ['v.1.1', 'v.1.0'] as const) {
			for (const { method, path: pathAndQuery, body } of await useEveryCall(version)) {
				const url = new URL(`http://app.test/api/nudge/${pathAndQuery}`);
				const guarded = await guardProxyRequest(
					new Request(url, {
						method,
						body,
						headers: body === null ? {} : { 'content-type': 'application/x-www-form-urlencoded' }
					}),
					url.pathname.slice('/api/nudge/'.length),
					url.searchParams
				);
				expect(guarded.ok, `${method} ${url.pathname}${url.search}`).toBe(true);
				if (guarded.ok) used.add(`${guarded.call.endpoint.id} ${guarded.call.version}`);
			}
		}
		const marked = endpoints
			.filter((endpoint) => endpoint.browser === true)
			.flatMap((endpoint) => endpoint.versions.map((version) => `${endpoint.id} ${version}`));
		expect([...used].sort()).toEqual([...new Set(marked)].sort());
	});
});
