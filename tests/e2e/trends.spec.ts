import AxeBuilder from '@axe-core/playwright';
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `31 Dec 2025`: the day `days` before `dateInt`, as subtitles write a date. */
function dateDaysBefore(dateInt: number, days: number): string {
	const y = Math.floor(dateInt / 10000);
	const m = Math.floor(dateInt / 100) % 100;
	const d = dateInt % 100;
	const date = new Date(Date.UTC(y, m - 1, d - days));
	return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

test('shows 90 days of steps whose mean agrees with the trends endpoint', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends');
	await expect(page.getByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
	await expect(page.getByRole('group', { name: 'Steps', exact: true })).toBeVisible();
	await expect(
		page.getByText(`Daily · ${dateDaysBefore(TODAY, 89)} – 30 Mar 2026 · 90 days`)
	).toBeVisible();

	const trends = await trendsFromProxy(page, `end_date=${TODAY}&num_buckets=90&bucket_size=d`);
	// Today is under way: its steps so far are left out of the mean.
	const steps = trends.data.flatMap(([date, values]) =>
		date !== TODAY && typeof values.m_steps === 'number' ? [values.m_steps] : []
	);
	expect(steps.length).toBeGreaterThan(60);
	const mean = steps.reduce((sum, value) => sum + value, 0) / steps.length;
	await expect(
		page.getByText(
			`Steps: mean ${grouped.format(Math.round(mean))} steps over ${steps.length === 89 ? '' : `${steps.length} of `}89 whole days`
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
		.selectOption({ label: 'Asleep' });
	await expect(page).toHaveURL(/[?&]metric=s_duration(&|$)/);
	await expect(page.getByRole('group', { name: 'Asleep', exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 2, name: 'Asleep' })).toBeVisible();
	await expect(page.getByText('A night is shown under the date you woke up.')).toBeVisible();
	await expect(
		page.getByText(/^Asleep: mean \d+ h \d{2} min over (\d+ of )?90 whole days/)
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
	const chart = page.getByRole('group', { name: 'Steps and Asleep' });
	await expect(chart).toBeVisible();
	await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Asleep (right axis)');
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
	// Two years of days are computed by the service: allow for a busy machine.
	await expect(chart).toBeVisible({ timeout: 20_000 });
	await expect(
		page.getByText(`Daily · ${dateDaysBefore(TODAY, 729)} – 30 Mar 2026 · 730 days`)
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

test('bedtimes are drawn on a 24-hour clock around midnight, beside time in bed', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/trends?metric=s_bedtime&metric2=s_in_bed');
	const chart = page.getByRole('group', { name: 'Bedtime and In bed' });
	await expect(chart).toBeVisible();
	const ticks = await chart.locator('g.axis-y text').allTextContents();
	expect(ticks.length).toBeGreaterThan(2);
	for (const tick of ticks) expect(tick).toMatch(/^([01]\d|2[0-3]):00$/);
	await expect(page.getByText(/^Bedtime: mean ([01]\d|2[0-3]):[0-5]\d over/)).toBeVisible();
	await expect(page.getByText(/^In bed: mean \d+ h \d{2} min over/)).toBeVisible();
	await expect(page.getByRole('list', { name: 'Legend' })).toContainText('In bed (right axis)');
	expect(errors).toEqual([]);
});

test('a zoom lives in the URL: the span and summary follow it, and it survives a reload', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/trends');
	const plot = page.getByRole('slider', { name: /plus and minus zoom/ });
	await expect(plot).toBeVisible();
	await plot.focus();
	await page.keyboard.press('End');
	await page.keyboard.press('+');
	await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=2026-03-30(&|$)/);
	const from = new URL(page.url()).searchParams.get('from') ?? '';
	const fromText = dateDaysBefore(Number(from.replaceAll('-', '')), 0).replace(/ 2026$/, '');
	const subtitle = page.getByText(
		new RegExp(`^Daily · ${fromText}\\s– 30 Mar 2026 · (\\d+) of 90 days$`)
	);
	await expect(subtitle).toBeVisible();
	const shown = Number(/· (\d+) of 90/.exec((await subtitle.textContent()) ?? '')?.[1]);
	expect(shown).toBeLessThan(90);
	// Today, under way, is in view but not among the whole days.
	await expect(
		page.getByText(new RegExp(`^Steps: mean .* over (\\d+ of )?${shown - 1} whole days`))
	).toBeVisible();

	await page.reload();
	await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
	await expect(subtitle).toBeVisible();
	await expect(page.getByRole('slider', { name: /plus and minus zoom/ })).toHaveAttribute(
		'aria-valuemax',
		String(shown - 1)
	);
	await page.getByRole('button', { name: 'Reset zoom' }).click();
	await expect(page).not.toHaveURL(/from=/);
	await expect(page.getByText(/^Daily · .* · 90 days$/)).toBeVisible();
	expect(errors).toEqual([]);
});

test('a count out of range says so beside the field instead of being ignored', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends?bucket=w');
	const count = page.getByRole('spinbutton', { name: 'Number of weeks' });
	await count.fill('5000');
	await count.press('Enter');
	await count.blur();
	const message = 'Enter a whole number of weeks from 1 to 1000; showing 52 weeks.';
	await expect(page.getByText(message)).toBeVisible();
	await expect(count).toHaveAccessibleDescription(message);
	await expect(count).toHaveValue('5000');
	await expect(page.getByText(/^Weekly · .* · 52 weeks$/)).toBeVisible();
	await count.fill('12');
	await count.blur();
	await expect(page.getByText(message)).toBeHidden();
	await expect(page.getByText(/^Weekly · .* · 12 weeks$/)).toBeVisible();
	expect(errors).toEqual([]);
});

test('the week under way is drawn hollow and left out of the mean', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends?bucket=w&n=8');
	const chart = page.getByRole('group', { name: 'Steps', exact: true });
	await expect(chart.locator('circle.partial')).toHaveCount(1);
	await expect(
		page.getByText(/^Week of 30 Mar 2026: 0 of 7 days so far, today under way/)
	).toBeVisible();
	await expect(
		page.getByText(/^Steps: mean .* steps a day over (\d+ of )?7 whole weeks/)
	).toBeVisible();
	expect(errors).toEqual([]);
});

test('a span before the first record shows an empty state, not an empty axis', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends?end=2015-06-30&n=30');
	await expect(page.getByText('No data in this span: try an earlier end date')).toBeVisible();
	await expect(page.getByRole('slider', { name: /plus and minus zoom/ })).toHaveCount(0);
	expect(errors).toEqual([]);
});

test('the yearly view starts at the year of the first record', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/trends?bucket=y&n=20');
	const earliest = await page.getByText(/^Your records start on \d+ \w+ \d{4}\./).textContent();
	const first = /on (\d+ \w+ \d{4})\./.exec(earliest ?? '')?.[1] ?? '';
	await expect(
		page.getByText(new RegExp(`^Yearly · ${first}\\s– 30 Mar 2026 · 3 years`))
	).toBeVisible();
	// Year ticks under yearly points, never months between them.
	const ticks = page
		.getByRole('group', { name: /^Steps/ })
		.locator('g.axis-x text:not(.context):not(.title)');
	await expect(ticks).toHaveText(['2024', '2025', '2026']);
	expect(errors).toEqual([]);
});

test('the activity heatmap has a colour legend and follows the measure chooser', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/activity?span=year');
	const legend = page.getByRole('img', {
		name: /^Colour scale: 0 steps to .* to (≥ )?[\d,]+ steps/
	});
	await expect(legend).toBeVisible();
	await expect(
		page.getByRole('heading', { level: 2, name: 'Steps by day and hour' })
	).toBeVisible();

	await page
		.getByRole('group', { name: 'Measure' })
		.getByRole('button', { name: 'Active time' })
		.click();
	await expect(page).toHaveURL(/[?&]metric=active_time(&|$)/);
	await expect(
		page.getByRole('heading', { level: 2, name: 'Active time by day and hour' })
	).toBeVisible();
	await expect(page.getByRole('img', { name: /^Colour scale: 0 min to .* min/ })).toBeVisible();
	await page.reload();
	await expect(
		page.getByRole('heading', { level: 2, name: 'Active time by day and hour' })
	).toBeVisible();
	expect(errors).toEqual([]);
});

for (const width of [320, 1440]) {
	for (const path of [
		'/trends?metric=s_bedtime&metric2=s_in_bed',
		'/trends?bucket=w&n=5000',
		'/trends?end=2015-06-30&n=30',
		'/activity?span=year'
	]) {
		test(`${path} at ${width} px fits the screen and passes axe`, async ({ page }) => {
			await page.setViewportSize({ width, height: 900 });
			await page.goto(path);
			await expect(page.locator('main h1')).toBeVisible();
			await page.waitForLoadState('networkidle');
			expect(
				await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
			).toBeLessThanOrEqual(0);
			const results = await new AxeBuilder({ page }).analyze();
			expect(
				results.violations.map(
					(v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
				)
			).toEqual([]);
		});
	}
}

test('a one-day span shows its value as a figure, not a dot in a corner of an empty axis', async ({
	page
}) => {
	await page.goto('/trends?n=1');
	const card = page.getByRole('region', { name: 'Steps' });
	await expect(card.getByText(/^Daily · 30 Mar 2026 · 1 day$/)).toBeVisible();
	await expect(card.getByRole('definition').first()).toHaveText(
		/^[\d,]+ steps on Mon 30 Mar 2026 so far/
	);
	await expect(card.getByText('the only bucket with data here', { exact: false })).toBeVisible();
	await expect(card.locator('svg.chart-svg')).toHaveCount(0);
});
