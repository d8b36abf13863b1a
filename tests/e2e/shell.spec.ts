import { expect, test } from '@playwright/test';

const views = [
	{ path: '/', heading: 'Today' },
	{ path: '/activity', heading: 'Activity' },
	{ path: '/sleep', heading: 'Sleep' },
	{ path: '/workouts', heading: 'Workouts' },
	{ path: '/heart', heading: 'Heart' },
	{ path: '/body', heading: 'Body' },
	{ path: '/food', heading: 'Food' },
	{ path: '/mood', heading: 'Mood' },
	{ path: '/insights', heading: 'Insights' },
	{ path: '/goals', heading: 'Goals' },
	{ path: '/trends', heading: 'Trends' },
	{ path: '/compare', heading: 'Compare' },
	{ path: '/data', heading: 'Data' }
];

for (const view of views) {
	test(`opens ${view.path} with its heading, navigation and no console errors`, async ({
		page
	}) => {
		const errors: string[] = [];
		page.on('console', (msg) => {
			if (msg.type() === 'error') errors.push(msg.text());
		});
		page.on('pageerror', (err) => errors.push(err.message));

		await page.goto(view.path);
		await expect(page.getByRole('heading', { level: 1, name: view.heading })).toBeVisible();
		const nav = page.getByRole('navigation', { name: 'Views' });
		await expect(nav.getByRole('link', { name: view.heading })).toHaveAttribute(
			'aria-current',
			'page'
		);
		await page.waitForLoadState('networkidle');
		expect(errors).toEqual([]);
	});
}

test('moves between views from the navigation with the keyboard', async ({ page }) => {
	await page.goto('/');
	await page
		.getByRole('navigation', { name: 'Views' })
		.getByRole('link', { name: 'Sleep' })
		.focus();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/sleep$/);
	await expect(page.getByRole('heading', { level: 1, name: 'Sleep' })).toBeVisible();
});
