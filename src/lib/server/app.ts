// The running server's single runtime (built from $env at start) and the request-level entry points routes call.

import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RequestEvent } from '@sveltejs/kit';
import { apiErrorResponse } from './api-error';
import { callback, sessionInfo, signIn, signOut, tokenSourceFor } from './auth/flow';
import { importAccess } from './auth/import-access';
import { SESSIONS_FILE } from './auth/session-store';
import { ConfigError, configSecrets, loadServerConfig } from './config';
import { getEmbeddedReferenceApi, ReferenceConfigError } from './embedded';
import { moodSpanResponse } from './moods/mood-span';
import type { createImportUpload } from './import-upload';
import { describeError, logEvent, redact, setConfiguredSecrets } from './redact';
import { createRuntime, sessionFolder, type ServerRuntime } from './runtime';
import { uploadBody } from './upload-body';
import { removeLeftoverSpools } from './upload-spool';
import { storeProblem, StoreUnusable } from './sqlite-file';

let runtime: ServerRuntime | null = null;

/** The runtime; the first call validates the configuration and throws ConfigError when it is wrong. */
export function getServerRuntime(): ServerRuntime {
	if (runtime !== null) return runtime;
	const config = loadServerConfig();
	setConfiguredSecrets(configSecrets(config));
	const built = createRuntime(config, {
		embedded: getEmbeddedReferenceApi,
		sessionDir: sessionFolder(config)
	});
	if (built.staticToken !== null)
		setConfiguredSecrets([...configSecrets(config), built.staticToken]);
	runtime = built;
	return built;
}

/**
 * Called from the `init` hook, before the server listens: checks the configuration, and opens
 * and checks the embedded API's database (generating the demo into it the first time), so an
 * unusable setting or store stops the server here (see whyNotStarted) instead of failing every
 * request later.
 */
export async function startServer(): Promise<void> {
	const started = getServerRuntime();
	if (started.config.upstream.kind === 'embedded') {
		await getEmbeddedReferenceApi().ready();
		// The user key is cached by the time the first page asks for it.
		if (started.staticToken !== null) {
			started.userKeyFor(started.staticToken).catch((error: unknown) => {
				logEvent('warn', 'server.warm_up_failed', { error: describeError(error) });
			});
		}
	}
	if (started.config.auth.mode === 'oauth') logSessionKeeping(started);
	// Uploads a crash cut short left their spooled copies behind: they are of no use now.
	removeLeftoverSpools(tmpdir()).then(
		(removed) => {
			if (removed > 0) logEvent('info', 'import.leftover_spools_removed', { removed });
		},
		(error: unknown) => logEvent('warn', 'import.leftover_spools', { error: describeError(error) })
	);
	logEvent('info', 'server.started', {
		mode: started.config.auth.mode,
		upstream: started.config.upstream.kind,
		timeoutMs: started.config.timeoutMs,
		sessionKey: started.config.sessionSecret === null ? 'random per process' : 'configured'
	});
}

/** Says once, at start, where sign-ins are kept and whether a restart keeps them. */
function logSessionKeeping(server: ServerRuntime): void {
	const { sessions, config } = server;
	if (sessions.kept === 'file') {
		logEvent('info', 'auth.sessions_kept', {
			file: join(resolve(config.dataDir ?? '.'), SESSIONS_FILE),
			live: sessions.size
		});
	} else if (config.sessionSecret === null) {
		logEvent('warn', 'auth.sessions_end_on_restart', {
			why: 'NUDGE_SESSION_SECRET is not set: a random key seals the sessions, so every sign-in ends when the server stops'
		});
	} else {
		logEvent('warn', 'auth.sessions_end_on_restart', {
			why: 'NUDGE_REFERENCE_DATA_DIR=memory: sessions are kept in memory, so every sign-in ends when the server stops'
		});
	}
	if (sessions.dropped > 0) {
		logEvent('warn', 'auth.sessions_dropped', {
			count: sessions.dropped,
			why: 'sealed with another NUDGE_SESSION_SECRET, they cannot be read: those people sign in again'
		});
	}
}

/**
 * Why the server cannot start, in words for the person running it (the setting, or the store's
 * path and what is wrong with it), without a stack trace; null for an error that is a bug.
 */
export function whyNotStarted(error: unknown): string | null {
	if (error instanceof StoreUnusable) return `Cannot start the dashboard: ${error.message}`;
	// A store that fails after it opened (the demo generated into a full disk, say).
	const problem = storeProblem(error);
	if (problem !== null) {
		const dir = runtime?.config.dataDir ?? null;
		const where = dir === null ? 'the in-memory database' : `the data folder ${resolve(dir)}`;
		return `Cannot start the dashboard: ${where}: ${problem}`;
	}
	if (error instanceof ConfigError || error instanceof ReferenceConfigError) {
		return `Cannot start the dashboard: ${redact(error.message)}`;
	}
	return null;
}

const PROXY_PREFIX = '/api/nudge/';

/** The proxy route: the raw (still encoded) path goes to the guard, never SvelteKit's decoded param. */
export function proxyEvent(event: RequestEvent): Promise<Response> {
	const { pathname } = new URL(event.request.url);
	if (!pathname.startsWith(PROXY_PREFIX)) {
		return Promise.resolve(apiErrorResponse(404, 'not_found', 'No API endpoint has this path.'));
	}
	const server = getServerRuntime();
	return server.proxy({
		request: event.request,
		rawPath: pathname.slice(PROXY_PREFIX.length),
		tokens: tokenSourceFor(server, event)
	});
}

/** `GET /api/moods?from=&to=`: a span's moods in one answer, with the proxy's token and rules. */
export function moodsEvent(event: RequestEvent): Promise<Response> {
	const server = getServerRuntime();
	return moodSpanResponse(event.request, {
		upstream: server.upstream,
		version: server.config.apiVersion,
		tokens: tokenSourceFor(server, event),
		scopes: async () => (await sessionInfo(server, event)).scopes
	});
}

export async function sessionEvent(event: RequestEvent): Promise<Response> {
	const info = await sessionInfo(getServerRuntime(), event);
	return new Response(JSON.stringify(info), {
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }
	});
}

export const signInEvent = (event: RequestEvent): Promise<Response> =>
	signIn(getServerRuntime(), event);
export const callbackEvent = (event: RequestEvent): Promise<Response> =>
	callback(getServerRuntime(), {
		url: event.url,
		cookies: event.cookies,
		clientAddress: clientAddressOf(event)
	});

/** The client's address as adapter-node reports it (ADDRESS_HEADER behind a proxy). */
function clientAddressOf(event: RequestEvent): string {
	try {
		return event.getClientAddress();
	} catch {
		// An ADDRESS_HEADER the request lacks: such clients are counted together.
		return 'unknown';
	}
}
export const signOutEvent = (event: RequestEvent): Promise<Response> =>
	signOut(getServerRuntime(), event, event.request);

let importUpload: ReturnType<typeof createImportUpload> | null = null;

/**
 * Aborts when the client goes away before its answer: the request's own signal covers a body
 * cut off, the socket's close a client that hangs up while its import runs.
 */
function clientGone(event: RequestEvent): { signal: AbortSignal; dispose: () => void } {
	const socket = event.platform?.req?.socket;
	const hungUp = new AbortController();
	const onClose = () => hungUp.abort();
	socket?.once('close', onClose);
	return {
		signal: AbortSignal.any([event.request.signal, hungUp.signal]),
		dispose: () => socket?.off('close', onClose)
	};
}

/**
 * `POST /api/import?name=FILE`: imports an export into the account the request may write (see
 * auth/import-access.ts). A refusal comes before anything is imported; the body is read and
 * dropped, so the client gets the answer rather than a reset connection.
 */
export async function importEvent(event: RequestEvent): Promise<Response> {
	const server = getServerRuntime();
	const destination = server.config.upstream.kind === 'embedded' ? getEmbeddedReferenceApi() : null;
	const access = await importAccess(server, event, destination);
	if (!access.ok) {
		uploadBody(event.request, event.platform?.req)?.resume();
		return access.response;
	}
	// Loaded on the first upload: the importers (saxes, yauzl) stay out of a server that never imports.
	const { createImportUpload } = await import('./import-upload');
	importUpload ??= createImportUpload({ maxBytes: server.config.importMaxBytes });
	const length = Number(event.request.headers.get('content-length'));
	const gone = clientGone(event);
	try {
		return await importUpload({
			name: event.url.searchParams.get('name'),
			tz: event.url.searchParams.get('tz'),
			size: Number.isFinite(length) && length > 0 ? length : null,
			body: uploadBody(event.request, event.platform?.req),
			into: access,
			signal: gone.signal
		});
	} finally {
		gone.dispose();
	}
}
