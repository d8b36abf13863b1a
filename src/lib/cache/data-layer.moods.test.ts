import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceApi, type ReferenceApi } from '$lib/server/reference-api';
import { addDays } from '$lib/time/zone';
import { ApiError } from '$lib/client';
import { DataLayer, type Session } from './data-layer.svelte';
import { MOOD_SPAN_DAYS } from './mood-days';
import { missingMoodScope, moodDays, moodReading } from './moods';
import { deleteMood, logMood } from './writes';
import { createFakeProxy, type FakeProxy } from './testing/fake-proxy';

const TOKEN = 'mood-layer-test-token';
const NOW_MS = Date.UTC(2026, 2, 30, 18, 0, 0);
// The demo user lives in Berlin: 20:00 there on 30 March.
const TODAY = 20260330;

let api: ReferenceApi;
beforeAll(() => {
	api = createReferenceApi({ now: () => NOW_MS, dataDir: null, accessToken: TOKEN, days: 40 });
}, 60_000);

let users = 0;
function newLayer(options: { userKey?: string; proxy?: FakeProxy; scopes?: string[] } = {}) {
	const userKey = options.userKey ?? `mood-layer-${++users}-${Date.now()}`;
	const proxy = options.proxy ?? createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN });
	const session: Session = {
		mode: 'token',
		signedIn: true,
		userKey,
		scopes: options.scopes ?? [],
		upstream: 'embedded'
	};
	const layer = new DataLayer({ fetch: proxy.fetch, session, sync: { historyDays: 30 } });
	return { layer, proxy, userKey };
}

/** The mood reads a proxy saw, by the date asked. */
function moodReads(proxy: FakeProxy): number[] {
	return proxy.requests
		.filter((path) => path.startsWith('v.1.1/users/@me/mood?'))
		.map((path) => Number(new URL(path, 'http://x/').searchParams.get('date')))
		.sort((a, b) => a - b);
}

/** The API's own answer for a day, read without the layer. */
async function apiMoodOf(date: number): Promise<{ xid: string; sub_type: number } | null> {
	const response = await api.handle(
		new Request(`http://upstream.test/nudge/api/v.1.1/users/@me/mood?date=${date}`, {
			headers: { authorization: `Bearer ${TOKEN}` }
		})
	);
	const body = (await response?.json()) as { data: { xid?: string; sub_type?: number } };
	const { xid, sub_type } = body.data;
	return xid === undefined || sub_type === undefined ? null : { xid, sub_type };
}

async function waitUntil(check: () => boolean): Promise<void> {
	for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
	expect(check()).toBe(true);
}

describe('DataLayer moods', () => {
	it('reads each day of a range once; a second visit asks only for today and yesterday', async () => {
		const from = addDays(TODAY, -9);
		const { layer, proxy, userKey } = newLayer();
		const moods = moodDays(layer, from, TODAY);
		await moods.settled;
		expect(moodReads(proxy)).toEqual(Array.from({ length: 10 }, (_, i) => addDays(from, i)));
		const expected = [];
		for (let i = 0; i < 10; i++) {
			const mood = await apiMoodOf(addDays(from, i));
			if (mood !== null) expected.push(mood.xid);
		}
		expect(moods.data?.map((day) => day.mood.xid)).toEqual(expected);

		const again = newLayer({ userKey });
		const second = moodDays(again.layer, from, TODAY);
		await second.settled;
		expect(moodReads(again.proxy)).toEqual([addDays(TODAY, -1), TODAY]);
		expect(second.data?.map((day) => day.mood.xid)).toEqual(expected);
	});

	it('asks a shown range again when the network comes back, like the layer’s own queries', async () => {
		const { layer, proxy } = newLayer();
		const moods = moodDays(layer, addDays(TODAY, -3), TODAY);
		await moods.settled;
		const before = moodReads(proxy);
		await layer.reconnected();
		// Days already answered stay; today and yesterday may have changed since.
		expect(moodReads(proxy)).toEqual([...before, addDays(TODAY, -1), TODAY].sort((a, b) => a - b));
	});

	it('remembers a day answered empty and never asks it again', async () => {
		const day = addDays(TODAY, -20);
		const { layer, proxy, userKey } = newLayer();
		proxy.override = (path) =>
			path === `v.1.1/users/@me/mood?date=${day}`
				? Response.json({
						meta: { user_xid: 'u', code: 200, message: 'OK', time: NOW_MS / 1000 },
						data: {}
					})
				: null;
		const moods = moodDays(layer, day, day);
		await moods.settled;
		expect(moods.error).toBeNull();
		expect(moods.status).toBe('ready');
		expect(moods.data).toEqual([]);
		expect(moodReads(proxy)).toEqual([day]);

		const again = newLayer({ userKey });
		const second = moodDays(again.layer, addDays(day, -1), day);
		await second.settled;
		expect(moodReads(again.proxy)).toEqual([addDays(day, -1)]);
	});

	it('holds a logged mood only once the API answered 201, and a refused one not at all', async () => {
		const { layer, proxy, userKey } = newLayer();
		const moods = moodDays(layer, addDays(TODAY, -1), TODAY);
		await moods.settled;
		const before = moods.data?.map((day) => day.mood.xid);
		// No mood yet today: the demo user logs hers in the evening, after 20:30.
		expect(await apiMoodOf(TODAY)).toBeNull();

		proxy.override = (path) =>
			path.startsWith('POST ')
				? Response.json(
						{
							meta: {
								code: 503,
								message: 'Service Unavailable',
								error_type: 'unavailable',
								error_detail: 'Try later.'
							}
						},
						{ status: 503 }
					)
				: null;
		const wanted = { subType: 3 as const, timeCreated: NOW_MS / 1000 - 600, tz: 'Europe/Berlin' };
		await expect(logMood(layer, wanted)).rejects.toThrow('Try later.');
		expect(await apiMoodOf(TODAY)).toBeNull();
		const offline = newLayer({ userKey });
		offline.proxy.offline = true;
		const kept = moodDays(offline.layer, addDays(TODAY, -1), TODAY);
		await kept.settled;
		expect(kept.data?.map((day) => day.mood.xid)).toEqual(before);

		proxy.override = null;
		const created = await logMood(layer, { ...wanted, title: 'After the walk' });
		expect(created.date).toBe(TODAY);
		expect((await apiMoodOf(TODAY))?.xid).toBe(created.xid);
		await waitUntil(() => moods.data?.at(-1)?.mood.xid === created.xid);
		expect(moods.data?.at(-1)).toMatchObject({
			loggedHere: true,
			mood: { title: 'After the walk', sub_type: 3, date: TODAY }
		});

		// Deleted upstream first, then out of the cache: the day reads empty again.
		await deleteMood(layer, created);
		expect(await apiMoodOf(TODAY)).toBeNull();
		await waitUntil(() => moods.data?.at(-1)?.mood.xid !== created.xid);
		expect(proxy.requests).toContain(`DELETE v.1.1/mood/${created.xid}`);
	});

	it('keeps the mood shown when the delete is refused', async () => {
		const { layer, proxy } = newLayer();
		const created = await logMood(layer, {
			subType: 4,
			timeCreated: NOW_MS / 1000 - 300,
			tz: 'Europe/Berlin'
		});
		const moods = moodDays(layer, TODAY, TODAY);
		await moods.settled;
		proxy.override = (path) =>
			path.startsWith('DELETE ')
				? Response.json(
						{
							meta: {
								code: 500,
								message: 'Internal Server Error',
								error_type: 'server_error',
								error_detail: 'Broken.'
							}
						},
						{ status: 500 }
					)
				: null;
		await expect(deleteMood(layer, created)).rejects.toThrow('Broken.');
		await moods.reload();
		expect(moods.data?.map((day) => day.mood.xid)).toEqual([created.xid]);
		proxy.override = null;
		await deleteMood(layer, created);
	});

	it('knows which days the cache answers for, so a day never read is not taken for one without a mood', async () => {
		const from = addDays(TODAY, -5);
		const { layer, proxy, userKey } = newLayer();
		// The three oldest days fail: the read ends with them unanswered.
		proxy.override = (path) => {
			const date = Number(new URL(path, 'http://x/').searchParams.get('date'));
			return path.startsWith('v.1.1/users/@me/mood?') && date < addDays(from, 3)
				? Response.json(
						{ meta: { code: 500, message: 'Internal Server Error', error_detail: 'Broken.' } },
						{ status: 500 }
					)
				: null;
		};
		const moods = moodDays(layer, from, TODAY);
		await moods.settled;
		expect(moods.error).toBe(
			'The moods of 3 days could not be read; they are asked again on the next visit.'
		);
		const answered = moodReading(moods)?.answered;
		expect([...(answered ?? [])].sort((a, b) => a - b)).toEqual([
			addDays(from, 3),
			addDays(from, 4),
			TODAY
		]);

		// Offline, a new page reads the cache alone: the same days are answered, the rest are not.
		const offline = newLayer({ userKey });
		offline.proxy.offline = true;
		const kept = moodDays(offline.layer, from, TODAY);
		await kept.settled;
		expect([...(moodReading(kept)?.answered ?? [])].sort((a, b) => a - b)).toEqual([
			addDays(from, 3),
			addDays(from, 4),
			TODAY
		]);
	});

	it('names mood_read for a token without it and asks the API nothing', async () => {
		const { layer, proxy } = newLayer({ scopes: ['move_read', 'sleep_read'] });
		const moods = moodDays(layer, addDays(TODAY, -3), TODAY);
		await moods.settled;
		expect(moods.status).toBe('error');
		expect(moods.missingScope).toBe('mood_read');
		expect(await missingMoodScope(layer)).toBe('mood_read');
		expect(moodReads(proxy)).toEqual([]);
		const refused = logMood(layer, { subType: 1, timeCreated: NOW_MS / 1000, tz: 'UTC' });
		await expect(refused).rejects.toBeInstanceOf(ApiError);
		await expect(refused).rejects.toMatchObject({ missingScope: 'mood_write' });
	});

	it('shows the days read so far while a range is read, newest first, then the whole range', async () => {
		// Longer than one span: the newest span's days show while the older one is read.
		const length = MOOD_SPAN_DAYS + 40;
		const from = addDays(TODAY, -(length - 1));
		const proxy = createFakeProxy({ handle: (r) => api.handle(r), token: TOKEN, latencyMs: 30 });
		const { layer } = newLayer({ proxy });
		const moods = moodDays(layer, from, TODAY);
		const reading = moodReading(moods);
		if (reading === null) throw new Error('a mood query has a reading');
		const settled = moods.settled;
		// Mid-read: some days shown, the older ones still unread.
		await waitUntil(() => moods.data !== undefined && reading.active);
		expect(reading.total).toBe(length);
		expect(reading.read).toBeGreaterThan(0);
		expect(reading.read).toBeLessThan(length);
		const unread = [...reading.unread];
		const read = Array.from({ length }, (_, i) => addDays(from, i)).filter(
			(date) => !reading.unread.has(date)
		);
		expect(unread.length).toBeGreaterThan(0);
		// Newest first: today was read, and every day still unread is older than every day read.
		expect(read).toContain(TODAY);
		expect(Math.max(...unread)).toBeLessThan(Math.min(...read));
		await settled;
		expect(reading.active).toBe(false);
		expect([reading.read, reading.total]).toEqual([0, 0]);
		// A year of moods in a few requests to the server, not one per day.
		expect(proxy.spanRequests).toHaveLength(2);
		let logged = 0;
		for (let i = 0; i < length; i++) if ((await apiMoodOf(addDays(from, i))) !== null) logged++;
		expect(moods.data).toHaveLength(logged);
	});
});
