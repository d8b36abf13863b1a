// Server hooks: configuration check at start, the mounted reference API, the cross-site check, security headers.

import type { Handle, HandleServerError, ServerInit } from '@sveltejs/kit';
import { apiErrorResponse } from '$lib/server/api-error';
import { getServerRuntime, startServer, whyNotStarted } from '$lib/server/app';
import { checkWriteOrigin } from '$lib/server/origin-check';
import { getEmbeddedReferenceApi } from '$lib/server/embedded';
import { describeError, logEvent } from '$lib/server/redact';
import {
	NON_HTML_CSP,
	addScriptNonce,
	applyHeaders,
	baseSecurityHeaders,
	newNonce,
	pageCsp
} from '$lib/server/security-headers';

// A wrong setting or an unusable store stops the server here: one message naming the setting
// (never its value) or the store's path and the cause, and no stack trace.
export const init: ServerInit = async () => {
	try {
		await startServer();
	} catch (error) {
		const why = whyNotStarted(error);
		if (why === null) throw error;
		process.stderr.write(`${why}\n`);
		process.exit(1);
	}
};

function isEmbeddedApiPath(pathname: string): boolean {
	return pathname.startsWith('/nudge/api/') || pathname.startsWith('/auth/oauth2/');
}

export const handle: Handle = async ({ event, resolve }) => {
	const runtime = getServerRuntime();
	const { pathname } = event.url;
	const embedded = runtime.config.upstream.kind === 'embedded';
	const headers = baseSecurityHeaders(event.url.protocol === 'https:');

	const verdict = checkWriteOrigin(event.request, pathname, event.url.origin, {
		exemptTokenEndpoint: embedded
	});
	if (!verdict.ok) {
		return applyHeaders(apiErrorResponse(verdict.status, verdict.type, verdict.detail), {
			...headers,
			'content-security-policy': NON_HTML_CSP
		});
	}

	// With no upstream configured, the reference API answers on our origin too, so a partner app
	// (or a curl user) can call it and even sign in against it.
	if (embedded && isEmbeddedApiPath(pathname)) {
		const answer = await getEmbeddedReferenceApi().handle(event.request);
		if (answer !== null) {
			return applyHeaders(answer, { ...headers, 'content-security-policy': NON_HTML_CSP });
		}
	}

	const nonce = newNonce();
	const response = await resolve(event, {
		transformPageChunk: ({ html }) => addScriptNonce(html, nonce)
	});
	const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
	const formTargets = runtime.authorizeBase === null ? [] : [new URL(runtime.authorizeBase).origin];
	return applyHeaders(response, {
		...headers,
		'content-security-policy': isHtml ? pageCsp(nonce, formTargets) : NON_HTML_CSP
	});
};

// Errors reach the log redacted and the browser as a plain sentence: never a stack or a value.
export const handleError: HandleServerError = ({ error, status }) => {
	if (status !== 404)
		logEvent('error', 'server.unhandled_error', { status, error: describeError(error) });
	return { message: status === 404 ? 'Not found' : 'Something went wrong on the server.' };
};
