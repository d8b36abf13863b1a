// The Heart and Body views against the embedded demo API, read back through the proxy; and Body for a token without weight_read.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const API = '/api/nudge/v.1.1';
const TODAY = 20260330;

const heartRateSchema = z.object({ date: z.number(), resting_heartrate: z.nullable(z.number()) });
const bodyEventSchema = z.object({
	date: z.number(),
	time_created: z.number(),
	weight: z.nullable(z.number())
});
const settingsSchema = z.object({ metric: z.nullable(z.number()) });
const goalsSchema = z.object({
	body_weight: z.nullable(z.number()),
	body_weight_intent: z.optional(z.nullable(z.number()))
});

async function apiData<T>(request: APIRequestContext, path: string, schema: z.ZodMiniType<T>) {
	const response = await request.get(`${API}${path}`);
	expect(response.ok()).toBe(true);
	const body: unknown = await response.json();
	return z.object({ data: schema }).parse(body).data;
}

/** Every page of a list, following `links.next` through the proxy. */
async function allItems<T>(request: APIRequestContext, path: string, item: z.ZodMiniType<T>) {
	const page = z.object({
		data: z.object({
			items: z.array(item),
			links: z.optional(z.nullable(z.object({ next: z.optional(z.nullable(z.string())) })))
		})
	});
	const items: T[] = [];
	let url: string | null = `${API}${path}`;
	while (url !== null) {
		const response = await request.get(url);
		expect(response.ok()).toBe(true);
		const { data } = page.parse(await response.json());
		items.push(...data.items);
		const next = data.links?.next ?? null;
		url = next === null || data.items.length === 0 ? null : proxyPath(next);
	}
	return items;
}

/** The proxy's path for an upstream `next` link (`…/nudge/api/v.1.1/…` becomes `/api/nudge/v.1.1/…`). */
function proxyPath(next: string): string {
	const url = new URL(next, 'http://upstream.invalid');
	const at = url.pathname.indexOf('/nudge/api/');
	return `/api/nudge/${url.pathname.slice(at + '/nudge/api/'.length)}${url.search}`;
}

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text());
	});
	page.on('pageerror', (error) => errors.push(error.message));
	return errors;
}

/** One decimal, as the Body view writes a weight. */
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

test('Heart draws resting heart rate from the demo data, today’s reading as the API has it', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	const today = await apiData(
		request,
		`/users/@me/heartrates?date=${TODAY}`,
		z.object({ items: z.array(heartRateSchema) })
	);
	const reading = today.items.find((item) => item.date === TODAY);
	if (!reading || reading.resting_heartrate === null) throw new Error('no heart rate today');

	await page.goto('/heart');
	await expect(page.getByRole('heading', { level: 1, name: 'Heart' })).toBeVisible();
	await expect(page.locator('[data-figure="Latest"] dd')).toContainText(
		`${reading.resting_heartrate} bpm`
	);
	const chart = page.getByRole('group', { name: 'Resting heart rate' });
	// A month of daily readings, each a dot, over the baseline band.
	await expect
		.poll(async () => chart.locator('circle').count(), { timeout: 15_000 })
		.toBeGreaterThanOrEqual(25);
	await expect(chart.locator('path.band').first()).toBeVisible();
	// Show table and Export sit at the card's top right, beside the title, as on every card.
	const card = page.getByRole('region', { name: 'Resting heart rate' });
	const title = await card.getByRole('heading', { name: 'Resting heart rate' }).boundingBox();
	const actions = await card.getByRole('button', { name: 'Export' }).boundingBox();
	const cardBox = await card.boundingBox();
	if (!title || !actions || !cardBox) throw new Error('the card is drawn');
	expect(Math.abs(actions.y - title.y)).toBeLessThan(16);
	expect(actions.x + actions.width).toBeGreaterThan(cardBox.x + cardBox.width - 40);

	// The period lives in the URL, and a year holds more days.
	await page.getByRole('button', { name: 'Year' }).click();
	await expect(page).toHaveURL(/period=year/);
	await expect
		.poll(async () => chart.locator('circle').count(), { timeout: 15_000 })
		.toBeGreaterThan(200);

	// The keyboard reads a day, once the year's history has arrived (older days arriving later
	// would move the last day's place in the list).
	await expect(page.getByText(/^Synced/)).toBeVisible({ timeout: 15_000 });
	await chart.getByRole('slider').focus();
	await page.keyboard.press('End');
	await expect(chart.getByRole('slider')).toHaveAttribute(
		'aria-valuetext',
		new RegExp(`: ${reading.resting_heartrate} bpm, `)
	);
	// The last day's tooltip is flipped to the left of the point, at its own width (not squeezed
	// into the few pixels between the point and the chart's right edge).
	const tip = page.getByRole('tooltip');
	await expect(tip).toContainText(`${reading.resting_heartrate} bpm`);
	const box = await tip.boundingBox();
	expect(box?.width ?? 0).toBeGreaterThan(140);
	expect(errors).toEqual([]);
});

test('Body draws each weigh-in as a dot with the goal, the latest weight as the API has it', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	const recent = await allItems(
		request,
		`/users/@me/body_events?start_time=${Date.UTC(2025, 11, 20) / 1000}&end_time=${Date.UTC(2026, 2, 31) / 1000}`,
		bodyEventSchema
	);
	const settings = await apiData(request, '/users/@me/settings', settingsSchema);
	const goals = await apiData(request, '/users/@me/goals', goalsSchema);
	const weighIns = recent
		.filter((item) => item.weight !== null)
		.sort((a, b) => a.date - b.date || a.time_created - b.time_created);
	const latest = weighIns.at(-1);
	if (!latest || latest.weight === null) throw new Error('no weigh-in this year');
	const imperial = settings.metric === 0;
	const shown = (kg: number) =>
		imperial ? `${oneDecimal(kg / 0.45359237)} lb` : `${oneDecimal(kg)} kg`;

	await page.goto('/body');
	await expect(page.getByRole('heading', { level: 1, name: 'Body' })).toBeVisible();
	await expect(page.locator('[data-figure="Latest weigh-in"] dd')).toHaveText(
		new RegExp(`^${shown(latest.weight)} `)
	);
	if (goals.body_weight !== null) {
		await expect(page.locator('[data-figure="Weight goal"] dd')).toHaveText(
			new RegExp(`^${shown(goals.body_weight)} `)
		);
	}
	const chart = page.getByRole('group', { name: 'Weight at each weigh-in' });
	// Three months of weigh-ins, one dot each: not a dot per day.
	const inSpan = weighIns.filter((item) => item.date >= 20251231).length;
	await expect(chart.locator('circle')).toHaveCount(inSpan);
	await expect(chart.locator('path.trend')).toBeVisible();
	expect(errors).toEqual([]);
});

for (const path of ['/heart', '/body']) {
	test(`${path} fits a 320 px screen without sideways scrolling`, async ({ page }) => {
		await page.setViewportSize({ width: 320, height: 700 });
		await page.goto(path);
		await expect(page.locator('svg circle').first()).toBeVisible({ timeout: 15_000 });
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth
		);
		expect(overflow).toBe(0);
	});
}

test.describe('a token without weight_read', () => {
	const port = ownPort(1);
	const origin = `http://127.0.0.1:${port}`;
	let server: OwnServer | null = null;

	test.beforeAll(async () => {
		server = await startOwnServer(
			{
				NUDGE_ACCESS_TOKEN: 'e2e-static-token-without-weight',
				NUDGE_SCOPES:
					'basic_read extended_read move_read sleep_read meal_read mood_read heartrate_read'
			},
			{ port }
		);
	});

	test.afterAll(async () => {
		await server?.stop();
	});

	test('Body names the missing weight_read permission instead of an empty chart', async ({
		page
	}) => {
		await page.goto(`${origin}/body`);
		await expect(page.getByRole('heading', { level: 1, name: 'Body' })).toBeVisible();
		await expect(page.getByText('Permission missing.')).toBeVisible({ timeout: 15_000 });
		await expect(page.getByText(/body measurements \(weight_read\)/)).toBeVisible();
		await expect(page.getByRole('group', { name: 'Weight at each weigh-in' })).toHaveCount(0);
		// Heart, whose scope the token holds, still draws.
		await page.goto(`${origin}/heart`);
		await expect(page.locator('[data-figure="Latest"]')).toBeVisible({ timeout: 15_000 });
	});
});
