// What a person changes from the dashboard: the step goal, and a weigh-in logged and removed, on a
// server of this spec's own (its writes never reach the other specs' server).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const EVIL = 'https://evil.example';

let server: OwnServer;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
	server = await startOwnServer({}, { port: ownPort(3) });
	origin = server.origin;
});

test.afterAll(async () => {
	await server.stop();
});

/** The goals as the API keeps them, read through the proxy, not through the page. */
async function apiGoals(request: APIRequestContext): Promise<Record<string, unknown>> {
	const response = await request.get(`${origin}/api/nudge/v.1.1/users/@me/goals`);
	expect(response.status()).toBe(200);
	const body = (await response.json()) as { data: Record<string, unknown> };
	return body.data;
}

/** The weights of 30 March 2026 (the frozen server's today) as the API keeps them. */
async function apiWeightsOfToday(request: APIRequestContext): Promise<number[]> {
	const response = await request.get(
		`${origin}/api/nudge/v.1.1/users/@me/body_events?date=20260330`
	);
	expect(response.status()).toBe(200);
	const body = (await response.json()) as { data: { items: { weight: number }[] } };
	return body.data.items.map((item) => item.weight);
}

test('the step goal changed on Goals shows on Goals and Today, and the API keeps it', async ({
	page,
	request
}) => {
	expect((await apiGoals(request)).move_steps).not.toBe(12345);
	await page.goto(`${origin}/goals`);
	await page.getByRole('button', { name: 'Change goals' }).click();
	const steps = page.getByLabel('Steps a day');
	await expect(steps).toBeFocused();

	// A wrong number is explained and nothing is sent.
	await steps.fill('12k');
	await page.getByRole('button', { name: 'Save' }).click();
	await expect(page.getByText('Enter the step goal as a whole number of steps.')).toBeVisible();
	await expect(steps).toHaveAttribute('aria-invalid', 'true');
	expect((await apiGoals(request)).move_steps).not.toBe(12345);

	await steps.fill('12345');
	await steps.press('Enter');
	await expect(page.getByRole('status').filter({ hasText: 'Goals saved.' })).toBeVisible();
	await expect(page.getByText(/Step goal 12,345 a day/)).toBeVisible();
	await expect(page.getByRole('button', { name: 'Change goals' })).toBeFocused();
	expect((await apiGoals(request)).move_steps).toBe(12345);

	await page.getByRole('link', { name: 'Today', exact: true }).first().click();
	await expect(page.locator('[aria-label^="Steps"][aria-label*="of 12,345"]')).toHaveCount(1, {
		timeout: 15_000
	});
	await page.reload();
	await expect(page.locator('[aria-label^="Steps"][aria-label*="of 12,345"]')).toHaveCount(1, {
		timeout: 15_000
	});
});

test('Escape leaves the goal editor without changing anything', async ({ page, request }) => {
	const before = await apiGoals(request);
	await page.goto(`${origin}/goals`);
	await page.getByRole('button', { name: 'Change goals' }).click();
	await page.getByLabel('Sleep a night (hours, as 7:30)').fill('9:15');
	await page.keyboard.press('Escape');
	await expect(page.getByRole('button', { name: 'Change goals' })).toBeFocused();
	expect(await apiGoals(request)).toEqual(before);
});

test('a weigh-in logged on Body shows in its list, figures and table, and the API keeps it until it is removed', async ({
	page,
	request
}) => {
	expect(await apiWeightsOfToday(request)).not.toContain(71.3);
	await page.goto(`${origin}/body`);
	const form = page.getByRole('form', { name: 'Log a weigh-in' });
	// The date and time start at now on the person's clock: 18:00 UTC is 20:00 in Berlin.
	await expect(form.getByLabel('Date')).toHaveValue('2026-03-30');
	await expect(form.getByLabel(/^Time/)).toHaveValue('20:00');

	await form.getByLabel('Weight (kg)').fill('71.3');
	await form.getByLabel('Body fat (%, optional)').fill('21.5');
	await form.getByLabel(/^Time/).fill('19:45');
	await form.getByRole('button', { name: 'Log weigh-in' }).click();
	await expect(form.getByRole('status')).toHaveText('Logged 71.3 kg on 2026-03-30 at 19:45.');

	const logged = page.getByRole('region', { name: 'Weigh-ins logged here' });
	await expect(logged.getByRole('listitem')).toHaveCount(1);
	await expect(logged.getByRole('listitem')).toContainText('Mon 30 Mar, 19:45');
	await expect(logged.getByRole('listitem')).toContainText('71.3 kg');
	await expect(page.locator('[data-figure="Latest weigh-in"] dd')).toHaveText(/^71\.3 kg/);
	// Lean mass and BMI come on the weigh-in's own date: from its body fat, and the height the
	// profile holds.
	await expect(page.locator('[data-figure="Lean mass"] dd')).toHaveText('78.5% Mon 30 Mar');
	await expect(page.locator('[data-figure="BMI"] dd')).toHaveText(/^\d+\.\d Mon 30 Mar$/);
	const weight = page.getByRole('region', { name: 'Weight', exact: true });
	await weight.getByRole('button', { name: 'Show table' }).click();
	const row = weight.getByRole('row').filter({ hasText: '71.3 kg' });
	await expect(row).toHaveCount(1);
	await expect(row).toContainText('21.5%');
	await expect(row).toContainText('78.5%');
	expect(await apiWeightsOfToday(request)).toContain(71.3);

	await logged
		.getByRole('button', { name: 'Remove the weigh-in of 71.3 kg on Mon 30 Mar, 19:45' })
		.click();
	await expect(logged.getByRole('listitem')).toHaveCount(0);
	await expect(page.locator('[data-figure="Latest weigh-in"] dd')).not.toHaveText(/^71\.3 kg/);
	expect(await apiWeightsOfToday(request)).not.toContain(71.3);
});

test('a weigh-in the form refuses is explained and never sent', async ({ page, request }) => {
	const before = await apiWeightsOfToday(request);
	await page.goto(`${origin}/body`);
	const form = page.getByRole('form', { name: 'Log a weigh-in' });
	await form.getByLabel('Weight (kg)').fill('7');
	await form.getByLabel(/^Time/).fill('23:30');
	await form.getByRole('button', { name: 'Log weigh-in' }).click();
	await expect(form.getByText('A weight is between 20 and 300 kg.')).toBeVisible();
	await expect(
		form.getByText('A weigh-in cannot be logged for a time still to come.')
	).toBeVisible();
	expect(await apiWeightsOfToday(request)).toEqual(before);
});

test('a goal write in v.1.0 is refused, and so is any write from another site', async ({
	request
}) => {
	const before = await apiGoals(request);
	const legacy = await request.post(`${origin}/api/nudge/v.1.0/users/@me/goals`, {
		headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
		data: 'move_steps=7000'
	});
	expect(legacy.status()).toBe(405);
	expect(legacy.headers()['allow']).toBe('GET');

	for (const [path, data] of [
		['v.1.1/users/@me/goals', 'move_steps=7000'],
		['v.1.1/users/@me/body_events', 'weight=70']
	] as const) {
		const crossSite = await request.post(`${origin}/api/nudge/${path}`, {
			headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
			data
		});
		expect(crossSite.status(), path).toBe(403);
		expect(await crossSite.json()).toMatchObject({ meta: { error_type: 'cross_site_request' } });
	}
	expect(await apiGoals(request)).toEqual(before);
	expect(await apiWeightsOfToday(request)).not.toContain(70);
});
