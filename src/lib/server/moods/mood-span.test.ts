import { afterEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../redact';
import type { TokenSource } from '../proxy/proxy';
import { createUpstreamClient, type Transport } from '../proxy/upstream';
import { MAX_SPAN_DAYS, moodSpanResponse, type MoodSpanDeps } from './mood-span';

const TOKEN = 'span-token-7d41c9aa';
const FRESH = 'span-token-fresh-88e2';
const ORIGIN = 'http://dashboard.test';

interface Seen {
	dates: number[];
	tokens: string[];
	peak: number;
}

/** An upstream answering each day's mood with `answer(date, token)`, counting what it is asked. */
function upstreamOf(answer: (date: number, token: string) => Response | Promise<Response>) {
	const seen: Seen = { dates: [], tokens: [], peak: 0 };
	let inFlight = 0;
	const transport: Transport = async (url, init) => {
		const date = Number(new URL(url).searchParams.get('date'));
		const token = new Headers(init.headers).get('authorization')?.replace('Bearer ', '') ?? '';
		seen.dates.push(date);
		seen.tokens.push(token);
		inFlight += 1;
		seen.peak = Math.max(seen.peak, inFlight);
		try {
			await new Promise((r) => setTimeout(r, 1));
			return await answer(date, token);
		} finally {
			inFlight -= 1;
		}
	};
	return { seen, transport };
}

function json(status: number, data: unknown, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify({ meta: { code: status, time: 1_774_900_000 }, data }), {
		status,
		headers: { 'content-type': 'application/json', ...headers }
	});
}

/** A day's mood: a mood on even dates, none on odd ones. */
const moodOf = (date: number) =>
	date % 2 === 0 ? { xid: `m${date}`, date, sub_type: 3, time_created: 1_774_800_000 } : {};

function deps(transport: Transport, over: Partial<MoodSpanDeps> = {}): MoodSpanDeps {
	const tokens: TokenSource = { current: () => Promise.resolve(TOKEN) };
	return {
		upstream: createUpstreamClient({
			baseUrl: 'http://upstream.test',
			transport,
			timeoutMs: 5000,
			sleep: () => Promise.resolve(),
			random: () => 0
		}),
		version: 'v.1.1',
		tokens,
		scopes: () => Promise.resolve(['mood_read', 'move_read']),
		...over
	};
}

function get(query: string, headers: Record<string, string> = {}): Request {
	return new Request(`${ORIGIN}/api/moods?${query}`, { headers });
}

interface SpanBody {
	data: { days: { date: number; mood: unknown }[]; failed: number[] };
	meta: { code: number; error_type?: string; error_detail?: string };
}

const logs: string[] = [];
const previousSink = setLogSink((line) => logs.push(line));
afterEach(() => {
	logs.length = 0;
});
setLogSink(previousSink);

describe('GET /api/moods', () => {
	it('answers every day of the span once, newest first, a day without a mood as null', async () => {
		const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
		const response = await moodSpanResponse(get('from=20260225&to=20260305'), deps(transport));
		expect(response.status).toBe(200);
		const body = (await response.json()) as SpanBody;
		expect(body.data.days.map((d) => d.date)).toEqual([
			20260305, 20260304, 20260303, 20260302, 20260301, 20260228, 20260227, 20260226, 20260225
		]);
		expect(body.data.days[1]?.mood).toMatchObject({ xid: 'm20260304' });
		expect(body.data.days[0]?.mood).toEqual({});
		expect(body.data.failed).toEqual([]);
		expect([...seen.dates].sort()).toEqual([...body.data.days.map((d) => d.date)].sort());
	});

	describe('same origin', () => {
		it.each([
			['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
			['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
			['a foreign Origin', { origin: 'https://elsewhere.example' }]
		])('refuses a read started by another site (%s) before asking anything', async (_, headers) => {
			const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
			const response = await moodSpanResponse(
				get('from=20250101&to=20251231', headers),
				deps(transport)
			);
			expect(response.status).toBe(403);
			expect(((await response.json()) as SpanBody).meta.error_type).toBe('cross_site_request');
			expect(seen.dates).toEqual([]);
		});

		it('answers the dashboard itself and a client that names no site', async () => {
			const { transport } = upstreamOf((date) => json(200, moodOf(date)));
			const asked: Record<string, string>[] = [
				{ 'sec-fetch-site': 'same-origin', origin: ORIGIN },
				{}
			];
			for (const headers of asked) {
				const response = await moodSpanResponse(
					get('from=20260301&to=20260302', headers),
					deps(transport)
				);
				expect(response.status).toBe(200);
			}
		});
	});

	it('asks for sign-in when the request has no session, and asks the upstream nothing', async () => {
		const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
		const response = await moodSpanResponse(
			get('from=20260301&to=20260310'),
			deps(transport, { tokens: { current: () => Promise.resolve(null) } })
		);
		expect(response.status).toBe(401);
		expect(((await response.json()) as SpanBody).meta.error_type).toBe('sign_in_required');
		expect(seen.dates).toEqual([]);
	});

	it('refuses a sign-in without mood_read, and asks the upstream nothing', async () => {
		const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
		const response = await moodSpanResponse(
			get('from=20260301&to=20260310'),
			deps(transport, { scopes: () => Promise.resolve(['move_read', 'mood_write']) })
		);
		expect(response.status).toBe(403);
		expect(((await response.json()) as SpanBody).meta.error_type).toBe('insufficient_scope');
		expect(seen.dates).toEqual([]);
	});

	it(`takes a span of ${MAX_SPAN_DAYS} days and refuses one day more without asking`, async () => {
		const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
		// 2025-01-01 .. 2026-01-07 is 372 days.
		const over = await moodSpanResponse(get('from=20250101&to=20260107'), deps(transport));
		expect(over.status).toBe(400);
		expect(((await over.json()) as SpanBody).meta.error_detail).toContain(String(MAX_SPAN_DAYS));
		expect(seen.dates).toEqual([]);
		const most = await moodSpanResponse(get('from=20250101&to=20260106'), deps(transport));
		expect(most.status).toBe(200);
		expect(seen.dates).toHaveLength(MAX_SPAN_DAYS);
	});

	describe('input checks', () => {
		it.each([
			['from=20260301', 'to'],
			['from=20260301&to=20260302&to=20260303', 'to'],
			['from=20260301&to=20260302&xid=1', 'xid'],
			['from=20260230&to=20260302', 'from'],
			['from=2026-03-01&to=20260302', 'from'],
			['from=20260305&to=20260301', 'before']
		])('refuses %s, naming %s', async (query, named) => {
			const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
			const response = await moodSpanResponse(get(query), deps(transport));
			expect(response.status).toBe(400);
			expect(((await response.json()) as SpanBody).meta.error_detail).toContain(named);
			expect(seen.dates).toEqual([]);
		});

		it('refuses an over-long value by its length and quotes a short piece of it', async () => {
			const { transport } = upstreamOf((date) => json(200, moodOf(date)));
			const long = '2'.repeat(1 << 20);
			const response = await moodSpanResponse(get(`from=${long}&to=20260302`), deps(transport));
			expect(response.status).toBe(400);
			const detail = ((await response.json()) as SpanBody).meta.error_detail ?? '';
			expect(detail).toContain('YYYYMMDD');
			expect(detail.length).toBeLessThan(200);
		});
	});

	it('never passes on the upstream error answers, which may quote the token, nor logs it', async () => {
		const { transport } = upstreamOf((date) =>
			date === 20260301
				? json(200, moodOf(date))
				: json(400, { echo: `Bearer ${TOKEN}` }, { 'x-debug': TOKEN })
		);
		const sink = setLogSink((line) => logs.push(line));
		try {
			const partly = await moodSpanResponse(get('from=20260301&to=20260303'), deps(transport));
			const text = await partly.text();
			expect(partly.status).toBe(200);
			expect(text).not.toContain(TOKEN);
			expect(JSON.parse(text)).toMatchObject({ data: { failed: [20260303, 20260302] } });
			const none = await moodSpanResponse(get('from=20260302&to=20260303'), deps(transport));
			expect(await none.text()).not.toContain(TOKEN);
			expect([...none.headers.values()].join(' ')).not.toContain(TOKEN);
		} finally {
			setLogSink(sink);
		}
		expect(logs.length).toBeGreaterThan(0);
		expect(logs.join('\n')).not.toContain(TOKEN);
	});

	it('reads each day through the upstream client, so a 429 is retried as the proxy retries it', async () => {
		const refusedOnce = new Set<number>();
		const { seen, transport } = upstreamOf((date) => {
			if (!refusedOnce.has(date)) {
				refusedOnce.add(date);
				return json(429, {}, { 'retry-after': '0' });
			}
			return json(200, moodOf(date));
		});
		const response = await moodSpanResponse(get('from=20260301&to=20260304'), deps(transport));
		const body = (await response.json()) as SpanBody;
		expect(body.data.failed).toEqual([]);
		expect(body.data.days).toHaveLength(4);
		expect(seen.dates).toHaveLength(8);
	});

	it('stops asking a failing upstream once the breaker opens, and says when to try again', async () => {
		const { seen, transport } = upstreamOf(() => json(500, {}));
		const response = await moodSpanResponse(
			get('from=20260101&to=20260330'),
			deps(transport, { concurrency: 2 })
		);
		expect(response.status).toBe(503);
		expect(response.headers.get('retry-after')).not.toBeNull();
		// Five failed requests open it; at most the reads already in flight follow.
		expect(seen.dates.length).toBeLessThanOrEqual(5 + 2);
	});

	it(`holds at most its bound of reads in flight at once`, async () => {
		const { seen, transport } = upstreamOf((date) => json(200, moodOf(date)));
		await moodSpanResponse(get('from=20250101&to=20251231'), deps(transport, { concurrency: 5 }));
		expect(seen.dates).toHaveLength(365);
		expect(seen.peak).toBe(5);
	});

	it('refreshes a refused token once for the whole span and asks again with the new one', async () => {
		let refreshes = 0;
		const { seen, transport } = upstreamOf((date, token) =>
			token === FRESH ? json(200, moodOf(date)) : json(401, {})
		);
		const response = await moodSpanResponse(
			get('from=20260301&to=20260320'),
			deps(transport, {
				tokens: {
					current: () => Promise.resolve(TOKEN),
					// Slow, as a real token exchange: the days refused meanwhile wait for this one.
					refresh: async () => {
						refreshes += 1;
						await new Promise((r) => setTimeout(r, 20));
						return FRESH;
					}
				}
			})
		);
		const body = (await response.json()) as SpanBody;
		expect(body.data.days).toHaveLength(20);
		expect(refreshes).toBe(1);
		expect(seen.tokens.filter((t) => t === TOKEN).length).toBeLessThanOrEqual(16);
	});
});
