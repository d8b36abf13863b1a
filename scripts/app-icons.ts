// Draws the installed app's icons (static/icons/) from the brand mark of static/favicon.svg, in Chromium:
// `npx tsx scripts/app-icons.ts`. Run it again only when the mark changes; the PNGs are committed.
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';

/** The mark's line, drawn in a 32 × 32 box (the same path as static/favicon.svg). */
const MARK =
	'<path d="M5 18h5l3-8 5 14 3-9 2 3h4" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>';
const TEAL = '#0f766e';

/** The icon as the favicon draws it: a rounded square, the corners see-through. */
function rounded(size: number): string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${TEAL}"/>${MARK}</svg>`;
}

/**
 * A maskable icon: the colour to every edge, the mark inside the middle 60 %, well within the
 * circle of 80 % a launcher may cut it to.
 */
function maskable(size: number): string {
	const inner = 0.6 * size;
	const offset = (size - inner) / 2;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${TEAL}"/><g transform="translate(${offset} ${offset}) scale(${inner / 32})">${MARK}</g></svg>`;
}

/** Apple draws its own corners and shows no see-through ones: a full square, the mark a little larger. */
function apple(size: number): string {
	const inner = 0.75 * size;
	const offset = (size - inner) / 2;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${TEAL}"/><g transform="translate(${offset} ${offset}) scale(${inner / 32})">${MARK}</g></svg>`;
}

const ICONS: { file: string; size: number; svg: (size: number) => string }[] = [
	{ file: 'icon-192.png', size: 192, svg: rounded },
	{ file: 'icon-512.png', size: 512, svg: rounded },
	{ file: 'icon-maskable-192.png', size: 192, svg: maskable },
	{ file: 'icon-maskable-512.png', size: 512, svg: maskable },
	{ file: 'apple-touch-icon.png', size: 180, svg: apple }
];

const browser = await chromium.launch(chromiumLaunch);
try {
	const page = await browser.newPage({ deviceScaleFactor: 1 });
	for (const { file, size, svg } of ICONS) {
		await page.setViewportSize({ width: size, height: size });
		await page.setContent(
			`<html><body style="margin:0;background:transparent">${svg(size)}</body></html>`
		);
		const png = await page.locator('svg').screenshot({ omitBackground: true });
		await writeFile(new URL(`../static/icons/${file}`, import.meta.url), png);
		console.log(`static/icons/${file}`);
	}
} finally {
	await browser.close();
}
