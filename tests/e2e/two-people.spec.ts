// Two people signing in one after the other in the same browser (OAuth against the embedded
// provider): the second never sees the first one's figures, online or offline after a reload.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as z from 'zod';
import { startOwnServer, type OwnServer } from './support/own-server';

test.describe.configure({ mode: 'default' });

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

/** The step figure of Today's goals: what is left of the step goal, and its target as shown. */
async function stepGoalFigure(page: Page): Promise<{ remaining: string; text: string }> {
	const figure = page.locator('li[data-goal="steps"]');
	await expect(figure).toBeVisible();
	return {
		remaining: (await figure.getAttribute('data-remaining')) ?? '',
		text: (await figure.textContent()) ?? ''
	};
}

const sessionSchema = z.object({ userKey: z.string().nullable() });
const LAST_USER = 'wellness:last-user-key';

async function databases(page: Page): Promise<string[]> {
	return page.evaluate(async () =>
		(await indexedDB.databases()).map((database) => database.name ?? '')
	);
}

/**
 * Runs in the page before its own scripts: reports (through `noteDrawn`) every step goal figure
 * and every steps-per-hour chart as soon as it is in the document.
 */
function watchDrawnFigures(): void {
	const note = (window as unknown as { noteDrawn: (what: string) => void }).noteDrawn;
	const look = () => {
		for (const figure of document.querySelectorAll('li[data-goal="steps"]')) {
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
		const { userKey } = sessionSchema.parse(
			await (await page.request.get(`${server.origin}/api/session`)).json()
		);
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
