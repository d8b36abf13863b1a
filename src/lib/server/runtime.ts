// Assembles the server side from a configuration: upstream transport, proxy, token client and session sealer.

import { ALL_SCOPES, findEndpoint } from '$lib/api/endpoints';
import type { ApiVersion } from '$lib/api/envelope';
import type { ServerConfig } from './config/parse-config';
import { createTokenClient, type TokenClient } from './auth/oauth-client';
import { createSealer, deriveSessionKeys, type Sealer } from './auth/sealed-cookie';
import { DEFAULT_READ_SCOPES } from './auth/scopes';
import { RefreshCoalescer, userKeyOf } from './auth/session';
import { SessionStore } from './auth/session-store';
import { apiErrorResponse } from './api-error';
import { createProxyHandler, type ProxyHandler } from './proxy/proxy';
import type { UpstreamCall } from './proxy/request-guard';
import { createUpstreamClient, type Transport, type UpstreamClient } from './proxy/upstream';

/** The slice of the embedded reference API this module needs. */
export interface EmbeddedApi {
	handle(request: Request): Promise<Response | null>;
	readonly demoAccessToken: string;
}

/**
 * In-process calls to the embedded API still get a full URL; `.invalid` can never resolve, so
 * even a mistake could not send the token anywhere over the network.
 */
export const EMBEDDED_BASE_URL = 'http://embedded-reference-api.invalid';

export interface ServerRuntime {
	config: ServerConfig;
	/** Names the upstream in user keys: 'embedded' or the base URL. */
	upstreamId: string;
	upstream: UpstreamClient;
	proxy: ProxyHandler;
	sealer: Sealer;
	/** Present in OAuth mode. */
	tokenClient: TokenClient | null;
	coalescer: RefreshCoalescer | null;
	/** Signed-in sessions (OAuth mode); the session cookie holds only an id into it. */
	sessions: SessionStore;
	/** The server's own token in embedded and token modes; null in OAuth mode. */
	staticToken: string | null;
	/** Scopes reported (token modes) or asked for by default (OAuth). */
	defaultScopes: readonly string[];
	/** Where the browser is sent for consent; null = this app's own origin (embedded API mounted). */
	authorizeBase: string | null;
	/** Cached user key per token, so /api/session does not call upstream every time. */
	userKeyFor(token: string): Promise<string | null>;
	/** Disconnects the app from the user's account upstream (docs/api-choices.md); true when the upstream agreed. */
	revokeGrant(token: string): Promise<boolean>;
}

export interface RuntimeDeps {
	embedded: () => EmbeddedApi;
	/**
	 * The folder whose `sessions.sqlite` keeps sign-ins across restarts; null or absent keeps them
	 * in memory (see sessionFolder).
	 */
	sessionDir?: string | null;
	fetch?: Transport;
	now?: () => number;
}

/**
 * Where sign-ins are kept: in `sessions.sqlite` of the data folder when they can outlive a
 * restart (OAuth, with NUDGE_SESSION_SECRET set, and a data folder, with an upstream too); in
 * memory, for this process, otherwise: without the secret a restart could read none of them.
 */
export function sessionFolder(config: ServerConfig): string | null {
	if (config.auth.mode !== 'oauth' || config.sessionSecret === null) return null;
	return config.dataDir;
}

/** A transport that answers from the embedded API in-process (no network hop). */
export function embeddedTransport(api: () => EmbeddedApi): Transport {
	return async (url, init) => {
		const response = await api().handle(new Request(url, init));
		return response ?? apiErrorResponse(404, 'not_found', 'No API endpoint has this path.');
	};
}

/** A call the server makes on its own behalf, about the token's user (`users/@me...`). */
const ownCall = (id: string, version: ApiVersion): UpstreamCall => {
	const endpoint = findEndpoint(id, version);
	if (endpoint === undefined) throw new Error(`catalogue lacks ${id} in ${version}`);
	return {
		endpoint,
		version,
		method: endpoint.method,
		path: `/nudge/api/${version}${endpoint.path}`,
		query: new URLSearchParams(),
		body: null
	};
};

function userXidOf(json: unknown): string | null {
	if (typeof json !== 'object' || json === null || !('meta' in json)) return null;
	const meta: unknown = json.meta;
	if (typeof meta !== 'object' || meta === null || !('user_xid' in meta)) return null;
	return typeof meta.user_xid === 'string' && meta.user_xid !== '' ? meta.user_xid : null;
}

export function createRuntime(config: ServerConfig, deps: RuntimeDeps): ServerRuntime {
	const embedded = config.upstream.kind === 'embedded';
	const baseUrl = config.upstream.kind === 'custom' ? config.upstream.baseUrl : EMBEDDED_BASE_URL;
	const transport: Transport = embedded
		? embeddedTransport(deps.embedded)
		: (deps.fetch ?? ((url, init) => fetch(url, init)));
	const upstream = createUpstreamClient({
		baseUrl,
		transport,
		timeoutMs: config.timeoutMs,
		now: deps.now
	});
	const auth = config.auth;
	const tokenClient =
		auth.mode === 'oauth'
			? createTokenClient({
					tokenEndpoint: `${baseUrl}/auth/oauth2/token`,
					transport,
					clientId: auth.clientId,
					clientSecret: auth.clientSecret,
					timeoutMs: config.timeoutMs,
					now: deps.now
				})
			: null;

	let staticToken: string | null = null;
	if (auth.mode === 'token') staticToken = auth.accessToken;
	else if (auth.mode === 'embedded') staticToken = deps.embedded().demoAccessToken;

	const keys = deriveSessionKeys(config.sessionSecret);
	const userKeys = new Map<string, Promise<string | null>>();
	const upstreamId = embedded ? 'embedded' : baseUrl;

	return {
		config,
		upstreamId,
		upstream,
		proxy: createProxyHandler({ upstream }),
		sealer: createSealer(keys.cookie),
		tokenClient,
		coalescer: tokenClient === null ? null : new RefreshCoalescer(tokenClient, deps.now),
		sessions: new SessionStore({ dir: deps.sessionDir ?? null, key: keys.sessions, now: deps.now }),
		staticToken,
		defaultScopes: config.scopes ?? (auth.mode === 'oauth' ? DEFAULT_READ_SCOPES : ALL_SCOPES),
		authorizeBase: embedded ? null : baseUrl,
		userKeyFor(token) {
			const known = userKeys.get(token);
			if (known !== undefined) return known;
			const lookup = upstream
				.send(ownCall('user.get', config.apiVersion), token)
				.then((outcome) => {
					const xid =
						outcome.kind === 'response' && outcome.status !== 401 ? userXidOf(outcome.json) : null;
					// Failures are not cached: the next session request tries again.
					if (xid === null) userKeys.delete(token);
					return xid === null ? null : userKeyOf(upstreamId, xid);
				});
			if (userKeys.size > 1000) userKeys.clear();
			// The embedded API's static token changes user when the person's own account gets its
			// first import, and asking it costs no network hop: it is asked every time.
			if (!embedded) userKeys.set(token, lookup);
			return lookup;
		},
		async revokeGrant(token) {
			// The disconnect is named under v.1.0 (docs/api-choices.md); the catalogue serves it in both versions.
			const outcome = await upstream.send(ownCall('membership.delete', 'v.1.0'), token);
			return outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300;
		}
	};
}
