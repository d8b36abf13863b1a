import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zonedToEpoch } from '$lib/time/zone';
import { createReferenceApi, type ReferenceApi } from './index';
import { FIXTURE_NOW_MS, FIXTURE_TZ, fixtureDataset } from './test-fixture';
import { call, isObject, itemsOf, jsonOf } from './test-helpers';

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
