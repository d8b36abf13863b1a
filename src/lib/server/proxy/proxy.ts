// The proxy's request handler: guard the browser request, attach the server-held token, pass back a clean answer.

import { apiErrorResponse } from '../api-error';
import { describeError, logEvent } from '../redact';
import { DEFAULT_GUARD_LIMITS, guardProxyRequest, type GuardLimits } from './request-guard';
import type { UpstreamClient, UpstreamOutcome } from './upstream';

/** Where the proxy gets the token for one browser request. */
export interface TokenSource {
	/** The token to use, or null when nobody is signed in. */
	current(): Promise<string | null>;
	/** Called at most once, after an upstream 401: a fresh token, or null when sign-in is needed. */
	refresh?: () => Promise<string | null>;
}

export interface ProxyRequest {
	request: Request;
	/** The still percent-encoded path after `/api/nudge/`. */
	rawPath: string;
	tokens: TokenSource;
}

export type ProxyHandler = (input: ProxyRequest) => Promise<Response>;

export interface ProxyOptions {
	upstream: UpstreamClient;
	limits?: GuardLimits;
}

const SIGN_IN_DETAIL = 'Sign in again to load your data.';

/** The browser sees the status, the body, its type and Retry-After/Allow; no upstream header else. */
export function outcomeToResponse(outcome: UpstreamOutcome): Response {
	if (outcome.kind === 'failure') {
		const headers: Record<string, string> =
			outcome.retryAfter === null ? {} : { 'retry-after': outcome.retryAfter };
		return apiErrorResponse(outcome.status, outcome.type, outcome.detail, { headers });
	}
	const headers = new Headers({
		'content-type': outcome.contentType,
		'cache-control': 'private, no-store',
		'x-content-type-options': 'nosniff'
	});
	if (outcome.retryAfter !== null && /^[\w ,:-]{1,64}$/.test(outcome.retryAfter)) {
		headers.set('retry-after', outcome.retryAfter);
	}
	if (outcome.status === 405 && outcome.allow !== null && /^[A-Z, ]{1,64}$/.test(outcome.allow)) {
		headers.set('allow', outcome.allow);
	}
	return new Response(outcome.body, { status: outcome.status, headers });
}

export function createProxyHandler(options: ProxyOptions): ProxyHandler {
	const limits = options.limits ?? DEFAULT_GUARD_LIMITS;
	return async ({ request, rawPath, tokens }) => {
		try {
			const url = new URL(request.url);
			const guarded = await guardProxyRequest(request, rawPath, url.searchParams, limits);
			if (!guarded.ok) return guarded.response;

			const token = await tokens.current();
			if (token === null) {
				return apiErrorResponse(401, 'sign_in_required', 'Sign in to load your data.');
			}
			let outcome = await options.upstream.send(guarded.call, token, request.signal);
			if (outcome.kind === 'response' && outcome.status === 401) {
				// Tokens were reported to expire early (docs/api-choices.md): refresh once, then ask for sign-in.
				const fresh = tokens.refresh === undefined ? null : await tokens.refresh();
				if (fresh === null) return apiErrorResponse(401, 'sign_in_required', SIGN_IN_DETAIL);
				outcome = await options.upstream.send(guarded.call, fresh, request.signal);
				if (outcome.kind === 'response' && outcome.status === 401) {
					return apiErrorResponse(401, 'sign_in_required', SIGN_IN_DETAIL);
				}
			}
			if (outcome.kind === 'failure') {
				logEvent('warn', 'proxy.upstream_failure', {
					endpoint: guarded.call.endpoint.id,
					type: outcome.type
				});
			}
			return outcomeToResponse(outcome);
		} catch (error) {
			logEvent('error', 'proxy.internal_error', { error: describeError(error) });
			return apiErrorResponse(500, 'internal_error', 'The proxy failed to handle this request.');
		}
	};
}
