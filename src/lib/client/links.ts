// Builds proxy URLs for API paths and maps the API's opaque `links.next` onto the proxy prefix.

/** Query parameters of the list endpoints, in the client's own spelling. */
export interface ListQuery {
	/** One local day, `YYYYMMDD`. */
	date?: number;
	/** Epoch seconds; with `endTime`, a time range. */
	startTime?: number;
	endTime?: number;
	/** Epoch seconds: records updated later than this (with `startTime`). */
	updatedAfter?: number;
	limit?: number;
}

const wireNames = [
	['date', 'date'],
	['startTime', 'start_time'],
	['endTime', 'end_time'],
	['updatedAfter', 'updated_after'],
	['limit', 'limit']
] as const satisfies readonly (readonly [keyof ListQuery, string])[];

/** `?date=...&start_time=...` for a list query, in a stable order; '' when empty. */
export function listSearch(query: ListQuery): string {
	const params = new URLSearchParams();
	for (const [key, wireName] of wireNames) {
		const value = query[key];
		if (value !== undefined) params.set(wireName, String(Math.trunc(value)));
	}
	const text = params.toString();
	return text === '' ? '' : `?${text}`;
}

/** The prefix every upstream path starts with; the proxy mounts the part after it. */
const UPSTREAM_PREFIX = '/nudge/api/';

/**
 * The proxy URL for a `links.next` value. The link is opaque (it may carry `page_token` or a
 * rewritten time range), so only its prefix is swapped: `/nudge/api/v.1.1/users/@me/moves?x`
 * becomes `${base}/v.1.1/users/@me/moves?x`. An absolute link keeps only its path and query,
 * because the browser may talk to the upstream only through the same-origin proxy.
 */
export function proxyUrlForNext(next: string, base: string): string {
	let pathAndQuery = next.trim();
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathAndQuery)) {
		const url = new URL(pathAndQuery);
		pathAndQuery = `${url.pathname}${url.search}`;
	}
	const at = pathAndQuery.indexOf(UPSTREAM_PREFIX);
	if (at === -1) {
		throw new Error(`Unexpected next link (not under ${UPSTREAM_PREFIX}): ${next}`);
	}
	return `${trimSlash(base)}/${pathAndQuery.slice(at + UPSTREAM_PREFIX.length)}`;
}

/** The proxy URL of an API path such as `users/@me/moves` for a version. */
export function proxyUrl(base: string, version: string, path: string, search = ''): string {
	return `${trimSlash(base)}/${version}/${path.replace(/^\/+/, '')}${search}`;
}

function trimSlash(base: string): string {
	return base.replace(/\/+$/, '');
}
