import { expect, test } from '@playwright/test';

test('the Data page fills the cache from the demo API, then reopens from the cache offline', async ({
	page
}) => {
	test.setTimeout(120_000);
	const errors: string[] = [];
	page.on('pageerror', (err) => errors.push(err.message));
	// A little latency per API call, so the backfill lasts long enough to watch its progress;
	// later, no API at all.
	let offline = false;
	await page.route('**/api/nudge/**', async (route) => {
		if (offline) return route.abort('internetdisconnected');
		await new Promise((resolve) => setTimeout(resolve, 20));
		return route.continue();
	});

	await page.goto('/data');
	await expect(page.getByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
	await expect(page.getByRole('progressbar')).toBeVisible();
	await expect(page.getByTestId('sync-progress-text')).toHaveText(/^\d+ of \d+$/);

	await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 90_000 });
	// The demo's "now" is 2026-03-30T18:00Z: 20:00 on the wall clock of the user's Berlin home.
	await expect(page.getByTestId('last-sync')).toHaveText('2026-03-30 20:00 (Europe/Berlin)');
	await expect(page.getByTestId('history-ready')).toHaveText(/^7\d\d days and \d{3,} sleeps/);
	const moves = Number(await page.getByTestId('count-moves').textContent());
	expect(moves).toBeGreaterThanOrEqual(730);

	// Reload with the API unreachable: everything shown now comes from IndexedDB.
	offline = true;
	await page.reload();
	await expect(page.getByTestId('history-ready')).toHaveText(/^7\d\d days and \d{3,} sleeps/);
	await expect(page.getByTestId('count-moves')).toHaveText(String(moves));
	await expect(page.getByTestId('last-sync')).toHaveText('2026-03-30 20:00 (Europe/Berlin)');
	await expect(page.getByTestId('sync-status')).toHaveText(/Offline/);
	expect(errors).toEqual([]);
});

test('Clear cached data empties the cache and Refresh fills it again', async ({ page }) => {
	test.setTimeout(120_000);
	await page.goto('/data');
	await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 90_000 });
	await page.getByRole('button', { name: 'Clear cached data' }).click();
	await expect(page.getByText('Cached data cleared.')).toBeVisible();
	await expect(page.getByTestId('count-moves')).toHaveText('0');
	await expect(page.getByTestId('last-sync')).toHaveText('Never');

	await page.getByRole('button', { name: 'Refresh' }).click();
	await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 90_000 });
	await expect(page.getByTestId('count-moves')).not.toHaveText('0');
});
