// The states where views lie, for end-to-end tests: a frozen morning, a failing read, a held history.
import type { Page, Route } from '@playwright/test';
import { ownPort, startOwnServer, type OwnServer } from './own-server';

/** 09:30 on Friday 27 Nov 2026 in the demo person's zone (Europe/Berlin, UTC+1). */
export const MORNING = '2026-11-27T08:30:00Z';

/** The built dashboard with the reference API's clock frozen at MORNING, on the spec's slot. */
export function startMorningServer(slot: number): Promise<OwnServer> {
	return startOwnServer({ NUDGE_REFERENCE_NOW: MORNING }, { port: ownPort(slot) });
}

/** Every read of the proxy whose path contains `part` (such as `/users/@me/sleeps`). */
function proxyReads(part: string): (url: URL) => boolean {
	return (url) => url.pathname.startsWith('/api/nudge/') && url.pathname.includes(part);
}

/** Answers the page's reads of `part` with a server error, as an upstream that fails would. */
export async function failReads(page: Page, part: string, status = 500): Promise<void> {
	await page.route(proxyReads(part), (route) =>
		route.fulfill({
			status,
			contentType: 'application/json',
			body: JSON.stringify({
				meta: { code: status, error_type: 'server_error', message: 'Injected server error.' }
			})
		})
	);
}

/**
 * Holds the page's reads of `part` whose `start_time` lies before `before` (epoch seconds): the
 * recent days arrive, older history waits until `release()`, as on a first visit while history
 * loads.
 */
export async function holdHistory(
	page: Page,
	part: string,
	before: number
): Promise<{ release: () => Promise<void>; held: () => number }> {
	const waiting: Route[] = [];
	let released = false;
	await page.route(proxyReads(part), (route) => {
		const start = Number(new URL(route.request().url()).searchParams.get('start_time'));
		if (released || !(start > 0 && start < before)) return route.continue();
		waiting.push(route);
		return undefined;
	});
	return {
		held: () => waiting.length,
		release: async () => {
			released = true;
			await Promise.all(waiting.splice(0).map((route) => route.continue()));
		}
	};
}
