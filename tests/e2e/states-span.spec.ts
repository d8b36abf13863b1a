// What Trends, Compare, Insights and Workouts rest on: a morning under way, a partly covered year,
// history still loading, offline. Spec slots 12 and 13: two morning servers, one per half.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import type { OwnServer } from './support/own-server';
import { holdHistory, startMorningServer } from './support/states';

// The morning server's clock: 09:30 on Friday 27 November 2026 in Berlin.
const TODAY = 20261127;
/** The start of 1 October 2026 in Berlin (UTC+2 then): older history is held back. */
const OCTOBER = Date.UTC(2026, 8, 30, 22) / 1000;

const grouped = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

const trendsSchema = z.object({
	data: z.object({
		earliest: z.nullable(z.int()),
		data: z.array(z.tuple([z.int(), z.record(z.string(), z.unknown())]))
	})
});

const movesSchema = z.object({
	data: z.object({
		items: z.array(
			z.object({
				date: z.int(),
				time_updated: z.int(),
				details: z.object({
					steps: z.nullable(z.number()),
					hourly_totals: z.record(z.string(), z.object({ steps: z.number() }))
				})
			})
		)
	})
});

/** A GET of the proxy from inside the page, as the app's own fetch would make it. */
async function proxyJson(page: Page, path: string): Promise<unknown> {
	const text = await page.evaluate(async (url) => (await fetch(url)).text(), path);
	return JSON.parse(text);
}

function errorsOf(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	return errors;
}

/** The page's service worker is in control, so the next load works offline. */
async function keptForOffline(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
	await expect(page.getByRole('link', { name: /^Synced/ })).toBeVisible({ timeout: 30_000 });
	await keptForOffline(page);
	await context.setOffline(true);
}

test.describe('Trends and Compare on a Friday morning', () => {
	test.describe.configure({ mode: 'default' });
	let server: OwnServer | null = null;
	const origin = () => server?.origin ?? '';

	test.beforeAll(async () => {
		// The demo history is generated at start: slow on a busy machine.
		test.setTimeout(90_000);
		server = await startMorningServer(12);
	});
	test.afterAll(async () => {
		await server?.stop();
	});

	test('daily Trends draw today hollow and never call it the lowest day of 90', async ({
		page
	}) => {
		const errors = errorsOf(page);
		await page.goto(`${origin()}/trends`);
		const chart = page.getByRole('group', { name: 'Steps', exact: true });
		await expect(chart).toBeVisible({ timeout: 15_000 });
		await expect(chart.locator('circle.partial')).toHaveCount(1);

		const answer = trendsSchema.parse(
			await proxyJson(
				page,
				`/api/nudge/v.1.1/users/@me/trends?end_date=${TODAY}&num_buckets=90&bucket_size=d`
			)
		).data;
		const finished = answer.data.flatMap(([date, values]) =>
			date !== TODAY && typeof values.m_steps === 'number' ? [values.m_steps] : []
		);
		const lowest = Math.min(...finished);
		const summary = page.locator('[aria-label="Summary"]');
		await expect(summary).toContainText(`lowest ${grouped.format(lowest)} steps`);
		await expect(summary).not.toContainText(/lowest [^;]*27 Nov 2026/);
		await expect(summary).toContainText(/today so far/);
		expect(errors).toEqual([]);
	});

	test('yearly Trends draw one point per year under year ticks, and 2024’s 35 days are never the lowest', async ({
		page
	}) => {
		const errors = errorsOf(page);
		await page.goto(`${origin()}/trends?bucket=y`);
		const chart = page.getByRole('group', { name: /^Steps/ });
		await expect(chart).toBeVisible({ timeout: 15_000 });
		await expect(chart.locator('g.axis-x text:not(.context):not(.title)')).toHaveText([
			'2024',
			'2025',
			'2026'
		]);
		await expect(page.getByText(/2024: 35 of 366 days/)).toBeVisible();
		const summary = page.locator('[aria-label="Summary"]');
		await expect(summary).not.toContainText(/lowest [^;]*2024/);
		await expect(summary).not.toContainText(/highest [^;]*2024/);
		// A year reads as steps a day, so a year that began in late November is no cliff.
		await expect(page.getByRole('heading', { level: 2 })).toContainText('a day');
		expect(errors).toEqual([]);
	});

	test('offline, Trends show what is stored with its time, and say plainly what is not stored', async ({
		page,
		context
	}) => {
		await page.goto(`${origin()}/trends`);
		await expect(page.getByRole('group', { name: 'Steps', exact: true })).toBeVisible();
		await goOffline(page, context);

		await page.reload();
		await expect(page.getByRole('group', { name: 'Steps', exact: true })).toBeVisible();
		await expect(page.getByText(/^Offline: .*as of 09:30/)).toBeVisible();
		await expect(page.getByText(/Could(n’t| not) load/)).toHaveCount(0);

		await page.goto(`${origin()}/trends?bucket=m`);
		await expect(page.getByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
		await expect(page.getByText(/not stored in this browser yet/)).toBeVisible();
		await expect(page.getByText(/Could(n’t| not) load|Failed to fetch/)).toHaveCount(0);
		await context.setOffline(false);
	});

	test('this week against last compares Monday to Friday 09:00 with Monday to Friday 09:00, and the weekend is not yet', async ({
		page
	}) => {
		const errors = errorsOf(page);
		await page.goto(`${origin()}/compare`);
		const card = page.getByRole('region', { name: /^Period comparison/ });
		await expect(card.locator('caption')).toContainText('up to 09:00');

		const days = (first: number) => Array.from({ length: 5 }, (_, i) => first + i);
		const movesOf = async (dates: number[]) => {
			const answers = await Promise.all(
				dates.map(
					async (date) =>
						movesSchema.parse(
							await proxyJson(page, `/api/nudge/v.1.1/users/@me/moves?date=${date}`)
						).data.items
				)
			);
			return answers.flat();
		};
		// Whole days Monday to Thursday, and Friday's hours 00 to 08, in each week.
		const stepsSoFar = (moves: Awaited<ReturnType<typeof movesOf>>, friday: number) =>
			moves.map((move) => {
				if (move.date !== friday) return move.details.steps ?? 0;
				let total = 0;
				for (let hour = 0; hour < 9; hour++)
					total += move.details.hourly_totals[`${friday}0${hour}`]?.steps ?? 0;
				return total;
			});
		const thisWeek = stepsSoFar(await movesOf(days(20261123)), 20261127);
		const lastWeek = stepsSoFar(await movesOf(days(20261116)), 20261120);
		expect(thisWeek).toHaveLength(5);
		expect(lastWeek).toHaveLength(5);
		const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
		const change = ((sum(thisWeek) - sum(lastWeek)) / sum(lastWeek)) * 100;
		const expected = `${change < 0 ? '−' : '+'}${Math.abs(change).toFixed(1)}%`;
		const steps = card.getByRole('row', { name: /^Steps / });
		await expect(steps.getByRole('cell').last()).toContainText(expected);

		// Days to come are "not yet", never "no data".
		await expect(page.getByText(/5 of 7 days with data/)).toHaveCount(0);
		await expect(page.getByText(/Sat 28\s– Sun 29 Nov not yet/)).toBeVisible();
		const overlay = page.getByRole('region', { name: /^Steps: this week/ });
		await overlay.getByRole('button', { name: 'Show table' }).click();
		await expect(overlay.getByRole('row', { name: /^Sat / })).toContainText('not yet');
		await expect(overlay.getByText('no data')).toHaveCount(0);
		expect(errors).toEqual([]);
	});

	test('on a phone Compare stacks each metric’s periods and change, and its choices are 44 px tap targets', async ({
		page
	}) => {
		await page.setViewportSize({ width: 390, height: 844 });
		await page.goto(`${origin()}/compare`);
		const card = page.getByRole('region', { name: /^Period comparison/ });
		const steps = card.getByRole('row', { name: /^Steps / });
		await expect(steps).toBeVisible();
		// No sideways scroll: the change sits inside the card, under the periods.
		const table = card.getByRole('region', { name: /\(table\)$/ });
		expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
		const change = steps.getByRole('cell').last();
		const [row, cell] = [await steps.boundingBox(), await change.boundingBox()];
		expect(cell && row && cell.x + cell.width <= row.x + row.width + 1).toBe(true);
		for (const radio of await page.getByRole('radio').all()) {
			const box = await radio.boundingBox();
			expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
			expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
		}
		const axe = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
		expect(axe.violations.map((violation) => violation.nodes.map((node) => node.target))).toEqual(
			[]
		);
	});
});

test.describe('Insights and Workouts while history loads and offline', () => {
	test.describe.configure({ mode: 'default' });
	let server: OwnServer | null = null;
	const origin = () => server?.origin ?? '';

	test.beforeAll(async () => {
		test.setTimeout(90_000);
		server = await startMorningServer(13);
	});
	test.afterAll(async () => {
		await server?.stop();
	});

	test('Insights hold back "most", "longest", streaks and "not enough days" while the year is read', async ({
		page
	}) => {
		test.setTimeout(90_000);
		const moves = await holdHistory(page, '/users/@me/moves', OCTOBER);
		await page.goto(`${origin()}/insights`);
		const most = page.locator('[data-finding="most-steps"]');
		await expect(most).toContainText(/so far: [\d,]+ of 36\d days/);
		await expect(most).not.toContainText(/steps on /);
		await expect(page.locator('[data-finding="step-streak"]')).not.toContainText(/longest run/);
		await expect(page.getByText(/Not enough days yet/)).toHaveCount(0);
		await expect.poll(() => moves.held(), { timeout: 30_000 }).toBeGreaterThan(0);

		await moves.release();
		await expect(most).toContainText('33,382 steps on Mon 20 Jul 2026', { timeout: 60_000 });
		await expect(most).not.toContainText('so far');
	});

	test('Workouts hold their personal records back while the two years are read', async ({
		page
	}) => {
		test.setTimeout(90_000);
		const workouts = await holdHistory(page, '/users/@me/workouts', OCTOBER);
		await page.goto(`${origin()}/workouts`);
		const records = page.getByRole('region', { name: 'Personal records' });
		await expect(records).toContainText(/so far: [\d,]+ of 7\d\d days/);
		await expect(records.getByRole('heading', { level: 3 })).toHaveCount(0);
		await expect.poll(() => workouts.held(), { timeout: 30_000 }).toBeGreaterThan(0);

		await workouts.release();
		await expect(records.getByRole('heading', { level: 3, name: /^Run · 103$/ })).toBeVisible({
			timeout: 60_000
		});
	});

	test('offline, Insights say their findings rest on the days stored in this browser', async ({
		page,
		context
	}) => {
		test.setTimeout(90_000);
		await page.goto(`${origin()}/`);
		await goOffline(page, context);
		await page.goto(`${origin()}/insights`);
		await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
		await expect(page.locator('[data-finding="most-steps"]')).toContainText(
			/based on the [\d,]+ days stored in this browser/
		);
		await context.setOffline(false);
	});

	test('on a phone the workout calendar’s chips keep their names and are 44 px tap targets', async ({
		page
	}) => {
		await page.setViewportSize({ width: 390, height: 844 });
		await page.goto(`${origin()}/workouts`);
		const calendar = page.getByRole('table', { name: /^Workouts in Nov 2026 by day$/ });
		const chips = calendar.getByRole('link');
		await expect(chips.first()).toBeVisible();
		await expect(calendar.getByRole('link', { name: 'Run' }).first()).toBeVisible();
		await expect(calendar.getByRole('link', { name: 'Walk' }).first()).toBeVisible();
		for (const chip of await chips.all()) {
			const box = await chip.boundingBox();
			expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
			expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
			// The name is drawn, not hidden at a font size of 0.
			expect(
				await chip.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
			).toBeGreaterThan(8);
		}
		const axe = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
		expect(axe.violations.map((violation) => violation.nodes.map((node) => node.target))).toEqual(
			[]
		);
		expect(
			await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
		).toBeLessThanOrEqual(0);
	});
});
