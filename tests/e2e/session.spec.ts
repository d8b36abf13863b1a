// Signing in (OAuth against the embedded provider) and out, two people in turn in one browser, and
// the whole dashboard over an upstream that speaks only v.1.0. Each part runs its own server (tests/e2e/support/own-server.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { startOwnServer, startReferenceApi, type OwnServer } from './support/own-server';

// One server at a time on the one extra port: these tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

const sessionSchema = z.object({
	mode: z.string(),
	signedIn: z.boolean(),
	userKey: z.nullable(z.string()),
	scopes: z.array(z.string())
});

async function sessionOf(request: APIRequestContext, origin: string) {
	return sessionSchema.parse(await (await request.get(`${origin}/api/session`)).json());
}

const views = ['/', '/activity', '/sleep', '/goals', '/trends', '/compare', '/data'];

async function databases(page: Page): Promise<string[]> {
	return page.evaluate(async () =>
		(await indexedDB.databases()).map((database) => database.name ?? '')
	);
}

/** On the provider's consent page: the permissions asked for, then Allow. */
async function allowOnConsentPage(page: Page): Promise<string[]> {
	await expect(page.getByRole('heading', { name: /Authorize/ })).toBeVisible();
	const asked = await page.locator('li code').allTextContents();
	await page.getByRole('button', { name: 'Allow' }).click();
	return asked;
}

test.describe('signing in and out with the embedded provider', () => {
	let server: OwnServer;
	test.beforeAll(async () => {
		server = await startOwnServer({
			NUDGE_CLIENT_ID: 'wellness-dashboard-demo',
			NUDGE_CLIENT_SECRET: 'wellness-dashboard-demo-secret'
		});
	});
	test.afterAll(async () => server.stop());

	test('signed out, every view says why there is nothing and offers Sign in', async ({ page }) => {
		for (const path of views) {
			await page.goto(server.origin + path);
			await expect(page.getByRole('heading', { name: 'Sign in to see your data' })).toBeVisible();
			await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
			await expect(page.getByText('Finding out which day it is')).toHaveCount(0);
		}
	});

	test('signs in with the kinds of data chosen, uses what was granted and names what was not', async ({
		page
	}) => {
		await page.goto(`${server.origin}/data`);
		const choice = page.getByRole('group', { name: 'Kinds of data this dashboard may read' });
		await expect(choice).toBeVisible();
		await choice.getByRole('checkbox', { name: /Sleep/ }).uncheck();
		// The changes a person may make are asked for beside the reads, and can be left out too.
		const changes = page.getByRole('group', { name: 'Changes you may make from this dashboard' });
		await changes.getByRole('checkbox', { name: /Moods you log/ }).uncheck();
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();

		const asked = await allowOnConsentPage(page);
		expect(asked).toContain('move_read');
		expect(asked).not.toContain('sleep_read');
		expect(asked).toEqual(expect.arrayContaining(['move_write', 'sleep_write', 'body_write']));
		expect(asked).not.toContain('mood_write');
		// Back where the person started.
		await expect(page).toHaveURL(`${server.origin}/data`);
		const session = await sessionOf(page.request, server.origin);
		expect(session).toMatchObject({ mode: 'oauth', signedIn: true });
		expect(session.scopes).toContain('move_read');
		expect(session.scopes).not.toContain('sleep_read');

		// Granted: activity draws.
		await page.goto(`${server.origin}/activity`);
		await expect(page.locator('main [role="group"]').first()).toBeVisible();
		await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

		// Not granted: the sleep view names the permission and offers to ask for it.
		await page.goto(`${server.origin}/sleep`);
		const missing = page.locator('[data-missing-scope="sleep_read"]').first();
		await expect(missing).toContainText('Permission missing');
		await expect(missing).toContainText('sleep (sleep_read)');
		await missing.getByRole('button', { name: 'Sign in again and allow it' }).click();
		const askedAgain = await allowOnConsentPage(page);
		expect(askedAgain).toEqual(expect.arrayContaining(['move_read', 'sleep_read']));
		await expect(page).toHaveURL(`${server.origin}/sleep`);
		await expect(page.locator('[data-missing-scope]')).toHaveCount(0);
		await expect(page.getByRole('group', { name: /Sleep phases/ }).first()).toBeVisible();
	});

	test('signing out deletes the person’s data in this browser and the old cookie gets 401', async ({
		page,
		browser
	}) => {
		await page.goto(`${server.origin}/`);
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await allowOnConsentPage(page);
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toBeVisible();
		const { userKey } = await sessionOf(page.request, server.origin);
		const database = `wellness-${String(userKey)}`;
		await expect.poll(() => databases(page)).toContain(database);
		const cookies = await page.context().cookies();
		expect(cookies.map((cookie) => cookie.name)).toContain('wellness-session');

		// Signing out reloads the page, so nothing of the person stays in memory either.
		const reloaded = page.waitForEvent('load');
		await page.getByRole('button', { name: 'Sign out' }).click();
		await reloaded;
		await expect(page.getByRole('heading', { name: 'Sign in to see your data' })).toBeVisible();
		await expect.poll(() => databases(page)).not.toContain(database);

		// A copy of the cookie taken before signing out reads nothing any more.
		const copy = await browser.newContext();
		await copy.addCookies(cookies);
		const answer = await copy.request.get(`${server.origin}/api/nudge/v.1.1/users/@me/moves`);
		expect(answer.status()).toBe(401);
		expect((await sessionOf(copy.request, server.origin)).signedIn).toBe(false);
		await copy.close();
	});
	test('a session that ends while the page is open reads "Signed out: sign in again", never a spinner', async ({
		page
	}) => {
		await page.goto(`${server.origin}/`);
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await allowOnConsentPage(page);
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toBeVisible();

		// The grant ends behind the page's back; the next call through the proxy gets 401.
		await page.context().clearCookies();
		await page
			.getByRole('navigation', { name: 'Views' })
			.getByRole('link', { name: 'Trends' })
			.click();
		await expect(page.getByRole('heading', { name: 'Signed out: sign in again' })).toBeVisible();
		await expect(page.locator('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
		await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
	});

	test('when the session has ended without signing out, the next visit shows nothing of that person', async ({
		page
	}) => {
		await page.goto(`${server.origin}/`);
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await allowOnConsentPage(page);
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toBeVisible();
		expect(
			await page.evaluate(() => localStorage.getItem('wellness:last-user-key'))
		).not.toBeNull();

		// The session cookie is gone (expired, or the browser handed to someone else).
		await page.context().clearCookies();
		await page.reload();
		await expect(page.getByRole('heading', { name: 'Sign in to see your data' })).toBeVisible();
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toHaveCount(0);
		await expect
			.poll(() => page.evaluate(() => localStorage.getItem('wellness:last-user-key')))
			.toBeNull();
	});
});

test.describe('signing in and out against the reference API as a separate upstream', () => {
	let upstream: OwnServer | undefined;
	let server: OwnServer | undefined;
	test.beforeAll(async () => {
		upstream = await startReferenceApi();
		server = await startOwnServer({
			NUDGE_BASE_URL: upstream.origin,
			NUDGE_CLIENT_ID: 'wellness-dashboard-demo',
			NUDGE_CLIENT_SECRET: 'wellness-dashboard-demo-secret'
		});
	});
	test.afterAll(async () => {
		// Whatever started is stopped, even when the other one failed to start.
		await Promise.all([server?.stop(), upstream?.stop()]);
	});

	test('consent happens at the upstream; signing out ends the session and the grant', async ({
		page,
		browser
	}) => {
		const app = server?.origin ?? '';
		const api = upstream?.origin ?? '';
		await page.goto(`${app}/goals`);
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await expect(page).toHaveURL(new RegExp(`^${api}/auth/oauth2/auth\\?`));
		const consentUrl = new URL(page.url());
		expect(consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
		await allowOnConsentPage(page);
		await expect(page).toHaveURL(`${app}/goals`);
		await expect(page.locator('main [role="group"]').first()).toBeVisible();
		const cookies = await page.context().cookies(app);

		await page.getByRole('button', { name: 'Sign out' }).click();
		await expect(page.getByRole('heading', { name: 'Sign in to see your data' })).toBeVisible();
		const copy = await browser.newContext();
		await copy.addCookies(cookies);
		const answer = await copy.request.get(`${app}/api/nudge/v.1.1/users/@me/goals`);
		expect(answer.status()).toBe(401);
		await copy.close();
	});
});

test.describe('an upstream that serves only v.1.0', () => {
	let server: OwnServer;
	test.beforeAll(async () => {
		server = await startOwnServer({
			NUDGE_ACCESS_TOKEN: 'legacy-upstream-e2e-token',
			NUDGE_REFERENCE_VERSIONS: 'v.1.0',
			NUDGE_API_VERSION: 'v.1.0'
		});
	});
	test.afterAll(async () => server.stop());

	test('answers no v.1.1 path', async ({ page }) => {
		expect((await page.request.get(`${server.origin}/api/nudge/v.1.1/users/@me`)).status()).toBe(
			404
		);
	});

	// One test per view, so a slow machine times out no view on behalf of the others.
	for (const path of views) {
		test(`${path} draws, asking only v.1.0 paths`, async ({ page }) => {
			const asked: string[] = [];
			page.on('request', (request) => {
				const requested = new URL(request.url()).pathname;
				if (requested.startsWith('/api/nudge/')) asked.push(requested);
			});
			await page.goto(server.origin + path);
			await expect(page.getByText('Finding out which day it is')).toHaveCount(0, {
				timeout: 15_000
			});
			if (path !== '/data') {
				await expect(page.locator('main [role="group"]').first()).toBeVisible({ timeout: 15_000 });
			}
			await page.waitForLoadState('networkidle');
			await expect(page.locator('main [role="alert"]')).toHaveCount(0);
			expect(asked.length).toBeGreaterThan(0);
			expect(asked.filter((requested) => !requested.startsWith('/api/nudge/v.1.0/'))).toEqual([]);
		});
	}
});

// Two people in turn: a server of its own, with its own data directory (the person's own account
// gets a step goal written into it).
const CLIENT_ID = 'wellness-dashboard-demo';
const CLIENT_SECRET = 'wellness-dashboard-demo-secret';
/** The step goal given to the person's own account, so their Today has a figure of its own. */
const B_STEP_GOAL = 4321;

/** On the provider's consent page: choose whose records to share, then Allow. */
async function allowAs(page: Page, account: RegExp): Promise<void> {
	await expect(page.getByRole('heading', { name: /Authorize/ })).toBeVisible();
	await page.getByRole('radio', { name: account }).check();
	await page.getByRole('button', { name: 'Allow' }).click();
}

/**
 * A partner's token for the person's own account (`me`), through the same consent page with a
 * loopback redirect of the demo client, then the code exchanged at the token endpoint.
 */
async function ownAccountToken(request: APIRequestContext, origin: string): Promise<string> {
	const redirect = `${origin}/partner-callback`;
	const authorize = new URL('/auth/oauth2/auth', origin);
	authorize.search = new URLSearchParams({
		response_type: 'code',
		client_id: CLIENT_ID,
		scope: 'move_read move_write',
		redirect_uri: redirect,
		state: 'two-people'
	}).toString();
	const page = await (await request.get(authorize.toString())).text();
	const consent = /name="consent" value="([^"]+)"/.exec(page)?.[1];
	expect(consent).toBeTruthy();
	const allowed = await request.post(`${origin}/auth/oauth2/auth`, {
		form: { consent: consent ?? '', account: 'me', decision: 'allow' },
		headers: { origin },
		maxRedirects: 0
	});
	const code = new URL(allowed.headers()['location'] ?? '', origin).searchParams.get('code');
	expect(code).toBeTruthy();
	const token = await request.post(`${origin}/auth/oauth2/token`, {
		headers: { origin },
		form: {
			grant_type: 'authorization_code',
			code: code ?? '',
			redirect_uri: redirect,
			client_id: CLIENT_ID,
			client_secret: CLIENT_SECRET
		}
	});
	expect(token.ok()).toBe(true);
	return ((await token.json()) as { access_token: string }).access_token;
}

/** The step gauge of Today's goals: what is left of the step goal, and its words with the target. */
async function stepGoalFigure(page: Page): Promise<{ remaining: string; text: string }> {
	const figure = page.locator('[data-goal="steps"]');
	await expect(figure).toBeVisible();
	return {
		remaining: (await figure.getAttribute('data-remaining')) ?? '',
		text: (await figure.getAttribute('aria-label')) ?? ''
	};
}

const LAST_USER = 'wellness:last-user-key';

/**
 * Runs in the page before its own scripts: reports (through `noteDrawn`) every step goal figure
 * and every steps-per-hour chart as soon as it is in the document.
 */
function watchDrawnFigures(): void {
	const note = (window as unknown as { noteDrawn: (what: string) => void }).noteDrawn;
	const look = () => {
		for (const figure of document.querySelectorAll('[data-goal="steps"]')) {
			note(`steps ${figure.getAttribute('data-remaining') ?? ''}`);
		}
		if (document.querySelector('[aria-label="Steps per hour today"]')) note('hourly');
	};
	new MutationObserver(look).observe(document, {
		subtree: true,
		childList: true,
		attributes: true
	});
}

test.describe('two people in turn in one browser', () => {
	let server: OwnServer;
	let dataDir: string;
	test.beforeAll(async () => {
		dataDir = mkdtempSync(join(tmpdir(), 'two-people-'));
		server = await startOwnServer({
			NUDGE_CLIENT_ID: CLIENT_ID,
			NUDGE_CLIENT_SECRET: CLIENT_SECRET,
			NUDGE_REFERENCE_DATA_DIR: dataDir
		});
	});
	test.afterAll(async () => {
		await server.stop();
		rmSync(dataDir, { recursive: true, force: true });
	});

	test('the second person to sign in never sees the first one’s figures, even offline', async ({
		page,
		context
	}) => {
		// The second person's own account gets a step goal of its own.
		const token = await ownAccountToken(page.request, server.origin);
		const written = await page.request.post(`${server.origin}/nudge/api/v.1.1/users/@me/goals`, {
			headers: { authorization: `Bearer ${token}`, origin: server.origin },
			form: { move_steps: String(B_STEP_GOAL) }
		});
		expect(written.ok()).toBe(true);

		// Person A: the demo user.
		await page.goto(`${server.origin}/`);
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await allowAs(page, /demo user/);
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toBeVisible();
		const a = await stepGoalFigure(page);
		const { userKey } = await sessionOf(page.request, server.origin);
		const databaseOfA = `wellness-${String(userKey)}`;
		await expect.poll(() => databases(page)).toContain(databaseOfA);
		expect(a.text).not.toContain(B_STEP_GOAL.toLocaleString('en-US'));

		// A signs out with the header's control; signing out reloads the page.
		const reloaded = page.waitForEvent('load');
		await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
		await reloaded;
		await expect(page.getByRole('heading', { name: 'Sign in to see your data' })).toBeVisible();

		await expect.poll(() => databases(page)).not.toContain(databaseOfA);
		expect(await page.evaluate((key) => localStorage.getItem(key), LAST_USER)).toBeNull();

		// Person B: their own account. From here on every step figure and chart drawn is noted the
		// moment it appears, so even a flash of A's cache before the session answers is seen.
		const drawn: string[] = [];
		await page.exposeFunction('noteDrawn', (what: string) => drawn.push(what));
		await page.addInitScript(watchDrawnFigures);
		// The session answers late, as over a slow network: whatever the page shows before it
		// answers has time to be drawn (and noted).
		await page.route('**/api/session', async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 1500));
			await route.continue();
		});
		await page.reload();
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await allowAs(page, /own records/);
		const b = await stepGoalFigure(page);
		expect(b.text).toContain(B_STEP_GOAL.toLocaleString('en-US'));
		expect(b.remaining).not.toBe(a.remaining);
		expect(drawn).toContain(`steps ${b.remaining}`);
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toHaveCount(0);
		expect(drawn.filter((what) => what === `steps ${a.remaining}` || what === 'hourly')).toEqual(
			[]
		);

		// Offline, reloaded: still B's state, never A's.
		await page.unroute('**/api/session');
		await context.setOffline(true);
		await page.reload();
		const offline = await stepGoalFigure(page);
		expect(offline.remaining).toBe(b.remaining);
		await expect(page.getByRole('group', { name: 'Steps per hour today' })).toHaveCount(0);
		expect(drawn.filter((what) => what === `steps ${a.remaining}` || what === 'hourly')).toEqual(
			[]
		);
		expect(await databases(page)).not.toContain(databaseOfA);
		await context.setOffline(false);
	});
});
