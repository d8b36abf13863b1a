// A browser whose storage is full: the data still shows, and the badge says why nothing is saved.
import { expect, test } from '@playwright/test';

test('Today draws its goals and steps per hour from memory when every IndexedDB write is refused', async ({
	page
}) => {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.addInitScript(() => {
		const refuse = (): never => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		};
		IDBObjectStore.prototype.put = refuse;
		IDBObjectStore.prototype.add = refuse;
	});

	await page.goto('/');
	await expect(page.getByRole('group', { name: 'Goals remaining today' })).toBeVisible();
	await expect(page.locator('[data-goal="steps"]')).toHaveAttribute('data-remaining', /^-?\d+$/);
	const hourly = page.getByRole('group', { name: 'Steps per hour today' });
	await expect(hourly.getByRole('gridcell')).toHaveCount(24);
	await expect(page.getByText(/Could not load/)).toHaveCount(0);

	const badge = page.getByRole('link', { name: /Browser storage full/ });
	await expect(badge).toBeVisible();
	await expect(badge).toHaveAttribute('title', /Free space .* clear cached data on the Data page/);
	await badge.click();
	await expect(
		page.getByRole('status').filter({ hasText: 'Browser storage is full' })
	).toBeVisible();
	expect(errors).toEqual([]);
});
