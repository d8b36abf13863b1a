// Serves a fetch-style `handle(Request)` over node:http: the standalone reference API server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FetchHandler {
	handle(request: Request): Promise<Response | null>;
}

/** Largest body read from the socket; the API itself refuses smaller bodies than this with a 400. */
const MAX_READ_BYTES = 8 * 1024 * 1024;

async function readBody(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | null> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of incoming) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		length += bytes.length;
		if (length > MAX_READ_BYTES) return null;
		chunks.push(bytes);
	}
	return new Uint8Array(Buffer.concat(chunks));
}

async function toRequest(
	incoming: IncomingMessage,
	origin: string,
	signal: AbortSignal
): Promise<Request | null> {
	const headers = new Headers();
	for (const [name, value] of Object.entries(incoming.headers)) {
		if (Array.isArray(value)) for (const item of value) headers.append(name, item);
		else if (value !== undefined) headers.set(name, value);
	}
	const method = incoming.method ?? 'GET';
	const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(incoming);
	if (body === null) return null;
	return new Request(new URL(incoming.url ?? '/', origin), { method, headers, signal, body });
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

/** Listens on host:port (0 = any free port) and answers through `api`; other paths get a 404. */
export function serve(api: FetchHandler, host: string, port: number): Promise<RunningServer> {
	const server = createServer((incoming, outgoing) => {
		const aborter = new AbortController();
		outgoing.on('close', () => {
			if (!outgoing.writableFinished) aborter.abort();
		});
		const origin = `http://${incoming.headers.host ?? `${host}:${port}`}`;
		void (async () => {
			try {
				const request = await toRequest(incoming, origin, aborter.signal);
				const response =
					request === null
						? new Response('Payload too large\n', {
								status: 413,
								headers: { 'content-type': 'text/plain' }
							})
						: await api.handle(request);
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
