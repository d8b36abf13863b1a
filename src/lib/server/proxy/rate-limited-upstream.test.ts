import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyHandler, type ProxyHandler } from './proxy';
import { createUpstreamClient } from './upstream';

// An upstream on 127.0.0.1 that answers half its requests 429 with `Retry-After: 1`: retries alone
// serve about 15 reads in 16 (a read fails only when all four attempts are 429). The breaker must
// not make that worse. The waits (Retry-After, the browser's pace) run on a virtual clock, so the
// test takes no longer than its HTTP round trips and its figures are counts of reads served.
const TOKEN = 'rate-limited-token-7d1e';
const SERVED_AT_LEAST = 0.9;

/**
 * Virtual time for a set of clients that each either wait on I/O or sleep: once every client is
 * asleep, the clock jumps to the earliest wake-up. A sleep of a second costs no wall time, and a
 * client's waits add up on the clock exactly as they would in real time.
 */
class VirtualTime {
	now = Date.UTC(2026, 2, 30, 18, 0, 0);
	#clients = 0;
	#sleepers: { at: number; wake: () => void }[] = [];

	async run<T>(client: () => Promise<T>): Promise<T> {
		this.#clients += 1;
		try {
			return await client();
		} finally {
			this.#clients -= 1;
			this.#advance();
		}
	}

	sleep(ms: number): Promise<void> {
		return new Promise((wake) => {
			this.#sleepers.push({ at: this.now + ms, wake });
			this.#advance();
		});
	}

	#advance(): void {
		if (this.#sleepers.length === 0 || this.#sleepers.length < this.#clients) return;
		const next = Math.min(...this.#sleepers.map((sleeper) => sleeper.at));
		this.now = Math.max(this.now, next);
		const due = this.#sleepers.filter((sleeper) => sleeper.at <= next);
		this.#sleepers = this.#sleepers.filter((sleeper) => sleeper.at > next);
		for (const sleeper of due) sleeper.wake();
	}
}

/** A small seeded generator (mulberry32), so the upstream's coin is the same on every run. */
function seeded(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

let server: Server;
let base = '';
const tally = { attempts: 0, limited: 0 };
const coin = seeded(20260330);

beforeAll(async () => {
	server = createServer((_request, response) => {
		tally.attempts += 1;
		if (coin() < 0.5) {
			tally.limited += 1;
			response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
			response.end(JSON.stringify({ meta: { code: 429, error_type: 'rate_limited' }, data: {} }));
			return;
		}
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ meta: { code: 200 }, data: { items: [], size: 0 } }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

/** The proxy in front of that upstream, its retries waiting on `time`. */
function proxyOn(time: VirtualTime): ProxyHandler {
	return createProxyHandler({
		upstream: createUpstreamClient({
			baseUrl: base,
			transport: (url, init) => fetch(url, init),
			timeoutMs: 10_000,
			now: () => time.now,
			sleep: (ms) => time.sleep(ms)
		})
	});
}

function read(proxy: ProxyHandler): Promise<Response> {
	const url = new URL('http://app.test/api/nudge/v.1.1/users/@me/moves?date=20260330');
	return proxy({
		request: new Request(url),
		rawPath: url.pathname.slice('/api/nudge/'.length),
		tokens: { current: () => Promise.resolve(TOKEN) }
	});
}

/** A browser reading one after the other, `gapMs` apart: how many of its reads came back 200. */
function browser(proxy: ProxyHandler, time: VirtualTime, count: number, gapMs: number) {
	return time.run(async () => {
		let served = 0;
		for (let i = 0; i < count; i++) {
			const response = await read(proxy);
			if (response.status === 200) served += 1;
			await response.arrayBuffer();
			await time.sleep(gapMs);
		}
		return served;
	});
}

describe('a rate-limited upstream (half its answers 429, Retry-After: 1)', () => {
	it('serves at least 90 % of one browser’s reads, one every 200 ms', async () => {
		const time = new VirtualTime();
		const reads = 400;
		const served = await browser(proxyOn(time), time, reads, 200);
		console.info(`one browser: ${served} of ${reads} reads served`);
		expect(served / reads).toBeGreaterThanOrEqual(SERVED_AT_LEAST);
	});

	it('serves at least 90 % of the requests of 50 connections at once', async () => {
		const time = new VirtualTime();
		const proxy = proxyOn(time);
		const connections = 50;
		const each = 20;
		const before = { ...tally };
		const served = await Promise.all(
			Array.from({ length: connections }, () => browser(proxy, time, each, 0))
		);
		const total = served.reduce((sum, count) => sum + count, 0);
		const limited = (tally.limited - before.limited) / (tally.attempts - before.attempts);
		console.info(
			`50 connections: ${total} of ${connections * each} requests served; ${Math.round(limited * 100)} % of upstream answers were 429`
		);
		// The upstream did limit about half the attempts: the figure is not served by luck.
		expect(limited).toBeGreaterThan(0.4);
		expect(total / (connections * each)).toBeGreaterThanOrEqual(SERVED_AT_LEAST);
	});
});
