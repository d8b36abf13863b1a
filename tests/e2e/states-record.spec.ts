// What the record views (Food, Mood, Heart, Body, Data) and the sign-in say when the data is not
// all there: a frozen morning, a failing read, a history still loading, offline, a first visit.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { startOwnServer, ownPort, type OwnServer } from './support/own-server';
import { failReads, holdHistory, startMorningServer } from './support/states';

// Each part shares one server of its own: its tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

const API = '/api/nudge/v.1.1';

const mealsSchema = z.object({
	data: z.object({
		items: z.array(z.object({ date: z.number(), details: z.object({ calories: z.number() }) }))
	})
});

/** Calories eaten on a date, as the API has the meals (one page holds a day's meals). */
async function eatenOn(request: APIRequestContext, origin: string, date: number): Promise<number> {
	const response = await request.get(`${origin}${API}/users/@me/meals?date=${date}`);
	expect(response.ok()).toBe(true);
	const { data } = mealsSchema.parse(await response.json());
	return data.items.reduce((sum, meal) => sum + meal.details.calories, 0);
}

/** Waits until the service worker keeps this release and controls the page. */
async function workerInControl(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Epoch seconds of a UTC date. */
const epoch = (iso: string) => Date.parse(iso) / 1000;

test.describe('on a frozen morning, 09:30 on Friday 27 Nov 2026', () => {
	let server: OwnServer;
	test.beforeAll(async () => {
		server = await startMorningServer(14);
	});
	test.afterAll(async () => server.stop());

	test('Food’s week calls days to come "not yet" and leaves today, under way, out of the averages', async ({
		page,
		request
	}) => {
		// Monday to Thursday are over; today has only breakfast.
		const finished = await Promise.all(
			[20261123, 20261124, 20261125, 20261126].map((date) => eatenOn(request, server.origin, date))
		);
		const mean = finished.reduce((a, b) => a + b, 0) / finished.length;

		await page.goto(`${server.origin}/food?span=week`);
		const chart = page.getByRole('group', { name: 'Energy eaten per day against the budget' });
		await expect(chart.getByRole('gridcell', { name: /^Sat 28 Nov: not yet/ })).toHaveCount(1);
		await expect(chart.getByRole('gridcell', { name: /no record/ })).toHaveCount(0);
		await expect(chart.getByRole('gridcell', { name: /^Fri 27 Nov: under way/ })).toHaveCount(1);
		await expect(chart.locator('rect.bar.underway')).toHaveCount(1);

		const days = page.locator('[data-figure="Days averaged"]');
		await expect(days.locator('dd')).toContainText('4');
		await expect(days).not.toContainText('no record');
		await expect(days.locator('.note')).toContainText('today, under way, left out');
		await expect(page.locator('[data-figure="Average eaten"] dd')).toContainText(
			`${Math.round(mean).toLocaleString('en-GB')} kcal`
		);

		// The tooltip of a day to come says so, never "No record".
		await chart.getByRole('gridcell', { name: /^Sat 28 Nov/ }).focus();
		await expect(page.getByRole('tooltip')).toContainText('Not yet');
		await expect(page.getByRole('tooltip')).not.toContainText('No record');
	});

	test('Food’s day of today says eaten so far, and names the burn "Total burned"', async ({
		page,
		request
	}) => {
		const eaten = await eatenOn(request, server.origin, 20261127);
		await page.goto(`${server.origin}/food`);
		const figure = page.locator('[data-figure="Eaten"]');
		await expect(figure.locator('dd')).toContainText(`${eaten.toLocaleString('en-GB')} kcal`);
		await expect(figure.locator('.note')).toContainText('so far, as of 09:30');
		await expect(page.locator('[data-figure="Total burned"]')).toHaveCount(1);
		await expect(page.locator('[data-figure="Burned"]')).toHaveCount(0);
	});

	test('offline, Mood shows the stored days with the offline note, and the write forms say why they are off', async ({
		page,
		context
	}) => {
		test.setTimeout(90_000);
		await page.goto(`${server.origin}/mood`);
		const calendar = page.getByRole('grid', { name: 'Moods of the month' });
		await expect(calendar).toBeVisible();
		await expect(page.getByRole('status').filter({ hasText: /Reading moods/ })).toHaveCount(0, {
			timeout: 30_000
		});
		await workerInControl(page);
		await page.goto(`${server.origin}/body`);
		await expect(page.getByRole('heading', { level: 1, name: 'Body' })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Log weigh-in' })).toBeEnabled();

		await context.setOffline(true);
		await page.goto(`${server.origin}/mood`);
		await expect(page.getByRole('heading', { level: 1, name: 'Mood' })).toBeVisible();
		await expect(calendar).toBeVisible();
		await expect(calendar.locator('rect.mood').first()).toBeVisible();
		await expect(page.getByText(/Failed to fetch|Could not load|Couldn’t load/)).toHaveCount(0);
		await expect(page.getByRole('status').filter({ hasText: /^Offline: / })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Log mood' })).toBeDisabled();
		await expect(page.locator('form.log')).toContainText(
			'Offline: a mood can be logged once the network is back.'
		);

		await page.goto(`${server.origin}/body`);
		await expect(page.getByRole('button', { name: 'Log weigh-in' })).toBeDisabled();
		await expect(page.locator('form.weigh-in')).toContainText(
			'Offline: a weigh-in can be logged once the network is back.'
		);
	});

	test('Mood calls a day not read yet "not read yet", in the words every view uses', async ({
		page
	}) => {
		// A year is read a quarter at a time, newest first: the older quarters wait here.
		let release = (): void => {};
		const released = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/api/moods?**', async (route) => {
			const to = Number(new URL(route.request().url()).searchParams.get('to'));
			if (to < 20261127) await released;
			await route.continue();
		});
		await page.goto(`${server.origin}/mood?span=year&day=2026-05-10`);
		const card = page.getByRole('region', { name: 'Moods of the year' });
		await expect(card.getByText('Not read yet')).toBeVisible({ timeout: 20_000 });
		await expect(page.locator('[data-cell="mood"]')).toHaveText('Not read yet');
		// The span's note is the one every view shows while its days are read.
		await expect(
			page.getByRole('status').filter({ hasText: /^Reading moods: \d+ of \d+ days so far\./ })
		).toBeVisible();
		release();
		await expect(page.locator('[data-cell="mood"]')).not.toHaveText('Not read yet', {
			timeout: 30_000
		});
		await expect(card.getByText('Not read yet')).toHaveCount(0);
	});

	test('Heart, while its history loads, says how much its figures rest on and holds back the extremes', async ({
		page
	}) => {
		test.setTimeout(60_000);
		const heart = await holdHistory(page, '/users/@me/heartrates', epoch('2026-09-01'));
		await page.goto(`${server.origin}/heart?period=year`);
		await expect(
			page
				.getByRole('status')
				.filter({ hasText: /^Reading heart rate: [\d,]+ of [\d,]+ days so far\./ })
		).toBeVisible({ timeout: 20_000 });
		await expect(page.locator('[data-figure="Average"] .note')).toHaveText(
			/^so far: [\d,]+ of 36\d days$/
		);
		await expect(page.locator('[data-figure="Lowest – highest"] dd')).toContainText(
			'once every day is read'
		);
		await heart.release();
		await expect(page.locator('[data-figure="Average"] .note')).toHaveText(/^over \d+ readings$/, {
			timeout: 30_000
		});
		await expect(page.locator('[data-figure="Lowest – highest"] dd')).toHaveText(
			/^\d+ – \d+ bpm\s*$/
		);
	});

	test('Body, while its history loads, says how much the trend rests on', async ({ page }) => {
		test.setTimeout(60_000);
		const body = await holdHistory(page, '/users/@me/body_events', epoch('2026-09-01'));
		await page.goto(`${server.origin}/body?period=year`);
		await expect(
			page
				.getByRole('status')
				.filter({ hasText: /^Reading weigh-ins: [\d,]+ of \d+ days so far\./ })
		).toBeVisible({ timeout: 20_000 });
		await expect(page.locator('[data-figure="Trend over the span"] .note')).toHaveText(
			/^so far: [\d,]+ of 36\d days\b/
		);
		await body.release();
		await expect(page.locator('[data-figure="Trend over the span"]')).not.toContainText('so far', {
			timeout: 30_000
		});
	});

	test('a failing read of heart rates says so on Heart with Retry, and Data names the kind that failed', async ({
		page
	}) => {
		await failReads(page, '/users/@me/heartrates');
		await page.goto(`${server.origin}/heart`);
		const failure = page
			.getByRole('alert')
			.filter({ hasText: /Couldn’t load (resting )?heart rate/ });
		await expect(failure).toBeVisible({ timeout: 20_000 });
		await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
		await expect(page.getByText(/No resting heart rate recorded/)).toHaveCount(0);

		await page.goto(`${server.origin}/data`);
		const kinds = page.getByRole('table', { name: 'What this browser holds of each kind' });
		await expect(kinds.getByRole('row', { name: /^Heart rate\b/ })).toContainText(
			/Couldn’t load: /,
			{ timeout: 60_000 }
		);
		await expect(kinds.getByRole('row', { name: /^Activity\b/ })).toContainText(/\d+ of \d+ days/);
		await expect(kinds.getByRole('row', { name: /^Activity\b/ })).not.toContainText('Couldn’t');
	});

	test('Data counts what is stored in words that do not read as missing data', async ({ page }) => {
		await page.goto(`${server.origin}/data`);
		const stored = page.getByRole('region', { name: 'Stored in this browser' });
		await expect(stored).toBeVisible();
		await expect(
			stored.getByText(/Nights with sleep phases|Days with steps by the minute/)
		).toHaveCount(0);
		await expect(stored.getByTestId('count-phases')).toHaveText(
			/^(none yet|[\d,]+ nights?), fetched when you open a night$/
		);
		await expect(stored.getByTestId('count-minutes')).toHaveText(
			/^(none yet|[\d,]+ days?), fetched when you zoom into a day$/
		);
	});
});

test.describe('signing in with the embedded provider', () => {
	let server: OwnServer;
	test.beforeAll(async () => {
		server = await startOwnServer(
			{
				NUDGE_CLIENT_ID: 'wellness-dashboard-demo',
				NUDGE_CLIENT_SECRET: 'wellness-dashboard-demo-secret'
			},
			{ port: ownPort(15) }
		);
	});
	test.afterAll(async () => server.stop());

	test('the chooser on the sign-in gate stays open through every tick, and focus stays on the box', async ({
		page
	}) => {
		await page.goto(`${server.origin}/sleep`);
		await expect(page.getByRole('heading', { name: 'Sign in to see your data' })).toBeVisible();
		// A first-time visitor was never signed in: the badge does not say they were signed out.
		await expect(page.getByRole('link', { name: /Signed out/ })).toHaveCount(0);
		await expect(page.getByRole('link', { name: /^Not signed in/ })).toBeVisible();

		await page.getByText('Choose what to share').click();
		const reads = page.getByRole('group', { name: 'Kinds of data this dashboard may read' });
		const sleep = reads.getByRole('checkbox', { name: /^Sleep/ });
		await sleep.click();
		await expect(sleep).not.toBeChecked();
		await expect(reads).toBeVisible();
		await expect(sleep).toBeFocused();
		await page.keyboard.press('Space');
		await expect(sleep).toBeChecked();
		await expect(sleep).toBeFocused();
		await page.keyboard.press('Tab');
		await page.keyboard.press('Space');
		await expect(reads).toBeVisible();
		await expect(reads.getByRole('checkbox', { name: /^Profile/ })).toBeFocused();
		await expect(reads.getByRole('checkbox', { name: /^Profile/ })).not.toBeChecked();
	});

	test('the sign-in asks only for what the views read: friends, band and other events are left out', async ({
		page
	}) => {
		await page.goto(`${server.origin}/data`);
		const reads = page.getByRole('group', { name: 'Kinds of data this dashboard may read' });
		await expect(reads).toBeVisible();
		for (const name of [/^Friends/, /^Band events/, /^Other events/]) {
			await expect(reads.getByRole('checkbox', { name })).not.toBeChecked();
		}
		for (const name of [/^Activity/, /^Sleep/, /^Profile/, /^Meals/, /^Mood/]) {
			await expect(reads.getByRole('checkbox', { name })).toBeChecked();
		}
	});

	test('a form whose write the sign-in lacks is off from the start, saying which permission it needs', async ({
		page
	}) => {
		await page.goto(`${server.origin}/data`);
		const changes = page.getByRole('group', { name: 'Changes you may make from this dashboard' });
		await changes.getByRole('checkbox', { name: /Weigh-ins and weight goal/ }).uncheck();
		await changes.getByRole('checkbox', { name: /Moods you log/ }).uncheck();
		await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
		await page.getByRole('button', { name: 'Allow' }).click();
		await expect(page).toHaveURL(`${server.origin}/data`);

		await page.goto(`${server.origin}/body`);
		await expect(page.getByRole('button', { name: 'Log weigh-in' })).toBeDisabled();
		await expect(
			page.locator('form.weigh-in').getByRole('textbox', { name: /^Weight/ })
		).toBeDisabled();
		await expect(page.locator('form.weigh-in')).toContainText(
			'needs the permission to log weigh-ins (body_write)'
		);

		await page.goto(`${server.origin}/mood`);
		await expect(page.getByRole('button', { name: 'Log mood' })).toBeDisabled();
		await expect(page.getByRole('radio', { name: 'Amazing' })).toBeDisabled();
		await expect(page.locator('form.log')).toContainText(
			'needs the permission to log moods (mood_write)'
		);
	});
});
