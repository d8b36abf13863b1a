// Browser commands the component tests call that Vitest's userEvent lacks: a real finger tap, a dark page, a server's answer.
import type { Route } from '@playwright/test';
import type { BrowserCommand } from 'vitest/node';

/** Where on the element, in CSS px from its top left corner; default its middle. */
export interface TapPosition {
	x: number;
	y: number;
}

/**
 * Taps the element a locator's `selector` names with a touchscreen finger (the context has
 * touch), so the page sees what a phone sends: touch pointer events, then a click.
 */
export const tap: BrowserCommand<[selector: string, position?: TapPosition]> = async (
	context,
	selector,
	position
) => {
	await context.iframe.locator(selector).tap(position ? { position } : {});
};

/** Makes the page prefer a dark (or light) colour scheme, as a system set to dark does. */
export const colorScheme: BrowserCommand<[scheme: 'light' | 'dark']> = async (context, scheme) => {
	await context.page.emulateMedia({ colorScheme: scheme });
};

/** What the page sent to a path a test answers. */
export interface SentRequest {
	method: string;
	/** Path and query, e.g. `/api/import?name=export.zip`. */
	path: string;
	contentType: string | null;
	/** The body's size in bytes. */
	bytes: number;
}

/** Per test page and path: the route answering it, and what was sent there. */
const answered = new Map<
	string,
	{ url: RegExp; handler: (route: Route) => Promise<void>; sent: SentRequest[] }
>();

/**
 * Answers every request the page makes to `path` (any query) with `status` and the JSON `body`,
 * as the app's server would, and keeps what each sent; a later call for the path replaces it.
 * The request really leaves the page (an XHR's upload events and all) and stops at the browser.
 */
export const answerRequests: BrowserCommand<[path: string, status: number, body: string]> = async (
	context,
	path,
	status,
	body
) => {
	const key = `${context.sessionId} ${path}`;
	const before = answered.get(key);
	if (before) await context.page.unroute(before.url, before.handler);
	const url = matchPath(path);
	const sent: SentRequest[] = [];
	const handler = async (route: Route) => {
		const request = route.request();
		const { pathname, search } = new URL(request.url());
		sent.push({
			method: request.method(),
			path: `${pathname}${search}`,
			contentType: (await request.headerValue('content-type')) ?? null,
			bytes: request.postDataBuffer()?.length ?? 0
		});
		await route.fulfill({ status, contentType: 'application/json', body });
	};
	answered.set(key, { url, handler, sent });
	await context.page.route(url, handler);
};

/** What the page has sent to a path answered by `answerRequests`, oldest first. */
export const sentRequests: BrowserCommand<[path: string]> = (context, path) =>
	answered.get(`${context.sessionId} ${path}`)?.sent ?? [];

/** Matches the URLs whose path is `path`, whatever their origin and query. */
function matchPath(path: string): RegExp {
	return new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?|$)`);
}

declare module 'vitest/browser' {
	interface BrowserCommands {
		tap: (selector: string, position?: TapPosition) => Promise<void>;
		colorScheme: (scheme: 'light' | 'dark') => Promise<void>;
		answerRequests: (path: string, status: number, body: string) => Promise<void>;
		sentRequests: (path: string) => Promise<SentRequest[]>;
	}
}
