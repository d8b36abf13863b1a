// The Food view against the embedded demo API: a day's energy and meals as the API has them (read
// back through the proxy), and a week's chart read by keyboard and by touch.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as z from 'zod/mini';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const API = '/api/nudge/v.1.1';

const mealSchema = z.object({
	xid: z.string(),
	date: z.number(),
	time_created: z.number(),
	details: z.object({ calories: z.nullable(z.number()), tz: z.string() })
});
const mealWithItemsSchema = z.object({
	items: z.object({ items: z.array(z.object({ name: z.string() })) })
});

async function apiData<T>(request: APIRequestContext, path: string, schema: z.ZodMiniType<T>) {
	const response = await request.get(`${API}${path}`);
	expect(response.ok()).toBe(true);
	return z.object({ data: schema }).parse(await response.json()).data;
}

const kcal = (value: number) => `${Math.round(value).toLocaleString('en-GB')} kcal`;

test('a day’s energy eaten and its meals with their foods are the ones the API holds', async ({
	page,
	request
}) => {
	const { items: meals } = await apiData(
		request,
		'/users/@me/meals?date=20260329',
		z.object({ items: z.array(mealSchema) })
	);
	expect(meals.length).toBeGreaterThan(1);
	const eaten = meals.reduce((total, meal) => total + (meal.details.calories ?? 0), 0);
	const first = [...meals].sort((a, b) => a.time_created - b.time_created)[0];
	if (!first) throw new Error('the demo day has meals');
	const firstMeal = await apiData(request, `/meals/${first.xid}`, mealWithItemsSchema);

	await page.goto('/food?date=2026-03-29');
	const figures = page.getByRole('definition');
	await expect(page.locator('[data-figure="Eaten"] dd')).toHaveText(kcal(eaten));
	await expect(figures.first()).toBeVisible();
	const cards = page.locator('li.meal');
	await expect(cards).toHaveCount(meals.length);
	// The first meal eaten comes first, on the clock of its own zone, with every food in it.
	const card = cards.first();
	await expect(card.locator('.tz')).toHaveText(first.details.tz);
	await expect(card.locator('.items li')).toHaveCount(firstMeal.items.items.length);
	for (const item of firstMeal.items.items) await expect(card).toContainText(item.name);

	// The day is drawn too: eaten against the budget, and the split of protein, carbohydrates and
	// fat, with the numbers in its table.
	const chart = page.getByRole('group', { name: 'Energy eaten against the budget, and its split' });
	await expect(chart.getByRole('gridcell', { name: /^Eaten: / })).toContainText(
		/kcal (left of|over) a [\d,]+ kcal budget/
	);
	await expect(chart.getByRole('gridcell', { name: /^Protein [\d.]+ g, \d+%$/ })).toHaveCount(1);
	const dayCard = page.getByRole('region', { name: 'Eaten against the budget' });
	await dayCard.getByRole('button', { name: 'Show table' }).click();
	await expect(dayCard.getByRole('table').getByRole('row', { name: /^Eaten\b/ })).toContainText(
		kcal(eaten)
	);
});

test('a week draws a bar for each day eaten with the budget, read by keyboard and by touch', async ({
	browser
}) => {
	const context = await browser.newContext({
		hasTouch: true,
		viewport: { width: 390, height: 844 }
	});
	const page = await context.newPage();
	await page.goto('/food?span=week&date=2026-03-23');
	const chart = page.getByRole('group', { name: 'Energy eaten per day against the budget' });
	await expect(chart.locator('rect.bar')).toHaveCount(7);
	await expect(chart.locator('path.budget')).toHaveAttribute('d', /^M/);

	const days = chart.getByRole('gridcell');
	await days.first().focus();
	await page.keyboard.press('ArrowRight');
	await expect(days.nth(1)).toBeFocused();
	await expect(page.getByRole('tooltip')).toContainText('Tue 24 Mar');
	await expect(page.getByRole('tooltip')).toContainText('Budget');

	const box = await chart.boundingBox();
	if (!box) throw new Error('the chart has no box');
	await page.touchscreen.tap(box.x + box.width * 0.93, box.y + box.height / 2);
	await expect(page.getByRole('tooltip')).toContainText('Sun 29 Mar');
	await context.close();
});

test('a month’s chart exports as CSV with plain units, no record left empty, and as SVG', async ({
	page
}) => {
	await page.goto('/food?span=month&date=2026-03-01');
	const card = page.getByRole('region', { name: 'Energy eaten per day' });
	await expect(card.locator('rect.bar').first()).toBeVisible();
	const download = async (format: string) => {
		await card.getByRole('button', { name: 'Export' }).click();
		const [file] = await Promise.all([
			page.waitForEvent('download'),
			card.getByRole('menuitem', { name: format }).click()
		]);
		return readFile(await file.path(), 'utf8');
	};
	const csv = (await download('CSV data')).trim().split(/\r?\n/);
	expect(csv[0]).toBe('Date,Eaten (kcal),Record,Budget (kcal),Total burned (kcal)');
	// March has 31 days, each a row; the 31st is still to come for the demo's today of 30 March.
	expect(csv).toHaveLength(32);
	expect(csv.at(-1)).toBe('2026-03-31,,not yet,,');
	expect(csv.at(-2)).toMatch(/^2026-03-30,\d+,under way,\d+,\d+$/);
	expect(csv[1]).toMatch(/^2026-03-01,\d+,recorded,\d+,\d+$/);
	const svg = await download('SVG image');
	// The budget line travels with its drawn style inlined: a dashed stroke.
	expect(svg).toMatch(/<path d="M[^"]+"[^>]*stroke-dasharray/);
});

test('this week’s days still to come are "not yet", and today, under way, is left out of the averages', async ({
	page
}) => {
	// The demo's today is Monday 30 March, 20:00: the day under way, six to come.
	await page.goto('/food?span=week');
	const chart = page.getByRole('group', { name: 'Energy eaten per day against the budget' });
	await expect(chart.locator('rect.bar.underway')).toHaveCount(1);
	await expect(chart.getByRole('gridcell', { name: /^Tue 31 Mar: not yet$/ })).toHaveCount(1);
	await expect(chart.getByRole('gridcell', { name: /no record/ })).toHaveCount(0);
	const days = page.locator('[data-figure="Days averaged"]');
	await expect(days.locator('dd')).toContainText(/^0\b/);
	await expect(days.locator('.note')).toHaveText('today, under way, left out');
});

test.describe('a token without meal_read', () => {
	const port = ownPort(2);
	const origin = `http://127.0.0.1:${port}`;
	let server: OwnServer | null = null;

	test.beforeAll(async () => {
		server = await startOwnServer(
			{
				NUDGE_ACCESS_TOKEN: 'e2e-static-token-without-meals',
				NUDGE_SCOPES: 'basic_read extended_read move_read sleep_read weight_read heartrate_read'
			},
			{ port }
		);
	});

	test.afterAll(async () => {
		await server?.stop();
	});

	test('Food names the missing meal_read permission instead of showing no meals', async ({
		page
	}) => {
		await page.goto(`${origin}/food?span=week&date=2026-03-23`);
		await expect(page.getByRole('heading', { level: 1, name: 'Food' })).toBeVisible();
		await expect(page.getByText('Permission missing.')).toBeVisible({ timeout: 15_000 });
		await expect(page.getByText(/meals \(meal_read\)/)).toBeVisible();
		await expect(
			page.getByRole('group', { name: 'Energy eaten per day against the budget' })
		).toHaveCount(0);
	});
});
