import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from './node-adapter';

let running: RunningServer | null = null;

afterEach(async () => {
	await running?.close();
	running = null;
});

/** An API that answers every request with the size of the body it received. */
const echoSize = {
	async handle(incoming: Request): Promise<Response> {
		const size = (await incoming.arrayBuffer()).byteLength;
		return Response.json({ size });
	}
};

/** Posts `bytes` bytes, announced or chunked, and answers the status, content type and body. */
function post(
	url: string,
	bytes: number,
	announced: boolean
): Promise<{ status: number; type: string; body: string }> {
	return new Promise((resolve, reject) => {
		const target = new URL('/nudge/api/v.1.1/users/@me/body_events', url);
		const outgoing = request(target, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				...(announced ? { 'content-length': String(bytes) } : {})
			}
		});
		outgoing.on('response', (answer) => {
			let body = '';
			answer.setEncoding('utf8');
			answer.on('data', (chunk: string) => (body += chunk));
			answer.on('end', () =>
				resolve({
					status: answer.statusCode ?? 0,
					type: answer.headers['content-type'] ?? '',
					body
				})
			);
		});
		outgoing.on('error', reject);
		outgoing.end(Buffer.alloc(bytes, 0x61));
	});
}

describe('the standalone server', () => {
	it('passes a body within the limit to the API', async () => {
		running = await serve(echoSize, '127.0.0.1', 0, { maxBodyBytes: 1024 });
		const answer = await post(running.url, 1024, true);
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.body)).toEqual({ size: 1024 });
	});

	it.each([
		['announced by Content-Length', true],
		['sent chunked, without a length', false]
	])(
		'answers a body over the limit, %s, with a 413 in the API envelope',
		async (_how, announced) => {
			running = await serve(echoSize, '127.0.0.1', 0, { maxBodyBytes: 1024 });
			const answer = await post(running.url, 4096, announced);
			expect(answer.status).toBe(413);
			expect(answer.type).toContain('application/json');
			expect(JSON.parse(answer.body)).toMatchObject({
				meta: { code: 413, error_type: 'payload_too_large' },
				data: {}
			});
		}
	);
});
