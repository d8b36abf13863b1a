import { describe, expect, it } from 'vitest';
import { createFakeProxy } from '$lib/cache/testing/fake-proxy';
import { createReferenceApi } from '$lib/server/reference-api';
import { addDays } from '$lib/time/zone';
import { createApiClient, trendsFromV10 } from './api-client';
import { ApiError, isAbortError } from './api-error';

const meta = { user_xid: 'u1', message: 'OK', code: 200, time: 1_774_893_600 };

function sleepRecord(n: number) {
	const completed = 1_774_800_000 + n * 86_400;
	return {
		xid: `sleep${n}`,
		title: 'for 7h',
		sub_type: 0,
		time_created: completed - 25_200,
		time_completed: completed,
		date: 20260301 + n,
		details: {
			smart_alarm_fire: 0,
			awake_time: completed,
			asleep_time: completed - 24_000,
			awakenings: 1,
			rem: 0,
			light: 12_000,
			deep: 9_000,
			awake: 3_000,
			duration: 25_200,
			tz: 'Europe/Berlin'
		}
	};
}

/** A fetch answering from a table of `path?query` -> body, recording what was asked. */
function tableFetch(table: Record<string, { status?: number; body: unknown }>) {
	const asked: string[] = [];
	const fetch: typeof globalThis.fetch = (input, init) => {
		const url = input instanceof Request ? input.url : String(input);
		asked.push(url);
		if (init?.signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
		const entry = table[url];
		if (!entry)
			return Promise.resolve(Response.json({ meta: { ...meta, code: 404 } }, { status: 404 }));
		return Promise.resolve(Response.json(entry.body, { status: entry.status ?? 200 }));
	};
	return { fetch, asked };
}

/** The reference API with its demo user on 30 March 2026, behind a stand-in for the proxy. */
function referenceProxy() {
	const token = 'client-test-token';
	const api = createReferenceApi({
		now: () => Date.UTC(2026, 2, 30, 18, 0, 0),
		dataDir: null,
		accessToken: token
	});
	return createFakeProxy({ handle: (r) => api.handle(r), token });
}

describe('createApiClient', () => {
	it('follows opaque next links through the proxy until the last page', async () => {
		const { fetch, asked } = tableFetch({
			'/api/nudge/v.1.1/users/@me/sleeps?start_time=100&end_time=200': {
				body: {
					meta,
					data: {
						items: [sleepRecord(1)],
						size: 1,
						links: { next: '/nudge/api/v.1.1/users/@me/sleeps?start_time=100&page_token=7' }
					}
				}
			},
			'/api/nudge/v.1.1/users/@me/sleeps?start_time=100&page_token=7': {
				body: { meta, data: { items: [sleepRecord(2)], size: 1, links: {} } }
			}
		});
		const client = createApiClient({ fetch });
		const sleeps = await client.listAll('sleeps', { startTime: 100, endTime: 200 });
		expect(sleeps.map((s) => s.xid)).toEqual(['sleep1', 'sleep2']);
		expect(asked).toHaveLength(2);
		expect(client.lastServerTime).toBe(meta.time);
	});

	it('reports the scope a 403 names', async () => {
		const { fetch } = tableFetch({
			'/api/nudge/v.1.1/users/@me/sleeps?date=20260330': {
				status: 403,
				body: {
					meta: {
						code: 403,
						message: 'Forbidden',
						error_type: 'insufficient_scope',
						error_detail: 'This call needs the sleep_read scope.'
					},
					data: {}
				}
			}
		});
		const error = await createApiClient({ fetch })
			.listPage('sleeps', { date: 20260330 })
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({
			status: 403,
			errorType: 'insufficient_scope',
			missingScope: 'sleep_read'
		});
	});

	it('turns a payload that breaks the schema into an error naming the record and field', async () => {
		const broken = { ...sleepRecord(1), date: 'yesterday' };
		const { fetch } = tableFetch({
			'/api/nudge/v.1.1/sleeps/sleep1': { body: { meta, data: broken } }
		});
		const error = await createApiClient({ fetch })
			.lists.sleeps.one('sleep1')
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		if (!(error instanceof ApiError)) return;
		expect(error.errorType).toBe('invalid_payload');
		expect(error.detail).toContain('sleep');
		expect(error.detail).toContain('data.date');
	});

	it('reports an unreachable service as status 0', async () => {
		const fetch: typeof globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'));
		const error = await createApiClient({ fetch })
			.goals()
			.catch((e: unknown) => e);
		expect(error).toMatchObject({ status: 0, errorType: 'network', isUnreachable: true });
	});

	it('lets an abort through as an abort, not as a failure', async () => {
		const { fetch } = tableFetch({});
		const controller = new AbortController();
		controller.abort();
		const error = await createApiClient({ fetch })
			.user({ signal: controller.signal })
			.catch((e: unknown) => e);
		expect(isAbortError(error)).toBe(true);
		expect(error).not.toBeInstanceOf(ApiError);
	});

	it('fetches more than 100 trend buckets by following next', async () => {
		const bucket = (date: number) => [date, { m_steps: 1000 }];
		const first = Array.from({ length: 100 }, (_, i) => bucket(addDays(20260330, -i)));
		const second = Array.from({ length: 20 }, (_, i) => bucket(addDays(20251220, -i)));
		const { fetch, asked } = tableFetch({
			'/api/nudge/v.1.1/users/@me/trends?bucket_size=d&num_buckets=100&end_date=20260330': {
				body: {
					meta,
					data: {
						earliest: 20240101,
						data: first,
						links: {
							next: '/nudge/api/v.1.1/users/@me/trends?bucket_size=d&num_buckets=100&end_date=20251220'
						}
					}
				}
			},
			'/api/nudge/v.1.1/users/@me/trends?bucket_size=d&num_buckets=100&end_date=20251220': {
				body: { meta, data: { earliest: 20240101, data: second, links: {} } }
			}
		});
		const series = await createApiClient({ fetch }).trends({
			endDate: 20260330,
			bucketSize: 'd',
			numBuckets: 110
		});
		expect(asked).toHaveLength(2);
		expect(series.buckets).toHaveLength(110);
		expect(series.buckets.at(-1)?.[0]).toBe(addDays(20251220, -9));
		expect(series.earliest).toBe(20240101);
	});

	it('keeps the latest buckets by date when the pages come oldest first from the reference API', async () => {
		const proxy = referenceProxy();
		const end = 20260330;
		const series = await createApiClient({ fetch: proxy.fetch }).trends({
			endDate: end,
			bucketSize: 'd',
			numBuckets: 730
		});
		const dates = series.buckets.map(([date]) => date);
		expect(proxy.requests.length).toBeGreaterThan(1);
		expect(dates).toHaveLength(730);
		expect(dates[0]).toBe(end);
		expect(dates.at(-1)).toBe(addDays(end, -729));
		expect(new Set(dates).size).toBe(730);
		expect(dates).toEqual([...dates].sort((a, b) => b - a));
	}, 60_000);

	it('speaks v.1.0 to the same data and answers in the v.1.1 shapes', async () => {
		const proxy = referenceProxy();
		const query = { endDate: 20260330, bucketSize: 'w', numBuckets: 120 } as const;
		const current = await createApiClient({ fetch: proxy.fetch }).trends(query);
		proxy.resetCounts();
		const legacyClient = createApiClient({ fetch: proxy.fetch, version: () => 'v.1.0' });
		const legacy = await legacyClient.trends(query);

		// Asked the v.1.0 way (a span of weeks), following links.next past 100 buckets.
		expect(proxy.requests[0]).toMatch(/^v\.1\.0\/users\/@me\/trends\?/);
		expect(proxy.requests[0]).toContain('range=w');
		expect(proxy.requests[0]).toContain('range_duration=100');
		expect(proxy.requests[0]).not.toContain('num_buckets');
		expect(proxy.requests.length).toBeGreaterThan(1);

		// The same weeks, with deep sleep under the v.1.1 name and the same numbers.
		expect(legacy.buckets.map(([date]) => date)).toEqual(current.buckets.map(([date]) => date));
		expect(legacy.earliest).toBe(current.earliest);
		const pick = (values: Record<string, unknown>) => ({
			m_steps: values.m_steps,
			s_sound: values.s_sound,
			n_sound: values.n_sound,
			s_duration: values.s_duration
		});
		expect(legacy.buckets.map(([, v]) => pick(v))).toEqual(current.buckets.map(([, v]) => pick(v)));
		expect(legacy.buckets.some(([, v]) => typeof v.s_sound === 'number' && v.s_sound > 0)).toBe(
			true
		);
		expect(legacy.buckets.every(([, v]) => !('s_deep' in v) && !('n_deep' in v))).toBe(true);

		// Goals: the legacy record brings the same step and sleep targets, without today's remainders.
		const goalsNow = await createApiClient({ fetch: proxy.fetch }).goals();
		const goalsThen = await legacyClient.goals();
		expect(goalsThen.move_steps).toBe(goalsNow.move_steps);
		expect(goalsThen.sleep_total).toBe(goalsNow.sleep_total);
		expect(goalsThen.remaining_for_day).toBeUndefined();
	}, 60_000);

	it('reads a night’s phases from the v.1.0 snapshot, the same as v.1.1 ticks', async () => {
		const proxy = referenceProxy();
		const current = createApiClient({ fetch: proxy.fetch });
		const [night] = (await current.listPage('sleeps', { date: 20260330 })).items;
		if (night === undefined) throw new Error('the demo has no night on 2026-03-30');
		const ticks = await current.sleepTicks(night.xid);
		proxy.resetCounts();
		const legacy = createApiClient({ fetch: proxy.fetch, version: () => 'v.1.0' });
		const phases = await legacy.sleepTicks(night.xid);
		expect(proxy.requests).toEqual([`v.1.0/sleeps/${night.xid}/snapshot`]);
		expect(phases.length).toBeGreaterThan(3);
		expect(phases).toEqual(ticks.map(({ time, depth }) => ({ time, depth })));
	}, 60_000);

	it('renames deep to sound in v.1.0 buckets, maps gender, and leaves hidden fields absent', () => {
		const shaped = trendsFromV10({
			earliest: 20240101,
			data: [
				[20260330, { m_steps: 9000, s_deep: 5400, n_deep: 3, gender: true }],
				[20260329, { m_steps: 8000, gender: null }]
			]
		});
		expect(shaped.data[0]?.[1]).toEqual({ m_steps: 9000, s_sound: 5400, n_sound: 3, gender: 1 });
		expect(shaped.data[1]?.[1]).toEqual({ m_steps: 8000, gender: null });
		expect(shaped.data[1]?.[1]).not.toHaveProperty('s_sound');
	});
});
