import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoImageCache, useDemoImageCache, type DemoImageCache } from './demo-image';
import { createReferenceApi, type ReferenceApi } from './index';
import { call, itemsOf, jsonOf } from './testing/helpers';

// Tests share a generated demo through a kept database image (tests/unit/setup/demo-cache.ts);
// here a cache in a Map shows that a copy answers as the generator would and stays private.
const NOW = Date.UTC(2026, 2, 30, 18, 0, 0);
const TOKEN = 'demo-image-test-token';

let previous: DemoImageCache | null;
let kept: Map<string, Buffer>;
let hits: number;
beforeEach(() => {
	previous = demoImageCache();
	kept = new Map();
	hits = 0;
	useDemoImageCache({
		read(key) {
			const image = kept.get(key) ?? null;
			if (image !== null) hits++;
			return image;
		},
		write(key, image) {
			kept.set(key, image);
		}
	});
});
afterEach(() => useDemoImageCache(previous));

const open: ReferenceApi[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((api) => api.close()));
});

function demoApi(options: { seed?: number; days?: number; now?: number } = {}): ReferenceApi {
	const { now = NOW, ...rest } = options;
	const api = createReferenceApi({
		now: () => now,
		dataDir: null,
		days: 3,
		accessToken: TOKEN,
		...rest
	});
	open.push(api);
	return api;
}

/** The moves of the last ten days, as the API lists them. */
async function moves(api: ReferenceApi): Promise<Record<string, unknown>[]> {
	const end = NOW / 1000;
	const query = `start_time=${end - 10 * 86_400}&end_time=${end}`;
	const response = await call(api, 'GET', `/nudge/api/v.1.1/users/@me/moves?${query}`, {
		token: TOKEN
	});
	expect(response.status).toBe(200);
	return itemsOf((await jsonOf(response)).data);
}

describe('a demo kept as a database image', () => {
	it('answers from a copy exactly as from a freshly generated demo', async () => {
		const generated = await moves(demoApi());
		expect(generated).toHaveLength(3);
		expect(kept.size).toBe(1);
		expect(hits).toBe(0);

		const copied = await moves(demoApi());
		expect(hits).toBe(1);
		expect(copied).toEqual(generated);

		useDemoImageCache(null);
		expect(await moves(demoApi())).toEqual(generated);
	});

	it('keeps one image for each seed, span and now', async () => {
		await demoApi().ready();
		await demoApi({ seed: 7 }).ready();
		await demoApi({ days: 2 }).ready();
		await demoApi({ now: NOW + 86_400_000 }).ready();
		expect(hits).toBe(0);
		expect(kept.size).toBe(4);
		const other = await moves(demoApi({ seed: 7 }));
		expect(hits).toBe(1);
		expect(other).not.toEqual(await moves(demoApi()));
	});

	it('gives every API a copy of its own: a write to one reaches neither the image nor another', async () => {
		const reader = demoApi();
		const writer = demoApi();
		const created = await call(writer, 'POST', '/nudge/api/v.1.1/users/@me/mood', {
			token: TOKEN,
			form: { sub_type: '8' }
		});
		expect(created.status).toBe(201);
		const path = `/nudge/api/v.1.1/mood/${String((await jsonOf(created)).data.xid)}`;
		expect((await call(writer, 'GET', path, { token: TOKEN })).status).toBe(200);
		expect((await call(reader, 'GET', path, { token: TOKEN })).status).toBe(404);
		expect((await call(demoApi(), 'GET', path, { token: TOKEN })).status).toBe(404);
		expect(hits).toBe(2);
	});
});
