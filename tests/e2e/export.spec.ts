// Exporting a chart from the Today view: the PNG, SVG and CSV files a person downloads.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';

const TITLE = 'Steps per hour';

async function exportFrom(page: Page, card: Locator, format: string): Promise<Download> {
	await card.getByRole('button', { name: 'Export' }).click();
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		card.getByRole('menuitem', { name: format }).click()
	]);
	return download;
}

async function downloadedText(download: Download): Promise<string> {
	const path = await download.path();
	return readFile(path, 'utf8');
}

async function openCard(page: Page): Promise<Locator> {
	await page.goto('/');
	const card = page.getByRole('region', { name: TITLE });
	await expect(card.getByRole('group', { name: 'Steps per hour today' })).toBeVisible();
	// The chart draws as soon as today's records are in; the hour under way is marked once the sync
	// that brought them has ended. Exports are compared with the chart as it then stands.
	await expect(page.getByRole('link', { name: /^Synced / })).toBeVisible({ timeout: 30_000 });
	return card;
}

test('a PNG export is twice the chart’s size plus the drawn header, and not blank', async ({
	page
}) => {
	const card = await openCard(page);
	const svg = card.locator('svg.chart-svg');
	const box = await svg.evaluate((element) => {
		if (!(element instanceof SVGSVGElement)) throw new Error('not an svg element');
		const { width, height } = element.viewBox.baseVal;
		return { width, height };
	});
	const download = await exportFrom(page, card, 'PNG image');
	expect(download.suggestedFilename()).toBe('steps-per-hour-2026-03-30.png');
	const png = PNG.sync.read(await readFile(await download.path()));

	// The export's design, written out here rather than read from the export code: a 16 px margin
	// around the chart, and above it an 86 px header of a title line, a subtitle line and one legend
	// line (this card's two short legend entries fit on one line); all drawn at twice the size.
	const margin = 16;
	const header = 86;
	expect(png.width).toBe((box.width + margin * 2) * 2);
	expect(png.height).toBe((header + box.height + margin) * 2);

	// The header holds three separate lines of ink (title, subtitle, legend) on the background.
	const background = [png.data[0], png.data[1], png.data[2]];
	const inked = (y: number): boolean => {
		for (let x = 0; x < png.width; x++) {
			const i = (y * png.width + x) * 4;
			const distance = [0, 1, 2].reduce(
				(sum, c) => sum + Math.abs((png.data[i + c] ?? 0) - (background[c] ?? 0)),
				0
			);
			if (distance > 96) return true;
		}
		return false;
	};
	let lines = 0;
	let previous = false;
	for (let y = 0; y < header * 2; y++) {
		const now = inked(y);
		if (now && !previous) lines++;
		previous = now;
	}
	expect(lines).toBe(3);

	// Not blank: background, text, bars and usual marks give many distinct colours.
	const colours = new Set<number>();
	for (let i = 0; i < png.data.length; i += 4 * 7) {
		colours.add(
			((png.data[i] ?? 0) << 24) |
				((png.data[i + 1] ?? 0) << 16) |
				((png.data[i + 2] ?? 0) << 8) |
				(png.data[i + 3] ?? 0)
		);
	}
	expect(colours.size).toBeGreaterThan(8);
	// The steps colour of the bars is among them.
	const steps = await page.evaluate(() =>
		getComputedStyle(document.documentElement).getPropertyValue('--steps').trim()
	);
	const [r, g, b] = [1, 3, 5].map((at) => parseInt(steps.slice(at, at + 2), 16));
	let barPixels = 0;
	for (let i = 0; i < png.data.length; i += 4) {
		if (png.data[i] === r && png.data[i + 1] === g && png.data[i + 2] === b) barPixels++;
	}
	expect(barPixels).toBeGreaterThan(100);
});

test('the SVG export parses as an SVG with the chart’s bars under its title, dates and legend', async ({
	page
}) => {
	const card = await openCard(page);
	const rectCount = await card.locator('svg.chart-svg rect').count();
	const barFill = await card
		.locator('svg.chart-svg rect.bar')
		.first()
		.evaluate((bar) => getComputedStyle(bar).fill);
	const subtitle = (await card.locator('.subtitle').textContent()) ?? '';
	const download = await exportFrom(page, card, 'SVG image');
	expect(download.suggestedFilename()).toBe('steps-per-hour-2026-03-30.svg');
	const text = await downloadedText(download);
	const parsed = await page.evaluate((source) => {
		const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
		const root = doc.documentElement;
		const chart = root.querySelector(':scope > svg');
		return {
			root: root.nodeName,
			errors: doc.getElementsByTagName('parsererror').length,
			chartRects: chart?.querySelectorAll('rect').length ?? 0,
			header: [...root.querySelectorAll(':scope > text')].map((node) => node.textContent)
		};
	}, text);
	// Every mark of the chart, inside the picture whose header says what it is.
	expect(parsed).toMatchObject({ root: 'svg', errors: 0, chartRects: rectCount });
	expect(rectCount).toBeGreaterThan(24);
	expect(parsed.header).toEqual([
		TITLE,
		subtitle.trim(),
		'Steps this hour',
		// The server's clock is 20:00 in Berlin: the hour under way is drawn hollow, keyed in the legend.
		'This hour so far',
		'Usual (same weekday, last 4 weeks)'
	]);
	// Styles are inlined, so the bars keep the theme's colour outside the page.
	expect(text).toContain(barFill);
});

test('the CSV export lists every hour with the steps the chart plots', async ({ page }) => {
	const card = await openCard(page);
	const labels = await card
		.getByRole('group', { name: 'Steps per hour today' })
		.getByRole('gridcell')
		.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
	const download = await exportFrom(page, card, 'CSV data');
	expect(download.suggestedFilename()).toBe('steps-per-hour-2026-03-30.csv');
	const lines = (await downloadedText(download)).split('\r\n').filter((line) => line !== '');
	expect(lines[0]).toBe('Hour,Steps (steps),Usual steps (steps)');
	const rows = lines.slice(1).map((line) => line.split(','));
	expect(rows).toHaveLength(labels.length);
	// Steps are whole: the usual (a mean over past weeks) is rounded to the step too.
	for (const [, steps, usual] of rows) {
		expect(steps ?? '').toMatch(/^(\d+)?$/);
		expect(usual ?? '').toMatch(/^(\d+)?$/);
	}
	rows.forEach(([hour, steps], index) => {
		const label = labels[index] ?? '';
		expect(label.startsWith(`${hour}:`)).toBe(true);
		if (steps === '' || steps === undefined) expect(label).toMatch(/: (no data|not yet)/);
		else {
			const value = Number(steps);
			expect(Number.isFinite(value)).toBe(true);
			const shown = new Intl.NumberFormat('en-GB').format(Math.round(value));
			expect(label).toContain(`${shown} steps`);
		}
	});
});

test('the goals’ CSV rounds each number to its unit: whole steps and kcal, minutes of sleep', async ({
	page
}) => {
	await page.goto('/');
	const card = page.getByRole('region', { name: 'Goals for today' });
	await expect(card.getByRole('group', { name: 'Goals remaining today' })).toBeVisible();
	const download = await exportFrom(page, card, 'CSV data');
	const lines = (await downloadedText(download)).split('\r\n').filter((line) => line !== '');
	expect(lines[0]).toBe('Goal,Unit,Achieved,Target,Remaining (negative = exceeded)');
	const rows = new Map(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')]));
	for (const [goal, unit, pattern] of [
		['Steps', 'steps', /^-?\d+$/],
		['Calories eaten', 'kcal', /^-?\d+$/],
		['Sleep last night', 'min', /^-?\d+(\.\d)?$/]
	] as const) {
		const row = rows.get(goal) ?? [];
		expect(row[1]).toBe(unit);
		for (const value of row.slice(2)) expect(value).toMatch(pattern);
	}
});

/** Red, green and blue of a pixel near the top left corner of a PNG: the picture's background. */
function cornerPixel(png: PNG): number[] {
	const i = (2 * png.width + 2) * 4;
	return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
}

test.describe('exporting while the page is dark', () => {
	test.use({ colorScheme: 'dark' });

	test('a PNG is on a light background by default, and on the page’s dark one when chosen', async ({
		page
	}) => {
		const card = await openCard(page);
		const light = PNG.sync.read(
			await readFile(await (await exportFrom(page, card, 'PNG image')).path())
		);
		for (const channel of cornerPixel(light)) expect(channel).toBeGreaterThan(230);
		// The page itself stayed dark.
		const pageBackground = await card.evaluate(
			(element) => getComputedStyle(element).backgroundColor
		);
		expect(pageBackground).not.toBe('rgb(255, 255, 255)');

		await card.getByRole('button', { name: 'Export' }).click();
		const option = card.getByRole('menuitemcheckbox', { name: 'Light background' });
		await expect(option).toHaveAttribute('aria-checked', 'true');
		await option.click();
		await expect(option).toHaveAttribute('aria-checked', 'false');
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			card.getByRole('menuitem', { name: 'PNG image' }).click()
		]);
		const dark = PNG.sync.read(await readFile(await download.path()));
		for (const channel of cornerPixel(dark)) expect(channel).toBeLessThan(60);
	});

	test('the heatmap’s cells are light in a light-background export, and dark without it', async ({
		page
	}) => {
		test.setTimeout(60_000);
		await page.goto('/activity?span=year');
		const card = page.getByRole('region', { name: 'Steps by day and hour' });
		await expect(card.locator('canvas')).toBeVisible();
		await expect(page.getByRole('link', { name: /^Synced / })).toBeVisible({ timeout: 30_000 });
		// The colour most cells have, the ramp's low end (the quiet hours): near white on a light
		// ramp, near black on a dark one.
		const commonest = (png: PNG) => {
			const counts = new Map<number, number>();
			for (let i = 0; i < png.data.length; i += 4) {
				const key =
					((png.data[i] ?? 0) << 16) | ((png.data[i + 1] ?? 0) << 8) | (png.data[i + 2] ?? 0);
				counts.set(key, (counts.get(key) ?? 0) + 1);
			}
			const [key] = [...counts].reduce((best, next) => (next[1] > best[1] ? next : best));
			return [key >> 16, (key >> 8) & 255, key & 255];
		};
		const cellsOf = async (download: Download) => {
			const text = await downloadedText(download);
			const href = /<image href="data:image\/png;base64,([^"]+)"/.exec(text)?.[1];
			expect(href).toBeDefined();
			return PNG.sync.read(Buffer.from(href ?? '', 'base64'));
		};

		const light = await cellsOf(await exportFrom(page, card, 'SVG image'));
		for (const channel of commonest(light)) expect(channel).toBeGreaterThan(200);
		// The page's own heatmap went back to its dark cells.
		const onPage = await card.locator('canvas').evaluate((canvas) => {
			if (!(canvas instanceof HTMLCanvasElement)) throw new Error('not a canvas');
			return canvas.toDataURL('image/png').split(',')[1] ?? '';
		});
		for (const channel of commonest(PNG.sync.read(Buffer.from(onPage, 'base64'))))
			expect(channel).toBeLessThan(90);

		await card.getByRole('button', { name: 'Export' }).click();
		await card.getByRole('menuitemcheckbox', { name: 'Light background' }).click();
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			card.getByRole('menuitem', { name: 'SVG image' }).click()
		]);
		for (const channel of commonest(await cellsOf(download))) expect(channel).toBeLessThan(90);
	});

	test('an SVG is on a light background with dark text by default', async ({ page }) => {
		const card = await openCard(page);
		const text = await downloadedText(await exportFrom(page, card, 'SVG image'));
		const colours = await page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
			const root = doc.documentElement;
			// The browser reads the colour as written (#fff, #1c1f23, rgb(…)) into red, green, blue.
			const channels = (colour: string) => {
				const probe = document.createElement('span');
				probe.style.color = colour;
				document.body.append(probe);
				const rgb = getComputedStyle(probe).color.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
				probe.remove();
				return rgb;
			};
			return {
				background: channels(root.querySelector(':scope > rect')?.getAttribute('fill') ?? ''),
				title: channels(root.querySelector(':scope > text')?.getAttribute('fill') ?? '')
			};
		}, text);
		expect(colours.background).toHaveLength(3);
		expect(colours.title).toHaveLength(3);
		for (const channel of colours.background) expect(channel).toBeGreaterThan(230);
		for (const channel of colours.title) expect(channel).toBeLessThan(60);
	});
});

test('the goals’ table lines numbers up on the right, heading and cells alike', async ({
	page
}) => {
	await page.goto('/');
	const card = page.getByRole('region', { name: 'Goals for today' });
	await card.getByRole('button', { name: 'Show table' }).click();
	const table = card.getByRole('table');
	const headings = await table
		.locator('thead th')
		.evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
	const firstRow = await table
		.locator('tbody tr')
		.first()
		.locator('th, td')
		.evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
	// Goal and Unit are words; Achieved, Target and Remaining are numbers.
	expect(headings).toEqual(['left', 'left', 'right', 'right', 'right']);
	expect(firstRow).toEqual(headings);
});
