import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '$lib/api/endpoints';
import { collectionSchema, envelopeSchema } from '$lib/api/envelope';
import { mealWithItemsSchema, sleepSchema, workoutSchema } from '$lib/api/records';
import { trendsV10Schema, trendsV11Schema } from '$lib/api/trends';
import { goalsV10Schema, goalsV11Schema } from '$lib/api/goals';
import { createReferenceApi, DEMO_CLIENT_ID, MAX_BODY_BYTES, type ReferenceApi } from './index';
import type { ReferenceApiOptions } from './config';
import { handlerFor } from './handlers/index';
import { JOURNAL_FILE, MIGRATED_SUFFIX } from './journal';
import { FIXTURE_NOW_MS, FIXTURE_USER, fixtureDataset } from './testing/fixture';
import { call, exchange, itemsOf, jsonOf, tokensFor, authorize, isObject } from './testing/helpers';

// The backtracking float pattern took 25.7 s on a 64 KiB field; a linear check takes a few ms. A
// second leaves a loaded machine room and still fails the backtracking pattern 25 times over.
const LINEAR_CHECK_MS = 1000;

const TOKEN = 'static-test-token-0123456789';

let clockMs = FIXTURE_NOW_MS;
let api: ReferenceApi;

function make(options: Partial<ReferenceApiOptions> = {}): ReferenceApi {
	return createReferenceApi({
		dataset: fixtureDataset(),
		dataDir: null,
		now: () => clockMs,
		accessToken: TOKEN,
		...options
	});
}

beforeEach(() => {
	clockMs = FIXTURE_NOW_MS;
	api = make();
});

afterEach(async () => {
	await api.close();
});

const get = (path: string, token: string | null = TOKEN) => call(api, 'GET', path, { token });

describe('routing and the envelope', () => {
	it('has a handler for every endpoint of the catalogue', () => {
		expect(endpoints.filter((e) => handlerFor(e.id) === undefined).map((e) => e.id)).toEqual([]);
	});

	it('ignores paths that are not its own', async () => {
		expect(await api.handle(new Request('http://x/elsewhere'))).toBeNull();
		expect(await api.handle(new Request('http://x/nudge/apifoo'))).toBeNull();
	});

	it('wraps a record in meta and data with the user and the time', async () => {
		const response = await get('/nudge/api/v.1.1/users/@me');
		expect(response.status).toBe(200);
		const { meta, data } = await jsonOf(response);
		expect(meta).toEqual({
			user_xid: FIXTURE_USER,
			message: 'OK',
			code: 200,
			time: FIXTURE_NOW_MS / 1000
		});
		expect(data.first).toBe('Ada');
	});

	it('answers 401 for a missing, unknown or expired token', async () => {
		const missing = await get('/nudge/api/v.1.1/users/@me', null);
		expect(missing.status).toBe(401);
		expect((await jsonOf(missing)).meta).toMatchObject({ code: 401, error_type: 'missing_token' });
		const unknown = await get('/nudge/api/v.1.1/users/@me', 'nope-nope-nope');
		expect((await jsonOf(unknown)).meta).toMatchObject({ code: 401, error_type: 'invalid_token' });
		const tokens = await tokensFor(api, ['basic_read']);
		expect((await get('/nudge/api/v.1.1/users/@me', tokens.access_token)).status).toBe(200);
		clockMs += 3601 * 1000;
		const expired = await get('/nudge/api/v.1.1/users/@me', tokens.access_token);
		expect((await jsonOf(expired)).meta).toMatchObject({ code: 401, error_type: 'expired_token' });
	});

	it('answers 404 for unknown paths and records, naming the record kind', async () => {
		const path = await get('/nudge/api/v.1.1/users/@me/nothing');
		expect(path.status).toBe(404);
		const record = await get('/nudge/api/v.1.1/workouts/doesNotExist');
		expect(record.status).toBe(404);
		expect((await jsonOf(record)).meta.error_detail).toContain('workout');
		expect((await get('/nudge/api/v.1.1/workouts/..%2F..')).status).toBe(404);
	});

	it('answers HEAD as GET without a body: same status and headers', async () => {
		const path = '/nudge/api/v.1.1/users/@me/moves?date=20260330';
		const got = await call(api, 'GET', path, { token: TOKEN });
		const head = await call(api, 'HEAD', path, { token: TOKEN });
		expect(head.status).toBe(200);
		expect(head.headers.get('content-type')).toBe(got.headers.get('content-type'));
		expect(await head.text()).toBe('');
		expect((await call(api, 'HEAD', path)).status).toBe(401);
		expect((await call(api, 'HEAD', '/nudge/api/v.1.1/nothing', { token: TOKEN })).status).toBe(
			404
		);
	});

	it('answers 405 with Allow for writes to moves', async () => {
		const response = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/moves', {
			token: TOKEN,
			form: {}
		});
		expect(response.status).toBe(405);
		expect(response.headers.get('allow')).toBe('GET');
		expect((await jsonOf(response)).meta).toMatchObject({
			code: 405,
			error_type: 'method_not_allowed'
		});
		const remove = await call(api, 'DELETE', '/nudge/api/v.1.1/moves/move20260330', {
			token: TOKEN
		});
		expect(remove.status).toBe(405);
	});

	it('answers 400 naming the field for invalid input', async () => {
		const response = await get('/nudge/api/v.1.1/users/@me/moves?date=20260231');
		expect(response.status).toBe(400);
		const { meta } = await jsonOf(response);
		expect(meta).toMatchObject({ code: 400, error_type: 'invalid_input' });
		expect(meta.error_detail).toContain('date');
		const unknown = await get('/nudge/api/v.1.1/users/@me/moves?colour=red');
		expect((await jsonOf(unknown)).meta.error_detail).toContain('colour');
	});

	it('answers 403 when the token lacks the scope', async () => {
		const tokens = await tokensFor(api, ['sleep_read']);
		const response = await get('/nudge/api/v.1.1/users/@me/moves', tokens.access_token);
		expect(response.status).toBe(403);
		expect((await jsonOf(response)).meta).toMatchObject({ error_type: 'insufficient_scope' });
		expect((await get('/nudge/api/v.1.1/users/@me/sleeps', tokens.access_token)).status).toBe(200);
	});

	it('resolves an unversioned path to v.1.1', async () => {
		const response = await get('/nudge/api/users/@me/trends?num_buckets=2');
		expect(response.status).toBe(200);
		const { data } = await jsonOf(response);
		expect(trendsV11Schema.safeParse(data).success).toBe(true);
	});
});

describe('lists', () => {
	const workoutPage = envelopeSchema(collectionSchema(workoutSchema));

	it('lists today in the user zone when no date is given', async () => {
		const { data } = await jsonOf(await get('/nudge/api/v.1.1/users/@me/moves'));
		expect(itemsOf(data).map((m) => m.date)).toEqual([20260330]);
	});

	it('pages newest first, ten by default, and following next returns every record exactly once', async () => {
		const seen: string[] = [];
		let path: string | undefined = '/nudge/api/v.1.1/users/@me/workouts?date=20260330';
		let pages = 0;
		while (path !== undefined) {
			const body: unknown = await (await get(path)).json();
			const parsed = workoutPage.parse(body);
			seen.push(...parsed.data.items.map((w) => w.xid));
			if (pages === 0) expect(parsed.data.items).toHaveLength(10);
			path = parsed.data.links?.next;
			if (path !== undefined)
				expect(path.startsWith('/nudge/api/v.1.1/users/@me/workouts?')).toBe(true);
			pages++;
		}
		expect(pages).toBe(2);
		expect(seen).toHaveLength(12);
		expect(new Set(seen).size).toBe(12);
		const expected = fixtureDataset()
			.workouts.sort((a, b) => b.time_created - a.time_created || (a.xid < b.xid ? -1 : 1))
			.map((w) => w.xid);
		expect(seen).toEqual(expected);
	});

	it('pages with a small limit through ties without loss or repetition', async () => {
		const seen: string[] = [];
		let path: string | undefined = '/nudge/api/v.1.1/users/@me/workouts?date=20260330&limit=1';
		while (path !== undefined) {
			const { data } = await jsonOf(await get(path));
			seen.push(...itemsOf(data).map((w) => String(w.xid)));
			path =
				isObject(data.links) && typeof data.links.next === 'string' ? data.links.next : undefined;
		}
		expect(seen).toHaveLength(12);
		expect(new Set(seen).size).toBe(12);
	});

	it('selects by time range and by updated_after', async () => {
		const start = Math.floor(Date.UTC(2026, 2, 30, 8, 0) / 1000); // 10:00 CEST
		const end = start + 3 * 3600;
		const { data } = await jsonOf(
			await get(`/nudge/api/v.1.1/users/@me/workouts?start_time=${start}&end_time=${end}&limit=100`)
		);
		const times = itemsOf(data).map((w) => Number(w.time_created));
		expect(times.length).toBeGreaterThan(0);
		expect(times.every((t) => t >= start && t <= end)).toBe(true);
		const updated = await jsonOf(
			await get(`/nudge/api/v.1.1/users/@me/workouts?start_time=0&updated_after=${end}&limit=100`)
		);
		expect(itemsOf(updated.data).every((w) => Number(w.time_updated) > end)).toBe(true);
		const bad = await get(
			`/nudge/api/v.1.1/users/@me/workouts?start_time=${end}&end_time=${start}`
		);
		expect(bad.status).toBe(400);
	});

	it('lists meals without their items and reads one meal with them', async () => {
		const list = await jsonOf(await get('/nudge/api/v.1.1/users/@me/meals?date=20260330'));
		expect(itemsOf(list.data)[0]).not.toHaveProperty('items');
		const one: unknown = await (await get('/nudge/api/v.1.1/meals/meal30a')).json();
		expect(envelopeSchema(mealWithItemsSchema).safeParse(one).success).toBe(true);
	});

	it('answers the last mood of the day, or empty data', async () => {
		expect(
			(await jsonOf(await get('/nudge/api/v.1.1/users/@me/mood?date=20260330'))).data.xid
		).toBe('mood30b');
		expect((await jsonOf(await get('/nudge/api/v.1.1/users/@me/mood?date=20260301'))).data).toEqual(
			{}
		);
	});

	it('lists friends with items and size only', async () => {
		const { data } = await jsonOf(await get('/nudge/api/v.1.1/users/@me/friends'));
		expect(data).toEqual({ items: [{ xid: 'friendA' }, { xid: 'friendB' }], size: 2 });
	});
});

describe('ticks, snapshots and images', () => {
	it('answers sleep phases as ticks in v.1.1 and as pairs in the v.1.0 snapshot', async () => {
		const ticks = await jsonOf(await get('/nudge/api/v.1.1/sleeps/sleepNight30/ticks'));
		expect(ticks.data.size).toBe(4);
		const snapshot: unknown = await (
			await get('/nudge/api/v.1.0/sleeps/sleepNight30/snapshot')
		).json();
		expect(isObject(snapshot) && Array.isArray(snapshot.data) ? snapshot.data[0] : null).toEqual([
			itemsOf(ticks.data)[0]?.time,
			2
		]);
	});

	it('draws a valid, deterministic PNG per record', async () => {
		const first = await get('/nudge/api/v.1.1/moves/move20260330/image');
		expect(first.headers.get('content-type')).toBe('image/png');
		const bytes = Buffer.from(await first.arrayBuffer());
		const png = PNG.sync.read(bytes);
		expect(png.width).toBeGreaterThan(0);
		const again = Buffer.from(
			await (await get('/nudge/api/v.1.1/moves/move20260330/image')).arrayBuffer()
		);
		expect(again.equals(bytes)).toBe(true);
		const other = Buffer.from(
			await (await get('/nudge/api/v.1.1/moves/move20260329/image')).arrayBuffer()
		);
		expect(other.equals(bytes)).toBe(false);
	});
});

describe('writes', () => {
	it('creates, updates and deletes a workout of its own', async () => {
		const created = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/workouts', {
			token: TOKEN,
			form: {
				time_created: '1774850000',
				time_completed: '1774851800',
				sub_type: '2',
				distance: '5000',
				intensity: '4'
			}
		});
		expect(created.status).toBe(201);
		const body: unknown = await created.json();
		const workout = envelopeSchema(workoutSchema).parse(body).data;
		expect(workout.title).toBe('Run');
		expect(workout.details.km).toBe(5);
		expect(workout.details.time).toBe(1800);
		const updated = await call(
			api,
			'POST',
			`/nudge/api/v.1.1/workouts/${workout.xid}/partialUpdate`,
			{
				token: TOKEN,
				form: { calories: '420' }
			}
		);
		expect(updated.status).toBe(200);
		expect((await jsonOf(updated)).data).toMatchObject({
			xid: workout.xid,
			details: { calories: 420, meters: 5000 }
		});
		const removed = await call(api, 'DELETE', `/nudge/api/v.1.1/workouts/${workout.xid}`, {
			token: TOKEN
		});
		expect(removed.status).toBe(200);
		expect((await jsonOf(removed)).data).toEqual({});
		expect((await get(`/nudge/api/v.1.1/workouts/${workout.xid}`)).status).toBe(404);
	});

	it('refuses to change or delete a record the band created, and keeps it', async () => {
		const removed = await call(api, 'DELETE', '/nudge/api/v.1.1/workouts/wo00', { token: TOKEN });
		expect(removed.status).toBe(403);
		expect((await jsonOf(removed)).meta).toMatchObject({ code: 403, error_type: 'not_creator' });
		expect((await get('/nudge/api/v.1.1/workouts/wo00')).status).toBe(200);
		const update = await call(api, 'POST', '/nudge/api/v.1.1/workouts/wo00/partialUpdate', {
			token: TOKEN,
			form: { calories: '1' }
		});
		expect(update.status).toBe(403);
	});

	it('refuses to delete another partner’s record', async () => {
		const partner = {
			id: 'partner-two',
			secret: 'partner-two-secret',
			redirectUris: ['https://two.example/cb']
		};
		const multi = make({ clients: [partner] });
		const code = await authorize(multi, ['weight_read', 'body_write'], {
			id: partner.id,
			redirectUri: 'https://two.example/cb'
		});
		const exchanged = await exchange(multi, {
			grant_type: 'authorization_code',
			code,
			client_id: partner.id,
			client_secret: partner.secret
		});
		const tokenBody: unknown = await exchanged.json();
		const partnerToken = isObject(tokenBody) ? String(tokenBody.access_token) : '';
		const made = await call(multi, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
			token: partnerToken,
			form: { weight: '63' }
		});
		expect(made.status).toBe(201);
		const xid = String((await jsonOf(made)).data.xid);
		const byDemoClient = await call(multi, 'DELETE', `/nudge/api/v.1.1/body_events/${xid}`, {
			token: TOKEN
		});
		expect(byDemoClient.status).toBe(403);
		expect(
			(await call(multi, 'GET', `/nudge/api/v.1.1/body_events/${xid}`, { token: TOKEN })).status
		).toBe(200);
		const byPartner = await call(multi, 'DELETE', `/nudge/api/v.1.1/body_events/${xid}`, {
			token: partnerToken
		});
		expect(byPartner.status).toBe(200);
		await multi.close();
	});

	it('computes a new sleep from its phases and dates it by the wake day', async () => {
		const bed = Math.floor(Date.UTC(2026, 2, 30, 21, 0) / 1000); // 23:00 CEST
		const query = new URLSearchParams({
			time_created: String(bed),
			time_completed: String(bed + 8 * 3600),
			ticks: JSON.stringify([
				{ depth: 2, time: bed + 1200 },
				{ depth: 3, time: bed + 3600 },
				{ depth: 1, time: bed + 5 * 3600 },
				{ depth: 2, time: bed + 5 * 3600 + 600 }
			])
		});
		const response = await call(
			api,
			'POST',
			`/nudge/api/v.1.1/users/@me/sleeps?${query.toString()}`,
			{ token: TOKEN }
		);
		expect(response.status).toBe(201);
		const body: unknown = await response.json();
		const sleep = envelopeSchema(sleepSchema).parse(body).data;
		expect(sleep.date).toBe(20260331);
		const d = sleep.details;
		expect(d.asleep_time).toBe(bed + 1200);
		expect(d.awake_time).toBe(bed + 8 * 3600);
		expect(d.awakenings).toBe(1);
		expect(d.duration).toBe(8 * 3600);
		expect((d.light ?? 0) + (d.deep ?? 0) + (d.awake ?? 0) + 1200).toBe(d.duration);
		const ticks = await jsonOf(await get(`/nudge/api/v.1.1/sleeps/${sleep.xid}/ticks`));
		expect(ticks.data.size).toBe(4);
	});

	it('answers a new mood with Created and code 201', async () => {
		const response = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/mood', {
			token: TOKEN,
			form: { sub_type: '8' }
		});
		expect(response.status).toBe(201);
		const { meta, data } = await jsonOf(response);
		expect(meta).toMatchObject({ message: 'Created', code: 201 });
		expect(data.title).toBe('Good');
	});

	it('creates meals from multipart and from form bodies with JSON items', async () => {
		const items = JSON.stringify([
			{ name: 'Oats', calories: 300, protein: 10, type: 3 },
			{ name: 'Milk', calories: 120, protein: 8, type: 5 }
		]);
		const multipart = new FormData();
		multipart.set('title', 'Breakfast');
		multipart.set('items', items);
		multipart.set('photo', new Blob([new Uint8Array([1, 2, 3])]), 'plate.jpg');
		const fromMultipart = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/meals', {
			token: TOKEN,
			multipart
		});
		expect(fromMultipart.status).toBe(201);
		const body: unknown = await fromMultipart.json();
		const meal = envelopeSchema(mealWithItemsSchema).parse(body).data;
		expect(meal.details.calories).toBe(420);
		expect(meal.details.num_drinks).toBe(1);
		expect(meal.items.size).toBe(2);
		const fromForm = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/meals', {
			token: TOKEN,
			form: { title: 'Snack', items }
		});
		expect(fromForm.status).toBe(201);
		const badItems = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/meals', {
			token: TOKEN,
			form: { items: JSON.stringify([{ calories: 1 }]) }
		});
		expect(badItems.status).toBe(400);
	});

	it('answers custom event writes with the documented subset', async () => {
		const response = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/generic_events', {
			token: TOKEN,
			form: {
				title: 'Drank water',
				verb: 'drank',
				attributes: '{"ml":250}',
				note: 'see https://example.com'
			}
		});
		expect(response.status).toBe(201);
		const { data } = await jsonOf(response);
		expect(Object.keys(data).sort()).toEqual([
			'attributes',
			'date',
			'image',
			'time_created',
			'title',
			'xid'
		]);
		const html = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/generic_events', {
			token: TOKEN,
			form: { title: 'x', note: '<b>bold</b>' }
		});
		expect(html.status).toBe(400);
	});

	it('names the removed body event in the delete message', async () => {
		const created = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
			token: TOKEN,
			form: { weight: '63.4', title: 'Morning' }
		});
		const xid = String((await jsonOf(created)).data.xid);
		const removed = await jsonOf(
			await call(api, 'DELETE', `/nudge/api/v.1.1/body_events/${xid}`, { token: TOKEN })
		);
		expect(removed.meta.message).toContain('Morning');
		expect(removed.meta.message).toContain(xid);
		expect(removed.data).toEqual({});
	});

	it('rejects a JSON body', async () => {
		const response = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
			token: TOKEN,
			headers: { 'content-type': 'application/json' }
		});
		expect(response.status).toBe(400);
	});
});

describe('hostile input', () => {
	const NOW_SEC = FIXTURE_NOW_MS / 1000;
	const post = (path: string, form: Record<string, string>) =>
		call(api, 'POST', `/nudge/api/v.1.1${path}`, { token: TOKEN, form });

	/** The status and error detail of a refusal, which must be a 400 in the envelope. */
	async function refusal(response: Response) {
		const { meta, data } = await jsonOf(response);
		expect(data).toEqual({});
		expect(meta).toMatchObject({ code: response.status, error_type: 'invalid_input' });
		return { status: response.status, detail: String(meta.error_detail) };
	}

	it('refuses a 64 KiB number field at once while answering another request', async () => {
		await get('/nudge/api/v.1.1/users/@me/moves?date=20260330'); // data ready before timing
		const started = performance.now();
		let badMs = Infinity;
		const bad = post('/users/@me/body_events', {
			weight: '1'.repeat(64 * 1024) + 'x'
		}).then((response) => {
			badMs = performance.now() - started;
			return response;
		});
		const good = get('/nudge/api/v.1.1/users/@me/moves?date=20260330');
		const [refused, answered] = await Promise.all([bad, good]);
		expect(badMs).toBeLessThan(LINEAR_CHECK_MS);
		expect(refused.status).toBe(400);
		expect((await refusal(refused)).detail).toMatch(/^weight /);
		expect(answered.status).toBe(200);
	});

	it('refuses custom event attributes nested thousands of levels deep and stores nothing', async () => {
		const list = '/nudge/api/v.1.1/users/@me/generic_events?date=20260330';
		const before = itemsOf((await jsonOf(await get(list))).data).length;
		const deep = `{"a":${'['.repeat(4108)}${']'.repeat(4108)}}`;
		const response = await post('/users/@me/generic_events', { title: 'Deep', attributes: deep });
		expect(response.status).toBe(400);
		expect((await refusal(response)).detail).toBe(
			'attributes must not nest arrays and objects more than 32 levels deep'
		);
		const after = await get(list);
		expect(after.status).toBe(200);
		expect(itemsOf((await jsonOf(after)).data)).toHaveLength(before);
	});

	it('refuses meal items whose nutrients are negative, huge, or would sum past the largest number', async () => {
		const meal = (items: unknown[]) =>
			post('/users/@me/meals', { title: 'Feast', items: JSON.stringify(items) });
		for (const items of [
			[
				{ name: 'A', calories: 1e308 },
				{ name: 'B', calories: 1e308 }
			],
			[{ name: 'Less than nothing', calories: -5000 }],
			[{ name: 'Salt', sodium: 1e12 }],
			[{ name: 'Bell\u0007' }]
		]) {
			const response = await meal(items);
			expect(response.status, JSON.stringify(items)).toBe(400);
			expect((await refusal(response)).detail).toMatch(/^items /);
		}
		expect((await meal([{ name: 'Soup', calories: 250, sodium: 900 }])).status).toBe(201);
	});

	it('refuses a sleep from 1970 to 2100 and one longer than a day', async () => {
		const sleep = (from: number, to: number) =>
			call(
				api,
				'POST',
				`/nudge/api/v.1.1/users/@me/sleeps?time_created=${from}&time_completed=${to}`,
				{ token: TOKEN }
			);
		const ancient = await sleep(0, 4_102_444_800);
		expect(ancient.status).toBe(400);
		expect((await refusal(ancient)).detail).toMatch(/^time_created /);
		const endless = await sleep(NOW_SEC - 7200, 4_102_444_800);
		expect(endless.status).toBe(400);
		expect((await refusal(endless)).detail).toMatch(/^time_completed /);
		const long = await sleep(NOW_SEC - 90_000, NOW_SEC - 90_000 + 86_401);
		expect((await refusal(long)).detail).toBe(
			'time_completed must be at most 86400 seconds after time_created'
		);
		expect((await sleep(NOW_SEC - 30_000, NOW_SEC - 3_000)).status).toBe(201);
	});

	it('refuses a workout update that stretches it past a day', async () => {
		const created = await post('/users/@me/workouts', { time_created: String(NOW_SEC - 7200) });
		const xid = String((await jsonOf(created)).data.xid);
		const update = await post(`/workouts/${xid}/partialUpdate`, {
			time_completed: String(NOW_SEC - 7200 + 86_401)
		});
		expect(update.status).toBe(400);
		expect((await refusal(update)).detail).toMatch(/^time_completed /);
	});

	it('refuses control characters in text fields, and any in the query', async () => {
		const workout = await post('/users/@me/workouts', {
			time_created: String(NOW_SEC - 7200),
			place_name: 'Gym\u0000'
		});
		expect(workout.status).toBe(400);
		expect((await refusal(workout)).detail).toBe('place_name contains control characters');
		const note = await post('/users/@me/body_events', { weight: '60', note: 'one\ntwo' });
		expect(note.status).toBe(201);
		const query = await get('/nudge/api/v.1.1/users/@me/moves?date=20260330%0A');
		expect(query.status).toBe(400);
		expect((await refusal(query)).detail).toBe('date contains control characters');
	});

	it('answers a body over the limit with a 413 in the envelope', async () => {
		const response = await post('/users/@me/body_events', {
			weight: '60',
			note: 'n'.repeat(MAX_BODY_BYTES)
		});
		expect(response.status).toBe(413);
		const { meta, data } = await jsonOf(response);
		expect(meta).toMatchObject({ code: 413, error_type: 'payload_too_large' });
		expect(data).toEqual({});
	});
});

describe('goals, settings and trends', () => {
	it('filters goals and settings by scope', async () => {
		const tokens = await tokensFor(api, ['move_read']);
		const goals = await jsonOf(await get('/nudge/api/v.1.1/users/@me/goals', tokens.access_token));
		expect(goals.data).toEqual({
			move_steps: 10000,
			remaining_for_day: { move_steps_remaining: 10000 - 6000 }
		});
		const settings = await jsonOf(
			await get('/nudge/api/v.1.1/users/@me/settings', tokens.access_token)
		);
		expect(settings.data).toEqual({
			xid: FIXTURE_USER,
			metric: 1,
			share_move: true,
			goals: { move: { steps: 10000 } }
		});
	});

	it('answers the full v.1.1 goals and the legacy v.1.0 record', async () => {
		const v11: unknown = await (await get('/nudge/api/v.1.1/users/@me/goals')).json();
		const goals = envelopeSchema(goalsV11Schema).parse(v11).data;
		expect(goals.remaining_for_day?.sleep_seconds_remaining).toBe(
			28800 - (7 * 3600 + 59 * 60 - 40 * 60 - 10 * 60)
		);
		expect(goals.remaining_for_day?.intake_calories_remaining).toBe(1500 + 100 + 200 - 500 - 650);
		const v10: unknown = await (await get('/nudge/api/v.1.0/users/@me/goals')).json();
		const legacy = envelopeSchema(goalsV10Schema).parse(v10).data;
		expect(legacy.eat_carbs).toBeTypeOf('number');
	});

	it('writes goals with a scope per field', async () => {
		const tokens = await tokensFor(api, ['move_write', 'move_read']);
		const denied = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/goals', {
			token: tokens.access_token,
			form: { move_steps: '12000', body_weight: '60' }
		});
		expect(denied.status).toBe(403);
		expect((await jsonOf(denied)).meta.error_detail).toContain('body_weight');
		const ok = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/goals', {
			token: tokens.access_token,
			form: { move_steps: '12000' }
		});
		expect(ok.status).toBe(200);
		expect((await jsonOf(ok)).data).toEqual({});
		expect((await jsonOf(await get('/nudge/api/v.1.1/users/@me/goals'))).data.move_steps).toBe(
			12000
		);
		const intent = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/goals', {
			token: TOKEN,
			form: { body_weight_intent: 'gain' }
		});
		expect(intent.status).toBe(200);
		expect(
			(await jsonOf(await get('/nudge/api/v.1.1/users/@me/goals'))).data.body_weight_intent
		).toBe(2);
	});

	it('computes daily trends from the records, with bedtimes relative to the wake-date midnight', async () => {
		const body: unknown = await (
			await get('/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=3')
		).json();
		const trends = envelopeSchema(trendsV11Schema).parse(body).data;
		expect(trends.earliest).toBe(20260328);
		expect(trends.data.map(([date]) => date)).toEqual([20260328, 20260329, 20260330]);
		const [, today] = trends.data[2] ?? [0, {}];
		expect(today.m_steps).toBe(6000);
		expect(today.s_bedtime).toBe(-3600);
		expect(today.s_asleep_time).toBe(40 * 60);
		expect(today.s_sound).toBe(90 * 60);
		expect(today.e_calories).toBe(650);
		expect(today.weight).toBe(64.1);
		expect(today.goal_body_weight).toBe(62);
		const [, yesterday] = trends.data[1] ?? [0, {}];
		expect(yesterday.n_duration).toBe(40 * 60);
		expect(yesterday.s_duration).toBeNull();
		expect(trends.links?.next).toBeUndefined();
	});

	it('sums weeks and continues further back with next', async () => {
		const body: unknown = await (
			await get('/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=1&bucket_size=w')
		).json();
		const trends = envelopeSchema(trendsV11Schema).parse(body).data;
		expect(trends.data).toHaveLength(1);
		expect(trends.data[0]?.[0]).toBe(20260330); // a Monday
		const daily: unknown = await (
			await get('/nudge/api/v.1.1/users/@me/trends?end_date=20260329&num_buckets=1&bucket_size=w')
		).json();
		const week = envelopeSchema(trendsV11Schema).parse(daily).data;
		expect(week.data[0]?.[0]).toBe(20260323);
		expect(week.data[0]?.[1].m_steps).toBe(3000 + 3000);
		const one: unknown = await (
			await get('/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=1')
		).json();
		expect(envelopeSchema(trendsV11Schema).parse(one).data.links?.next).toBe(
			'/nudge/api/v.1.1/users/@me/trends?end_date=20260329&bucket_size=d&num_buckets=1'
		);
	});

	it('answers v.1.0 trends with range and s_deep', async () => {
		const body: unknown = await (
			await get('/nudge/api/v.1.0/users/@me/trends?end_date=20260330&range=d&range_duration=2')
		).json();
		const trends = envelopeSchema(trendsV10Schema).parse(body).data;
		expect(trends.data.map(([d]) => d)).toEqual([20260329, 20260330]);
		expect(trends.data[1]?.[1].s_deep).toBe(90 * 60);
		expect(trends.data[1]?.[1]).not.toHaveProperty('s_sound');
		expect(trends.data[1]?.[1].gender).toBe(true);
	});

	it('shows a write in the trends at once', async () => {
		const before: unknown = await (
			await get('/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=1')
		).json();
		expect(envelopeSchema(trendsV11Schema).parse(before).data.data[0]?.[1].e_calories).toBe(650);
		await call(api, 'POST', '/nudge/api/v.1.1/users/@me/meals', {
			token: TOKEN,
			form: { items: JSON.stringify([{ name: 'Apple', calories: 80 }]) }
		});
		const after: unknown = await (
			await get('/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=1')
		).json();
		expect(envelopeSchema(trendsV11Schema).parse(after).data.data[0]?.[1].e_calories).toBe(730);
	});

	it('keeps trends to the scopes of the token', async () => {
		const tokens = await tokensFor(api, ['sleep_read']);
		const { data } = await jsonOf(
			await get(
				'/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=1',
				tokens.access_token
			)
		);
		const trends = trendsV11Schema.parse(data);
		const values = trends.data[0]?.[1] ?? {};
		expect(Object.keys(values).length).toBeGreaterThan(0);
		expect(Object.keys(values).every((k) => k.startsWith('s_') || k.startsWith('n_'))).toBe(true);
	});
});

describe('OAuth', () => {
	it('exchanges a code once, by GET or POST, and refreshes with rotation', async () => {
		const code = await authorize(api, ['move_read']);
		const first = await exchange(api, { grant_type: 'authorization_code', code }, 'GET');
		expect(first.status).toBe(200);
		const tokens: unknown = await first.json();
		expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
		expect(isObject(tokens) && !('meta' in tokens)).toBe(true);
		const again = await exchange(api, { grant_type: 'authorization_code', code });
		expect(again.status).toBe(400);
		const refreshToken = isObject(tokens) ? String(tokens.refresh_token) : '';
		const refreshed = await exchange(api, {
			grant_type: 'refresh_token',
			refresh_token: refreshToken
		});
		expect(refreshed.status).toBe(200);
		const reused = await exchange(api, {
			grant_type: 'refresh_token',
			refresh_token: refreshToken
		});
		expect(reused.status).toBe(400);
	});

	it('expires codes after ten minutes', async () => {
		const code = await authorize(api, ['move_read']);
		clockMs += 601 * 1000;
		expect((await exchange(api, { grant_type: 'authorization_code', code })).status).toBe(400);
	});

	it('redirects a denial with the state and refuses unknown redirects', async () => {
		const query = new URLSearchParams({
			response_type: 'code',
			client_id: 'wellness-dashboard-demo',
			scope: 'move_read',
			redirect_uri: 'https://evil.example/cb',
			state: 'x'
		});
		const refused = await call(api, 'GET', `/auth/oauth2/auth?${query.toString()}`);
		expect(refused.status).toBe(400);
		expect(refused.headers.get('location')).toBeNull();
		query.set('redirect_uri', 'http://localhost:3000/cb');
		const page = await (await call(api, 'GET', `/auth/oauth2/auth?${query.toString()}`)).text();
		expect(page).toContain('move_read');
		const consent = /name="consent" value="([^"]+)"/.exec(page)?.[1] ?? '';
		const denied = await call(api, 'POST', '/auth/oauth2/auth', {
			form: { consent, decision: 'deny' }
		});
		expect(denied.headers.get('location')).toBe(
			'http://localhost:3000/cb?error=access_denied&state=x'
		);
	});

	it('refuses a wrong client secret', async () => {
		const code = await authorize(api, ['move_read']);
		const response = await exchange(api, {
			grant_type: 'authorization_code',
			code,
			client_secret: 'wrong-secret'
		});
		expect(response.status).toBe(401);
	});

	it('issues a refresh token through the older route and revokes on disconnect', async () => {
		const tokens = await tokensFor(api, ['move_read']);
		const older = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/refreshToken', {
			token: tokens.access_token,
			form: { secret: 'wellness-dashboard-demo-secret' }
		});
		expect(older.status).toBe(200);
		const fresh = String((await jsonOf(older)).data.refresh_token);
		const revoke = await call(api, 'DELETE', '/nudge/api/v.1.0/users/@me/PartnerAppMembership', {
			token: tokens.access_token
		});
		expect(revoke.status).toBe(200);
		expect((await get('/nudge/api/v.1.1/users/@me/moves', tokens.access_token)).status).toBe(401);
		expect(
			(await exchange(api, { grant_type: 'refresh_token', refresh_token: fresh })).status
		).toBe(400);
		expect((await get('/nudge/api/v.1.1/users/@me/moves')).status).toBe(200);
	});
});

describe('database on disk', () => {
	let dir: string;
	beforeEach(async () => {
		dir = await mkdtemp(join(tmpdir(), 'reference-api-'));
	});
	afterEach(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	const goalsOf = async (server: ReferenceApi) =>
		(await jsonOf(await call(server, 'GET', '/nudge/api/v.1.1/users/@me/goals', { token: TOKEN })))
			.data.move_steps;

	it('keeps writes, deletes, goals and their creator across a restart', async () => {
		const first = make({ dataDir: dir });
		const created = await call(first, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
			token: TOKEN,
			form: { weight: '61.5' }
		});
		const xid = String((await jsonOf(created)).data.xid);
		const gone = await call(first, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
			token: TOKEN,
			form: { weight: '61.6' }
		});
		const goneXid = String((await jsonOf(gone)).data.xid);
		await call(first, 'DELETE', `/nudge/api/v.1.1/body_events/${goneXid}`, { token: TOKEN });
		await call(first, 'POST', '/nudge/api/v.1.1/users/@me/goals', {
			token: TOKEN,
			form: { move_steps: '9000' }
		});
		await first.close();
		const second = make({ dataDir: dir });
		expect(
			(await call(second, 'GET', `/nudge/api/v.1.1/body_events/${xid}`, { token: TOKEN })).status
		).toBe(200);
		expect(
			(await call(second, 'GET', `/nudge/api/v.1.1/body_events/${goneXid}`, { token: TOKEN }))
				.status
		).toBe(404);
		expect(await goalsOf(second)).toBe(9000);
		// The creator survives a restart: the record is still this client's to delete.
		expect(
			(await call(second, 'DELETE', `/nudge/api/v.1.1/body_events/${xid}`, { token: TOKEN })).status
		).toBe(200);
		await second.close();
	});

	/** A body event as the API stores it, made by a throwaway in-memory server. */
	async function storedBodyEvent(weight: string): Promise<Record<string, unknown>> {
		const scratch = make();
		const created = await call(scratch, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
			token: TOKEN,
			form: { weight }
		});
		const record = (await jsonOf(created)).data;
		await scratch.close();
		return record;
	}

	it('migrates an earlier journal once, skipping a torn last line, and renames it aside', async () => {
		const kept = await storedBodyEvent('61.5');
		const deleted = await storedBodyEvent('61.6');
		const lines = [
			{ op: 'put', kind: 'body_events', record: kept, creator: DEMO_CLIENT_ID },
			{ op: 'put', kind: 'body_events', record: deleted, creator: DEMO_CLIENT_ID },
			{ op: 'delete', kind: 'body_events', xid: deleted.xid },
			{
				op: 'goals',
				goals: { move_steps: 9000, sleep_total: 28800, body_weight: 60, body_weight_intent: 1 }
			}
		].map((entry) => JSON.stringify(entry));
		const path = join(dir, JOURNAL_FILE);
		await writeFile(path, `${lines.join('\n')}\n{"op":"put","kind":"body_ev`);
		const first = make({ dataDir: dir });
		const get = (server: ReferenceApi, xid: unknown) =>
			call(server, 'GET', `/nudge/api/v.1.1/body_events/${String(xid)}`, { token: TOKEN });
		expect((await get(first, kept.xid)).status).toBe(200);
		expect((await get(first, deleted.xid)).status).toBe(404);
		expect(await goalsOf(first)).toBe(9000);
		await first.close();
		await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
		expect(await readFile(`${path}${MIGRATED_SUFFIX}`, 'utf8')).toContain('"body_ev');
		// Applied once: a record deleted after the migration does not come back on the next start.
		const second = make({ dataDir: dir });
		expect(
			(
				await call(second, 'DELETE', `/nudge/api/v.1.1/body_events/${String(kept.xid)}`, {
					token: TOKEN
				})
			).status
		).toBe(200);
		await second.close();
		const third = make({ dataDir: dir });
		expect((await get(third, kept.xid)).status).toBe(404);
		await third.close();
	});

	it('serves the day of a custom event whose journaled attributes nest thousands of levels deep', async () => {
		const scratch = make();
		const created = await call(scratch, 'POST', '/nudge/api/v.1.1/users/@me/generic_events', {
			token: TOKEN,
			form: { title: 'Deep', attributes: '{"k":"marker"}' }
		});
		const xid = String((await jsonOf(created)).data.xid);
		const record = (
			await jsonOf(
				await call(scratch, 'GET', `/nudge/api/v.1.1/generic_events/${xid}`, { token: TOKEN })
			)
		).data;
		await scratch.close();
		// A journal written before depth was checked: the attributes nest 10 000 levels.
		const line = JSON.stringify({
			op: 'put',
			kind: 'generic_events',
			record,
			creator: DEMO_CLIENT_ID
		});
		const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
		await writeFile(join(dir, JOURNAL_FILE), `${line.replace('{"k":"marker"}', deep)}\n`);
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
		const second = make({ dataDir: dir });
		const list = await call(
			second,
			'GET',
			'/nudge/api/v.1.1/users/@me/generic_events?date=20260330',
			{
				token: TOKEN
			}
		);
		expect(list.status).toBe(200);
		const event = await call(second, 'GET', `/nudge/api/v.1.1/generic_events/${xid}`, {
			token: TOKEN
		});
		expect(event.status).toBe(200);
		expect((await jsonOf(event)).data).toMatchObject({ title: 'Deep', attributes: null });
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('attributes nested deeper than 32'));
		warn.mockRestore();
		await second.close();
	});

	it('keeps every one of many concurrent writes', async () => {
		const first = make({ dataDir: dir });
		const writes = Array.from({ length: 25 }, (_, i) =>
			call(first, 'POST', '/nudge/api/v.1.1/users/@me/body_events', {
				token: TOKEN,
				form: { weight: String(60 + i / 10) }
			})
		);
		const answers = await Promise.all(writes);
		expect(answers.every((r) => r.status === 201)).toBe(true);
		const xids = await Promise.all(answers.map(async (r) => String((await jsonOf(r)).data.xid)));
		await first.close();
		const second = make({ dataDir: dir });
		const found = await Promise.all(
			xids.map(
				async (xid) =>
					(await call(second, 'GET', `/nudge/api/v.1.1/body_events/${xid}`, { token: TOKEN }))
						.status
			)
		);
		expect(found).toEqual(xids.map(() => 200));
		await second.close();
	});
});

describe('faults and latency', () => {
	it('plays a sequence of faults: 429 with Retry-After, 503, then normal answers', async () => {
		const faulty = make({ faults: { sequence: ['429', '503', 'ok'], retryAfterSeconds: 7 } });
		const limited = await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN });
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('7');
		expect((await jsonOf(limited)).meta).toMatchObject({
			code: 429,
			error_type: 'too_many_requests'
		});
		expect((await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN })).status).toBe(
			503
		);
		expect((await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN })).status).toBe(
			200
		);
		expect((await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN })).status).toBe(
			200
		);
	});

	it('sends malformed JSON and truncated bodies', async () => {
		const faulty = make({ faults: { sequence: ['malformed', 'truncated'] } });
		const malformed = await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN });
		await expect(malformed.json()).rejects.toThrow();
		const truncated = await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN });
		await expect(truncated.text()).rejects.toThrow();
	});

	it('ends a hang when the client gives up', async () => {
		const faulty = make({ faults: { sequence: ['hang'], hangMs: 60_000 } });
		const controller = new AbortController();
		const pending = faulty.handle(
			new Request('http://x/nudge/api/v.1.1/users/@me', {
				headers: { authorization: `Bearer ${TOKEN}` },
				signal: controller.signal
			})
		);
		controller.abort();
		expect((await pending)?.status).toBe(503);
	});

	it('draws faults by rate reproducibly', async () => {
		const statuses = async () => {
			const faulty = make({ faults: { rates: { '500': 0.5 }, seed: 42 } });
			const list: number[] = [];
			for (let i = 0; i < 20; i++)
				list.push(
					(await call(faulty, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN })).status
				);
			return list;
		};
		const first = await statuses();
		expect(first).toEqual(await statuses());
		expect(first.filter((s) => s === 500).length).toBeGreaterThan(3);
		expect(first.filter((s) => s === 200).length).toBeGreaterThan(3);
	});
});
