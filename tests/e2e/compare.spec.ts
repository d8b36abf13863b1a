import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import * as z from 'zod/mini';

// The demo API is frozen at Monday 2026-03-30 18:00 UTC: this week is 30 Mar – 5 Apr 2026.
const movesSchema = z.object({
	data: z.object({
		items: z.array(
			z.object({
				date: z.int(),
				details: z.object({
					steps: z.nullable(z.number()),
					distance: z.nullable(z.number()),
					hourly_totals: z.record(z.string(), z.object({ steps: z.number() }))
				})
			})
		)
	})
});

/** A move's steps in its hours before `hour` (hours 00 to hour − 1), from its hourly totals. */
function stepsBefore(move: z.infer<typeof movesSchema>['data']['items'][number], hour: number) {
	let total = 0;
	for (let h = 0; h < hour; h++) {
		total += move.details.hourly_totals[`${move.date}${String(h).padStart(2, '0')}`]?.steps ?? 0;
	}
	return total;
}

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (msg) => {
		if (msg.type() === 'error') errors.push(msg.text());
	});
	page.on('pageerror', (err) => errors.push(err.message));
	return errors;
}

function datesFrom(first: [number, number, number], days: number): number[] {
	return Array.from({ length: days }, (_, i) => {
		const date = new Date(Date.UTC(first[0], first[1] - 1, first[2] + i));
		return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
	});
}

/** Each date's move read through the proxy, one request per date, as an independent check. */
async function movesFromProxy(page: Page, dates: readonly number[]) {
	const texts = await page.evaluate(
		(list) =>
			Promise.all(
				list.map(async (date) => {
					const response = await fetch(`/api/nudge/v.1.1/users/@me/moves?date=${date}`);
					return response.text();
				})
			),
		[...dates]
	);
	return texts.flatMap((text) => movesSchema.parse(JSON.parse(text)).data.items);
}

function mean(values: readonly number[]): number {
	return values.reduce((sum, value) => sum + value, 0) / values.length;
}

const grouped = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-GB', {
	style: 'percent',
	maximumFractionDigits: 1,
	signDisplay: 'exceptZero'
});
/** A change as the table writes it: a real minus sign for a loss. */
const change = { format: (ratio: number) => percent.format(ratio).replace('-', '\u2212') };

test('shows this week against the same days of last week, with means and % change that agree with the API', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/compare');
	await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible();
	// The overlaid chart draws both weeks whole and names them with their dates.
	const legend = page.getByRole('list', { name: 'Legend' }).first();
	await expect(legend).toContainText('This week: 30 Mar – 5 Apr 2026');
	await expect(legend).toContainText('Last week: 23 – 29 Mar 2026');

	// Monday 30 March at 20:00 in Berlin: this week has had one day, so the table compares this
	// Monday with last Monday, each up to 20:00.
	const card = page.getByRole('region', { name: /^Period comparison/ });
	await expect(card.locator('caption')).toHaveText(
		'Same part of each: Monday up to 20:00 of each week (30 Mar 2026 against 23 Mar 2026), ' +
			'since this week is not over. Workout time has no hourly record: that last day of each ' +
			'is left out of it. A night counts once it has ended.'
	);
	const thisWeekMoves = await movesFromProxy(page, datesFrom([2026, 3, 30], 7));
	const lastWeekMoves = await movesFromProxy(page, datesFrom([2026, 3, 23], 7));
	const thisWeek = thisWeekMoves.map((move) => stepsBefore(move, 20));
	const lastWeek = lastWeekMoves.flatMap((move) =>
		move.details.steps === null ? [] : [move.details.steps]
	);
	expect(thisWeek).toHaveLength(1);
	expect(lastWeek).toHaveLength(7);
	const lastMonday = lastWeekMoves
		.filter((move) => move.date === 20260323)
		.map((move) => stepsBefore(move, 20));
	const meanA = mean(thisWeek);
	const meanB = mean(lastMonday);

	const stepsRow = card.getByRole('row', { name: /^Steps / });
	const cells = stepsRow.getByRole('cell');
	await expect(cells.nth(0)).toHaveText(`${grouped.format(Math.round(meanA))} steps`);
	await expect(cells.nth(1)).toHaveText(`${grouped.format(Math.round(meanB))} steps`);
	await expect(cells.nth(3)).toHaveText(`${grouped.format(Math.round(meanB))} steps`);
	await expect(cells.nth(4)).toHaveText('1 vs 1');
	const pct = (meanA - meanB) / meanB;
	// More steps is better: the change says so in words, and in the colour the legend gives it.
	const word = Math.abs(pct) < 0.01 ? 'about the same' : pct > 0 ? 'better' : 'worse';
	await expect(cells.nth(5)).toHaveText(`${change.format(pct)}${word}`);
	const key = card.getByRole('list', { name: 'Legend' });
	await expect(key).toContainText('Better');
	await expect(key).toContainText('Worse');
	if (word !== 'about the same') {
		const swatch = key
			.getByRole('listitem')
			.filter({ hasText: word === 'better' ? /^Better$/ : /^Worse$/ });
		const swatchColour = await swatch
			.locator('.swatch')
			.evaluate((element) => getComputedStyle(element).backgroundColor);
		await expect(cells.nth(5)).toHaveCSS('color', swatchColour);
	}

	await expect(
		page.getByText(
			'This week: today so far; Tue 31 Mar – Sun 5 Apr not yet. Last week: 7 of 7 days with data.'
		)
	).toBeVisible();
	const chart = page.getByRole('group', { name: 'Steps: this week against last week' });
	await expect(chart).toBeVisible();
	// A week has few points: each day is a dot, and this week's Monday, under way, a hollow one.
	const dots = chart.locator('circle');
	await expect(dots).toHaveCount(thisWeek.length + lastWeek.length);
	await expect(chart.locator('circle.partial')).toHaveCount(1);
	await expect(dots.first()).toBeVisible();
	await expect(page.getByRole('row', { name: /^Median bedtime \d\d:\d\d / })).toBeVisible();
	expect(errors).toEqual([]);
});

test('a month under way is judged over its first 30 days, and fewer awakenings read as better', async ({
	page
}) => {
	await page.goto('/compare?preset=month');
	const card = page.getByRole('region', { name: /^Period comparison/ });
	await expect(card.locator('caption')).toContainText(
		'Same part of each: the first 30 days of each month, the last up to 20:00 (1 – 30 Mar 2026 against 1 – 28 Feb 2026)'
	);
	// Each judged change carries a word; awakenings going up is worse, down better.
	const awakenings = card
		.getByRole('row', { name: /^Awakenings / })
		.getByRole('cell')
		.nth(5);
	const text = (await awakenings.textContent()) ?? '';
	if (text.startsWith('+')) expect(text).toMatch(/(worse|about the same)$/);
	else if (text.startsWith('\u2212')) expect(text).toMatch(/(better|about the same)$/);
	await expect(
		card.getByText(/^(better|worse|about the same|higher|lower)$/).first()
	).toBeVisible();
	await page.setViewportSize({ width: 320, height: 800 });
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth
	);
	expect(overflow).toBeLessThanOrEqual(0);
});

test('changing the preset changes the URL, and back restores the week', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/compare');
	// The overlaid chart's legend names both periods with their dates.
	const legend = page.getByRole('list', { name: 'Legend' }).first();
	await expect(legend).toContainText('This week: 30 Mar – 5 Apr 2026');

	await page.getByRole('radio', { name: 'This month vs last month' }).check();
	await expect(page).toHaveURL(/[?&]preset=month(&|$)/);
	await expect(legend).toContainText('This month: 1 – 31 Mar 2026');
	await expect(legend).toContainText('Last month: 1 – 28 Feb 2026');

	await page.getByRole('radio', { name: 'This month vs the same month last year' }).check();
	await expect(page).toHaveURL(/[?&]preset=year(&|$)/);
	await expect(legend).toContainText('Same month last year: 1 – 31 Mar 2025');

	await page.goBack();
	await expect(page).toHaveURL(/[?&]preset=month(&|$)/);
	await expect(legend).toContainText('Last month: 1 – 28 Feb 2026');
	await page.goBack();
	await expect(page).toHaveURL(/\/compare$/);
	await expect(legend).toContainText('Last week: 23 – 29 Mar 2026');
	await expect(page.getByRole('radio', { name: 'This week vs last week' })).toBeChecked();
	expect(errors).toEqual([]);
});

test('a copied link reopens two custom periods with their metric and alignment', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto(
		'/compare?preset=custom&a=2026-03-01&b=2026-02-01&days=14&metric=distance&align=day'
	);
	// The overlaid chart's legend names both periods with their dates.
	const legend = page.getByRole('list', { name: 'Legend' }).first();
	await expect(legend).toContainText('Period A: 1 – 14 Mar 2026');
	await expect(legend).toContainText('Period B: 1 – 14 Feb 2026');
	await expect(page.getByLabel('Period A starts')).toHaveValue('2026-03-01');
	await expect(page.getByLabel('Period B starts')).toHaveValue('2026-02-01');
	await expect(page.getByLabel('Length in days')).toHaveValue('14');
	await expect(page.getByRole('combobox', { name: 'Chart metric' })).toHaveValue('distance');
	await expect(page.getByRole('radio', { name: 'By day of period' })).toBeChecked();
	await expect(
		page.getByRole('heading', {
			level: 2,
			name: /^Distance: 1\s– 14 Mar 2026 against 1\s– 14 Feb 2026$/
		})
	).toBeVisible();

	// Editing the length rewrites the link, so copying it again keeps the new choice.
	await page.getByLabel('Length in days').fill('7');
	await page.getByLabel('Length in days').press('Tab');
	await expect(page).toHaveURL(/[?&]days=7(&|$)/);
	await expect(legend).toContainText('Period A: 1 – 7 Mar 2026');
	expect(errors).toEqual([]);
});

test('by weekday lines a Saturday start up with a Sunday start, Sunday facing Sunday, on a Mon–Sun axis', async ({
	page
}) => {
	const errors = watchErrors(page);
	// Period A starts on Saturday 14 March, period B on Sunday 1 March.
	await page.goto('/compare?preset=custom&a=2026-03-14&b=2026-03-01&days=7&align=day');
	await expect(
		page.getByRole('heading', {
			level: 2,
			name: /^Steps: 14\s– 20 Mar 2026 against 1\s– 7 Mar 2026$/
		})
	).toBeVisible();
	const chart = page.getByRole('group', { name: /^Steps: 14\s– 20 Mar 2026 against/ });
	const slider = chart.getByRole('slider');
	const ticks = chart.locator('text');

	// By day of period: day 2 is Sunday in A but Monday in B.
	await expect(ticks.filter({ hasText: /^Day 1$/ })).toHaveCount(1);
	await slider.focus();
	await page.keyboard.press('ArrowRight');
	await expect(slider).toHaveAttribute(
		'aria-valuetext',
		/^Day 2\. .*\(Sun 15 Mar\).*\(Mon 2 Mar\)/
	);

	await page.getByRole('radio', { name: 'By weekday' }).check();
	await expect(page).toHaveURL(/[?&]align=weekday(&|$)/);
	await expect(chart.getByText('Day 1', { exact: true })).toHaveCount(0);
	for (const day of ['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
		await expect(ticks.filter({ hasText: new RegExp(`^${day}$`) }).first()).toBeVisible();
	}
	// The second position is Sunday in both periods: 15 March against 1 March.
	await slider.focus();
	await page.keyboard.press('ArrowRight');
	await expect(slider).toHaveAttribute('aria-valuetext', /^Sun\. .*\(Sun 15 Mar\).*\(Sun 1 Mar\)/);
	expect(errors).toEqual([]);
});

test('the week presets label their days Mon to Sun', async ({ page }) => {
	await page.goto('/compare');
	const chart = page.getByRole('group', { name: 'Steps: this week against last week' });
	await expect(chart).toBeVisible();
	const labels = await chart.locator('text').allTextContents();
	const days = labels.filter((text) => /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Day \d+)$/.test(text));
	expect(days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
});

test('the comparison table exports as CSV with both periods and the change', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/compare?preset=month');
	const card = page.getByRole('region', { name: /^Period comparison/ });
	await expect(card.getByRole('row', { name: /^Steps / })).toBeVisible();
	// The month fills in as its windows arrive: read the table once the sync has finished, so the
	// figure compared is the one the export sees.
	await expect(page.getByRole('link', { name: /^Synced / })).toBeVisible({ timeout: 30_000 });
	const shownChange = await card
		.getByRole('row', { name: /^Steps / })
		.getByRole('cell')
		.nth(5)
		.textContent();

	await card.getByRole('button', { name: 'Export' }).click();
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		card.getByRole('menuitem', { name: 'CSV data' }).click()
	]);
	// The file is named by the periods it holds.
	expect(download.suggestedFilename()).toBe(
		'period-comparison-this-month-against-last-month-2026-03-01-vs-2026-02-01.csv'
	);
	const path = await download.path();
	const lines = (await readFile(path, 'utf8')).trim().split('\r\n');
	expect(lines[0]).toBe(
		'Metric,Unit,This month daily mean,Last month daily mean,This month total,Last month total,' +
			'Change of the mean (%),This month days with data,Last month days with data'
	);
	const steps = lines.find((line) => line.startsWith('Steps,steps,'))?.split(',') ?? [];
	expect(steps).toHaveLength(9);
	// The CSV holds the unrounded change; the table shows it to one decimal.
	const changePct = Number(steps[6]);
	// The table's figure is followed by the word that judges it (better, worse…).
	expect(shownChange?.startsWith(change.format(changePct / 100))).toBe(true);
	expect(errors).toEqual([]);
});

test('one day against a day without records shows the lone value labelled in the middle', async ({
	page
}) => {
	await page.goto('/compare?preset=custom&a=2026-03-29&b=2020-01-01&days=1');
	const chart = page.getByRole('group', { name: /^Steps: 29 Mar 2026 against/ });
	const label = chart.locator('.lone-value');
	await expect(label).toHaveText(/^[\d,]+ steps$/);
	const plot = await chart.locator('.plot').boundingBox();
	const box = await label.boundingBox();
	expect(plot).not.toBeNull();
	expect(box).not.toBeNull();
	if (plot && box) {
		const centre = box.x + box.width / 2;
		expect(Math.abs(centre - (plot.x + plot.width / 2))).toBeLessThan(plot.width * 0.1);
	}
	// The value axis has no 0–1 sliver: its top tick is in thousands of steps.
	await expect(chart.locator('.axis-y text', { hasText: /^0\.\d$/ })).toHaveCount(0);
});
