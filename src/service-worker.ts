// The offline shell: keeps this release's code and a page to start it, so the dashboard opens without a network.
/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
import { base, build, files, version } from '$service-worker';
import { cachePolicy, isPageOfRelease, pageKey } from '$lib/offline/shell-cache';

const worker = self as unknown as ServiceWorkerGlobalScope;

/**
 * One cache per release, named by its version: a page started from it finds every file of that
 * release and nothing of another. Data never goes here (it lives in IndexedDB, per person).
 */
const CACHE_PREFIX = 'wellness-shell-';
const CACHE = `${CACHE_PREFIX}${version}`;
/** Every route's code and styles (`build`) and the static files: a view never opened still loads. */
const ASSETS = new Set([...build, ...files]);
/** The page every view starts from (the app renders in the browser, so they share one shell). */
const SHELL = `${base}/`;

worker.addEventListener('install', (event) => {
	event.waitUntil(
		(async () => {
			const cache = await caches.open(CACHE);
			await cache.addAll([...ASSETS]);
			// The shell as this release's server answers it, headers included: its CSP names the
			// nonce its scripts carry, so the kept copy runs as it did online. The shell holds no
			// person's data (pages render in the browser), so one kept copy serves everyone.
			// A shell that does not come (a redirect, a failure) is kept later, as pages load.
			const shell = await fetch(SHELL, { cache: 'no-store', redirect: 'manual' }).catch(() => null);
			if (shell?.ok) await keepPage(cache, new URL(SHELL, worker.location.href), shell);
			// Take over from the previous release at once (with clients.claim below) rather than
			// wait for every tab to close. Waiting would leave the old worker in charge while pages
			// reloaded from the network start the new release: its files would be fetched past the
			// old cache and be missing offline. Taken over, a tab still running the old release
			// keeps the code it has loaded; when it next needs a file of its release that is gone,
			// SvelteKit sees the new version and reloads the page, which then starts whole from
			// this cache.
			await worker.skipWaiting();
		})()
	);
});

worker.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const name of await caches.keys()) {
				if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
			}
			await worker.clients.claim();
		})()
	);
});

worker.addEventListener('fetch', (event) => {
	const { request } = event;
	const url = new URL(request.url);
	const policy = cachePolicy(
		{ url, method: request.method, mode: request.mode },
		worker.location.origin,
		base,
		ASSETS
	);
	if (policy === 'asset') event.respondWith(asset(request));
	else if (policy === 'page') event.respondWith(page(event, url));
});

async function asset(request: Request): Promise<Response> {
	const cache = await caches.open(CACHE);
	return (await cache.match(request)) ?? fetch(request);
}

/**
 * A page load: the network first, so online every load is the server's current answer (a new
 * release, a sign-in redirect); offline, the kept HTML of that view, or else the shell, whose
 * client router then draws the view asked for.
 */
async function page(event: FetchEvent, url: URL): Promise<Response> {
	try {
		const response = await fetch(event.request);
		if (response.ok && response.type === 'basic') {
			event.waitUntil(caches.open(CACHE).then((cache) => keepPage(cache, url, response.clone())));
		}
		return response;
	} catch (error) {
		const cache = await caches.open(CACHE);
		const kept =
			(await cache.match(pageKey(url))) ?? (await cache.match(pageKey(new URL(SHELL, url))));
		if (kept) return kept;
		throw error;
	}
}

/** Keeps a page's HTML (with its headers) when it is a page of this release. */
async function keepPage(cache: Cache, url: URL, response: Response): Promise<void> {
	if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
	const html = await response.clone().text();
	if (isPageOfRelease(html, ASSETS)) await cache.put(pageKey(url), response);
}
