import { describe, expect, it } from 'vitest';
import { createProxyHandler, type TokenSource } from './proxy';
import { createUpstreamClient, type Transport } from './upstream';

const OLD = 'old-token-1e2d3c4b';
const FRESH = 'fresh-token-9f8e7d6c';

function upstreamAccepting(valid: string) {
	const tokensSeen: string[] = [];
	const transport: Transport = (_url, init) => {
		const auth = new Headers(init.headers).get('authorization') ?? '';
		tokensSeen.push(auth);
		const ok = auth === `Bearer ${valid}`;
		return Promise.resolve(
			new Response(JSON.stringify({ meta: { code: ok ? 200 : 401 }, data: {} }), {
				status: ok ? 200 : 401,
				headers: { 'content-type': 'application/json' }
			})
		);
	};
	return {
		tokensSeen,
		handler: createProxyHandler({
			upstream: createUpstreamClient({
				baseUrl: 'https://api.example.com',
				transport,
				timeoutMs: 1000
			})
		})
	};
}

function call(
	handler: ReturnType<typeof upstreamAccepting>['handler'],
	tokens: TokenSource,
	method = 'GET'
) {
	const url = new URL('http://app.test/api/nudge/v.1.1/users/@me/moves');
	return handler({
		request: new Request(url, { method }),
		rawPath: url.pathname.slice(11),
		tokens
	});
}

describe('createProxyHandler', () => {
	it('refreshes once after a 401 and retries with the fresh token', async () => {
		const { handler, tokensSeen } = upstreamAccepting(FRESH);
		let refreshes = 0;
		const response = await call(handler, {
			current: () => Promise.resolve(OLD),
			refresh: () => {
				refreshes++;
				return Promise.resolve(FRESH);
			}
		});
		expect(response.status).toBe(200);
		expect(refreshes).toBe(1);
		expect(tokensSeen).toEqual([`Bearer ${OLD}`, `Bearer ${FRESH}`]);
	});

	it('asks for sign-in when the refresh fails or the fresh token is refused too', async () => {
		const { handler } = upstreamAccepting('nobody');
		const failed = await call(handler, {
			current: () => Promise.resolve(OLD),
			refresh: () => Promise.resolve(null)
		});
		expect(failed.status).toBe(401);
		expect(await failed.json()).toMatchObject({ meta: { error_type: 'sign_in_required' } });
		let refreshes = 0;
		const refused = await call(handler, {
			current: () => Promise.resolve(OLD),
			refresh: () => {
				refreshes++;
				return Promise.resolve(FRESH);
			}
		});
		expect(refused.status).toBe(401);
		expect(refreshes).toBe(1);
	});

	it('asks for sign-in without calling upstream when there is no token', async () => {
		const { handler, tokensSeen } = upstreamAccepting(OLD);
		const response = await call(handler, { current: () => Promise.resolve(null) });
		expect(response.status).toBe(401);
		expect(tokensSeen).toEqual([]);
	});

	it('refuses a bad request before asking for a token', async () => {
		const { handler, tokensSeen } = upstreamAccepting(OLD);
		let asked = false;
		const response = await call(
			handler,
			{
				current: () => {
					asked = true;
					return Promise.resolve(OLD);
				}
			},
			'DELETE'
		);
		expect(response.status).toBe(405);
		expect(asked).toBe(false);
		expect(tokensSeen).toEqual([]);
	});
});
