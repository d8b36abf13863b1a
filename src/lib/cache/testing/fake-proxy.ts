// Test and benchmark support: a fetch that plays the app's server (session + proxy) in front of an in-process API.

import { addDays } from '$lib/time/zone';

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
	/** The span reads the browser made (`/api/moods?from=&to=`), their queries in order. */
	readonly spanRequests: string[];
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
		spanRequests: [],
		get peakInFlight() {
			return peak;
		},
		offline: false,
		override: null,
		resetCounts() {
			proxy.requests.length = 0;
			proxy.calls.length = 0;
			proxy.spanRequests.length = 0;
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
			if (url.pathname === '/api/moods') {
				proxy.spanRequests.push(url.search);
				return moodSpan(url.searchParams, signal);
			}
			const prefix = '/api/nudge/';
			if (!url.pathname.startsWith(prefix)) return new Response('not found', { status: 404 });
			const path = `${url.pathname.slice(prefix.length)}${url.search}`;
			const method = (init?.method ?? 'GET').toUpperCase();
			const body = typeof init?.body === 'string' ? init.body : null;
			return proxied(path, method, body, signal);
		}
	};

	/** One call through the proxy to the API, counted. */
	async function proxied(
		path: string,
		method: string,
		body: string | null,
		signal: AbortSignal | undefined
	): Promise<Response> {
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

	/**
	 * The server's span read (`/api/moods`), as src/lib/server/moods/mood-span.ts answers it: each
	 * day asked through the proxy (16 at once), the days answered and those that failed.
	 */
	async function moodSpan(query: URLSearchParams, signal: AbortSignal | undefined) {
		const from = Number(query.get('from'));
		const dates: number[] = [];
		for (let date = Number(query.get('to')); date >= from; date = addDays(date, -1))
			dates.push(date);
		const days: { date: number; mood: unknown }[] = [];
		const failed: number[] = [];
		let firstFailure: Response | null = null;
		let time = 0;
		let user = '';
		for (let at = 0; at < dates.length; at += 16) {
			await Promise.all(
				dates.slice(at, at + 16).map(async (date) => {
					const response = await proxied(
						`v.1.1/users/@me/mood?date=${date}`,
						'GET',
						null,
						signal
					).catch(() => null);
					if (response?.status === 200) {
						const answer = (await response.json()) as {
							meta: { time: number; user_xid: string };
							data: unknown;
						};
						user = answer.meta.user_xid;
						days.push({ date, mood: answer.data });
						time = Math.max(time, answer.meta.time);
					} else {
						failed.push(date);
						firstFailure ??= response;
					}
				})
			);
		}
		if (days.length === 0 && dates.length > 0) {
			if (firstFailure === null) throw new TypeError('fetch failed');
			return firstFailure;
		}
		days.sort((a, b) => b.date - a.date);
		return Response.json({
			meta: { user_xid: user, message: 'OK', code: 200, time },
			data: { days, failed }
		});
	}
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
