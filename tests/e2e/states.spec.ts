// What the views say when their data is not all there: a failed read, a page that reads no range.
import { expect, test } from '@playwright/test';
import { failReads } from './support/states';

test('a failed read of sleeps says so on Sleep and Today, with Retry, and the badge names it', async ({
	page
}) => {
	await failReads(page, '/users/@me/sleeps');
	await page.goto('/sleep?date=2026-03-30');
	const failure = page.getByRole('alert').filter({ hasText: 'Couldn’t load sleep' });
	await expect(failure).toBeVisible();
	await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
	await expect(page.getByText(/No sleep recorded/)).toHaveCount(0);
	await expect(page.getByRole('link', { name: /Sync failed: sleep/ })).toBeVisible();

	await page.goto('/');
	await expect(
		page.getByRole('alert').filter({ hasText: 'Couldn’t load sleep' }).first()
	).toBeVisible();
	await expect(page.getByText(/No night recorded/)).toHaveCount(0);
});

test('Trends opened first brings the cache up to date: the badge does not stay "Not synced yet"', async ({
	page
}) => {
	await page.goto('/trends');
	await expect(page.getByRole('link', { name: /^Synced \d\d:\d\d/ })).toBeVisible({
		timeout: 15_000
	});
});
