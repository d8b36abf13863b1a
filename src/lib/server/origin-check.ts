// Refuses cross-site writes to the proxy and auth routes, whatever the content type.

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Paths whose writes must come from our own pages. */
export function isGuardedPath(pathname: string): boolean {
	return (
		pathname === '/api' ||
		pathname.startsWith('/api/') ||
		pathname === '/auth' ||
		pathname.startsWith('/auth/')
	);
}

/**
 * The token endpoint of the mounted reference API is called server to server by partner apps
 * (no Origin header) and authenticates by client secret, not by cookie, so a forged cross-site
 * call gains nothing: it is the one guarded path exempt from the check.
 */
const SERVER_TO_SERVER = new Set(['/auth/oauth2/token', '/auth/oauth2/token/']);

export type OriginVerdict = { ok: true } | { ok: false; detail: string };

/**
 * A write is same-site when its Origin equals ours, or, with no usable Origin, when the browser
 * says Sec-Fetch-Site: same-origin. Anything else (no headers at all included) is refused.
 */
export function checkWriteOrigin(
	request: Request,
	pathname: string,
	appOrigin: string,
	options: { exemptTokenEndpoint: boolean }
): OriginVerdict {
	if (SAFE_METHODS.has(request.method.toUpperCase()) || !isGuardedPath(pathname))
		return { ok: true };
	if (options.exemptTokenEndpoint && SERVER_TO_SERVER.has(pathname)) return { ok: true };
	const origin = request.headers.get('origin');
	if (origin !== null && origin !== 'null') {
		return origin === appOrigin
			? { ok: true }
			: { ok: false, detail: 'Cross-site requests may not change anything here.' };
	}
	if (request.headers.get('sec-fetch-site') === 'same-origin') return { ok: true };
	return { ok: false, detail: 'Writes must come from this dashboard (Origin header missing).' };
}
