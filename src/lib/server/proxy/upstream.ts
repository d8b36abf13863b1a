// Calls the configured upstream with the token: one fixed origin, bounded time and size, safe retries for reads.

import type { ProxyErrorType } from '../api-error';
import { ByteBudget, DEFAULT_MAX_BUFFERED_BYTES } from './byte-budget';
import { CircuitBreaker, DEFAULT_BREAKER_POLICY, type BreakerPolicy } from './circuit-breaker';
import type { UpstreamCall } from './request-guard';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, nextRetryDelay, type RetryPolicy } from './retry';

/** The same shape as the global fetch, so tests and the in-process reference API can stand in for it. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface UpstreamOptions {
	/** Base URL without a trailing slash; paths are appended under its path. */
	baseUrl: string;
	transport: Transport;
	/** Time allowed for one attempt, response body included. */
	timeoutMs: number;
	/** Largest response body accepted. */
	maxResponseBytes?: number;
	/** Response bytes held in memory at once across all requests of this client. */
	maxBufferedBytes?: number;
	retry?: RetryPolicy;
	/** When a run of failures stops attempts for a while (shared by all requests of this client). */
	breaker?: BreakerPolicy;
	/** Epoch ms; injectable so retry budgets are tested without a real clock. */
	now?: () => number;
	/** In [0, 1); injectable so jitter is tested deterministically. */
	random?: () => number;
	/** Waits between retries; injectable so tests do not sleep. */
	sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/** What came back, already checked: a JSON or PNG body with the few headers the browser may see. */
export type UpstreamOutcome =
	| {
			kind: 'response';
			status: number;
			contentType: 'application/json; charset=utf-8' | 'image/png';
			body: Uint8Array<ArrayBuffer>;
			/** The parsed JSON body, or null for an image. */
			json: unknown;
			retryAfter: string | null;
			allow: string | null;
	  }
	| {
			kind: 'failure';
			status: 502 | 503 | 504;
			type: ProxyErrorType;
			detail: string;
			/** Seconds, for the browser's Retry-After; set on the server's own 503s. */
			retryAfter: string | null;
	  };

export interface UpstreamClient {
	/** The only origin this client ever sends the token to. */
	readonly origin: string;
	send(call: UpstreamCall, token: string, signal?: AbortSignal): Promise<UpstreamOutcome>;
}

class TimeoutSignal extends Error {
	constructor() {
		super('upstream attempt timed out');
		this.name = 'TimeoutSignal';
	}
}

class Truncated extends Error {}
class TooLarge extends Error {}
class OverBudget extends Error {}

function defaultSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted === true) {
			reject(new Error('aborted'));
			return;
		}
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(new Error('aborted'));
		};
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}

/** Settles with the promise, or rejects as soon as the signal aborts (for transports that ignore it). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	const reason = (): Error =>
		signal.reason instanceof Error ? signal.reason : new Error('aborted');
	if (signal.aborted) return Promise.reject(reason());
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(reason());
		signal.addEventListener('abort', onAbort, { once: true });
		promise.then(
			(value) => {
				signal.removeEventListener('abort', onAbort);
				resolve(value);
			},
			(error: unknown) => {
				signal.removeEventListener('abort', onAbort);
				reject(error instanceof Error ? error : new Error('transport failed'));
			}
		);
	});
}

/**
 * Reads the whole body, at most `cap` bytes, holding a share of the shared budget for what it
 * reads (all of a declared length up front) and refusing to read on when the budget is spent.
 */
async function readCapped(
	response: Response,
	cap: number,
	signal: AbortSignal,
	holdAtLeast: (bytes: number) => boolean
): Promise<Uint8Array<ArrayBuffer>> {
	const declared = response.headers.get('content-length');
	if (declared !== null && /^\d+$/.test(declared) && Number(declared) > cap) {
		await response.body?.cancel().catch(() => undefined);
		throw new TooLarge();
	}
	if (declared !== null && /^\d+$/.test(declared) && !holdAtLeast(Number(declared))) {
		await response.body?.cancel().catch(() => undefined);
		throw new OverBudget();
	}
	if (response.body === null) return new Uint8Array();
	const reader = response.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		let step: ReadableStreamReadResult<Uint8Array>;
		try {
			step = await abortable(reader.read(), signal);
		} catch (error) {
			if (error instanceof TimeoutSignal) throw error;
			throw new Truncated();
		}
		if (step.done) break;
		total += step.value.byteLength;
		if (total > cap) {
			await reader.cancel().catch(() => undefined);
			throw new TooLarge();
		}
		if (!holdAtLeast(total)) {
			await reader.cancel().catch(() => undefined);
			throw new OverBudget();
		}
		chunks.push(step.value);
	}
	if (declared !== null && /^\d+$/.test(declared) && Number(declared) !== total)
		throw new Truncated();
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return bytes;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes: Uint8Array): boolean {
	return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * Builds the upstream URL from the base and validated pieces only, and refuses to go on if the
 * result would leave the configured origin or base path (defence in depth behind the guard).
 */
export function buildUpstreamUrl(baseUrl: string, call: Pick<UpstreamCall, 'path' | 'query'>): URL {
	const base = new URL(baseUrl);
	const basePath = base.pathname.replace(/\/+$/, '');
	const url = new URL(`${base.origin}${basePath}${call.path}`);
	const query = call.query.toString();
	url.search = query === '' ? '' : `?${query}`;
	if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/nudge/api/`)) {
		throw new Error('upstream URL escaped the configured base');
	}
	return url;
}

function failure(
	status: 502 | 503 | 504,
	type: ProxyErrorType,
	detail: string,
	retryAfter: string | null = null
): UpstreamOutcome {
	return { kind: 'failure', status, type, detail, retryAfter };
}

/**
 * What the circuit breaker learns from a whole request, retries included: the upstream failed it
 * (a 5xx after the retries, a timeout, a refused or reset connection, an unusable answer), or it
 * answered (any other status: a 429 only asks us to slow down, which the retries honour). The
 * server's own `upstream_busy` and a browser that went away say nothing about the upstream.
 */
function verdictOf(
	outcome: UpstreamOutcome,
	signal: AbortSignal | undefined
): 'succeeded' | 'failed' | 'unknown' {
	if (signal?.aborted === true) return 'unknown';
	if (outcome.kind === 'response') return outcome.status >= 500 ? 'failed' : 'succeeded';
	return outcome.type === 'upstream_busy' ? 'unknown' : 'failed';
}

function isJsonType(contentType: string | null): boolean {
	const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
	return media === 'application/json' || media.endsWith('+json');
}

export function createUpstreamClient(options: UpstreamOptions): UpstreamClient {
	const origin = new URL(options.baseUrl).origin;
	const cap = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
	const policy = options.retry ?? DEFAULT_RETRY_POLICY;
	const now = options.now ?? Date.now;
	const random = options.random ?? Math.random;
	const sleep = options.sleep ?? defaultSleep;
	const budget = new ByteBudget(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES);
	const breaker = new CircuitBreaker(options.breaker ?? DEFAULT_BREAKER_POLICY, now);

	async function attempt(
		url: URL,
		call: UpstreamCall,
		token: string,
		signal: AbortSignal | undefined
	): Promise<UpstreamOutcome> {
		const controller = new AbortController();
		const timer = setTimeout(() => controller.abort(new TimeoutSignal()), options.timeoutMs);
		const onCallerAbort = () => controller.abort(new Error('caller went away'));
		signal?.addEventListener('abort', onCallerAbort, { once: true });
		const share = budget.share();
		const wantsPng = call.endpoint.returns === 'png';
		const headers: Record<string, string> = {
			authorization: `Bearer ${token}`,
			accept: wantsPng ? 'image/png, application/json' : 'application/json'
		};
		try {
			let response: Response;
			try {
				response = await abortable(
					options.transport(url.href, {
						method: call.method,
						headers,
						body: call.body?.fields ?? null,
						redirect: 'manual',
						signal: controller.signal
					}),
					controller.signal
				);
			} catch (error) {
				if (controller.signal.reason instanceof TimeoutSignal || error instanceof TimeoutSignal) {
					return failure(504, 'upstream_timeout', 'The upstream API did not answer in time.');
				}
				return failure(502, 'upstream_unreachable', 'The upstream API could not be reached.');
			}

			// A redirect is never followed: it would carry the token to wherever it points.
			if (response.status >= 300 && response.status < 400) {
				await response.body?.cancel().catch(() => undefined);
				return failure(502, 'upstream_redirect', 'The upstream API answered with a redirect.');
			}
			if (response.status < 200 || response.status > 599) {
				return failure(
					502,
					'bad_upstream_response',
					'The upstream API answered with an unusable status.'
				);
			}

			let body: Uint8Array<ArrayBuffer>;
			try {
				body = await readCapped(response, cap, controller.signal, share.holdAtLeast);
			} catch (error) {
				if (error instanceof OverBudget) {
					return failure(
						503,
						'upstream_busy',
						'The server is busy passing on other large answers; try again shortly.',
						'1'
					);
				}
				if (error instanceof TimeoutSignal) {
					return failure(
						504,
						'upstream_timeout',
						'The upstream API did not finish its answer in time.'
					);
				}
				if (error instanceof TooLarge) {
					return failure(
						502,
						'bad_upstream_response',
						`The upstream answer is larger than ${cap} bytes.`
					);
				}
				return failure(502, 'bad_upstream_response', 'The upstream answer was cut short.');
			}

			const contentType = response.headers.get('content-type');
			const retryAfter = response.headers.get('retry-after');
			const allow = response.headers.get('allow');
			const pngType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'image/png';
			if (wantsPng && pngType && response.status === 200) {
				if (!isPng(body)) {
					return failure(502, 'bad_upstream_response', 'The upstream image is not a PNG.');
				}
				return {
					kind: 'response',
					status: 200,
					contentType: 'image/png',
					body,
					json: null,
					retryAfter,
					allow
				};
			}
			if (!isJsonType(contentType)) {
				return failure(502, 'bad_upstream_response', 'The upstream answer is not JSON.');
			}
			let json: unknown;
			try {
				json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
			} catch {
				return failure(502, 'bad_upstream_response', 'The upstream answer is not valid JSON.');
			}
			if (typeof json !== 'object' || json === null || Array.isArray(json)) {
				return failure(502, 'bad_upstream_response', 'The upstream answer is not a JSON object.');
			}
			return {
				kind: 'response',
				status: response.status,
				contentType: 'application/json; charset=utf-8',
				body,
				json,
				retryAfter,
				allow
			};
		} finally {
			// Held through the JSON check; the answer then goes to the browser and the share is free.
			share.release();
			clearTimeout(timer);
			signal?.removeEventListener('abort', onCallerAbort);
		}
	}

	/**
	 * One request: a read is retried on 429 and 503 as the retry policy says. A request that is
	 * not the probe stops retrying once the circuit has opened meanwhile; the probe retries like
	 * any request while the circuit is closed, so one unlucky answer does not keep it open.
	 */
	async function withRetries(
		url: URL,
		call: UpstreamCall,
		token: string,
		signal: AbortSignal | undefined,
		probe: boolean
	): Promise<UpstreamOutcome> {
		const started = now();
		for (let retry = 0; ; retry++) {
			const outcome = await attempt(url, call, token, signal);
			// Writes are never retried: the first attempt may have been applied.
			if (
				call.method !== 'GET' ||
				outcome.kind !== 'response' ||
				!isRetryableStatus(outcome.status) ||
				(!probe && !breaker.closed)
			) {
				return outcome;
			}
			const at = now();
			const delay = nextRetryDelay({
				attempt: retry,
				retryAfter: outcome.retryAfter,
				elapsedMs: at - started,
				nowMs: at,
				policy,
				random
			});
			if (delay === null) return outcome;
			try {
				await sleep(delay, signal);
			} catch {
				return outcome;
			}
		}
	}

	return {
		origin,
		async send(call, token, signal) {
			const url = buildUpstreamUrl(options.baseUrl, call);
			if (url.origin !== origin) throw new Error('upstream origin mismatch');
			const admission = breaker.admit();
			if (!admission.allowed) {
				const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
				return failure(
					503,
					'upstream_unavailable',
					'The upstream API keeps failing; the server waits before trying it again.',
					String(seconds)
				);
			}
			// The breaker counts requests, not attempts: it hears once, how the whole request ended.
			const outcome = await withRetries(url, call, token, signal, admission.probe);
			breaker.record(verdictOf(outcome, signal), admission.probe);
			return outcome;
		}
	};
}
