import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints, type ApiVersion, type EndpointSpec } from '$lib/api/endpoints';
import { expandPath } from '$lib/api/endpoint-paths';
import { collectionSchema, envelopeSchema, errorEnvelopeSchema } from '$lib/api/envelope';
import { goalsV10Schema, goalsV11Schema } from '$lib/api/goals';
import {
	bodyEventSchema,
	genericEventSchema,
	heartRateSchema,
	mealSchema,
	mealWithItemsSchema,
	moodOfDaySchema,
	moveSchema,
	moveTickSchema,
	settingsSchema,
	sleepSchema,
	sleepTickSchema,
	userSchema,
	workoutSchema,
	workoutTickSchema,
	type Move,
	type Sleep
} from '$lib/api/records';
import { trendsV10Schema, trendsV11Schema } from '$lib/api/trends';
import { localDateInt, addDays } from '$lib/time/zone';
import {
	CONFORMANCE_NOW,
	CONFORMANCE_TOKEN,
	PARTNER,
	startServer,
	type StartedServer
} from './server';

const TODAY = localDateInt(Date.parse(CONFORMANCE_NOW) / 1000, 'Europe/Berlin');
const NOW_SEC = Date.parse(CONFORMANCE_NOW) / 1000;

let server: StartedServer;

beforeAll(async () => {
	server = await startServer();
}, 90_000);

afterAll(async () => {
	await server.stop();
});

interface Call {
	method?: string;
	token?: string | null;
	form?: Record<string, string>;
	body?: FormData;
	redirect?: RequestRedirect;
}

function request(path: string, options: Call = {}): Promise<Response> {
	const headers = new Headers({ accept: 'application/json' });
	const token = options.token === undefined ? CONFORMANCE_TOKEN : options.token;
	if (token !== null) headers.set('authorization', `Bearer ${token}`);
	let body: string | FormData | undefined;
	if (options.form !== undefined) {
		headers.set('content-type', 'application/x-www-form-urlencoded');
		body = new URLSearchParams(options.form).toString();
	} else body = options.body;
	return fetch(`${server.url}${path}`, {
		method: options.method ?? 'GET',
		headers,
		body,
		redirect: options.redirect ?? 'follow'
	});
}

async function json(path: string, options: Call = {}): Promise<unknown> {
	const response = await request(path, options);
	return response.json();
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function dataOf(body: unknown): Record<string, unknown> {
	if (!isObject(body) || !isObject(body.data))
		throw new Error(`no data in ${JSON.stringify(body)}`);
	return body.data;
}

const api = (version: ApiVersion | null, path: string) =>
	`/nudge/api/${version === null ? '' : `${version}`}${version === null ? path.slice(1) : path}`;

/** Follows `next` links from `path` and returns every item. */
async function collect(
	path: string,
	token: string = CONFORMANCE_TOKEN
): Promise<Record<string, unknown>[]> {
	const items: Record<string, unknown>[] = [];
	let next: string | undefined = path;
	for (let page = 0; next !== undefined && page < 500; page++) {
		const data = dataOf(await json(next, { token }));
		if (!Array.isArray(data.items)) throw new Error('no items');
		items.push(...data.items.filter(isObject));
		next =
			isObject(data.links) && typeof data.links.next === 'string' ? data.links.next : undefined;
	}
	return items;
}

async function oauthTokens(
	scopes: string[],
	client = PARTNER
): Promise<{ access_token: string; refresh_token: string }> {
	const redirectUri = client.redirectUris[0] ?? '';
	const query = new URLSearchParams({
		response_type: 'code',
		client_id: client.id,
		scope: scopes.join(' '),
		redirect_uri: redirectUri,
		state: 'abc'
	});
	const page = await request(`/auth/oauth2/auth?${query.toString()}`, { token: null });
	expect(page.headers.get('content-type')).toContain('text/html');
	const html = await page.text();
	for (const scope of scopes) expect(html).toContain(scope);
	const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
	const decision = await request('/auth/oauth2/auth', {
		method: 'POST',
		token: null,
		form: { consent, decision: 'allow' },
		redirect: 'manual'
	});
	expect(decision.status).toBe(302);
	const location = new URL(decision.headers.get('location') ?? '');
	expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
	expect(location.searchParams.get('state')).toBe('abc');
	const code = location.searchParams.get('code') ?? '';
	const tokenResponse = await request('/auth/oauth2/token', {
		method: 'POST',
		token: null,
		form: {
			grant_type: 'authorization_code',
			client_id: client.id,
			client_secret: client.secret,
			code,
			redirect_uri: redirectUri
		}
	});
	expect(tokenResponse.status).toBe(200);
	const tokens: unknown = await tokenResponse.json();
	if (
		!isObject(tokens) ||
		typeof tokens.access_token !== 'string' ||
		typeof tokens.refresh_token !== 'string'
	) {
		throw new Error('bad token response');
	}
	return { access_token: tokens.access_token, refresh_token: tokens.refresh_token };
}

/** A record id of each kind, taken from its list over the whole range. */
async function firstXid(kindPath: string): Promise<string> {
	const data = dataOf(
		await json(`/nudge/api/v.1.1/users/@me/${kindPath}?start_time=0&end_time=${NOW_SEC}`)
	);
	const item = Array.isArray(data.items) ? data.items.find(isObject) : undefined;
	if (item === undefined || typeof item.xid !== 'string') throw new Error(`no ${kindPath}`);
	return item.xid;
}

describe('every endpoint in both versions over HTTP', () => {
	const created = new Map<string, string>();
	const ids = new Map<string, string>();

	beforeAll(async () => {
		for (const kind of ['workouts', 'sleeps', 'moves', 'body_events', 'meals', 'heartrates']) {
			ids.set(kind, await firstXid(kind));
		}
		for (
			let date = TODAY;
			!ids.has('mood') && date > addDays(TODAY, -60);
			date = addDays(date, -1)
		) {
			const mood = dataOf(await json(`/nudge/api/v.1.1/users/@me/mood?date=${date}`));
			if (typeof mood.xid === 'string') ids.set('mood', mood.xid);
		}
	}, 60_000);

	const forms: Record<string, Record<string, string>> = {
		'workouts.create': {
			time_created: String(NOW_SEC - 7200),
			time_completed: String(NOW_SEC - 3600),
			sub_type: '14',
			distance: '12000'
		},
		'workouts.update': { intensity: '3' },
		'sleeps.create': {},
		'body_events.create': { weight: '67.2', body_fat: '27.5' },
		'mood.create': { sub_type: '3' },
		'meals.create': { title: 'Soup', items: JSON.stringify([{ name: 'Soup', calories: 250 }]) },
		'meals.update': { note: 'with bread' },
		'generic_events.create': { title: 'Stretched', verb: 'stretched', attributes: '{"minutes":5}' },
		'generic_events.update': { title: 'Stretched well' },
		'cardiac_events.create': { systolic: '118', diastolic: '76', heart_rate: '61' },
		'goals.update': { move_steps: '10500' },
		'token.refresh': { secret: 'wellness-dashboard-demo-secret' }
	};
	const queries: Record<string, string> = {
		'trends.get:v.1.1': `?num_buckets=3&end_date=${TODAY}`,
		'trends.get:v.1.0': `?range=w&range_duration=1&end_date=${TODAY}`,
		'sleeps.create': `?time_created=${NOW_SEC - 30000}&time_completed=${NOW_SEC - 3000}&ticks=${encodeURIComponent(
			JSON.stringify([
				{ depth: 2, time: NOW_SEC - 29000 },
				{ depth: 3, time: NOW_SEC - 20000 }
			])
		)}`
	};

	const order = (e: EndpointSpec) =>
		e.method === 'POST' && e.path.startsWith('/users') ? 0 : e.method === 'DELETE' ? 2 : 1;
	const cases = endpoints
		.filter((e) => e.id !== 'membership.delete')
		.flatMap((e) => e.versions.map((version) => ({ endpoint: e, version })))
		.sort((a, b) => order(a.endpoint) - order(b.endpoint));

	it.each(cases.map((c) => [`${c.endpoint.method} ${c.version}${c.endpoint.path}`, c] as const))(
		'%s answers with its documented shape',
		async (_name, { endpoint, version }) => {
			const kind = endpoint.id.slice(0, endpoint.id.indexOf('.'));
			const mine = created.get(`${kind}:${version}`) ?? created.get(kind);
			const needsOwn = /\.(update|delete)$/.test(endpoint.id);
			const xid = needsOwn ? mine : (ids.get(kind) ?? mine);
			if (endpoint.path.includes('{xid}') && xid === undefined)
				throw new Error(`no record for ${endpoint.id}`);
			let path = api(
				version,
				expandPath(endpoint.path, endpoint.path.includes('{xid}') ? xid : undefined)
			);
			path +=
				queries[`${endpoint.id}:${version}`] ??
				queries[endpoint.id] ??
				(endpoint.returns === 'collection' && endpoint.query.length > 0 ? `?date=${TODAY}` : '');
			const form = forms[endpoint.id];
			const response = await request(path, {
				method: endpoint.method,
				form: endpoint.method === 'POST' && endpoint.id !== 'sleeps.create' ? form : undefined
			});
			const expectedStatus = endpoint.id.endsWith('.create') ? 201 : 200;
			expect(response.status, await response.clone().text()).toBe(expectedStatus);
			if (endpoint.returns === 'png') {
				expect(response.headers.get('content-type')).toBe('image/png');
				const bytes = new Uint8Array(await response.arrayBuffer());
				expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
				return;
			}
			const body: unknown = await response.json();
			expect(
				envelopeSchema(collectionSchema(workoutTickSchema)).safeParse(body).success ||
					isObject(body)
			).toBe(true);
			if (!isObject(body) || !isObject(body.meta)) throw new Error('no envelope');
			expect(body.meta.code).toBe(endpoint.id === 'mood.create' ? 201 : 200);
			expect(typeof body.meta.user_xid).toBe('string');
			const data = body.data;
			if (endpoint.id.endsWith('.create') && isObject(data) && typeof data.xid === 'string') {
				created.set(`${kind}:${version}`, data.xid);
				if (!created.has(kind)) created.set(kind, data.xid);
			}
			if (endpoint.returns === 'empty') expect(data).toEqual({});
			const schema = shapeOf(endpoint, version);
			if (schema !== null) {
				const parsed = schema.safeParse(data);
				expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
			}
		}
	);
});

/** The v.1.0 snapshot: `[time, value]` pairs (this project's choice, documented in the README). */
const snapshotSchema = z.array(z.tuple([z.int(), z.nullable(z.number())]));

/** The schema `data` must satisfy for an endpoint, or null when the test checks it otherwise. */
function shapeOf(
	endpoint: EndpointSpec,
	version: ApiVersion
): { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } } | null {
	const byKind = new Map<string, z.ZodMiniType>([
		['workouts', workoutSchema],
		['sleeps', sleepSchema],
		['moves', moveSchema],
		['body_events', bodyEventSchema],
		['meals', mealSchema],
		['heartrates', heartRateSchema],
		['generic_events', genericEventSchema]
	]);
	const kind = endpoint.id.slice(0, endpoint.id.indexOf('.'));
	const action = endpoint.id.slice(endpoint.id.indexOf('.') + 1);
	if (endpoint.id === 'trends.get') return version === 'v.1.1' ? trendsV11Schema : trendsV10Schema;
	if (endpoint.id === 'goals.get') return version === 'v.1.1' ? goalsV11Schema : goalsV10Schema;
	if (endpoint.id === 'settings.get') return settingsSchema;
	if (endpoint.id === 'user.get') return userSchema;
	if (endpoint.id === 'mood.daily') return moodOfDaySchema;
	if (kind === 'meals' && action !== 'list' && action !== 'delete') return mealWithItemsSchema;
	if (action === 'ticks') {
		if (kind === 'moves') return collectionSchema(moveTickSchema);
		if (kind === 'sleeps') return collectionSchema(sleepTickSchema);
		return collectionSchema(workoutTickSchema);
	}
	if (action === 'snapshot') return snapshotSchema;
	const schema = byKind.get(kind);
	if (schema === undefined || action === 'delete') return null;
	if (action === 'list') return collectionSchema(schema);
	// Custom event writes answer a documented subset, checked by the unit tests.
	if (kind === 'generic_events' && action !== 'get') return null;
	return schema;
	return null;
}

describe('errors', () => {
	it('answers every failure with the envelope, the status as code, a type and a detail', async () => {
		const cases: [string, Call, number, string][] = [
			['/nudge/api/v.1.1/users/@me/moves?date=2026-03-30', {}, 400, 'invalid_input'],
			['/nudge/api/v.1.1/users/@me/trends', {}, 400, 'invalid_input'],
			['/nudge/api/v.1.1/users/@me/moves', { token: null }, 401, 'missing_token'],
			['/nudge/api/v.1.1/users/@me/moves', { token: 'forged-token-value' }, 401, 'invalid_token'],
			['/nudge/api/v.1.1/workouts/noSuchWorkout', {}, 404, 'not_found'],
			['/nudge/api/v.1.1/no/such/path', {}, 404, 'not_found'],
			['/nudge/api/v.1.1/users/@me/moves', { method: 'POST', form: {} }, 405, 'method_not_allowed'],
			['/nudge/api/v.1.1/users/@me/body_events', { method: 'POST', form: {} }, 400, 'invalid_input']
		];
		for (const [path, options, status, type] of cases) {
			const response = await request(path, options);
			expect(response.status, path).toBe(status);
			const body: unknown = await response.json();
			const parsed = errorEnvelopeSchema.parse(body);
			expect(parsed.meta).toMatchObject({ code: status, error_type: type });
			expect(parsed.meta.error_detail?.length ?? 0).toBeGreaterThan(5);
			if (status === 405) expect(response.headers.get('allow')).toBe('GET');
			if (status === 401) expect(response.headers.get('www-authenticate')).toContain('Bearer');
		}
	});

	it('answers 403 for a missing scope and for a record another creator owns', async () => {
		const tokens = await oauthTokens(['sleep_read']);
		const denied = await request('/nudge/api/v.1.1/users/@me/moves', {
			token: tokens.access_token
		});
		expect(denied.status).toBe(403);
		const xid = await firstXid('workouts');
		const notMine = await request(`/nudge/api/v.1.1/workouts/${xid}`, { method: 'DELETE' });
		expect(notMine.status).toBe(403);
		expect(errorEnvelopeSchema.parse(await notMine.json()).meta.error_type).toBe('not_creator');
		expect((await request(`/nudge/api/v.1.1/workouts/${xid}`)).status).toBe(200);
	});

	it('answers 429 with Retry-After when faults are configured', async () => {
		const faulty = await startServer({
			NUDGE_REFERENCE_FAULTS: JSON.stringify({ sequence: ['429'], retryAfterSeconds: 3 })
		});
		try {
			const limited = await fetch(`${faulty.url}/nudge/api/v.1.1/users/@me`, {
				headers: { authorization: `Bearer ${CONFORMANCE_TOKEN}` }
			});
			expect(limited.status).toBe(429);
			expect(limited.headers.get('retry-after')).toBe('3');
			expect(errorEnvelopeSchema.parse(await limited.json()).meta.code).toBe(429);
			const after = await fetch(`${faulty.url}/nudge/api/v.1.1/users/@me`, {
				headers: { authorization: `Bearer ${CONFORMANCE_TOKEN}` }
			});
			expect(after.status).toBe(200);
		} finally {
			await faulty.stop();
		}
	}, 90_000);
});

describe('pagination', () => {
	it('returns every move of the whole range exactly once through next links', async () => {
		const start = NOW_SEC - 120 * 86400;
		const all = await collect(
			`/nudge/api/v.1.1/users/@me/moves?start_time=${start}&end_time=${NOW_SEC}`
		);
		const xids = all.map((m) => String(m.xid));
		expect(new Set(xids).size).toBe(xids.length);
		let byDay = 0;
		for (let date = localDateInt(start, 'Europe/Berlin'); date <= TODAY; date = addDays(date, 1)) {
			const day = dataOf(await json(`/nudge/api/v.1.1/users/@me/moves?date=${date}`));
			if (Array.isArray(day.items))
				byDay += day.items.filter((m) => isObject(m) && Number(m.time_created) >= start).length;
		}
		expect(xids.length).toBe(byDay);
		const times = all.map((m) => Number(m.time_created));
		expect(times).toEqual([...times].sort((a, b) => b - a));
	}, 60_000);

	it('pages workouts with a limit and never repeats an item', async () => {
		const all = await collect(
			`/nudge/api/v.1.1/users/@me/workouts?start_time=0&end_time=${NOW_SEC}&limit=7`
		);
		const xids = all.map((w) => String(w.xid));
		expect(xids.length).toBeGreaterThan(7);
		expect(new Set(xids).size).toBe(xids.length);
		const big = await collect(
			`/nudge/api/v.1.1/users/@me/workouts?start_time=0&end_time=${NOW_SEC}&limit=100`
		);
		expect(big.map((w) => String(w.xid))).toEqual(xids);
	});
});

describe('scope filtering', () => {
	it('filters goals, settings and trends to the token’s scopes', async () => {
		const tokens = await oauthTokens(['meal_read']);
		const goals = dataOf(
			await json('/nudge/api/v.1.1/users/@me/goals', { token: tokens.access_token })
		);
		expect(Object.keys(goals)).toEqual(['remaining_for_day']);
		expect(Object.keys(isObject(goals.remaining_for_day) ? goals.remaining_for_day : {})).toEqual([
			'intake_calories_remaining'
		]);
		const settings = dataOf(
			await json('/nudge/api/v.1.1/users/@me/settings', { token: tokens.access_token })
		);
		expect(Object.keys(settings).filter((k) => k.startsWith('share_'))).toEqual(['share_eat']);
		expect(settings).not.toHaveProperty('goals');
		const trends = trendsV11Schema.parse(
			dataOf(
				await json(`/nudge/api/v.1.1/users/@me/trends?num_buckets=2`, {
					token: tokens.access_token
				})
			)
		);
		for (const [, values] of trends.data)
			expect(Object.keys(values).every((k) => k.startsWith('e_'))).toBe(true);
	});
});

describe('OAuth end to end', () => {
	it('signs in, calls, refreshes with rotation by GET and POST, and disconnects', async () => {
		const tokens = await oauthTokens(['move_read', 'sleep_read']);
		expect(
			(await request('/nudge/api/v.1.1/users/@me/moves', { token: tokens.access_token })).status
		).toBe(200);
		const refreshQuery = new URLSearchParams({
			grant_type: 'refresh_token',
			client_id: PARTNER.id,
			client_secret: PARTNER.secret,
			refresh_token: tokens.refresh_token
		});
		const refreshed = await request(`/auth/oauth2/token?${refreshQuery.toString()}`, {
			token: null
		});
		expect(refreshed.status).toBe(200);
		const next: unknown = await refreshed.json();
		if (!isObject(next)) throw new Error('no tokens');
		expect(Object.keys(next).sort()).toEqual([
			'access_token',
			'expires_in',
			'refresh_token',
			'scope',
			'token_type'
		]);
		expect(
			(await request(`/auth/oauth2/token?${refreshQuery.toString()}`, { token: null })).status
		).toBe(400);
		const access = String(next.access_token);
		expect((await request('/nudge/api/v.1.1/users/@me/sleeps', { token: access })).status).toBe(
			200
		);
		const revoke = await request('/nudge/api/v.1.0/users/@me/PartnerAppMembership', {
			method: 'DELETE',
			token: access
		});
		expect(revoke.status).toBe(200);
		expect((await request('/nudge/api/v.1.1/users/@me/sleeps', { token: access })).status).toBe(
			401
		);
	});
});

describe('consistency of the data', () => {
	it('sums every move’s hourly totals to its day totals', async () => {
		const moves = (
			await collect(`/nudge/api/v.1.1/users/@me/moves?start_time=0&end_time=${NOW_SEC}`)
		).map((m) => moveSchema.parse(m));
		expect(moves.length).toBeGreaterThan(30);
		const mismatched = moves.filter((move: Move) => {
			const hours = Object.values(move.details.hourly_totals);
			const steps = hours.reduce((total, hour) => total + (hour.steps ?? 0), 0);
			return steps !== move.details.steps;
		});
		expect(mismatched.map((m) => m.date)).toEqual([]);
	});

	it('makes every sleep add up: latency + awake + light + deep = duration, phases = ticks', async () => {
		const sleeps = (
			await collect(`/nudge/api/v.1.1/users/@me/sleeps?start_time=0&end_time=${NOW_SEC}`)
		).map((s) => sleepSchema.parse(s));
		expect(sleeps.length).toBeGreaterThan(30);
		for (const sleep of sleeps.slice(0, 40)) {
			const d = sleep.details;
			const latency = (d.asleep_time ?? 0) - sleep.time_created;
			expect(latency + (d.awake ?? 0) + (d.light ?? 0) + (d.deep ?? 0), sleep.xid).toBe(d.duration);
			expect(d.duration).toBe(sleep.time_completed - sleep.time_created);
			const ticks = collectionSchema(sleepTickSchema).parse(
				dataOf(await json(`/nudge/api/v.1.1/sleeps/${sleep.xid}/ticks`))
			).items;
			const deep = ticks.reduce(
				(total, tick, i) =>
					total + (tick.depth === 3 ? (ticks[i + 1]?.time ?? sleep.time_completed) - tick.time : 0),
				0
			);
			expect(deep, sleep.xid).toBe(d.deep);
		}
	}, 60_000);

	it('computes trends from the same records', async () => {
		const trends = trendsV11Schema.parse(
			dataOf(await json(`/nudge/api/v.1.1/users/@me/trends?num_buckets=14&end_date=${TODAY}`))
		);
		for (const [date, values] of trends.data) {
			const moves = dataOf(await json(`/nudge/api/v.1.1/users/@me/moves?date=${date}`));
			const move = Array.isArray(moves.items) ? moves.items.find(isObject) : undefined;
			expect(values.m_steps ?? null, String(date)).toBe(
				move === undefined ? null : moveSchema.parse(move).details.steps
			);
			const sleeps = collectionSchema(sleepSchema).parse(
				dataOf(await json(`/nudge/api/v.1.1/users/@me/sleeps?date=${date}`))
			).items;
			const night = sleeps
				.filter((s: Sleep) => s.sub_type === 0)
				.sort((a, b) => (b.details.duration ?? 0) - (a.details.duration ?? 0))[0];
			expect(values.s_duration ?? null, String(date)).toBe(
				night === undefined ? null : night.details.duration
			);
			const meals = collectionSchema(mealSchema).parse(
				dataOf(await json(`/nudge/api/v.1.1/users/@me/meals?date=${date}`))
			).items;
			const eaten = meals.reduce((total, meal) => total + (meal.details.calories ?? 0), 0);
			if (meals.length < 10)
				expect(values.e_calories ?? null, String(date)).toBe(meals.length === 0 ? null : eaten);
		}
	}, 60_000);
});

describe('durability', () => {
	it('loses nothing acknowledged when the server is killed with SIGKILL right after a 201', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'conformance-journal-'));
		try {
			const first = await startServer({
				NUDGE_REFERENCE_DATA_DIR: dir,
				NUDGE_REFERENCE_DAYS: '30'
			});
			const response = await fetch(`${first.url}/nudge/api/v.1.1/users/@me/body_events`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${CONFORMANCE_TOKEN}`,
					'content-type': 'application/x-www-form-urlencoded'
				},
				body: 'weight=65.4&note=durable'
			});
			expect(response.status).toBe(201);
			await first.stop('SIGKILL');
			const xid = String(dataOf(await response.json()).xid);
			const second = await startServer({
				NUDGE_REFERENCE_DATA_DIR: dir,
				NUDGE_REFERENCE_DAYS: '30'
			});
			try {
				const again = await fetch(`${second.url}/nudge/api/v.1.1/body_events/${xid}`, {
					headers: { authorization: `Bearer ${CONFORMANCE_TOKEN}` }
				});
				expect(again.status).toBe(200);
				expect(bodyEventSchema.parse(dataOf(await again.json())).note).toBe('durable');
			} finally {
				await second.stop();
			}
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	}, 120_000);
});
