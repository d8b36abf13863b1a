// Test and benchmark support: a fetch that plays the app's server (session + proxy) in front of an in-process API.

export type Handle = (request: Request) => Promise<Response | null>;

export interface FakeProxyOptions {
	/** The API's `handle` (the reference API, or a hand-made fake). */
	handle: Handle;
	/** Bearer token the proxy adds, as the real proxy does. */
	token: string;
	/** What `/api/session` answers; signed in as `test-user` by default. */
	userKey?: string | null;
	signedIn?: boolean;
	/** Delay added to every upstream response, ms. */
	latencyMs?: number;
}

export interface FakeProxy {
	fetch: typeof globalThis.fetch;
	/** Paths and queries of every upstream request, in order of arrival; a write starts with its method. */
	readonly requests: string[];
	/** Every upstream request with its method and form body (null for a read), in order of arrival. */
	readonly calls: { method: string; path: string; body: string | null }[];
	/** Most upstream requests in flight at once. */
	readonly peakInFlight: number;
	/** While true, every upstream request fails as if the network were down. */
	offline: boolean;
	/** Replaces the response of matching requests (faults, bad payloads); writes as in `requests`. */
	override: ((path: string) => Response | null) | null;
	resetCounts(): void;
}

export function createFakeProxy(options: FakeProxyOptions): FakeProxy {
	let peak = 0;
	let inFlight = 0;
	const proxy: FakeProxy = {
		requests: [],
		calls: [],
		get peakInFlight() {
			return peak;
		},
		offline: false,
		override: null,
		resetCounts() {
			proxy.requests.length = 0;
			proxy.calls.length = 0;
			peak = 0;
		},
		fetch: async (input, init) => {
			const url = new URL(input instanceof Request ? input.url : String(input), 'http://app.test');
			const signal = init?.signal ?? undefined;
			if (url.pathname === '/api/session') {
				return Response.json({
					mode: 'token',
					signedIn: options.signedIn ?? true,
					userKey: options.userKey === undefined ? 'test-user' : options.userKey,
					scopes: [],
					upstream: 'embedded'
				});
			}
			const prefix = '/api/nudge/';
			if (!url.pathname.startsWith(prefix)) return new Response('not found', { status: 404 });
			const path = `${url.pathname.slice(prefix.length)}${url.search}`;
			const method = (init?.method ?? 'GET').toUpperCase();
			const body = typeof init?.body === 'string' ? init.body : null;
			proxy.requests.push(method === 'GET' ? path : `${method} ${path}`);
			proxy.calls.push({ method, path, body });
			inFlight++;
			peak = Math.max(peak, inFlight);
			try {
				if (options.latencyMs) await delay(options.latencyMs, signal);
				signal?.throwIfAborted();
				if (proxy.offline) throw new TypeError('fetch failed');
				const replaced = proxy.override?.(method === 'GET' ? path : `${method} ${path}`);
				if (replaced) return replaced;
				const upstream = await options.handle(
					new Request(`http://upstream.test/nudge/api/${path}`, {
						method,
						body,
						headers: {
							authorization: `Bearer ${options.token}`,
							accept: 'application/json',
							...(body === null ? {} : { 'content-type': 'application/x-www-form-urlencoded' })
						}
					})
				);
				return upstream ?? new Response('not found', { status: 404 });
			} finally {
				inFlight--;
			}
		}
	};
	return proxy;
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(resolve, ms);
		signal?.addEventListener('abort', () => {
			clearTimeout(timer);
			reject(new DOMException('The operation was aborted.', 'AbortError'));
		});
	});
}
