// Refuses cross-site writes to the proxy and auth routes, whatever the content type and however the path is spelled.

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The path SvelteKit routes on: the request path percent-decoded with `decodeURI` between literal
 * `%25` (so `%2F`, `%3F`, `%23` and `%25` stay encoded), as its server runtime does before it
 * looks a route up. Throws a URIError on a malformed escape such as `%c0%ae`, which the router
 * cannot route either.
 *
 * Dot segments (`/x/../auth`, `/x/%2e%2e/auth`) and backslashes (`\auth\sign-out`) never get
 * here: URL parsing resolves them before any hook runs, so `event.url.pathname` already holds
 * the canonical path, and the check below sees the same path the router sees.
 */
export function routerPath(pathname: string): string {
	return pathname.split('%25').map(decodeURI).join('%25');
}

/** True when a path is one of the guarded prefixes or under one. */
function underGuardedPrefix(path: string): boolean {
	return (
		path === '/api' || path.startsWith('/api/') || path === '/auth' || path.startsWith('/auth/')
	);
}

/** Undoes any further percent-encoding (`%2561` is `%61` is `a`) as far as it decodes. */
function decodeFully(path: string): string {
	let current = path;
	for (let round = 0; round < 4 && current.includes('%'); round++) {
		try {
			current = decodeURIComponent(current);
		} catch {
			break;
		}
	}
	return current;
}

/**
 * Paths whose writes must come from our own pages, given the path as the request spells it.
 * Guarded when the router's path is under `/api` or `/auth`, and also when any looser reading of
 * it is (fully decoded, `\` as `/`, repeated slashes as one, any letter case): a spelling that
 * some router could take for a guarded route is guarded too, whether or not this one routes it.
 * Throws a URIError when the path has a malformed escape (see routerPath).
 */
export function isGuardedPath(pathname: string): boolean {
	const routed = routerPath(pathname);
	if (underGuardedPrefix(routed)) return true;
	const loose = decodeFully(routed)
		.replace(/\\/g, '/')
		.replace(/\/{2,}/g, '/')
		.toLowerCase();
	return underGuardedPrefix(loose);
}

/**
 * The token endpoint of the mounted reference API is called server to server by partner apps
 * (no Origin header) and authenticates by client secret, not by cookie, so a forged cross-site
 * call gains nothing: it is the one guarded path exempt from the check, spelled exactly so.
 */
const SERVER_TO_SERVER = new Set(['/auth/oauth2/token', '/auth/oauth2/token/']);

export type OriginVerdict =
	| { ok: true }
	| { ok: false; status: 400 | 403; type: 'invalid_path' | 'cross_site_request'; detail: string };

/**
 * A write is same-site when its Origin equals ours, or, with no usable Origin, when the browser
 * says Sec-Fetch-Site: same-origin. Anything else (no headers at all included) is refused.
 * `pathname` is the still percent-encoded request path (`event.url.pathname`); a path the router
 * cannot decode is refused whatever the method, so it answers the API's envelope, not a page.
 */
export function checkWriteOrigin(
	request: Request,
	pathname: string,
	appOrigin: string,
	options: { exemptTokenEndpoint: boolean }
): OriginVerdict {
	const safe = SAFE_METHODS.has(request.method.toUpperCase());
	let guarded: boolean;
	try {
		// A read is never refused, unless its path is malformed (routerPath throws then).
		if (safe) {
			routerPath(pathname);
			return { ok: true };
		}
		guarded = isGuardedPath(pathname);
	} catch {
		return {
			ok: false,
			status: 400,
			type: 'invalid_path',
			detail: 'The path holds a malformed percent-encoded character.'
		};
	}
	if (!guarded) return { ok: true };
	if (options.exemptTokenEndpoint && SERVER_TO_SERVER.has(pathname)) return { ok: true };
	const origin = request.headers.get('origin');
	if (origin !== null && origin !== 'null') {
		return origin === appOrigin
			? { ok: true }
			: {
					ok: false,
					status: 403,
					type: 'cross_site_request',
					detail: 'Cross-site requests may not change anything here.'
				};
	}
	if (request.headers.get('sec-fetch-site') === 'same-origin') return { ok: true };
	return {
		ok: false,
		status: 403,
		type: 'cross_site_request',
		detail: 'Writes must come from this dashboard (Origin header missing).'
	};
}
