// Talks OAuth to the upstream: the authorize URL for the browser, and code/refresh exchanges server to server.

import { z } from 'zod';
import type { Transport } from '../proxy/upstream';

export interface AuthorizeRequest {
	/** `{base}/auth/oauth2/auth` of the upstream the browser is sent to. */
	authorizeEndpoint: string;
	clientId: string;
	redirectUri: string;
	scopes: readonly string[];
	state: string;
}

/** The URL the browser is sent to for consent (gaps.md: space-separated scopes). */
export function authorizeUrl(request: AuthorizeRequest): string {
	const url = new URL(request.authorizeEndpoint);
	url.search = new URLSearchParams({
		response_type: 'code',
		client_id: request.clientId,
		scope: request.scopes.join(' '),
		redirect_uri: request.redirectUri,
		state: request.state
	}).toString();
	return url.href;
}

/**
 * The token endpoint's plain JSON answer (not wrapped in meta/data). `scope` is what was granted;
 * an upstream that leaves it out granted what was asked (the OAuth convention).
 */
const tokenResponseSchema = z.object({
	access_token: z
		.string()
		.min(1)
		.max(4096)
		.regex(/^[\x21-\x7e]+$/),
	refresh_token: z
		.string()
		.min(1)
		.max(4096)
		.regex(/^[\x21-\x7e]+$/)
		.optional(),
	expires_in: z.number().int().positive().optional(),
	scope: z.string().max(2048).optional(),
	token_type: z.string().optional()
});

export interface TokenSet {
	accessToken: string;
	refreshToken: string | null;
	/** Epoch seconds when the access token expires, when the upstream said. */
	expiresAt: number | null;
	/** The scopes granted, when the upstream said (`scope`); null: the ones asked for. */
	scopes: string[] | null;
}

/** The granted scopes of a `scope` field: space-separated (commas tolerated), duplicates dropped. */
export function grantedScopes(scope: string | undefined): string[] | null {
	if (scope === undefined) return null;
	return [...new Set(scope.split(/[\s,]+/).filter((name) => name !== ''))];
}

export type TokenResult = { ok: true; tokens: TokenSet } | { ok: false; reason: TokenFailure };

/** Why an exchange failed; safe to show (never includes the upstream's text, which may echo input). */
export type TokenFailure = 'rejected' | 'unreachable' | 'timeout' | 'bad_response';

export interface TokenClientOptions {
	/** `{base}/auth/oauth2/token`. */
	tokenEndpoint: string;
	transport: Transport;
	clientId: string;
	clientSecret: string;
	timeoutMs: number;
	now?: () => number;
}

export interface TokenClient {
	exchangeCode(code: string, redirectUri: string): Promise<TokenResult>;
	refresh(refreshToken: string): Promise<TokenResult>;
}

const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

export function createTokenClient(options: TokenClientOptions): TokenClient {
	const now = options.now ?? Date.now;
	const endpoint = new URL(options.tokenEndpoint);

	async function post(fields: Record<string, string>): Promise<TokenResult> {
		const signal = AbortSignal.timeout(options.timeoutMs);
		let response: Response;
		try {
			response = await options.transport(endpoint.href, {
				method: 'POST',
				headers: { accept: 'application/json' },
				body: new URLSearchParams({
					...fields,
					client_id: options.clientId,
					client_secret: options.clientSecret
				}),
				redirect: 'manual',
				signal
			});
		} catch {
			return { ok: false, reason: signal.aborted ? 'timeout' : 'unreachable' };
		}
		if (response.status !== 200) {
			await response.body?.cancel().catch(() => undefined);
			return {
				ok: false,
				reason: response.status >= 400 && response.status < 500 ? 'rejected' : 'bad_response'
			};
		}
		let text: string;
		try {
			text = await response.text();
		} catch {
			return { ok: false, reason: signal.aborted ? 'timeout' : 'bad_response' };
		}
		if (text.length > MAX_TOKEN_RESPONSE_BYTES) return { ok: false, reason: 'bad_response' };
		let parsed: z.infer<typeof tokenResponseSchema>;
		try {
			const result = tokenResponseSchema.safeParse(JSON.parse(text));
			if (!result.success) return { ok: false, reason: 'bad_response' };
			parsed = result.data;
		} catch {
			return { ok: false, reason: 'bad_response' };
		}
		return {
			ok: true,
			tokens: {
				accessToken: parsed.access_token,
				refreshToken: parsed.refresh_token ?? null,
				expiresAt:
					parsed.expires_in === undefined ? null : Math.floor(now() / 1000) + parsed.expires_in,
				scopes: grantedScopes(parsed.scope)
			}
		};
	}

	return {
		exchangeCode: (code, redirectUri) =>
			post({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
		refresh: (refreshToken) => post({ grant_type: 'refresh_token', refresh_token: refreshToken })
	};
}
