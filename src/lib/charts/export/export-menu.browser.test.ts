// The Export menu in Chromium: a menu button by mouse and keys, and each export handing a file to the download.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import WorkdayCard from '../testing/WorkdayCard.svelte';
import { downloadBlob } from './download';

// The real exporters run; only the last step, the browser's download, is caught instead.
vi.mock(import('./download'), { spy: true });

beforeEach(() => {
	vi.mocked(downloadBlob)
		.mockReset()
		.mockImplementation(() => undefined);
});

afterEach(async () => {
	await commands.colorScheme('light');
});

async function renderCard(props: { withTable?: boolean } = {}) {
	const screen = await render(WorkdayCard, props);
	const button = screen.getByRole('button', { name: 'Export' });
	const menu = screen.getByRole('menu', { name: 'Export Steps per hour' });
	const item = (name: string) => screen.getByRole('menuitem', { name });
	const light = screen.getByRole('menuitemcheckbox', { name: 'Light background' });
	return { screen, button, menu, item, light };
}

/** The one file handed to the download so far: its name and its contents. */
async function downloaded(): Promise<{ name: string; blob: Blob }> {
	await expect.poll(() => vi.mocked(downloadBlob).mock.calls.length).toBe(1);
	const [blob, name] = vi.mocked(downloadBlob).mock.calls[0] ?? [];
	if (!(blob instanceof Blob) || typeof name !== 'string') throw new Error('nothing downloaded');
	return { name, blob };
}

describe('the Export menu button', () => {
	it('opens on a click with PNG, SVG, CSV and the light background ticked, and a second click closes it', async () => {
		const { button, menu, item, light } = await renderCard();
		await expect.element(button).toHaveAttribute('aria-haspopup', 'menu');
		await expect.element(button).toHaveAttribute('aria-expanded', 'false');
		await expect.element(menu).not.toBeInTheDocument();

		await button.click();
		await expect.element(menu).toBeVisible();
		await expect.element(button).toHaveAttribute('aria-expanded', 'true');
		await expect.element(item('PNG image')).toHaveFocus();
		await expect.element(item('SVG image')).toBeVisible();
		await expect.element(item('CSV data')).toBeVisible();
		await expect.element(light).toHaveAttribute('aria-checked', 'true');

		await button.click();
		await expect.element(menu).not.toBeInTheDocument();
	});

	it('offers no CSV for a chart without a table', async () => {
		const { screen, button, item } = await renderCard({ withTable: false });
		await button.click();
		await expect.element(item('SVG image')).toBeVisible();
		await expect
			.element(screen.getByRole('menuitem', { name: 'CSV data' }))
			.not.toBeInTheDocument();
	});

	it('opens from the keyboard with Enter, Space, Down (first item) and Up (last item)', async () => {
		const { button, menu, item, light } = await renderCard();
		for (const key of ['{Enter}', ' ', '{ArrowDown}']) {
			button.element().focus();
			await userEvent.keyboard(key);
			await expect.element(menu).toBeVisible();
			await expect.element(item('PNG image')).toHaveFocus();
			await userEvent.keyboard('{Escape}');
			await expect.element(menu).not.toBeInTheDocument();
		}
		button.element().focus();
		await userEvent.keyboard('{ArrowUp}');
		await expect.element(light).toHaveFocus();
	});

	it('moves through the items with the arrows (wrapping), Home and End; Escape closes and gives focus back', async () => {
		const { button, menu, item, light } = await renderCard();
		button.element().focus();
		await userEvent.keyboard('{Enter}');
		await expect.element(item('PNG image')).toHaveFocus();

		await userEvent.keyboard('{ArrowDown}');
		await expect.element(item('SVG image')).toHaveFocus();
		await userEvent.keyboard('{ArrowDown}{ArrowDown}');
		await expect.element(light).toHaveFocus();
		await userEvent.keyboard('{ArrowDown}');
		await expect.element(item('PNG image')).toHaveFocus();
		await userEvent.keyboard('{ArrowUp}');
		await expect.element(light).toHaveFocus();
		await userEvent.keyboard('{Home}');
		await expect.element(item('PNG image')).toHaveFocus();
		await userEvent.keyboard('{End}');
		await expect.element(light).toHaveFocus();

		await userEvent.keyboard('{Escape}');
		await expect.element(menu).not.toBeInTheDocument();
		await expect.element(button).toHaveFocus();
		await expect.element(button).toHaveAttribute('aria-expanded', 'false');
	});

	it('closes when focus tabs away or a click lands outside it', async () => {
		const { screen, button, menu } = await renderCard();
		button.element().focus();
		await userEvent.keyboard('{Enter}');
		await userEvent.tab();
		await expect.element(menu).not.toBeInTheDocument();

		await button.click();
		await expect.element(menu).toBeVisible();
		await screen.getByRole('heading', { name: 'Steps per hour' }).click();
		await expect.element(menu).not.toBeInTheDocument();
	});
});

describe('what the Export menu saves', () => {
	it('saves the chart as SVG with its title, dates and legend, and says so', async () => {
		const { screen, button, item } = await renderCard();
		await button.click();
		await item('SVG image').click();

		const { name, blob } = await downloaded();
		expect(name).toBe('steps-per-hour-2026-03-23.svg');
		expect(blob.type).toBe('image/svg+xml;charset=utf-8');
		const svg = new DOMParser().parseFromString(await blob.text(), 'image/svg+xml');
		expect(svg.querySelector('parsererror')).toBeNull();
		const texts = [...svg.querySelectorAll('text')].map((text) => text.textContent);
		expect(texts).toEqual(
			expect.arrayContaining(['Steps per hour', 'Monday 23 March 2026', 'Steps'])
		);
		// The chart came along in its colours: a bar for each of the 17 hours with steps, 06:00 to 22:00.
		expect(svg.querySelectorAll('rect[style*="fill:rgb(15, 118, 110)"]')).toHaveLength(17);
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Saved steps-per-hour-2026-03-23.svg');
		// The menu closed and focus went back to its button, where a keyboard can export again.
		await expect.element(button).toHaveFocus();
		await userEvent.keyboard('{ArrowDown}');
		await expect.element(item('PNG image')).toHaveFocus();
	});

	it('saves a PNG at twice the size of the picture', async () => {
		const { button, item } = await renderCard();
		await button.click();
		await item('PNG image').click();

		const { name, blob } = await downloaded();
		expect(name).toBe('steps-per-hour-2026-03-23.png');
		expect(blob.type).toBe('image/png');
		const image = await createImageBitmap(blob);
		const chartWidth = Number(document.querySelector('svg.chart-svg')?.getAttribute('width'));
		// The chart plus a margin on each side, at 2 device pixels per CSS pixel.
		expect(image.width % 2).toBe(0);
		expect(image.width).toBeGreaterThan(2 * chartWidth);
		expect(image.width).toBeLessThan(2 * chartWidth + 200);
	});

	it('saves the table as CSV, whole steps under a header with their unit', async () => {
		const { button, item } = await renderCard();
		await button.click();
		await item('CSV data').click();

		const { name, blob } = await downloaded();
		expect(name).toBe('steps-per-hour-2026-03-23.csv');
		expect(blob.type).toBe('text/csv;charset=utf-8');
		const lines = (await blob.text()).split('\r\n');
		expect(lines.slice(0, 3)).toEqual([
			'Hour,Steps (steps),Usual steps (steps)',
			'00:00,0,0',
			'01:00,0,0'
		]);
		expect(lines).toContain('12:00,1320,1100');
		expect(lines).toContain('17:00,1680,1490');
	});

	it('draws the picture on a light background from a dark page, and in the page’s colours once unticked', async () => {
		await commands.colorScheme('dark');
		const { button, item, light } = await renderCard();
		const background = async () => {
			const { blob } = await downloaded();
			const svg = new DOMParser().parseFromString(await blob.text(), 'image/svg+xml');
			return svg.querySelector('svg > rect')?.getAttribute('fill');
		};

		await button.click();
		await item('SVG image').click();
		expect(await background()).toBe('#ffffff');

		vi.mocked(downloadBlob).mockClear();
		await button.click();
		await light.click();
		await expect.element(light).toHaveAttribute('aria-checked', 'false');
		await item('SVG image').click();
		expect(await background()).toBe('#1a1f25');

		// The choice is kept for the next export.
		await button.click();
		await expect.element(light).toHaveAttribute('aria-checked', 'false');
	});
});
