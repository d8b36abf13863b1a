// What the service worker does with each request: the app's own files from its cache, pages from the network first, data never.

/** How the service worker answers one request. */
export type CachePolicy =
	/** A file of this release (code, styles, icons): from the cache, the network if missing. */
	| 'asset'
	/** A page load: from the network, its HTML kept; offline, the kept HTML. */
	| 'page'
	/** Not the worker's business: the browser fetches it as if there were no worker. */
	| 'pass';

/**
 * Paths whose answers never enter a cache: the proxy and the session (data lives in IndexedDB,
 * per person, and is cleared at sign-out), sign-in (tokens, one-time codes), and the embedded
 * API mounted on this origin for partner apps.
 */
const NEVER_CACHED = ['/api/', '/auth/', '/nudge/'];

export interface RequestFacts {
	url: URL;
	method: string;
	/** `Request.mode`: 'navigate' for a page load. */
	mode: string;
}

/**
 * The policy for a request. `origin` is the app's; `base` its path prefix (SvelteKit's `base`,
 * '' at the root); `assets` the paths of this release's files (`build` and `files`).
 */
export function cachePolicy(
	request: RequestFacts,
	origin: string,
	base: string,
	assets: ReadonlySet<string>
): CachePolicy {
	const { url } = request;
	if (request.method !== 'GET' || url.origin !== origin) return 'pass';
	const path = url.pathname.slice(base.length);
	if (!url.pathname.startsWith(base) || NEVER_CACHED.some((prefix) => path.startsWith(prefix))) {
		return 'pass';
	}
	if (assets.has(url.pathname)) return 'asset';
	return request.mode === 'navigate' ? 'page' : 'pass';
}

/**
 * Whether a page's HTML starts this release: it names this release's entry script. The server
 * may already run a newer release than the worker; keeping its HTML would pair it offline with
 * this release's code, which it does not load.
 */
export function isPageOfRelease(html: string, assets: Iterable<string>): boolean {
	for (const path of assets) {
		const entry = /\/entry\/start\.[^/]*\.js$/.exec(path);
		if (entry) return html.includes(entry[0]);
	}
	return false;
}

/** The key a page's HTML is kept under: its path, without the query (views keep their state there). */
export function pageKey(url: URL): string {
	return `${url.origin}${url.pathname}`;
}
