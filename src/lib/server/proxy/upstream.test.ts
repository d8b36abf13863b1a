import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD_LIMITS, guardProxyRequest, type UpstreamCall } from './request-guard';
import {
	buildUpstreamUrl,
	createUpstreamClient,
	type Transport,
	type UpstreamOptions
} from './upstream';

const BASE = 'https://api.example.com/prefix';
const TOKEN = 'upstream-token-0b8e4a1d';

async function callFor(
	method: string,
	pathAndQuery: string,
	init: RequestInit = {}
): Promise<UpstreamCall> {
	const url = new URL(`http://app.test/api/nudge/${pathAndQuery}`);
	// Every catalogue call, writes and images included: the client sends what the guard built.
	const result = await guardProxyRequest(
		new Request(url, { method, ...init }),
		url.pathname.slice('/api/nudge/'.length),
		url.searchParams,
		DEFAULT_GUARD_LIMITS,
		() => true
	);
	if (!result.ok) throw new Error(`guard refused ${pathAndQuery}`);
	return result.call;
}

interface Seen {
	url: string;
	method: string;
	headers: Headers;
	redirect: RequestRedirect | undefined;
}

/** A transport that answers from a script and records what it was asked. */
function scripted(answers: (() => Response | Promise<Response>)[]) {
	const seen: Seen[] = [];
	const transport: Transport = (url, init) => {
		seen.push({
			url,
			method: init.method ?? 'GET',
			headers: new Headers(init.headers),
			redirect: init.redirect
		});
		const next = answers.shift();
		if (next === undefined) throw new Error('no scripted answer left');
		return Promise.resolve(next());
	};
	return { seen, transport };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json', ...headers }
	});
}

function client(transport: Transport, extra: Partial<UpstreamOptions> = {}) {
	const waits: number[] = [];
	let clock = 1_000_000;
	const upstream = createUpstreamClient({
		baseUrl: BASE,
		transport,
		timeoutMs: 1000,
		now: () => clock,
		random: () => 0.5,
		sleep: (ms) => {
			waits.push(ms);
			clock += ms;
			return Promise.resolve();
		},
		...extra
	});
	return { upstream, waits };
}

const OK = { meta: { code: 200, message: 'OK' }, data: { items: [], size: 0 } };

describe('buildUpstreamUrl', () => {
	it('keeps the base path and never leaves the configured origin', async () => {
		const call = await callFor('GET', 'v.1.1/users/@me/moves?date=20260330');
		expect(buildUpstreamUrl(BASE, call).href).toBe(
			'https://api.example.com/prefix/nudge/api/v.1.1/users/@me/moves?date=20260330'
		);
		expect(() =>
			buildUpstreamUrl(BASE, { path: '/../../evil', query: new URLSearchParams() })
		).toThrow();
		expect(() =>
			buildUpstreamUrl(BASE, {
				path: '@evil.example.com/nudge/api/x',
				query: new URLSearchParams()
			})
		).toThrow();
	});
});

describe('createUpstreamClient', () => {
	it('sends only the bearer token and Accept, without following redirects', async () => {
		const { seen, transport } = scripted([() => json(200, OK)]);
		const { upstream } = client(transport);
		const outcome = await upstream.send(await callFor('GET', 'v.1.1/users/@me/moves'), TOKEN);
		expect(outcome).toMatchObject({ kind: 'response', status: 200 });
		expect(seen).toHaveLength(1);
		expect(seen[0]?.redirect).toBe('manual');
		expect([...(seen[0]?.headers.keys() ?? [])].sort()).toEqual(['accept', 'authorization']);
		expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
		expect(seen[0]?.headers.get('accept')).toBe('application/json');
	});

	it('turns an upstream redirect into 502 and never calls the redirect target', async () => {
		const { seen, transport } = scripted([
			() => new Response(null, { status: 302, headers: { location: 'https://evil.example.com/' } })
		]);
		const outcome = await client(transport).upstream.send(
			await callFor('GET', 'v.1.1/users/@me/moves'),
			TOKEN
		);
		expect(outcome).toMatchObject({ kind: 'failure', status: 502, type: 'upstream_redirect' });
		expect(seen).toHaveLength(1);
	});

	it('answers 502 for a non-JSON, malformed or oversized body', async () => {
		const cases: (() => Response)[] = [
			() => new Response('<html>oops</html>', { headers: { 'content-type': 'text/html' } }),
			() => new Response('{"meta":', { headers: { 'content-type': 'application/json' } }),
			() => json(200, { data: 'x'.repeat(2000) })
		];
		for (const answer of cases) {
			const { transport } = scripted([answer]);
			const outcome = await client(transport, { maxResponseBytes: 1000 }).upstream.send(
				await callFor('GET', 'v.1.1/users/@me/moves'),
				TOKEN
			);
			expect(outcome).toMatchObject({
				kind: 'failure',
				status: 502,
				type: 'bad_upstream_response'
			});
		}
	});

	it('answers 504 when the upstream does not answer within the timeout', async () => {
		const transport: Transport = () => new Promise<Response>(() => undefined);
		const outcome = await client(transport, { timeoutMs: 20 }).upstream.send(
			await callFor('GET', 'v.1.1/users/@me/moves'),
			TOKEN
		);
		expect(outcome).toMatchObject({ kind: 'failure', status: 504, type: 'upstream_timeout' });
	});

	it('answers 502 when the transport fails to connect', async () => {
		const transport: Transport = () => Promise.reject(new TypeError('fetch failed'));
		const outcome = await client(transport).upstream.send(
			await callFor('GET', 'v.1.1/users/@me/moves'),
			TOKEN
		);
		expect(outcome).toMatchObject({ kind: 'failure', status: 502, type: 'upstream_unreachable' });
	});

	it('retries a read on 429 and 503, honouring Retry-After, then succeeds', async () => {
		const { seen, transport } = scripted([
			() => json(429, { meta: { code: 429 } }, { 'retry-after': '2' }),
			() => json(503, { meta: { code: 503 } }),
			() => json(200, OK)
		]);
		const { upstream, waits } = client(transport);
		const outcome = await upstream.send(await callFor('GET', 'v.1.1/users/@me/moves'), TOKEN);
		expect(outcome).toMatchObject({ kind: 'response', status: 200 });
		expect(seen).toHaveLength(3);
		expect(waits).toEqual([2000, 250]);
	});

	it('gives up after three retries and passes the last 429 with its Retry-After', async () => {
		const answers = Array.from(
			{ length: 5 },
			() => () => json(429, { meta: { code: 429 } }, { 'retry-after': '1' })
		);
		const { seen, transport } = scripted(answers);
		const { upstream, waits } = client(transport);
		const outcome = await upstream.send(await callFor('GET', 'v.1.1/users/@me/moves'), TOKEN);
		expect(outcome).toMatchObject({ kind: 'response', status: 429, retryAfter: '1' });
		expect(seen).toHaveLength(4);
		expect(waits).toEqual([1000, 1000, 1000]);
	});

	it('does not wait past the total budget when Retry-After asks for too long', async () => {
		const { seen, transport } = scripted([
			() => json(503, { meta: { code: 503 } }, { 'retry-after': '60' })
		]);
		const { upstream, waits } = client(transport);
		const outcome = await upstream.send(await callFor('GET', 'v.1.1/users/@me/moves'), TOKEN);
		expect(outcome).toMatchObject({ kind: 'response', status: 503, retryAfter: '60' });
		expect(seen).toHaveLength(1);
		expect(waits).toEqual([]);
	});

	it('never retries a write', async () => {
		const { seen, transport } = scripted([() => json(503, { meta: { code: 503 } })]);
		const call = await callFor('POST', 'v.1.1/users/@me/body_events', {
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'weight=70'
		});
		const outcome = await client(transport).upstream.send(call, TOKEN);
		expect(outcome).toMatchObject({ kind: 'response', status: 503 });
		expect(seen).toHaveLength(1);
		expect(seen[0]?.method).toBe('POST');
	});

	it('answers 503 upstream_busy when the shared buffer budget is spent, and frees it afterwards', async () => {
		const big = { meta: { code: 200 }, data: { note: 'x'.repeat(700) } };
		const held: ((response: Response) => void)[] = [];
		const transport: Transport = () => new Promise<Response>((resolve) => held.push(resolve));
		const { upstream } = client(transport, { maxBufferedBytes: 1000 });
		const call = await callFor('GET', 'v.1.1/users/@me/moves');
		const first = upstream.send(call, TOKEN);
		const second = upstream.send(call, TOKEN);
		await new Promise((resolve) => setTimeout(resolve, 0));
		// Both answers are in flight together: the first declares its length and takes the budget.
		held[0]?.(json(200, big, { 'content-length': String(JSON.stringify(big).length) }));
		held[1]?.(json(200, big));
		expect(await second).toMatchObject({
			kind: 'failure',
			status: 503,
			type: 'upstream_busy',
			retryAfter: '1'
		});
		expect(await first).toMatchObject({ kind: 'response', status: 200 });
		const third = upstream.send(call, TOKEN);
		await new Promise((resolve) => setTimeout(resolve, 0));
		held[2]?.(json(200, big));
		expect(await third).toMatchObject({ kind: 'response', status: 200 });
	});

	it('passes a PNG image for an image endpoint and refuses a fake one', async () => {
		const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
		const good = scripted([() => new Response(png, { headers: { 'content-type': 'image/png' } })]);
		const outcome = await client(good.transport).upstream.send(
			await callFor('GET', 'v.1.1/moves/abc/image'),
			TOKEN
		);
		expect(outcome).toMatchObject({ kind: 'response', status: 200, contentType: 'image/png' });
		expect(good.seen[0]?.headers.get('accept')).toBe('image/png, application/json');
		const bad = scripted([
			() => new Response('<svg/>', { headers: { 'content-type': 'image/png' } })
		]);
		const refused = await client(bad.transport).upstream.send(
			await callFor('GET', 'v.1.1/moves/abc/image'),
			TOKEN
		);
		expect(refused).toMatchObject({ kind: 'failure', status: 502 });
	});
});
