// What a cold first visit downloads: Today runs no writes, mood reads, sign-in choices or file
// exports, so their code loads only on the pages (or the actions) that use it.
import { expect, test, type Browser } from '@playwright/test';

/** The text of every script a cold visit of `path` loads, once its heading shows and the network rests. */
async function scriptsOfColdVisit(
	browser: Browser,
	path: string,
	heading: string
): Promise<string> {
	const context = await browser.newContext();
	const page = await context.newPage();
	const scripts: Promise<string>[] = [];
	page.on('response', (response) => {
		if (response.request().resourceType() === 'script') scripts.push(response.text());
	});
	await page.goto(path);
	await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
	await expect(page.getByRole('link', { name: /^Synced / })).toBeVisible({ timeout: 30_000 });
	await page.waitForLoadState('networkidle');
	const text = (await Promise.all(scripts)).join('\n');
	await context.close();
	return text;
}

/** Words only the code in question carries (src/lib/cache/writes.ts, src/lib/client/write-calls.ts, …). */
const ONLY_ON_USE = {
	'weigh-in writes': 'Logging the weigh-in',
	'goal write call': 'which has no goals write',
	'sign-in panel': 'You chose not to allow access',
	'permission lists': 'Weigh-ins and weight goal',
	'file download': 'createObjectURL',
	// d3-color's table of colour names: a position scale needs no colour interpolator (frame/linear-scale.ts).
	'colour names': 'aliceblue'
};

test('Today’s first visit loads no write, sign-in or export code', async ({ browser }) => {
	const today = await scriptsOfColdVisit(browser, '/', 'Today');
	// The data layer itself is there: the check reads real scripts, not an empty list.
	expect(today).toContain('wellness:last-user-key');
	for (const [what, words] of Object.entries(ONLY_ON_USE)) {
		expect(today.includes(words), `${what} on Today`).toBe(false);
	}
});

test('Body’s first visit loads the weigh-in writes it offers', async ({ browser }) => {
	const body = await scriptsOfColdVisit(browser, '/body', 'Body');
	expect(body).toContain(ONLY_ON_USE['weigh-in writes']);
});

/** The scripts and the API reads of a cold visit of Today, once it has synced and the network rests. */
async function requestsOfColdToday(
	browser: Browser
): Promise<{ scripts: string[]; reads: string[] }> {
	const context = await browser.newContext();
	const page = await context.newPage();
	const scripts: string[] = [];
	const reads: string[] = [];
	page.on('request', (request) => {
		const { pathname, search } = new URL(request.url());
		if (request.resourceType() === 'script') scripts.push(pathname);
		else if (pathname.startsWith('/api/')) reads.push(pathname + search);
	});
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
	await expect(page.getByRole('link', { name: /^Synced / })).toBeVisible({ timeout: 30_000 });
	await page.waitForLoadState('networkidle');
	await context.close();
	return { scripts, reads };
}

test('Today’s first visit loads its code in a few files', async ({ browser }) => {
	const { scripts } = await requestsOfColdToday(browser);
	// A phone opens six connections to a host: thirty scripts were five round trips in a row
	// (scripts/first-page-chunk.ts). Kit's start and app, the layout, the page, the error page,
	// the first-page chunk and the chunks loaded on need.
	expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(10);
});

test('Today’s first visit asks each of its first reads once', async ({ browser }) => {
	const { reads } = await requestsOfColdToday(browser);
	// app.html's script asked for these while the scripts loaded; the data layer took its answers
	// (src/lib/cache/early-reads.ts) rather than asking again.
	const times = (read: string) => reads.filter((asked) => asked === read).length;
	expect(times('/api/session'), reads.join('\n')).toBe(1);
	expect(times('/api/nudge/v.1.1/users/@me/moves'), reads.join('\n')).toBe(1);
	expect(times('/api/nudge/v.1.1/users/@me/settings'), reads.join('\n')).toBe(1);
});
