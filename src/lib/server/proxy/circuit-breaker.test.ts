import { describe, expect, it } from 'vitest';
import { CircuitBreaker, DEFAULT_BREAKER_POLICY } from './circuit-breaker';
import { createProxyHandler } from './proxy';
import { createUpstreamClient, type Transport } from './upstream';

const TOKEN = 'upstream-token-5c1f0e2a';
const INTERVAL_MS = DEFAULT_BREAKER_POLICY.probeIntervalMs;

/** An answer of the upstream with this status (a 429 or 503 asks to retry after a second). */
function answer(code: number): Response {
	const retryAfter: Record<string, string> =
		code === 429 || code === 503 ? { 'retry-after': '1' } : {};
	return new Response(JSON.stringify({ meta: { code }, data: { items: [] } }), {
		status: code,
		headers: { 'content-type': 'application/json', ...retryAfter }
	});
}

/** An upstream that answers 503 until told it has recovered, counting every attempt it sees. */
function flakyUpstream() {
	const state = { attempts: 0, healthy: false };
	const transport: Transport = () => {
		state.attempts += 1;
		return Promise.resolve(answer(state.healthy ? 200 : 503));
	};
	return { state, transport };
}

/** An upstream that answers the statuses queued in `script`, then `then` for ever. */
function scriptedUpstream(then: number) {
	const state = { attempts: 0, script: [] as number[] };
	const transport: Transport = () => {
		state.attempts += 1;
		return Promise.resolve(answer(state.script.shift() ?? then));
	};
	return { state, transport };
}

/** The proxy in front of that upstream, on a fake clock that the retry waits move forward. */
function proxyOn(transport: Transport) {
	const clock = { now: Date.UTC(2026, 2, 30, 18, 0, 0) };
	const handler = createProxyHandler({
		upstream: createUpstreamClient({
			baseUrl: 'https://api.example.com',
			transport,
			timeoutMs: 1000,
			now: () => clock.now,
			random: () => 0.5,
			sleep: (ms) => {
				clock.now += ms;
				return Promise.resolve();
			}
		})
	});
	const browserGet = () => {
		const url = new URL('http://app.test/api/nudge/v.1.1/users/@me/moves');
		return handler({
			request: new Request(url),
			rawPath: url.pathname.slice('/api/nudge/'.length),
			tokens: { current: () => Promise.resolve(TOKEN) }
		});
	};
	return { clock, browserGet };
}

async function errorTypeOf(response: Response): Promise<unknown> {
	const body: unknown = await response.json();
	if (typeof body !== 'object' || body === null || !('meta' in body)) return undefined;
	const meta: unknown = body.meta;
	return typeof meta === 'object' && meta !== null && 'error_type' in meta
		? meta.error_type
		: undefined;
}

describe('the circuit breaker in front of the upstream', () => {
	it('keeps upstream attempts at or below 1.2 per browser request during a 503 storm', async () => {
		const { state, transport } = flakyUpstream();
		const { clock, browserGet } = proxyOn(transport);
		const requests = 200;
		for (let i = 0; i < 100; i++) {
			expect((await browserGet()).status).toBe(503);
			clock.now += 250;
		}
		const burst = await Promise.all(Array.from({ length: requests - 100 }, () => browserGet()));
		expect(burst.every((response) => response.status === 503)).toBe(true);
		expect(state.attempts).toBeLessThanOrEqual(1.2 * requests);
	});

	it('fails fast with upstream_unavailable and Retry-After while the circuit is open', async () => {
		const { transport } = flakyUpstream();
		const { browserGet } = proxyOn(transport);
		for (let i = 0; i < 5; i++) await browserGet();
		const fast = await browserGet();
		expect(fast.status).toBe(503);
		expect(await errorTypeOf(fast)).toBe('upstream_unavailable');
		const seconds = Number(fast.headers.get('retry-after'));
		expect(seconds).toBeGreaterThanOrEqual(1);
		expect(seconds).toBeLessThanOrEqual(INTERVAL_MS / 1000);
	});

	it('lets one probe through after one interval, and its success closes the circuit', async () => {
		const { state, transport } = flakyUpstream();
		const { clock, browserGet } = proxyOn(transport);
		for (let i = 0; i < 5; i++) await browserGet();
		state.healthy = true;
		const before = state.attempts;
		expect((await browserGet()).status).toBe(503);
		expect(state.attempts).toBe(before);

		clock.now += INTERVAL_MS;
		const probe = await browserGet();
		expect(probe.status).toBe(200);
		expect(state.attempts).toBe(before + 1);
		const after = await Promise.all([browserGet(), browserGet(), browserGet()]);
		expect(after.map((response) => response.status)).toEqual([200, 200, 200]);
		expect(state.attempts).toBe(before + 4);
	});
});

describe('the circuit breaker counts whole requests, not attempts', () => {
	it('stays closed after four reads that each failed all four attempts', async () => {
		const { state, transport } = scriptedUpstream(503);
		const { browserGet } = proxyOn(transport);
		for (let i = 0; i < 4; i++) expect((await browserGet()).status).toBe(503);
		expect(state.attempts).toBe(16);
		// The fifth read still goes upstream; it is the fifth failed request that opens the circuit.
		await browserGet();
		expect(state.attempts).toBe(20);
		const fast = await browserGet();
		expect(await errorTypeOf(fast)).toBe('upstream_unavailable');
		expect(state.attempts).toBe(20);
	});

	it('never opens on 429s, whose Retry-After the retries honour', async () => {
		const { state, transport } = scriptedUpstream(429);
		const { clock, browserGet } = proxyOn(transport);
		for (let i = 0; i < 20; i++) {
			const limited = await browserGet();
			expect(limited.status).toBe(429);
			expect(limited.headers.get('retry-after')).toBe('1');
			clock.now += 200;
		}
		expect(state.attempts).toBe(80);
		state.script.push(200);
		expect((await browserGet()).status).toBe(200);
	});

	it('a 429 between failed requests is an answer: the run of failures starts again', async () => {
		const { state, transport } = scriptedUpstream(503);
		const { browserGet } = proxyOn(transport);
		for (let i = 0; i < 4; i++) await browserGet();
		state.script.push(429, 429, 429, 429);
		expect((await browserGet()).status).toBe(429);
		for (let i = 0; i < 4; i++) await browserGet();
		expect(await errorTypeOf(await browserGet())).not.toBe('upstream_unavailable');
	});

	it('the probe retries like any read, so one 503 on the way back does not keep the circuit open', async () => {
		const { state, transport } = scriptedUpstream(503);
		const { clock, browserGet } = proxyOn(transport);
		for (let i = 0; i < 5; i++) await browserGet();
		expect(await errorTypeOf(await browserGet())).toBe('upstream_unavailable');
		clock.now += INTERVAL_MS;
		state.script.push(503, 200);
		const before = state.attempts;
		const probe = await browserGet();
		expect(probe.status).toBe(200);
		expect(state.attempts).toBe(before + 2);
		state.script.push(200, 200);
		const after = await Promise.all([browserGet(), browserGet()]);
		expect(after.map((response) => response.status)).toEqual([200, 200]);
	});

	it('a refused connection fails a request, and a dead upstream gets about one attempt per interval', async () => {
		let attempts = 0;
		const refused: Transport = () => {
			attempts += 1;
			return Promise.reject(new TypeError('fetch failed: ECONNREFUSED'));
		};
		const { clock, browserGet } = proxyOn(refused);
		const requests = 200;
		for (let i = 0; i < requests; i++) {
			expect((await browserGet()).status).toBeGreaterThanOrEqual(502);
			clock.now += 250;
		}
		// 5 requests open the circuit; then one probe per 5 s interval over 50 s.
		expect(attempts).toBeLessThanOrEqual(5 + (requests * 250) / INTERVAL_MS + 1);
	});
});

describe('CircuitBreaker', () => {
	const policy = { failureThreshold: 3, probeIntervalMs: 1000 };

	it('opens after the threshold of consecutive failures, and a success in between resets the count', () => {
		const clock = { now: 0 };
		const breaker = new CircuitBreaker(policy, () => clock.now);
		breaker.record('failed', false);
		breaker.record('failed', false);
		breaker.record('succeeded', false);
		breaker.record('failed', false);
		breaker.record('failed', false);
		expect(breaker.admit()).toEqual({ allowed: true, probe: false });
		breaker.record('failed', false);
		expect(breaker.admit()).toEqual({ allowed: false, retryAfterMs: 1000 });
	});

	it('admits a single probe per interval and opens again when the probe fails', () => {
		const clock = { now: 0 };
		const breaker = new CircuitBreaker(policy, () => clock.now);
		for (let i = 0; i < 3; i++) breaker.record('failed', false);
		clock.now = 1000;
		expect(breaker.admit()).toEqual({ allowed: true, probe: true });
		expect(breaker.admit()).toEqual({ allowed: false, retryAfterMs: 0 });
		clock.now = 1200;
		breaker.record('failed', true);
		expect(breaker.admit()).toEqual({ allowed: false, retryAfterMs: 1000 });
		clock.now = 2200;
		expect(breaker.admit()).toEqual({ allowed: true, probe: true });
		breaker.record('unknown', true);
		expect(breaker.admit()).toEqual({ allowed: true, probe: true });
		breaker.record('succeeded', true);
		expect(breaker.closed).toBe(true);
	});
});
