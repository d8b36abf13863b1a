import { describe, expect, it } from 'vitest';
import { CircuitBreaker, DEFAULT_BREAKER_POLICY } from './circuit-breaker';
import { createProxyHandler } from './proxy';
import { createUpstreamClient, type Transport } from './upstream';

const TOKEN = 'upstream-token-5c1f0e2a';
const INTERVAL_MS = DEFAULT_BREAKER_POLICY.probeIntervalMs;

/** An upstream that answers 503 until told it has recovered, counting every attempt it sees. */
function flakyUpstream() {
	const state = { attempts: 0, healthy: false };
	const transport: Transport = () => {
		state.attempts += 1;
		const code = state.healthy ? 200 : 503;
		return Promise.resolve(
			new Response(JSON.stringify({ meta: { code }, data: { items: [] } }), {
				status: code,
				headers: { 'content-type': 'application/json' }
			})
		);
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
