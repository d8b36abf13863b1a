// Talks OAuth to the upstream through oauth4webapi: the authorize URL (PKCE S256 and state) for the
// browser, and the code and refresh exchanges server to server.

import * as oauth from 'oauth4webapi';
import * as z from 'zod/mini';
import type { Transport } from '../proxy/upstream';

export interface AuthorizeRequest {
	/** `{base}/auth/oauth2/auth` of the upstream the browser is sent to. */
	authorizeEndpoint: string;
	clientId: string;
	redirectUri: string;
	scopes: readonly string[];
	state: string;
	/** BASE64URL(SHA-256(code_verifier)), sent with `code_challenge_method=S256`. */
	codeChallenge: string;
}

/** One sign-in's secrets: the state (against forged callbacks) and the PKCE verifier. */
export interface PendingSecrets {
	state: string;
	codeVerifier: string;
	codeChallenge: string;
}

export async function newPendingSecrets(): Promise<PendingSecrets> {
	const codeVerifier = oauth.generateRandomCodeVerifier();
	return {
		state: oauth.generateRandomState(),
		codeVerifier,
		codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier)
	};
}

/** The URL the browser is sent to for consent (space-separated scopes: docs/api-choices.md). */
export function authorizeUrl(request: AuthorizeRequest): string {
	const url = new URL(request.authorizeEndpoint);
	url.search = new URLSearchParams({
		response_type: 'code',
		client_id: request.clientId,
		scope: request.scopes.join(' '),
		redirect_uri: request.redirectUri,
		state: request.state,
		code_challenge: request.codeChallenge,
		code_challenge_method: 'S256'
	}).toString();
	return url.href;
}

/** What is kept of a token response, checked again: tokens are printable and at most 4 KB each. */
const tokenText = z.string().check(z.minLength(1), z.maxLength(4096), z.regex(/^[\x21-\x7e]+$/));

export interface TokenSet {
	accessToken: string;
	refreshToken: string | null;
	/** Epoch seconds when the access token expires, when the upstream said. */
	expiresAt: number | null;
	/** The scopes granted, when the upstream said (`scope`); null: the ones asked for. */
	scopes: string[] | null;
}

/**
 * The granted scopes of a `scope` field: space-separated (commas tolerated), duplicates dropped.
 * An upstream that leaves the field out granted what was asked (the OAuth convention).
 */
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
	/**
	 * `callback` is the query the upstream sent the browser back with (code, state, maybe iss),
	 * checked again against the state this browser's sign-in started with.
	 */
	exchangeCode(
		callback: URLSearchParams,
		expectedState: string,
		redirectUri: string,
		codeVerifier: string
	): Promise<TokenResult>;
	refresh(refreshToken: string): Promise<TokenResult>;
}

const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

/** Reads at most `limit` bytes of a body; null when it is longer. */
async function boundedText(response: Response, limit: number): Promise<string | null> {
	const reader = response.body?.getReader();
	if (reader === undefined) return '';
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > limit) {
			await reader.cancel().catch(() => undefined);
			return null;
		}
		chunks.push(value);
	}
	return Buffer.concat(chunks).toString('utf8');
}

class OversizeResponse extends Error {}

export function createTokenClient(options: TokenClientOptions): TokenClient {
	const now = options.now ?? Date.now;
	const endpoint = new URL(options.tokenEndpoint);
	const server: oauth.AuthorizationServer = {
		issuer: endpoint.origin,
		token_endpoint: endpoint.href
	};
	const client: oauth.Client = { client_id: options.clientId };
	// Client id and secret as form fields (docs/api-choices.md, Sign-in and tokens).
	const clientAuth = oauth.ClientSecretPost(options.clientSecret);

	function requestOptions(signal: AbortSignal): oauth.TokenEndpointRequestOptions {
		return {
			signal,
			// The configuration allows plain http only on loopback (and for the in-process API).
			[oauth.allowInsecureRequests]: endpoint.protocol === 'http:',
			[oauth.customFetch]: async (url, init) => {
				const response = await options.transport(url, init);
				// A token answer is small: anything longer is refused before it is parsed.
				const text = await boundedText(response, MAX_TOKEN_RESPONSE_BYTES);
				if (text === null) throw new OversizeResponse();
				return new Response(text, { status: response.status, headers: response.headers });
			}
		};
	}

	async function run(
		send: (signal: AbortSignal) => Promise<Response>,
		process: (response: Response) => Promise<oauth.TokenEndpointResponse>
	): Promise<TokenResult> {
		const signal = AbortSignal.timeout(options.timeoutMs);
		let response: Response;
		try {
			response = await send(signal);
		} catch (error) {
			if (error instanceof OversizeResponse) return { ok: false, reason: 'bad_response' };
			return { ok: false, reason: signal.aborted ? 'timeout' : 'unreachable' };
		}
		let answer: oauth.TokenEndpointResponse;
		try {
			answer = await process(response);
		} catch (error) {
			// An OAuth error answer (invalid_grant, invalid_client, ...) is a refusal; anything
			// else (not JSON, not a bearer token, a server error) is a bad answer.
			const refused =
				error instanceof oauth.ResponseBodyError && response.status >= 400 && response.status < 500;
			return { ok: false, reason: refused ? 'rejected' : 'bad_response' };
		}
		const access = tokenText.safeParse(answer.access_token);
		const refresh =
			answer.refresh_token === undefined ? null : tokenText.safeParse(answer.refresh_token);
		if (!access.success || (refresh !== null && !refresh.success)) {
			return { ok: false, reason: 'bad_response' };
		}
		const expiresIn = answer.expires_in;
		return {
			ok: true,
			tokens: {
				accessToken: access.data,
				refreshToken: refresh?.data ?? null,
				expiresAt:
					expiresIn === undefined || expiresIn <= 0
						? null
						: Math.floor(now() / 1000) + Math.floor(expiresIn),
				scopes: grantedScopes(typeof answer.scope === 'string' ? answer.scope : undefined)
			}
		};
	}

	return {
		exchangeCode: (callback, expectedState, redirectUri, codeVerifier) => {
			let checked: URLSearchParams;
			try {
				checked = oauth.validateAuthResponse(server, client, callback, expectedState);
			} catch {
				return Promise.resolve({ ok: false, reason: 'rejected' });
			}
			return run(
				(signal) =>
					oauth.authorizationCodeGrantRequest(
						server,
						client,
						clientAuth,
						checked,
						redirectUri,
						codeVerifier,
						requestOptions(signal)
					),
				(response) => oauth.processAuthorizationCodeResponse(server, client, response)
			);
		},
		refresh: (refreshToken) =>
			run(
				(signal) =>
					oauth.refreshTokenGrantRequest(
						server,
						client,
						clientAuth,
						refreshToken,
						requestOptions(signal)
					),
				(response) => oauth.processRefreshTokenResponse(server, client, response)
			)
	};
}
