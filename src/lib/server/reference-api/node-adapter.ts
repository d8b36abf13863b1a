// Serves a fetch-style `handle(Request)` over node:http: the standalone reference API server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ApiFailure, failure } from './envelope';

export interface FetchHandler {
	handle(request: Request): Promise<Response | null>;
}

/** Largest body read from the socket by default; the API itself refuses smaller bodies than this with a 413. */
const MAX_READ_BYTES = 8 * 1024 * 1024;

/**
 * Reads a body, or null as soon as it is larger than `cap` (Content-Length may lie or be absent).
 * The rest is left unread, not destroyed, so the 413 can still be sent on this connection.
 */
function readBody(incoming: IncomingMessage, cap: number): Promise<Uint8Array<ArrayBuffer> | null> {
	const declared = incoming.headers['content-length'];
	if (declared !== undefined && /^\d{1,16}$/.test(declared) && Number(declared) > cap) {
		return Promise.resolve(null);
	}
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let length = 0;
		const onData = (chunk: Buffer | string) => {
			const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
			length += bytes.length;
			if (length > cap) {
				incoming.off('data', onData);
				incoming.off('end', onEnd);
				incoming.pause();
				resolve(null);
				return;
			}
			chunks.push(bytes);
		};
		const onEnd = () => resolve(new Uint8Array(Buffer.concat(chunks)));
		incoming.on('data', onData);
		incoming.once('end', onEnd);
		incoming.once('error', reject);
	});
}

async function toRequest(
	incoming: IncomingMessage,
	origin: string,
	signal: AbortSignal,
	maxBodyBytes: number
): Promise<Request | null> {
	const headers = new Headers();
	for (const [name, value] of Object.entries(incoming.headers)) {
		if (Array.isArray(value)) for (const item of value) headers.append(name, item);
		else if (value !== undefined) headers.set(name, value);
	}
	const method = incoming.method ?? 'GET';
	const body =
		method === 'GET' || method === 'HEAD' ? undefined : await readBody(incoming, maxBodyBytes);
	if (body === null) return null;
	return new Request(new URL(incoming.url ?? '/', origin), { method, headers, signal, body });
}

/** The API's envelope for a body over the limit; the connection closes after it (the rest is unread). */
function payloadTooLarge(maxBodyBytes: number): Response {
	const tooLarge = new ApiFailure(
		413,
		'payload_too_large',
		`The request body is larger than ${maxBodyBytes} bytes.`,
		{ connection: 'close' }
	);
	return failure('', Math.floor(Date.now() / 1000), tooLarge);
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
	const headers: Record<string, string | string[]> = {};
	response.headers.forEach((value, name) => {
		headers[name] = value;
	});
	outgoing.writeHead(response.status, headers);
	if (response.body === null) {
		outgoing.end();
		return;
	}
	const reader = response.body.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			outgoing.write(value);
		}
		outgoing.end();
	} catch {
		// A body that fails half way (an injected truncation) drops the connection mid-response.
		outgoing.destroy();
	}
}

export interface RunningServer {
	url: string;
	server: Server;
	close(): Promise<void>;
}

export interface ServeOptions {
	/** Largest request body read; a larger one is answered 413 in the envelope. Default 8 MiB. */
	maxBodyBytes?: number;
}

/** Listens on host:port (0 = any free port) and answers through `api`; other paths get a 404. */
export function serve(
	api: FetchHandler,
	host: string,
	port: number,
	options: ServeOptions = {}
): Promise<RunningServer> {
	const maxBodyBytes = options.maxBodyBytes ?? MAX_READ_BYTES;
	const server = createServer((incoming, outgoing) => {
		const aborter = new AbortController();
		outgoing.on('close', () => {
			if (!outgoing.writableFinished) aborter.abort();
		});
		const origin = `http://${incoming.headers.host ?? `${host}:${port}`}`;
		void (async () => {
			try {
				const request = await toRequest(incoming, origin, aborter.signal, maxBodyBytes);
				const response =
					request === null ? payloadTooLarge(maxBodyBytes) : await api.handle(request);
				await send(
					response ??
						new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } }),
					outgoing
				);
			} catch {
				if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain' });
				outgoing.end('Internal error\n');
			}
		})();
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			const address = server.address();
			const actualPort = typeof address === 'object' && address !== null ? address.port : port;
			const shownHost = host.includes(':') ? `[${host}]` : host;
			resolve({
				url: `http://${shownHost}:${actualPort}`,
				server,
				close: () =>
					new Promise<void>((done) => {
						server.closeAllConnections();
						server.close(() => done());
					})
			});
		});
	});
}
