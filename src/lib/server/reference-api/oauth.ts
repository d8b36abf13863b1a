// OAuth 2.0 authorization-code grant of the reference API: consent page, codes, tokens, refresh, revocation.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { ALL_SCOPES } from '$lib/api/endpoints';
import { BoundedStore } from './bounded-store';
import type { StoreDatabase } from './database';
import { ApiFailure } from './envelope';
import { tokenKey, tokenTable, type RecordCodec } from './token-table';

export const DEMO_CLIENT_ID = 'wellness-dashboard-demo';
/**
 * The demo client is a local development client (loopback redirects only), so its secret is
 * public by design, like a native app's; registered clients bring their own secrets.
 */
export const DEMO_CLIENT_SECRET = 'wellness-dashboard-demo-secret';
export const CODE_TTL_SEC = 600;
export const DEFAULT_ACCESS_TTL_SEC = 3600;
/**
 * Anyone may open the consent page, so what it stores is bounded: at most this many pending
 * consents (and codes), the oldest evicted first, each expiring after CODE_TTL_SEC.
 */
export const MAX_PENDING = 1000;
/** Tokens need the client secret, but the demo client's is public: bounded the same way. */
export const MAX_TOKENS = 10_000;
/** Longest `state`, `redirect_uri` and `scope` the consent page accepts, in characters. */
export const MAX_STATE_CHARS = 512;
export const MAX_REDIRECT_URI_CHARS = 2048;
export const MAX_SCOPE_CHARS = 1024;

export interface ClientConfig {
	id: string;
	secret: string;
	redirectUris: string[];
}

/** What a token grants: whose client and which scopes. */
export interface Grant {
	grantId: string;
	clientId: string;
	scopes: ReadonlySet<string>;
	/** Whose records the token reads; unset for the static token (the server decides). */
	account?: string;
}

interface AccessToken extends Grant {
	expiresAt: number | null;
}

interface PendingCode extends Grant {
	redirectUri: string;
	expiresAt: number;
	/** PKCE: the S256 challenge of the authorization request, when the client sent one. */
	codeChallenge: string | null;
}

interface PendingConsent {
	clientId: string;
	redirectUri: string;
	scopes: string[];
	state: string | null;
	expiresAt: number;
	codeChallenge: string | null;
	accounts: string[];
}

export interface OAuthOptions {
	clients: readonly ClientConfig[];
	nowSec: () => number;
	accessTtlSec: number;
	staticToken: string;
	/** The accounts the consent page offers, the preselected one first (default: none to choose). */
	accounts?: () => readonly { id: string; label: string }[];
}

const KNOWN_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES);

const STATIC_GRANT: AccessToken = {
	grantId: 'static',
	clientId: DEMO_CLIENT_ID,
	scopes: KNOWN_SCOPES,
	expiresAt: null
};

/** The radio buttons choosing whose records to share, when there is more than one account. */
function accountChoice(accounts: readonly { id: string; label: string }[]): string {
	if (accounts.length < 2) return '';
	const options = accounts.map(
		(account, index) =>
			`<label><input type="radio" name="account" value="${escapeHtml(account.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(account.label)}</label>`
	);
	return `<fieldset><legend>Whose records</legend>${options.join('<br>')}</fieldset>`;
}

const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

/** http://127.0.0.1, http://localhost or http://[::1], any port and path: the usual exception to HTTPS. */
export function isLoopbackRedirect(uri: string): boolean {
	try {
		const url = new URL(uri);
		return (
			url.protocol === 'http:' &&
			['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) &&
			url.username === '' &&
			url.password === '' &&
			url.hash === ''
		);
	} catch {
		return false;
	}
}

const escapeHtml = (text: string): string =>
	text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `formTarget`: where the form's answer redirects (the client's redirect URI), which CSP must allow. */
function htmlPage(status: number, title: string, body: string, formTarget?: string): Response {
	const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
${body}</body></html>`;
	return new Response(page, {
		status,
		headers: {
			'content-type': 'text/html; charset=utf-8',
			'cache-control': 'no-store',
			'x-frame-options': 'DENY',
			// Browsers apply form-action to the redirect after the post, too.
			'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTarget === undefined ? '' : ` ${formTarget}`}`
		}
	});
}

function tokenError(status: number, error: string, description: string): Response {
	return new Response(JSON.stringify({ error, error_description: description }), {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }
	});
}

function redirectTo(uri: string, params: Record<string, string | null>): Response {
	const url = new URL(uri);
	for (const [key, value] of Object.entries(params))
		if (value !== null) url.searchParams.set(key, value);
	return new Response(null, {
		status: 302,
		headers: { location: url.toString(), 'cache-control': 'no-store' }
	});
}

/** A grant as the token table keeps it (scopes as a list). */
const keptGrantSchema = z.object({
	grantId: z.string(),
	clientId: z.string(),
	scopes: z.array(z.string()),
	account: z.optional(z.string()),
	expiresAt: z.nullable(z.number())
});

function grantCodec<V extends Grant & { expiresAt: number | null }>(
	build: (grant: Grant, expiresAt: number | null) => V | null
): RecordCodec<V> {
	return {
		encode: (value) =>
			JSON.stringify({
				grantId: value.grantId,
				clientId: value.clientId,
				scopes: [...value.scopes],
				account: value.account,
				expiresAt: value.expiresAt
			}),
		decode: (text) => {
			let json: unknown;
			try {
				json = JSON.parse(text);
			} catch {
				return null;
			}
			const parsed = keptGrantSchema.safeParse(json);
			if (!parsed.success) return null;
			const { expiresAt, scopes, account, ...rest } = parsed.data;
			const grant: Grant = {
				...rest,
				scopes: new Set(scopes),
				...(account === undefined ? {} : { account })
			};
			return build(grant, expiresAt);
		}
	};
}

const accessCodec = grantCodec<AccessToken>((grant, expiresAt) => ({ ...grant, expiresAt }));
const refreshCodec = grantCodec<Grant & { expiresAt: null }>((grant, expiresAt) =>
	expiresAt === null ? { ...grant, expiresAt } : null
);

export class OAuthServer {
	readonly #clients: Map<string, ClientConfig>;
	readonly #nowSec: () => number;
	readonly #accessTtlSec: number;
	readonly #staticToken: string;
	readonly #accounts: () => readonly { id: string; label: string }[];
	readonly #access: BoundedStore<AccessToken>;
	readonly #refresh: BoundedStore<Grant & { expiresAt: null }>;
	readonly #codes: BoundedStore<PendingCode>;
	readonly #consents: BoundedStore<PendingConsent>;
	readonly #revoked = new Set<string>();

	constructor(options: OAuthOptions) {
		this.#clients = new Map(options.clients.map((client) => [client.id, client]));
		this.#nowSec = options.nowSec;
		this.#accessTtlSec = options.accessTtlSec;
		const nowSec = options.nowSec;
		// An expired token is kept a day longer so it answers expired_token, not invalid_token.
		this.#access = new BoundedStore({ capacity: MAX_TOKENS, nowSec, retainSec: 24 * 3600 });
		this.#refresh = new BoundedStore({ capacity: MAX_TOKENS, nowSec });
		this.#codes = new BoundedStore({ capacity: MAX_PENDING, nowSec });
		this.#consents = new BoundedStore({ capacity: MAX_PENDING, nowSec });
		// Kept apart from the bounded store so no flood of issued tokens can evict it.
		this.#staticToken = options.staticToken;
		this.#accounts = options.accounts ?? (() => []);
	}

	/**
	 * Keeps the issued access and refresh tokens in the database from now on (under their hash),
	 * and takes back those an earlier run issued: a restart signs nobody out.
	 */
	keepTokensIn(db: StoreDatabase): void {
		this.#access.keepIn(tokenTable(db, 'access', accessCodec));
		this.#refresh.keepIn(tokenTable(db, 'refresh', refreshCodec));
	}

	/** The grant behind an `Authorization: Bearer` header, or the 401 to answer. */
	authenticate(header: string | null): Grant {
		const challenge = (error: string) => ({ 'www-authenticate': `Bearer error="${error}"` });
		const match = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
		const token = match?.[1];
		if (token === undefined) {
			throw new ApiFailure(
				401,
				'missing_token',
				'Send an access token as Authorization: Bearer <token>.',
				{
					'www-authenticate': 'Bearer'
				}
			);
		}
		const grant = token === this.#staticToken ? STATIC_GRANT : this.#access.get(tokenKey(token));
		if (grant === undefined || this.#revoked.has(grant.grantId)) {
			throw new ApiFailure(
				401,
				'invalid_token',
				'The access token is not valid.',
				challenge('invalid_token')
			);
		}
		if (grant.expiresAt !== null && grant.expiresAt <= this.#nowSec()) {
			throw new ApiFailure(
				401,
				'expired_token',
				'The access token has expired; refresh it.',
				challenge('invalid_token')
			);
		}
		return grant;
	}

	/** Serves /auth/oauth2/auth and /auth/oauth2/token; null for any other path. */
	async handle(request: Request, url: URL): Promise<Response | null> {
		if (url.pathname === '/auth/oauth2/auth' || url.pathname === '/auth/oauth2/auth/') {
			if (request.method === 'GET') return this.#authorizePage(url.searchParams);
			if (request.method === 'POST') return this.#authorizeDecision(await formOf(request));
			return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
		}
		if (url.pathname === '/auth/oauth2/token' || url.pathname === '/auth/oauth2/token/') {
			if (request.method === 'GET') return this.#token(url.searchParams, request.headers);
			if (request.method === 'POST') {
				const form = await formOf(request);
				for (const [key, value] of url.searchParams) if (!form.has(key)) form.set(key, value);
				return this.#token(form, request.headers);
			}
			return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
		}
		return null;
	}

	/** The older refresh route: `POST /users/@me/refreshToken` with the client secret. */
	refreshWithSecret(grant: Grant, secret: string): { refresh_token: string } {
		const client = this.#clients.get(grant.clientId);
		if (client === undefined || !sameSecret(secret, client.secret)) {
			throw new ApiFailure(
				400,
				'invalid_input',
				'secret is not the client secret of this application'
			);
		}
		for (const [token, other] of this.#refresh)
			if (other.grantId === grant.grantId) this.#refresh.delete(token);
		const refreshToken = newSecret();
		this.#refresh.set(tokenKey(refreshToken), {
			grantId: grant.grantId,
			clientId: grant.clientId,
			scopes: grant.scopes,
			expiresAt: null
		});
		return { refresh_token: refreshToken };
	}

	/** Disconnects the application: every token of the grant stops working, after a restart too. */
	revoke(grant: Grant): void {
		this.#revoked.add(grant.grantId);
		for (const [token, other] of this.#refresh)
			if (other.grantId === grant.grantId) this.#refresh.delete(token);
		for (const [token, other] of this.#access)
			if (other.grantId === grant.grantId) this.#access.delete(token);
	}

	#redirectError(
		params: URLSearchParams
	): { client: ClientConfig; redirectUri: string } | Response {
		const clientId = params.get('client_id') ?? '';
		const redirectUri = params.get('redirect_uri') ?? '';
		const client = this.#clients.get(clientId);
		// Without a known client and one of its redirect URIs there is nowhere safe to send an error.
		if (client === undefined)
			return htmlPage(
				400,
				'Unknown application',
				'<h1>Unknown application</h1><p>client_id is not registered.</p>'
			);
		const allowed =
			redirectUri.length <= MAX_REDIRECT_URI_CHARS &&
			(client.redirectUris.includes(redirectUri) ||
				(client.id === DEMO_CLIENT_ID && isLoopbackRedirect(redirectUri)));
		if (!allowed) {
			return htmlPage(
				400,
				'Invalid redirect',
				'<h1>Invalid redirect</h1><p>redirect_uri is not registered for this application.</p>'
			);
		}
		return { client, redirectUri };
	}

	#authorizePage(params: URLSearchParams): Response {
		const target = this.#redirectError(params);
		if (target instanceof Response) return target;
		const state = params.get('state');
		if (state !== null && state.length > MAX_STATE_CHARS) {
			// Not echoed: the point is to store and send back nothing that large.
			return redirectTo(target.redirectUri, { error: 'invalid_request', state: null });
		}
		if (params.get('response_type') !== 'code') {
			return redirectTo(target.redirectUri, { error: 'unsupported_response_type', state });
		}
		if ((params.get('scope') ?? '').length > MAX_SCOPE_CHARS) {
			return redirectTo(target.redirectUri, { error: 'invalid_scope', state });
		}
		const scopes = [
			...new Set((params.get('scope') ?? '').split(/[\s,]+/).filter((s) => s !== ''))
		];
		if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) {
			return redirectTo(target.redirectUri, { error: 'invalid_scope', state });
		}
		const pkce = pkceChallengeOf(params);
		if (pkce === 'invalid')
			return redirectTo(target.redirectUri, { error: 'invalid_request', state });
		const consentId = newSecret(24);
		const accounts = this.#accounts();
		this.#consents.set(consentId, {
			accounts: accounts.map((account) => account.id),
			clientId: target.client.id,
			redirectUri: target.redirectUri,
			scopes,
			state,
			expiresAt: this.#nowSec() + CODE_TTL_SEC,
			codeChallenge: pkce.challenge
		});
		const items = scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('');
		return htmlPage(
			200,
			'Authorize access',
			`<h1>Authorize ${escapeHtml(target.client.id)}</h1>
<p>This application asks to act on your behalf with these permissions:</p>
<ul>${items}</ul>
<form method="post" action="/auth/oauth2/auth">
<input type="hidden" name="consent" value="${consentId}">
${accountChoice(accounts)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
			new URL(target.redirectUri).origin
		);
	}

	#authorizeDecision(form: URLSearchParams): Response {
		const consentId = form.get('consent') ?? '';
		const consent = this.#consents.get(consentId);
		this.#consents.delete(consentId);
		if (consent === undefined || consent.expiresAt <= this.#nowSec()) {
			return htmlPage(
				400,
				'Expired',
				'<h1>This request has expired</h1><p>Start signing in again.</p>'
			);
		}
		if (form.get('decision') !== 'allow') {
			return redirectTo(consent.redirectUri, { error: 'access_denied', state: consent.state });
		}
		const code = newSecret();
		this.#codes.set(code, {
			grantId: newSecret(12),
			clientId: consent.clientId,
			scopes: new Set(consent.scopes),
			account: consent.accounts.find((id) => id === form.get('account')) ?? consent.accounts[0],
			redirectUri: consent.redirectUri,
			expiresAt: this.#nowSec() + CODE_TTL_SEC,
			codeChallenge: consent.codeChallenge
		});
		return redirectTo(consent.redirectUri, { code, state: consent.state });
	}

	#token(params: URLSearchParams, headers: Headers): Response {
		const basic = basicCredentials(headers.get('authorization'));
		const clientId = params.get('client_id') ?? basic?.id ?? '';
		const secret = params.get('client_secret') ?? basic?.secret ?? '';
		const client = this.#clients.get(clientId);
		if (client === undefined || !sameSecret(secret, client.secret)) {
			return tokenError(401, 'invalid_client', 'Unknown client or wrong client secret.');
		}
		const grantType = params.get('grant_type');
		if (grantType === 'authorization_code') {
			const code = params.get('code') ?? '';
			const pending = this.#codes.get(code);
			this.#codes.delete(code); // single use, even when the rest of the request is wrong
			if (
				pending === undefined ||
				pending.expiresAt <= this.#nowSec() ||
				pending.clientId !== client.id
			) {
				return tokenError(400, 'invalid_grant', 'The code is unknown, used or expired.');
			}
			const redirectUri = params.get('redirect_uri');
			if (redirectUri !== null && redirectUri !== pending.redirectUri) {
				return tokenError(
					400,
					'invalid_grant',
					'redirect_uri does not match the authorization request.'
				);
			}
			if (!pkceVerified(pending.codeChallenge, params.get('code_verifier'))) {
				return tokenError(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
			}
			return this.#issue(pending);
		}
		if (grantType === 'refresh_token') {
			const token = tokenKey(params.get('refresh_token') ?? '');
			const grant = this.#refresh.get(token);
			if (grant === undefined || grant.clientId !== client.id || this.#revoked.has(grant.grantId)) {
				return tokenError(400, 'invalid_grant', 'The refresh token is unknown, used or revoked.');
			}
			this.#refresh.delete(token); // refresh tokens rotate
			return this.#issue(grant);
		}
		return tokenError(
			400,
			'unsupported_grant_type',
			'grant_type must be authorization_code or refresh_token.'
		);
	}

	#issue(grant: Grant): Response {
		const accessToken = newSecret();
		const refreshToken = newSecret();
		const base: Grant = {
			grantId: grant.grantId,
			clientId: grant.clientId,
			scopes: grant.scopes,
			account: grant.account
		};
		this.#access.set(tokenKey(accessToken), {
			...base,
			expiresAt: this.#nowSec() + this.#accessTtlSec
		});
		this.#refresh.set(tokenKey(refreshToken), { ...base, expiresAt: null });
		const body = {
			access_token: accessToken,
			refresh_token: refreshToken,
			expires_in: this.#accessTtlSec,
			token_type: 'Bearer',
			// What was granted (the consent may differ from what the client first asked for).
			scope: [...grant.scopes].join(' ')
		};
		return new Response(JSON.stringify(body), {
			status: 200,
			headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }
		});
	}
}

/**
 * PKCE (S256 only): the challenge of an authorization request; null when the client sent none
 * (partner apps that predate PKCE keep working: docs/api-choices.md); 'invalid' for `plain`, another method,
 * or a challenge that is not 43 base64url characters.
 */
function pkceChallengeOf(params: URLSearchParams): { challenge: string | null } | 'invalid' {
	const challenge = params.get('code_challenge');
	const method = params.get('code_challenge_method');
	if (challenge === null) return method === null ? { challenge: null } : 'invalid';
	if (method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return 'invalid';
	return { challenge };
}

/** A code issued with a challenge needs its verifier; a verifier without a challenge is refused. */
function pkceVerified(challenge: string | null, verifier: string | null): boolean {
	if (challenge === null) return verifier === null;
	if (verifier === null || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
	return sameSecret(createHash('sha256').update(verifier).digest('base64url'), challenge);
}

function basicCredentials(header: string | null): { id: string; secret: string } | null {
	const match = header === null ? null : /^Basic\s+(\S+)$/i.exec(header);
	if (match?.[1] === undefined) return null;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon === -1) return null;
	try {
		return {
			id: decodeURIComponent(decoded.slice(0, colon)),
			secret: decodeURIComponent(decoded.slice(colon + 1))
		};
	} catch {
		return null;
	}
}

async function formOf(request: Request): Promise<URLSearchParams> {
	const type = request.headers.get('content-type') ?? '';
	if (type.startsWith('application/x-www-form-urlencoded'))
		return new URLSearchParams(await request.text());
	if (type.startsWith('multipart/form-data')) {
		const form = await request.formData().catch(() => new FormData());
		const params = new URLSearchParams();
		for (const [key, value] of form) if (typeof value === 'string') params.append(key, value);
		return params;
	}
	return new URLSearchParams();
}
