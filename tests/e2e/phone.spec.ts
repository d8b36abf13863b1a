import { expect, test } from '@playwright/test';

// A common phone: 390 × 844 CSS pixels.
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the header stays short and Today’s totals so far are on the first screen', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
	const header = await page.locator('header').first().boundingBox();
	expect(header).not.toBeNull();
	// Brand and sync badge on one row, the views in a tab bar below: two short rows.
	expect(header!.height).toBeLessThan(110);

	// Today leads with the day's totals: all four of them show before any scrolling.
	const totals = page.locator('[data-today]');
	await expect(totals).toHaveCount(4);
	const boxes = await totals.evaluateAll((cards) =>
		cards.map((card) => card.getBoundingClientRect().bottom)
	);
	expect(Math.max(...boxes)).toBeLessThanOrEqual(844);
});

test('on a phone every view is one tap away and the current one is scrolled into sight', async ({
	page
}) => {
	await page.goto('/data');
	const nav = page.getByRole('navigation', { name: 'Views' });
	const current = nav.getByRole('link', { name: 'Data' });
	await expect(current).toHaveAttribute('aria-current', 'page');
	await expect(current).toBeInViewport({ ratio: 1 });
	for (const name of ['Today', 'Activity', 'Sleep', 'Goals', 'Trends', 'Compare']) {
		await expect(nav.getByRole('link', { name })).toBeAttached();
	}
	// The tab bar is a single row whatever its width: every link sits on the first link's line.
	const tops = await nav
		.getByRole('link')
		.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
	expect(new Set(tops).size).toBe(1);

	// From the keyboard, focus reaches a view beyond the edge, which scrolls into sight.
	await nav.getByRole('link', { name: 'Today' }).focus();
	await expect(nav.getByRole('link', { name: 'Today' })).toBeInViewport({ ratio: 1 });
	const names = (await nav.getByRole('link').allInnerTexts()).map((name) => name.trim());
	const steps = names.indexOf('Compare') - names.indexOf('Today');
	expect(steps).toBeGreaterThan(3);
	for (let step = 0; step < steps; step++) await page.keyboard.press('Tab');
	await expect(nav.getByRole('link', { name: 'Compare' })).toBeFocused();
	await expect(nav.getByRole('link', { name: 'Compare' })).toBeInViewport({ ratio: 1 });
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible();
});

test('at 320 px wide no page scrolls sideways', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 640 });
	for (const path of ['/', '/activity', '/sleep', '/goals', '/trends', '/compare', '/data']) {
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth
		);
		expect(overflow, path).toBeLessThanOrEqual(0);
	}
});

test('on a phone every control of the record views is a tap target of at least 44 px', async ({
	page
}) => {
	test.setTimeout(60_000);
	for (const path of ['/food', '/food?span=week', '/mood', '/heart', '/body', '/data']) {
		await page.goto(path);
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
		await page.waitForLoadState('networkidle');
		const small = await page.evaluate(() => {
			const controls = document.querySelectorAll<HTMLElement>(
				'main :is(button, a[href], select, summary, input:not([type="hidden"]))'
			);
			return [...controls].flatMap((control) => {
				// A box or a radio is tapped through its label.
				const target =
					control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
						? (control.closest('label') ?? control)
						: control;
				const box = target.getBoundingClientRect();
				if (box.width === 0 || box.height === 0) return [];
				return box.width < 44 || box.height < 44
					? [`${control.tagName} “${control.textContent?.trim() ?? ''}” ${box.width}×${box.height}`]
					: [];
			});
		});
		expect(small, path).toEqual([]);
	}
});
