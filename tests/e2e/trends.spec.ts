import { expect, test, type Page } from '@playwright/test';
import * as z from 'zod/mini';

// The demo API is frozen at Monday 2026-03-30 18:00 UTC (playwright.config.ts).
const TODAY = 20260330;

const trendsSchema = z.object({
	data: z.object({
		earliest: z.nullable(z.int()),
		data: z.array(z.tuple([z.int(), z.record(z.string(), z.unknown())]))
	})
});

/** Collects console errors and uncaught exceptions of a page, to assert none happened. */
function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (msg) => {
		if (msg.type() === 'error') errors.push(msg.text());
	});
	page.on('pageerror', (err) => errors.push(err.message));
	return errors;
}

/** One trends page read straight from the proxy, as the app's own fetch would. */
async function trendsFromProxy(page: Page, search: string) {
	const text = await page.evaluate(async (query) => {
		const response = await fetch(`/api/nudge/v.1.1/users/@me/trends?${query}`);
		return response.text();
	}, search);
	return trendsSchema.parse(JSON.parse(text)).data;
}

const grouped = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function isoDaysBefore(dateInt: number, days: number): string {
	const y = Math.floor(dateInt / 10000);
	const m = Math.floor(dateInt / 100) % 100;
	const d = dateInt % 100;
	return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

test('shows 90 days of steps whose mean agrees with the trends endpoint', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends');
	await expect(page.getByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
	await expect(page.getByRole('group', { name: 'Steps', exact: true })).toBeVisible();
	await expect(
		page.getByText(`Daily · ${isoDaysBefore(TODAY, 89)} to 2026-03-30 · 90 days`)
	).toBeVisible();

	const trends = await trendsFromProxy(page, `end_date=${TODAY}&num_buckets=90&bucket_size=d`);
	const steps = trends.data.flatMap(([, values]) =>
		typeof values.m_steps === 'number' ? [values.m_steps] : []
	);
	expect(steps.length).toBeGreaterThan(60);
	const mean = steps.reduce((sum, value) => sum + value, 0) / steps.length;
	await expect(
		page.getByText(
			`Steps: mean ${grouped.format(Math.round(mean))} steps over ${steps.length} of 90 buckets`
		)
	).toBeVisible();
	expect(errors).toEqual([]);
});

test('switching the metric shows the new series, and back restores the old one', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/trends');
	await expect(page.getByRole('group', { name: 'Steps', exact: true })).toBeVisible();

	await page
		.getByRole('combobox', { name: 'Metric', exact: true })
		.selectOption({ label: 'Sleep duration' });
	await expect(page).toHaveURL(/[?&]metric=s_duration(&|$)/);
	await expect(page.getByRole('group', { name: 'Sleep duration', exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 2, name: 'Sleep duration' })).toBeVisible();
	await expect(page.getByText('A night is shown under the date you woke up.')).toBeVisible();
	await expect(
		page.getByText(/^Sleep duration: mean \d+ h \d{2} min over \d+ of 90 buckets/)
	).toBeVisible();

	await page.goBack();
	await expect(page).not.toHaveURL(/metric=s_duration/);
	await expect(page.getByRole('group', { name: 'Steps', exact: true })).toBeVisible();
	await expect(page.getByRole('combobox', { name: 'Metric', exact: true })).toHaveValue('m_steps');
	await page.goForward();
	await expect(page.getByRole('combobox', { name: 'Metric', exact: true })).toHaveValue(
		's_duration'
	);
	expect(errors).toEqual([]);
});

test('draws a second metric on a twin right axis', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends?metric=m_steps&metric2=s_duration&bucket=w&n=26');
	const chart = page.getByRole('group', { name: 'Steps and Sleep duration' });
	await expect(chart).toBeVisible();
	await expect(page.getByRole('list', { name: 'Legend' })).toContainText(
		'Sleep duration (right axis)'
	);
	await expect(chart.locator('g.axis-y2')).toHaveCount(1);
	await expect(chart.locator('path.line')).toHaveCount(2);
	await expect(page.getByText(/^Weekly · .* · 26 weeks$/)).toBeVisible();
	await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
	expect(errors).toEqual([]);
});

test('a two-year daily span, more than 100 buckets, draws every day', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends?n=730');
	const chart = page.getByRole('group', { name: 'Steps', exact: true });
	await expect(chart).toBeVisible();
	await expect(
		page.getByText(`Daily · ${isoDaysBefore(TODAY, 729)} to 2026-03-30 · 730 days`)
	).toBeVisible();
	// One keyboard stop per bucket: all 730 arrived, over several pages of links.next.
	await expect(chart.getByRole('slider')).toHaveAttribute('aria-valuemax', '729');
	const path = await chart.locator('path.line').first().getAttribute('d');
	expect(path?.length ?? 0).toBeGreaterThan(5000);
	expect(errors).toEqual([]);
});

test('a metric hidden by the sign-in scopes is explained, not silently missing', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.route('**/api/session', async (route) => {
		const response = await route.fetch();
		const session = z.looseObject({ scopes: z.array(z.string()) }).parse(await response.json());
		await route.fulfill({
			response,
			json: { ...session, scopes: session.scopes.filter((scope) => scope !== 'sleep_read') }
		});
	});
	await page.goto('/trends?metric=s_quality');
	await expect(page.getByRole('list', { name: 'Hidden by permissions' })).toContainText(
		'Sleep quality needs sleep_read'
	);
	expect(errors).toEqual([]);
});

test('the keyboard zooms the line chart around the day being read, and 0 shows all again', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/trends');
	const plot = page.getByRole('slider', { name: /plus and minus zoom/ });
	await expect(plot).toBeVisible();
	await plot.focus();
	await page.keyboard.press('End');
	await expect(plot).toHaveAttribute('aria-valuetext', /Mon 30 Mar/);
	const allPoints = Number(await plot.getAttribute('aria-valuemax'));
	expect(allPoints).toBeGreaterThan(80);

	await page.keyboard.press('+');
	await page.keyboard.press('+');
	await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
	// A quarter of the span is left, still ending on the day being read.
	const zoomed = Number(await plot.getAttribute('aria-valuemax'));
	expect(zoomed).toBeLessThan(allPoints / 3);
	await expect(plot).toHaveAttribute('aria-valuetext', /Mon 30 Mar/);

	await page.keyboard.press('-');
	expect(Number(await plot.getAttribute('aria-valuemax'))).toBeGreaterThan(zoomed);
	await page.keyboard.press('0');
	await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeHidden();
	await expect(plot).toHaveAttribute('aria-valuemax', String(allPoints));
	expect(errors).toEqual([]);
});
