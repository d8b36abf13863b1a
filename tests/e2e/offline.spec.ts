// After one visit, the dashboard works without a network: reloads, views never opened, and the way back online.
import { expect, test } from '@playwright/test';
import * as z from 'zod/mini';

test('after one visit Today reloads offline with its data, views never opened still draw, and back online it syncs', async ({
	page,
	context
}) => {
	test.setTimeout(90_000);
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	// A kept page runs under the CSP it was served with: its nonce must still match its scripts.
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) errors.push(message.text());
	});
	const badge = page.getByRole('link', { name: /Synced|Offline|Syncing|Not synced/ });
	const hourly = page.getByRole('group', { name: 'Steps per hour today' });

	await page.goto('/');
	await expect(hourly.getByRole('gridcell')).toHaveCount(24);
	await expect(badge).toHaveText(/^Synced/);
	// The worker has kept this release's files and controls the page.
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

	await context.setOffline(true);
	await page.reload();
	await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
	await expect(page.getByRole('group', { name: 'Goals remaining today' })).toBeVisible();
	await expect(hourly.getByRole('gridcell')).toHaveCount(24);
	await expect(badge).toHaveText(/^Offline/);

	// A view whose code this visit never loaded, through the page's own navigation.
	await page
		.getByRole('navigation', { name: 'Views' })
		.getByRole('link', { name: 'Sleep' })
		.click();
	await expect(page.getByRole('heading', { level: 1, name: 'Sleep' })).toBeVisible();
	await expect(
		page.getByRole('group', { name: /Sleep phases, night ending Mon 30 Mar/ })
	).toBeVisible();

	// And another one as a page load of its own address.
	await page.goto('/goals');
	await expect(page.getByRole('heading', { level: 1, name: 'Goals' })).toBeVisible();
	const steps = page.getByRole('grid', { name: 'Steps against the goal, Mar 2026' });
	await expect(steps.getByRole('gridcell', { name: /^Mon 30 Mar: [\d,]+ steps/ })).toBeVisible();
	await expect(badge).toHaveText(/^Offline/);

	await context.setOffline(false);
	// Back online, the sync also fetches the year Goals asked for while offline (its streaks read
	// 365 days): some 250 requests, which take seconds on a busy machine.
	await expect(badge).toHaveText(/^Synced/, { timeout: 30_000 });
	expect(errors).toEqual([]);

	// What the worker kept: one cache, of this release, with its code and pages and never data.
	const kept = await page.evaluate(async () => {
		const names = await caches.keys();
		const paths: string[] = [];
		for (const name of names) {
			for (const request of await (await caches.open(name)).keys()) {
				paths.push(new URL(request.url).pathname);
			}
		}
		return { names, paths };
	});
	const release = z
		.object({ version: z.string() })
		.parse(await (await page.request.get('/_app/version.json')).json());
	expect(kept.names).toEqual([`wellness-shell-${release.version}`]);
	expect(kept.paths).toEqual(expect.arrayContaining(['/', '/favicon.png']));
	expect(kept.paths.some((path) => path.startsWith('/_app/immutable/nodes/'))).toBe(true);
	expect(kept.paths.filter((path) => /^\/(api|auth|nudge)\//.test(path))).toEqual([]);
});

test('the worker keeps one cache, of its own release, and deletes the caches older releases left', async ({
	page
}) => {
	const release = z
		.object({ version: z.string() })
		.parse(await (await page.request.get('/_app/version.json')).json()).version;
	// Before the worker comes: an older release's cache, and a cache that is not the dashboard's.
	await page.goto('/favicon.png');
	await page.evaluate(async () => {
		await (await caches.open('wellness-shell-1')).put('/_app/immutable/old.js', new Response(''));
		await (await caches.open('someone-else')).put('/theirs', new Response(''));
	});

	await page.goto('/');
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	const names = await page.evaluate(() => caches.keys());
	expect(names.sort()).toEqual(['someone-else', `wellness-shell-${release}`]);
});
