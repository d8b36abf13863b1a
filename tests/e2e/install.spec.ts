// The dashboard installs as an app: a manifest Chromium accepts, its icons, and both kept offline.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import * as z from 'zod/mini';
import { chromiumLaunch } from '../../playwright.config';

const manifestSchema = z.object({
	name: z.string(),
	short_name: z.string(),
	start_url: z.string(),
	display: z.string(),
	theme_color: z.string(),
	background_color: z.string(),
	color_scheme_dark: z.object({ theme_color: z.string(), background_color: z.string() }),
	icons: z.array(
		z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })
	)
});

/** Width and height of a PNG, read from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
	expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the page links a manifest that Chromium finds installable, with icons of the sizes it names', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
	const href = await page.locator('link[rel="manifest"]').getAttribute('href');
	expect(href).toBeTruthy();
	const response = await page.request.get(new URL(href ?? '', page.url()).toString());
	expect(response.ok()).toBe(true);
	const manifest = manifestSchema.parse(await response.json());
	expect(manifest).toMatchObject({
		name: 'Wellness dashboard',
		short_name: 'Wellness',
		start_url: '/',
		display: 'standalone'
	});
	// Colours for a light and a dark scheme, as the page's own theme-color tags say.
	expect(manifest.color_scheme_dark.theme_color).not.toBe(manifest.theme_color);
	await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

	for (const icon of manifest.icons.filter((entry) => entry.type === 'image/png')) {
		const bytes = await (await page.request.get(icon.src)).body();
		const [width, height] = icon.sizes.split('x').map(Number);
		expect(pngSize(bytes), icon.src).toEqual({ width, height });
	}
	const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
	expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
		expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable'])
	);

	// Chromium's own check, as its install prompt makes it, in a browser profile of its own (the
	// test's contexts are incognito, where Chromium installs nothing).
	const profile = await mkdtemp(join(tmpdir(), 'wellness-install-'));
	const browser = await chromium.launchPersistentContext(profile, chromiumLaunch);
	try {
		const installable = await browser.newPage();
		await installable.goto(page.url());
		await expect(installable.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
		const cdp = await browser.newCDPSession(installable);
		await expect
			.poll(async () => {
				const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
				return installabilityErrors.map((error) => error.errorId);
			})
			.toEqual([]);
		const { errors } = await cdp.send('Page.getAppManifest');
		expect(errors).toEqual([]);
	} finally {
		await browser.close();
		await rm(profile, { recursive: true, force: true });
	}
});

test('after one visit the manifest and its icons come from the worker, offline too', async ({
	page,
	context
}) => {
	await page.goto('/');
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	await context.setOffline(true);
	const kept = await page.evaluate(async () => {
		const answers = await Promise.all(
			['/manifest.webmanifest', '/icons/icon-512.png', '/icons/icon-maskable-512.png'].map(
				async (path) => (await fetch(path)).status
			)
		);
		return answers;
	});
	expect(kept).toEqual([200, 200, 200]);
});
