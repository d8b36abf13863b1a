// Daily totals as bars in fixed day slots: Activity's week with its goal line, and a Sleep month
// whose missing night stays a labelled gap in the chart and the table.
import { expect, test, type Page } from '@playwright/test';

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	return errors;
}

test('a week of Activity shows seven bars, Monday to Sunday, under the steps goal line', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.goto('/activity?span=week&date=2026-03-25');
	const chart = page.getByRole('group', { name: 'Steps per day, 23 Mar – 29 Mar 2026' });
	await expect(chart).toBeVisible();
	const days = chart.getByRole('gridcell');
	await expect(days).toHaveCount(7);
	await expect(days.first()).toHaveAccessibleName(/^Mon 23 Mar: [\d,]+ steps, goal 10,000 steps/);
	await expect(days.last()).toHaveAccessibleName(/^Sun 29 Mar: /);
	await expect(chart.locator('rect.bar')).toHaveCount(7);
	// The goal line sits on the 10k tick of the value axis (a flat line has no height to be "visible").
	const tenThousand = await chart.locator('g.axis-y text', { hasText: /^10k$/ }).getAttribute('y');
	await expect(chart.locator('line.goal')).toHaveAttribute('y1', tenThousand ?? 'no 10k tick');
	await expect(chart.getByText('Goal 10,000 steps')).toBeVisible();

	// The keyboard walks the days and the tooltip names each one.
	await days.first().focus();
	await page.keyboard.press('ArrowRight');
	await expect(days.nth(1)).toBeFocused();
	await expect(page.getByRole('tooltip')).toContainText('Tue 24 Mar');

	// The 7-day average is a choice kept in the URL.
	await page.getByRole('checkbox', { name: 'Show the 7-day average' }).check();
	await expect(page).toHaveURL(/avg=1/);
	await expect(chart.locator('path.average')).toBeVisible();
	expect(errors).toEqual([]);
});

test('the current week keeps the days still to come as empty slots, not as missing', async ({
	page
}) => {
	await page.goto('/activity?span=week');
	const chart = page.getByRole('group', { name: /^Steps per day, 30 Mar – 5 Apr 2026/ });
	await expect(chart.getByRole('gridcell')).toHaveCount(7);
	await expect(chart.getByRole('gridcell', { name: 'Sun 5 Apr: not yet' })).toHaveCount(1);
	await expect(chart.getByText('no record')).toHaveCount(0);
});

test('a Sleep month with a night removed shows "no record" in the chart and the table', async ({
	page
}) => {
	const errors = watchErrors(page);
	// The night woken from on 10 March is gone from what the API answers.
	await page.route('**/api/nudge/**/users/@me/sleeps**', async (route) => {
		const response = await route.fetch();
		const body: unknown = await response.json();
		const data = (body as { data?: { items?: unknown[] } }).data;
		if (data && Array.isArray(data.items)) {
			data.items = data.items.filter(
				(item) => (item as { date?: number; sub_type?: number }).date !== 20260310
			);
		}
		await route.fulfill({ response, json: body });
	});
	await page.goto('/sleep?span=month&date=2026-03-15');
	const asleep = page.getByRole('group', { name: 'Time asleep per night, Mar 2026' });
	await expect(asleep).toBeVisible();
	await expect(asleep.getByRole('gridcell')).toHaveCount(31);
	await expect(asleep.getByRole('gridcell', { name: 'Tue 10 Mar: no record' })).toBeVisible();
	await expect(asleep.getByText('no record')).toHaveCount(1);
	// The phase stacks and the bedtimes keep the gap too, rather than closing it up.
	for (const name of ['Sleep phases per night', 'Bedtimes and wake times']) {
		const chart = page.getByRole('group', { name });
		await expect(chart.getByRole('gridcell', { name: 'Tue 10 Mar: no record' })).toHaveCount(1);
	}

	const card = page.getByRole('region', { name: 'Time asleep per night' });
	await card.getByRole('button', { name: 'Show table' }).click();
	const row = card.getByRole('row', { name: /10 Mar/ });
	await expect(row).toContainText('no record');
	expect(errors).toEqual([]);
});

test.describe('on a touch screen', () => {
	test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

	test('tapping a day of the week reads that day', async ({ page }) => {
		await page.goto('/activity?span=week&date=2026-03-25');
		const chart = page.getByRole('group', { name: 'Steps per day, 23 Mar – 29 Mar 2026' });
		const wednesday = chart.getByRole('gridcell', { name: /^Wed 25 Mar/ });
		await wednesday.scrollIntoViewIfNeeded();
		const box = await wednesday.boundingBox();
		if (!box) throw new Error('Wednesday has no slot box');
		await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height - 4);
		await expect(page.getByRole('tooltip')).toContainText('Wed 25 Mar');
	});
});
