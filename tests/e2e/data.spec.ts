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
	// A first sync fills two years of history, shown as a share of those dates in Berlin.
	await expect(page.getByTestId('sync-progress-text')).toHaveText(
		/^\d{1,3}% of \d{1,2} Mar 2024 to 30 Mar 2026$/
	);

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

test('Clear cached data asks first, removes only this browser’s copy, and offers a sync', async ({
	page
}) => {
	test.setTimeout(120_000);
	await page.goto('/data');
	await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 90_000 });
	await expect(page.getByTestId('count-moves')).not.toHaveText('0');
	const moves = await page.getByTestId('count-moves').textContent();
	const clear = page.getByRole('button', { name: 'Clear cached data' });

	// The question names what goes and what stays; Cancel is focused and keeps everything.
	await clear.click();
	const dialog = page.getByRole('dialog', { name: 'Clear the data cached in this browser?' });
	await expect(dialog).toBeVisible();
	await expect(dialog).toContainText('only this browser’s copy');
	await expect(dialog).toContainText('Nothing is deleted from your account');
	await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();
	await expect(clear).toBeFocused();
	await expect(page.getByTestId('count-moves')).toHaveText(moves ?? '');

	await clear.click();
	await dialog.getByRole('button', { name: 'Clear this browser’s copy' }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByTestId('count-moves')).toHaveText('0');
	// An empty copy is not "Up to date", and there is no "Last sync: Never" beside it.
	await expect(page.getByTestId('sync-status')).toHaveText('No data cached in this browser');
	await expect(page.getByTestId('last-sync')).toHaveCount(0);
	await expect(page.getByRole('status').getByText(/cleared/)).toBeVisible();

	await page.getByRole('button', { name: 'Sync now' }).click();
	await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 90_000 });
	await expect(page.getByTestId('count-moves')).not.toHaveText('0');
	// The summary tells this run's fetch apart from everything the browser holds.
	await expect(page.getByTestId('sync-message')).toHaveText(
		/^Sync finished: [\d,]+ new or changed records fetched; this browser now holds [\d,]+ days of activity, [\d,]+ sleeps and [\d,]+ workouts\.$/
	);
});
