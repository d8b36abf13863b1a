import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zonedToEpoch } from '$lib/time/zone';
import { createReferenceApi, type ReferenceApi } from './index';
import { FIXTURE_NOW_MS, FIXTURE_TZ, fixtureDataset } from './testing/fixture';
import { call, isObject, itemsOf, jsonOf } from './testing/helpers';

const TOKEN = 'static-test-token-0123456789';
/** 30 March 2026, 10:00 in the fixture's zone: a day whose move has a basal rate of 1500 kcal. */
const MORNING = zonedToEpoch(2026, 3, 30, 10, 0, 0, FIXTURE_TZ);

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

async function createWorkout(form: Record<string, string>) {
	const answer = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/workouts', {
		token: TOKEN,
		form: { time_created: String(MORNING), time_completed: String(MORNING + 3600), ...form }
	});
	expect(answer.status).toBe(201);
	const xid = String((await jsonOf(answer)).data.xid);
	return (
		await jsonOf(await call(api, 'GET', `/nudge/api/v.1.1/workouts/${xid}`, { token: TOKEN }))
	).data;
}

describe('records written by a partner', () => {
	it('give an outdoor workout with a place its route, and one without a place or indoors none', async () => {
		const run = await createWorkout({ sub_type: '2', place_lat: '52.52', place_lon: '13.40' });
		expect(run.route).toBe(`/nudge/api/v.1.1/workouts/${String(run.xid)}/image`);
		const placeless = await createWorkout({ sub_type: '2' });
		expect(placeless).toHaveProperty('route', null);
		const weights = await createWorkout({ sub_type: '3', place_lat: '52.52', place_lon: '13.40' });
		expect(weights).toHaveProperty('route', null);
	});

	it('give a workout the basal calories of its hour at the rate of the day', async () => {
		const run = await createWorkout({ sub_type: '2' });
		// 1500 kcal a day over one hour.
		expect(run.details).toMatchObject({ bmr: 62.5, bmr_calories: 62.5 });
	});

	it('give a meal an accuracy field and its items a food and a serving id that read back', async () => {
		const items = [
			{ name: 'Soup', calories: 250 },
			{ name: 'Bread', calories: 120 }
		];
		const created = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/meals', {
			token: TOKEN,
			form: { title: 'Lunch', time_created: String(MORNING), items: JSON.stringify(items) }
		});
		expect(created.status).toBe(201);
		const xid = String((await jsonOf(created)).data.xid);
		const meal = (
			await jsonOf(await call(api, 'GET', `/nudge/api/v.1.1/meals/${xid}`, { token: TOKEN }))
		).data;
		expect(meal.details).toHaveProperty('accuracy', null);
		const list = isObject(meal.items) && Array.isArray(meal.items.items) ? meal.items.items : [];
		expect(list).toHaveLength(2);
		const ids = list.map((item: unknown) =>
			isObject(item) ? [typeof item.food_xid, typeof item.serving_xid] : []
		);
		expect(ids).toEqual([
			['string', 'string'],
			['string', 'string']
		]);
		const foods = list.map((item: unknown) => (isObject(item) ? item.food_xid : null));
		expect(new Set(foods).size).toBe(2);
	});
});

describe('moves', () => {
	const NOW_SEC = Math.floor(FIXTURE_NOW_MS / 1000);

	it('read back updated now, even for earlier days, as the basal rate keeps changing', async () => {
		const move = (
			await jsonOf(await call(api, 'GET', '/nudge/api/v.1.1/moves/move20260328', { token: TOKEN }))
		).data;
		expect(move.time_updated).toBe(NOW_SEC);
	});

	it('of earlier days are found by updated_after', async () => {
		const answer = await call(
			api,
			'GET',
			`/nudge/api/v.1.1/users/@me/moves?updated_after=${NOW_SEC - 60}&start_time=0`,
			{ token: TOKEN }
		);
		const items = itemsOf((await jsonOf(answer)).data);
		expect(items.map((move) => move.xid)).toContain('move20260328');
		expect(items.every((move) => move.time_updated === NOW_SEC)).toBe(true);
	});
});

describe('goals', () => {
	it('are written in v.1.1 only: a v.1.0 write answers 405 like any method a path lacks', async () => {
		const legacy = await call(api, 'POST', '/nudge/api/v.1.0/users/@me/goals', {
			token: TOKEN,
			form: { move_steps: '12000' }
		});
		expect(legacy.status).toBe(405);
		expect(legacy.headers.get('allow')).toBe('GET');
		expect((await jsonOf(legacy)).meta).toMatchObject({
			code: 405,
			error_type: 'method_not_allowed'
		});
		const read = async (version: string) =>
			(
				await jsonOf(
					await call(api, 'GET', `/nudge/api/${version}/users/@me/goals`, { token: TOKEN })
				)
			).data.move_steps;
		const before = await read('v.1.1');
		expect(before).not.toBe(12000);
		expect(await read('v.1.0')).toBe(before);

		const current = await call(api, 'POST', '/nudge/api/v.1.1/users/@me/goals', {
			token: TOKEN,
			form: { move_steps: '12000' }
		});
		expect(current.status).toBe(200);
		expect(await read('v.1.1')).toBe(12000);
		expect(await read('v.1.0')).toBe(12000);
	});
});

describe('the user record', () => {
	it("links to an image that answers a PNG, in either version's path", async () => {
		const demo = createReferenceApi({
			dataDir: null,
			now: () => FIXTURE_NOW_MS,
			accessToken: TOKEN,
			days: 3,
			seed: 7
		});
		try {
			const user = (
				await jsonOf(await call(demo, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN }))
			).data;
			expect(typeof user.image).toBe('string');
			const link = String(user.image);
			for (const path of [link, link.replace('/v.1.1/', '/v.1.0/')]) {
				const image = await call(demo, 'GET', path, { token: TOKEN });
				expect(image.status, path).toBe(200);
				expect(image.headers.get('content-type'), path).toBe('image/png');
				const bytes = new Uint8Array(await image.arrayBuffer());
				// The PNG signature: 0x89 'P' 'N' 'G' CR LF SUB LF.
				expect([...bytes.subarray(0, 8)], path).toEqual([
					0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a
				]);
			}
			const anonymous = await call(demo, 'GET', link, {});
			expect(anonymous.status).toBe(401);
		} finally {
			await demo.close();
		}
	});
});
