// Path matching over the endpoint catalogue: which entry a method and a path name, and the path of a record.
import { endpoints, type EndpointSpec, type HttpMethod } from './endpoints';
import { isApiVersion, LATEST_VERSION, type ApiVersion } from './version';

/** What a record id may look like: no dots, slashes, percent signs or `@`, so it cannot escape a path. */
export const XID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface EndpointMatch {
	endpoint: EndpointSpec;
	version: ApiVersion;
	pathParams: { xid?: string };
}

export type MatchFailure = { error: 'not_found' | 'method_not_allowed'; allowed?: HttpMethod[] };

const VERSION_SEGMENT = /^v\.\d+\.\d+$/;

/** Matches one template against path segments; returns the xid, '' when the template has none, or null. */
function matchTemplate(template: readonly string[], segments: readonly string[]): string | null {
	if (template.length !== segments.length) return null;
	let xid = '';
	for (let i = 0; i < template.length; i++) {
		const want = template[i];
		const got = segments[i];
		if (want === undefined || got === undefined) return null;
		if (want === '{xid}') {
			if (!XID_PATTERN.test(got)) return null;
			xid = got;
		} else if (want !== got && !(want === '@me' && got.toLowerCase() === '%40me')) {
			// `%40me` is how encodeURIComponent writes `@me`; any other encoded segment is refused.
			return null;
		}
	}
	return xid;
}

const templates = endpoints.map((endpoint) => ({
	endpoint,
	segments: endpoint.path.split('/').slice(1)
}));

/**
 * Finds the endpoint for a method and a path after `/nudge/api/` ('v.1.1/users/@me/moves', or
 * unversioned 'users/@me/moves' which means the latest version). One trailing slash is accepted.
 * The path is matched undecoded, so an encoded slash or dot never reaches an id.
 */
export function matchEndpoint(
	method: string,
	path: string,
	/** Only these endpoints exist for this caller (the proxy passes `isBrowserCallable`). */
	accepts: (endpoint: EndpointSpec) => boolean = () => true
): EndpointMatch | MatchFailure {
	const cut = path.search(/[?#]/);
	let rest = (cut === -1 ? path : path.slice(0, cut)).replace(/^\/+/, '');
	if (rest.endsWith('/')) rest = rest.slice(0, -1);
	const segments = rest.split('/');
	let version: ApiVersion = LATEST_VERSION;
	const first = segments[0];
	if (first !== undefined && VERSION_SEGMENT.test(first)) {
		if (!isApiVersion(first)) return { error: 'not_found' };
		version = first;
		segments.shift();
	}
	if (segments.length === 0 || segments.some((segment) => segment === '')) {
		return { error: 'not_found' };
	}
	const allowed = new Set<HttpMethod>();
	for (const { endpoint, segments: template } of templates) {
		if (!endpoint.versions.includes(version) || !accepts(endpoint)) continue;
		const xid = matchTemplate(template, segments);
		if (xid === null) continue;
		if (endpoint.method === method.toUpperCase()) {
			return { endpoint, version, pathParams: xid === '' ? {} : { xid } };
		}
		allowed.add(endpoint.method);
	}
	if (allowed.size === 0) return { error: 'not_found' };
	return { error: 'method_not_allowed', allowed: [...allowed].sort() };
}

/** Fills a path template: expandPath('/moves/{xid}/ticks', 'abc') = '/moves/abc/ticks'. */
export function expandPath(template: string, xid?: string): string {
	if (!template.includes('{xid}')) return template;
	if (xid === undefined || !XID_PATTERN.test(xid)) throw new Error('invalid record id');
	return template.replace('{xid}', xid);
}
