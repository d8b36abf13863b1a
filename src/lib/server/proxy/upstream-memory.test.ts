import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from './proxy';
import { createUpstreamClient, type Transport } from './upstream';

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A JSON list answer of just under 19 MiB: many small records, as a long sync could return. */
function largeAnswer(): Uint8Array {
	const item = JSON.stringify({ xid: 'aB3dE5gH7jK9', title: 'Walk', steps: 12345, km: 9.87 });
	const count = Math.floor((19 * MIB - 100) / (item.length + 1));
	const text = `{"meta":{"code":200},"data":{"items":[${Array.from({ length: count }, () => item).join(',')}]}}`;
	return new TextEncoder().encode(text);
}

function collectGarbage(): void {
	setFlagsFromString('--expose-gc');
	const gc: unknown = runInNewContext('gc');
	if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
}

describe('large upstream answers', () => {
	it('keep the server under its memory budget when twenty 19 MiB answers arrive at once', async () => {
		const answer = largeAnswer();
		let peakRss = 0;
		const sample = () => {
			peakRss = Math.max(peakRss, process.memoryUsage().rss);
		};
		// Every answer streams views of one shared buffer, so the fake upstream itself costs 19 MiB once.
		const transport: Transport = () => {
			let offset = 0;
			const body = new ReadableStream<Uint8Array>({
				pull(controller) {
					sample();
					if (offset >= answer.byteLength) {
						controller.close();
						return;
					}
					controller.enqueue(answer.subarray(offset, offset + CHUNK));
					offset += CHUNK;
				}
			});
			return Promise.resolve(
				new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
			);
		};
		const handler = createProxyHandler({
			upstream: createUpstreamClient({
				baseUrl: 'https://api.example.com',
				transport,
				timeoutMs: 60_000
			})
		});
		const browserGet = async () => {
			const url = new URL('http://app.test/api/nudge/v.1.1/users/@me/moves');
			const response = await handler({
				request: new Request(url),
				rawPath: url.pathname.slice('/api/nudge/'.length),
				tokens: { current: () => Promise.resolve('token-7a1c') }
			});
			if (response.status !== 200) {
				const body: unknown = await response.json();
				const meta = typeof body === 'object' && body !== null && 'meta' in body ? body.meta : null;
				const type = typeof meta === 'object' && meta !== null && 'error_type' in meta;
				return {
					status: response.status,
					bytes: 0,
					errorType: type ? meta.error_type : null,
					retryAfter: response.headers.get('retry-after')
				};
			}
			// Read like a browser would, without keeping the bytes.
			let bytes = 0;
			const reader = response.body?.getReader();
			for (;;) {
				const step = await reader?.read();
				if (step === undefined || step.done) break;
				bytes += step.value.byteLength;
				sample();
			}
			return { status: response.status, bytes, errorType: null, retryAfter: null };
		};

		collectGarbage();
		const baseline = process.memoryUsage().rss;
		const answers = await Promise.all(Array.from({ length: 20 }, () => browserGet()));
		sample();

		const grownMib = (peakRss - baseline) / MIB;
		// The attack run saw 108 MiB grow to 570 MiB; the rule is to stay under 250 MiB.
		expect(grownMib).toBeLessThan(250 - 108);
		for (const { status, bytes, errorType, retryAfter } of answers) {
			if (status === 200) expect(bytes).toBe(answer.byteLength);
			else
				expect({ status, errorType, retryAfter }).toEqual({
					status: 503,
					errorType: 'upstream_busy',
					retryAfter: '1'
				});
		}
		expect(answers.some(({ status }) => status === 200)).toBe(true);
	}, 60_000);
});
