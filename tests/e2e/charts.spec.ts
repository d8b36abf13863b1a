// Every view as a person sees it on a phone and a desktop: nothing wider than the screen, axes in
// our own calendar and clock format, nothing axe-core objects to, and touch that reads the right day.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const VIEWS = [
	'/',
	'/activity',
	'/activity?span=week',
	'/sleep',
	'/sleep?span=month',
	'/workouts',
	'/heart',
	'/body',
	'/food',
	'/food?span=week',
	'/goals',
	'/trends',
	'/compare',
	'/data'
] as const;
// A 12-hour clock or a fraction of a second, as d3's default time format prints them.
const NOT_OUR_FORMAT = /AM|PM|^\.\d/;

/** Waits for the view's data, then opens every chart's table, as a person checking numbers would. */
async function openView(page: Page, path: string): Promise<void> {
	await page.goto(path);
	await expect(page.locator('main h1')).toBeVisible();
	await page.waitForLoadState('networkidle');
	// Each click renames its button "Hide table", so the next one is always the first left.
	const show = page.getByRole('button', { name: 'Show table' });
	for (let left = await show.count(); left > 0; left -= 1) {
		await show.first().click();
		await expect(show).toHaveCount(left - 1);
	}
}

async function horizontalOverflow(page: Page): Promise<number> {
	return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function axisTickTexts(page: Page): Promise<string[]> {
	return page.locator('g.axis text').allTextContents();
}

for (const width of [390, 1440]) {
	for (const path of VIEWS) {
		test(`${path} at ${width} px fits the screen, speaks our time format and passes axe with tables open`, async ({
			page
		}) => {
			await page.setViewportSize({ width, height: 900 });
			await openView(page, path);
			expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
			for (const text of await axisTickTexts(page)) expect(text).not.toMatch(NOT_OUR_FORMAT);
			const results = await new AxeBuilder({ page }).analyze();
			expect(
				results.violations.map(
					(v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
				)
			).toEqual([]);
		});
	}
}

for (const width of [320, 768]) {
	test(`no view is wider than a ${width} px screen, tables open`, async ({ page }) => {
		// Every view in turn, the Data page's two-year sync included: more than one view's time.
		test.setTimeout(120_000);
		await page.setViewportSize({ width, height: 900 });
		const views = VIEWS.filter((path) => !path.startsWith('/food'));
		for (const path of [...views, '/trends?bucket=w']) {
			await openView(page, path);
			expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
		}
	});
}

for (const width of [320, 768]) {
	test(`the Food view is no wider than a ${width} px screen at every span, tables open`, async ({
		page
	}) => {
		await page.setViewportSize({ width, height: 900 });
		for (const path of ['/food', '/food?span=week', '/food?span=month']) {
			await openView(page, path);
			expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
		}
	});
}

test('time axes keep our format at every span and zoom', async ({ page }) => {
	for (const path of [
		'/activity?span=week',
		'/activity?span=month',
		'/activity?span=year',
		'/sleep?span=month',
		'/food?span=week',
		'/food?span=month',
		'/trends?bucket=w',
		'/trends?bucket=m',
		'/trends?n=3650'
	]) {
		await page.goto(path);
		await page.waitForLoadState('networkidle');
		await expect(page.locator('g.axis text').first()).toBeVisible();
		const slider = page.getByRole('slider', { name: /plus and minus zoom/ }).first();
		const zooms = (await slider.count()) > 0 ? ['', '+', '+', '+'] : [''];
		for (const key of zooms) {
			if (key) {
				await slider.focus();
				await page.keyboard.press(key);
			}
			for (const text of await axisTickTexts(page)) {
				expect({ path, key, text }).not.toEqual(
					expect.objectContaining({ text: expect.stringMatching(NOT_OUR_FORMAT) })
				);
			}
		}
	}
});

test.describe('on a touch screen', () => {
	test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

	test('tapping a line chart at 60 % of its width reads the day near 60 % of the span', async ({
		page
	}) => {
		await page.goto('/trends');
		const plot = page.getByRole('slider', { name: /plus and minus zoom/ });
		await plot.scrollIntoViewIfNeeded();
		const box = await plot.boundingBox();
		if (!box) throw new Error('the line chart has no plot box');
		await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height / 2);
		const last = Number(await plot.getAttribute('aria-valuemax'));
		expect(last).toBeGreaterThan(80);
		await expect(plot).not.toHaveAttribute('aria-valuetext', 'No point selected');
		const chosen = Number(await plot.getAttribute('aria-valuenow'));
		expect(Math.abs(chosen / last - 0.6)).toBeLessThan(0.03);
		await expect(page.getByRole('tooltip')).toBeVisible();
	});
});
