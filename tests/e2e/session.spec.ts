// Signing in (OAuth against the embedded provider) and out, and the whole dashboard over an upstream
// that speaks only v.1.0. Each part runs its own server (tests/e2e/support/own-server.ts).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as z from 'zod';
import { startOwnServer, startReferenceApi, type OwnServer } from './support/own-server';

// One server at a time on the one extra port: these tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

const sessionSchema = z.object({
	mode: z.string(),
	signedIn: z.boolean(),
	userKey: z.string().nullable(),
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
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();

		const asked = await allowOnConsentPage(page);
		expect(asked).toContain('move_read');
		expect(asked).not.toContain('sleep_read');
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

	test('every view draws, asking only v.1.0 paths', async ({ page }) => {
		const asked: string[] = [];
		page.on('request', (request) => {
			const path = new URL(request.url()).pathname;
			if (path.startsWith('/api/nudge/')) asked.push(path);
		});
		expect((await page.request.get(`${server.origin}/api/nudge/v.1.1/users/@me`)).status()).toBe(
			404
		);
		for (const path of views) {
			await page.goto(server.origin + path);
			await expect(page.getByText('Finding out which day it is')).toHaveCount(0, {
				timeout: 15_000
			});
			if (path !== '/data') {
				await expect(page.locator('main [role="group"]').first()).toBeVisible({ timeout: 15_000 });
			}
			await page.waitForLoadState('networkidle');
			await expect(page.locator('main [role="alert"]')).toHaveCount(0);
		}
		expect(asked.length).toBeGreaterThan(0);
		expect(asked.filter((path) => !path.startsWith('/api/nudge/v.1.0/'))).toEqual([]);
	});
});
