import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyHandler, type TokenSource } from './proxy';
import { createUpstreamClient } from './upstream';

// A real upstream on 127.0.0.1 misbehaving on purpose, one path per behaviour.
const TOKEN = 'real-upstream-token-5c1f0a9e';
const ENVELOPE = JSON.stringify({
	meta: { code: 200, message: 'OK' },
	data: { items: [], size: 0 }
});

interface Received {
	url: string;
	headers: IncomingMessage['headers'];
}

const received: Received[] = [];
let server: Server;
let base: string;
let hits: Record<string, number> = {};

function answer(req: IncomingMessage, res: ServerResponse): void {
	const url = new URL(req.url ?? '/', 'http://127.0.0.1');
	received.push({ url: url.pathname + url.search, headers: req.headers });
	const date = url.searchParams.get('date') ?? '';
	hits[date] = (hits[date] ?? 0) + 1;
	switch (date) {
		case '20260101': // redirect to somewhere that would see the token
			res.writeHead(302, { location: `${base}/steal` }).end();
			return;
		case '20260102': // slow: answers after the proxy's timeout
			setTimeout(
				() => res.writeHead(200, { 'content-type': 'application/json' }).end(ENVELOPE),
				1500
			);
			return;
		case '20260103': {
			// huge: 2 MB of JSON, over the test's 1 MB cap
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ meta: { code: 200 }, data: { pad: 'x'.repeat(2 * 1024 * 1024) } }));
			return;
		}
		case '20260104': // truncated: promises 1000 bytes, sends a few, then drops the connection
			res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
			res.write('{"meta":{"code":200');
			setTimeout(() => res.destroy(), 20);
			return;
		case '20260105': // Set-Cookie and hop-by-hop headers that must not reach the browser
			res.writeHead(200, {
				'content-type': 'application/json',
				'set-cookie': 'upstream=1; Path=/',
				'x-upstream-secret': 'internal',
				'keep-alive': 'timeout=5',
				'strict-transport-security': 'max-age=1',
				'access-control-allow-origin': '*'
			});
			res.end(ENVELOPE);
			return;
		case '20260106': // rate-limited once, then fine
			if ((hits[date] ?? 0) === 1) {
				res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
				res.end(JSON.stringify({ meta: { code: 429, error_type: 'rate_limited' }, data: {} }));
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' }).end(ENVELOPE);
			return;
		case '20260107': // token refused
			res.writeHead(401, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ meta: { code: 401, error_type: 'invalid_token' }, data: {} }));
			return;
		default:
			res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(ENVELOPE);
	}
}

beforeAll(async () => {
	server = createServer(answer);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${portOf(server)}`;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

function portOf(listening: Server): number {
	const address = listening.address();
	if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
	return address.port;
}

const staticToken: TokenSource = { current: () => Promise.resolve(TOKEN) };

function proxyTo(baseUrl: string) {
	const upstream = createUpstreamClient({
		baseUrl,
		transport: (url, init) => fetch(url, init),
		timeoutMs: 300,
		maxResponseBytes: 1024 * 1024,
		random: () => 0
	});
	return createProxyHandler({ upstream });
}

async function get(
	handler: ReturnType<typeof proxyTo>,
	pathAndQuery: string,
	headers: Record<string, string> = {}
) {
	const url = new URL(`http://app.test/api/nudge/${pathAndQuery}`);
	hits = {};
	return handler({
		request: new Request(url, { headers }),
		rawPath: url.pathname.slice('/api/nudge/'.length),
		tokens: staticToken
	});
}

describe('proxy against a real local upstream', () => {
	it('forwards a read with the token and none of the browser headers', async () => {
		received.length = 0;
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260330', {
			cookie: 'wellness-session=abc',
			authorization: 'Bearer browser-supplied',
			'x-forwarded-for': '1.2.3.4',
			origin: 'http://app.test',
			'x-custom': 'nope'
		});
		expect(response.status).toBe(200);
		expect(await response.text()).toBe(ENVELOPE);
		expect(received).toHaveLength(1);
		const headers = received[0]?.headers ?? {};
		expect(received[0]?.url).toBe('/nudge/api/v.1.1/users/@me/moves?date=20260330');
		expect(headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(headers.cookie).toBeUndefined();
		expect(headers['x-forwarded-for']).toBeUndefined();
		expect(headers.origin).toBeUndefined();
		expect(headers['x-custom']).toBeUndefined();
	});

	it('turns a redirect into 502 and never follows it with the token', async () => {
		received.length = 0;
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260101');
		expect(response.status).toBe(502);
		expect(await response.json()).toMatchObject({ meta: { error_type: 'upstream_redirect' } });
		expect(received.map((r) => r.url)).not.toContain('/steal');
	});

	it('answers 504 for a slow upstream', async () => {
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260102');
		expect(response.status).toBe(504);
		expect(await response.json()).toMatchObject({
			meta: { code: 504, error_type: 'upstream_timeout' }
		});
	});

	it('answers 502 for a body over the size cap', async () => {
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260103');
		expect(response.status).toBe(502);
		expect(await response.json()).toMatchObject({ meta: { error_type: 'bad_upstream_response' } });
	});

	it('answers 502 for a truncated body', async () => {
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260104');
		expect(response.status).toBe(502);
	});

	it('passes only content type and its own headers, never Set-Cookie or upstream extras', async () => {
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260105');
		expect(response.status).toBe(200);
		expect([...response.headers.keys()].sort()).toEqual([
			'cache-control',
			'content-type',
			'x-content-type-options'
		]);
	});

	it('retries a rate-limited read and returns the later success', async () => {
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260106');
		expect(response.status).toBe(200);
		expect(hits['20260106']).toBe(2);
	});

	it('answers sign_in_required when the upstream refuses the token and no refresh exists', async () => {
		const response = await get(proxyTo(base), 'v.1.1/users/@me/moves?date=20260107');
		expect(response.status).toBe(401);
		const text = await response.text();
		expect(JSON.parse(text)).toMatchObject({ meta: { code: 401, error_type: 'sign_in_required' } });
		expect(text).not.toContain(TOKEN);
	});

	it('answers 502 when the connection is refused', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = portOf(closed);
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const response = await get(proxyTo(`http://127.0.0.1:${port}`), 'v.1.1/users/@me/moves');
		expect(response.status).toBe(502);
		const text = await response.text();
		expect(JSON.parse(text)).toMatchObject({ meta: { error_type: 'upstream_unreachable' } });
		expect(text).not.toContain(TOKEN);
	});
});
