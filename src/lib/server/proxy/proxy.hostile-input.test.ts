import { describe, expect, it } from 'vitest';
import { createProxyHandler } from './proxy';
import { createUpstreamClient, type Transport } from './upstream';

// The backtracking float pattern took 25.7 s on a 64 KiB field; a linear check takes a few ms. A
// second leaves a loaded machine room and still fails the backtracking pattern 25 times over.
const LINEAR_CHECK_MS = 1000;

const TOKEN = 'token-5a6b7c8d9e';

const transport: Transport = () =>
	Promise.resolve(
		new Response(JSON.stringify({ meta: { code: 200 }, data: {} }), {
			status: 200,
			headers: { 'content-type': 'application/json' }
		})
	);

const handler = createProxyHandler({
	upstream: createUpstreamClient({ baseUrl: 'https://api.example.com', transport, timeoutMs: 1000 })
});

function proxied(path: string, init: RequestInit, token: string | null) {
	const url = new URL(`http://app.test/api/nudge/${path}`);
	return handler({
		request: new Request(url, init),
		rawPath: url.pathname.slice('/api/nudge/'.length),
		tokens: { current: () => Promise.resolve(token) }
	});
}

describe('the proxy under hostile input', () => {
	it('refuses a 64 KiB number field from a signed-out browser at once, while answering another request', async () => {
		const read = (startTime: string) =>
			proxied(`v.1.1/users/@me/moves?start_time=${startTime}&end_time=1774900000`, {}, null);
		// Both paths run once before timing, so the measure is the check, not loading the code.
		await proxied('v.1.1/users/@me/moves', {}, TOKEN);
		await read('1x');
		const started = performance.now();
		let badMs = Infinity;
		const bad = read(`${'1'.repeat(64 * 1024 - 16)}x`).then((response) => {
			badMs = performance.now() - started;
			return response;
		});
		const good = proxied('v.1.1/users/@me/moves', {}, TOKEN);
		const [refused, answered] = await Promise.all([bad, good]);
		expect(badMs).toBeLessThan(LINEAR_CHECK_MS);
		expect(refused.status).toBe(400);
		expect(await refused.json()).toMatchObject({
			meta: { code: 400, error_type: 'invalid_parameter' }
		});
		expect(answered.status).toBe(200);
	});

	it('refuses a weigh-in with a 64 KiB number field at once, naming the field', async () => {
		const started = performance.now();
		const refused = await proxied(
			'v.1.1/users/@me/body_events',
			{
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: `weight=${'1'.repeat(64 * 1024 - 16)}x`
			},
			TOKEN
		);
		expect(performance.now() - started).toBeLessThan(LINEAR_CHECK_MS);
		expect(refused.status).toBe(400);
		const { meta } = (await refused.json()) as {
			meta: { error_type: string; error_detail: string };
		};
		expect(meta.error_type).toBe('invalid_parameter');
		expect(meta.error_detail).toMatch(/weight/);
	});
});
