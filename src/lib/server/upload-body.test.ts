import { createHash, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequest } from '@sveltejs/kit/node';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadBody } from './upload-body';

// The body as the built server hands it over: adapter-node's getRequest with a small
// BODY_SIZE_LIMIT, over a real connection on 127.0.0.1.
const LIMIT = 64 * 1024;

let server: Server | null = null;
afterEach(async () => {
	const open = server;
	server = null;
	if (open !== null) await new Promise((resolve) => open.close(resolve));
});

/** Starts a server that reads each upload through uploadBody and answers its size and hash. */
async function listening(): Promise<number> {
	server = createServer((req: IncomingMessage, res) => {
		void (async () => {
			const request = await getRequest({
				request: req,
				base: 'http://127.0.0.1',
				bodySizeLimit: LIMIT
			});
			const body = uploadBody(request, req);
			const hash = createHash('sha256');
			let bytes = 0;
			try {
				for await (const chunk of body ?? []) {
					const part = chunk as Buffer;
					bytes += part.length;
					hash.update(part);
				}
				res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') }));
			} catch (error) {
				res.statusCode = 500;
				res.end(JSON.stringify({ error: error instanceof Error ? error.message : 'failed' }));
			}
		})();
	});
	const open = server;
	await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
	return (open.address() as AddressInfo).port;
}

/** Sends `data` in 16 KiB writes, with or without a Content-Length; answers the server's JSON. */
function send(port: number, data: Buffer, withLength: boolean): Promise<unknown> {
	return new Promise((resolve, reject) => {
		const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
		if (withLength) headers['content-length'] = String(data.length);
		const outgoing = httpRequest(
			{ host: '127.0.0.1', port, method: 'POST', path: '/api/import', headers },
			(incoming) => {
				const chunks: Buffer[] = [];
				incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
				incoming.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
			}
		);
		outgoing.on('error', reject);
		void (async () => {
			for (let at = 0; at < data.length; at += 16 * 1024) {
				if (!outgoing.write(data.subarray(at, at + 16 * 1024))) {
					await new Promise((resolve) => outgoing.once('drain', resolve));
				}
			}
			outgoing.end();
		})();
	});
}

const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('an upload’s body', () => {
	it('arrives whole without a Content-Length (chunked), however far past BODY_SIZE_LIMIT', async () => {
		const port = await listening();
		const data = randomBytes(2 * 1024 * 1024 + 123);
		expect(await send(port, data, false)).toEqual({ bytes: data.length, sha256: digest(data) });
	});

	it('arrives whole with a Content-Length past the limit, and within it', async () => {
		const port = await listening();
		const large = randomBytes(1024 * 1024);
		expect(await send(port, large, true)).toEqual({ bytes: large.length, sha256: digest(large) });
		const small = randomBytes(10_000);
		expect(await send(port, small, true)).toEqual({ bytes: small.length, sha256: digest(small) });
		const chunkedSmall = randomBytes(30_000);
		expect(await send(port, chunkedSmall, false)).toEqual({
			bytes: chunkedSmall.length,
			sha256: digest(chunkedSmall)
		});
	});
});
