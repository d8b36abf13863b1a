// A new release takes over from the one a browser keeps for offline use, and never mixes their files.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ownPort, startOwnServer } from './support/own-server';

/** The code files of a build, by name (their names carry a hash of their content). */
function immutableFiles(build: string): Set<string> {
	const root = join(build, 'client', '_app', 'immutable');
	const names = readdirSync(root, { recursive: true, encoding: 'utf8' });
	return new Set(
		names.filter((name) => name.endsWith('.js')).map((name) => `/_app/immutable/${name}`)
	);
}

test('a new release replaces the kept one: its worker takes over, the old cache goes, and offline only its own files run', async ({
	page,
	context
}) => {
	test.setTimeout(240_000);
	// The next release: the same code under another release name, built into a folder of its own
	// (inside the project, so its server finds the installed packages).
	mkdirSync('node_modules/.cache', { recursive: true });
	const next = mkdtempSync(join('node_modules', '.cache', 'wellness-release-'));
	const release = `next-${Date.now()}`;
	execFileSync(
		process.execPath,
		['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'],
		{
			env: { ...process.env, WELLNESS_RELEASE: release, WELLNESS_BUILD_OUT: next },
			stdio: 'ignore'
		}
	);
	const oldFiles = immutableFiles('build');
	const newFiles = immutableFiles(next);
	const onlyOld = [...oldFiles].filter((name) => !newFiles.has(name));
	const onlyNew = [...newFiles].filter((name) => !oldFiles.has(name));
	// The release name is in the client's code, so some files change name with it.
	expect(onlyOld.length).toBeGreaterThan(0);

	// One origin for both releases, as a deployment that is updated in place.
	const port = ownPort(4);
	const hourly = page.getByRole('group', { name: 'Steps per hour today' });
	const current = await startOwnServer({ NUDGE_ACCESS_TOKEN: 'release-token' }, { port });
	try {
		await page.goto(`${current.origin}/`);
		await expect(hourly.getByRole('gridcell')).toHaveCount(24);
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
		});
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	} finally {
		await current.stop();
	}
	const kept = await page.evaluate(() => caches.keys());
	expect(kept).toHaveLength(1);
	expect(kept[0]).not.toBe(`wellness-shell-${release}`);

	const updated = await startOwnServer(
		{ NUDGE_ACCESS_TOKEN: 'release-token' },
		{ port, build: next }
	);
	try {
		// Online, a reload starts the new release and its worker replaces the old one.
		await page.reload();
		await expect(hourly.getByRole('gridcell')).toHaveCount(24);
		await expect
			.poll(() => page.evaluate(() => caches.keys()), { timeout: 60_000 })
			.toEqual([`wellness-shell-${release}`]);

		// Offline, the page starts whole from the new cache: nothing of the old release runs.
		await context.setOffline(true);
		await page.reload();
		await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
		await expect(hourly.getByRole('gridcell')).toHaveCount(24);
		const loaded = await page.evaluate(() =>
			performance
				.getEntriesByType('resource')
				.map((entry) => new URL(entry.name).pathname)
				.filter((path) => path.startsWith('/_app/immutable/') && path.endsWith('.js'))
		);
		expect(loaded.length).toBeGreaterThan(0);
		expect(loaded.filter((path) => !newFiles.has(path))).toEqual([]);
		expect(loaded.some((path) => onlyNew.includes(path))).toBe(true);
		await context.setOffline(false);
	} finally {
		await updated.stop();
		rmSync(next, { recursive: true, force: true });
	}
});
