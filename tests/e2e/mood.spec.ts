// The Mood and Insights views against the embedded demo API: the calendar and a day's mood as the
// API has them (read back through the proxy), logging and deleting a mood on a server of its own,
// and a finding with the days it rests on.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as z from 'zod/mini';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const API = '/api/nudge/v.1.1';
const NAMES: Record<number, string> = {
	1: 'Amazing',
	2: 'Pumped',
	3: 'Energized',
	8: 'Good',
	4: 'Meh',
	5: 'Dragging',
	6: 'Exhausted',
	7: 'Totally Done'
};

const moodSchema = z.object({
	xid: z.string(),
	title: z.string(),
	sub_type: z.number(),
	date: z.number()
});

/** The API's mood of a day through the proxy, or null on a day without one. */
async function moodOf(request: APIRequestContext, base: string, date: number) {
	const response = await request.get(`${base}${API}/users/@me/mood?date=${date}`);
	expect(response.ok()).toBe(true);
	const { data } = z.object({ data: z.unknown() }).parse(await response.json());
	const parsed = moodSchema.safeParse(data);
	return parsed.success ? parsed.data : null;
}

test('the month calendar draws the demo moods, and a day reads as the API has it', async ({
	page,
	request
}) => {
	// The latest day of March with a mood (the demo user logs one on most evenings).
	let day: z.infer<typeof moodSchema> | null = null;
	for (let date = 20260329; date > 20260320 && day === null; date--) {
		day = await moodOf(request, '', date);
	}
	if (day === null) throw new Error('the demo user logs moods');
	const iso = `${String(day.date).slice(0, 4)}-${String(day.date).slice(4, 6)}-${String(day.date).slice(6)}`;

	await page.goto('/mood');
	const calendar = page.getByRole('grid', { name: 'Moods of the month' });
	await expect(calendar).toBeVisible();
	await expect(calendar.locator('rect.mood').first()).toBeVisible();
	const dayNumber = Number(String(day.date).slice(6));
	const cell = calendar.locator(`[aria-label*=" ${dayNumber} Mar:"]`);
	await expect(cell).toHaveAttribute('aria-label', new RegExp(NAMES[day.sub_type] ?? '?'));

	// Chosen by keyboard: focus the day, Enter.
	await cell.focus();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(new RegExp(`day=${iso}`));
	await expect(page.locator('[data-cell="mood"]')).toContainText(day.title);
	await expect(page.locator('[data-cell="steps"]')).not.toHaveText('');

	// The table alternative lists the same mood.
	await page.getByRole('button', { name: 'Show table' }).click();
	const table = page.getByRole('table').filter({ hasText: 'Score (8 Amazing … 1 Totally Done)' });
	await expect(table.getByRole('row', { name: new RegExp(`^${iso}\\b`) })).toContainText(
		NAMES[day.sub_type] ?? '?'
	);

	// The CSV dates its rows as every other CSV does, and scores the way the legend reads.
	const card = page.getByRole('region', { name: 'Moods of the month' });
	await card.getByRole('button', { name: 'Export' }).click();
	const [file] = await Promise.all([
		page.waitForEvent('download'),
		card.getByRole('menuitem', { name: 'CSV data' }).click()
	]);
	const csv = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
	expect(csv[0]).toMatch(/^Date,Mood,Score \(8 Amazing … 1 Totally Done\),/);
	expect(csv[1]).toMatch(/^2026-03-01,/);
	await expect(card.getByText('Amazing (8)')).toBeVisible();
});

test('a tap on a phone chooses the day under the finger; the year reads by keyboard', async ({
	browser
}) => {
	const context = await browser.newContext({
		hasTouch: true,
		viewport: { width: 390, height: 900 }
	});
	const page = await context.newPage();
	await page.goto('/mood');
	const calendar = page.getByRole('grid', { name: 'Moods of the month' });
	const target = calendar.locator('[aria-label^="Mon 2 Mar"] rect');
	await expect(target).toBeVisible();
	const box = await target.boundingBox();
	if (box === null) throw new Error('the cell is drawn');
	await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
	await expect(page).toHaveURL(/day=2026-03-02/);
	await expect(page.getByRole('heading', { name: 'Mon 2 Mar 2026' })).toBeVisible();

	// The year is painted on a canvas; its one cursor walks the days: Home, then a week on.
	await page.getByRole('button', { name: 'Year' }).click();
	const cursor = page.getByRole('gridcell', { name: /^Tue 1 Apr:/ });
	await expect(cursor).toBeAttached({ timeout: 25_000 });
	await cursor.focus();
	await page.keyboard.press('Home');
	await page.keyboard.press('ArrowRight');
	await expect(page.getByRole('gridcell', { name: /^Tue 8 Apr:/ })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/day=2025-04-08/);
	await context.close();
});

test('a year shows as it is read, newest days first, with how far the reading has come', async ({
	page
}) => {
	test.setTimeout(90_000);
	// The newest span (a quarter) answers at once; the older ones wait until the half-read year
	// was seen. The server reads each span's days from the API and answers once.
	const asked: [number, number][] = [];
	let release = (): void => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/api/moods?**', async (route) => {
		const query = new URL(route.request().url()).searchParams;
		const span: [number, number] = [Number(query.get('from')), Number(query.get('to'))];
		asked.push(span);
		if (span[1] < 20260330) await released;
		await route.continue();
	});
	await page.goto('/mood?span=year');

	// 1 April 2025 to today, 30 March 2026: 364 days to read, the newest 92 answered first.
	const status = page.getByRole('status').filter({ hasText: 'Reading moods' });
	await expect(status).toHaveText(/^Reading moods: 92 of 364 days so far\./, {
		timeout: 25_000
	});
	expect(asked[0]).toEqual([20251229, 20260330]);
	const card = page.getByRole('region', { name: 'Moods of the year' });
	await expect(card.getByText('Not read yet')).toBeVisible();
	// Half read, the page passes axe as it will once done.
	const results = await new AxeBuilder({ page }).analyze();
	expect(results.violations.map((v) => v.id)).toEqual([]);
	await card.getByRole('button', { name: 'Show table' }).click();
	const table = card.getByRole('table');
	await expect(table.getByRole('row', { name: /^2025-04-01\b/ })).toContainText('not read yet');
	await expect(table.getByRole('row', { name: /^2026-03-02\b/ })).not.toContainText(/not read yet/);

	release();
	await expect(status).toHaveCount(0, { timeout: 60_000 });
	await expect(table.getByText('not read yet')).toHaveCount(0);
	await expect(card.getByText('Not read yet')).toHaveCount(0);
	// A year in four requests: 92 + 92 + 92 + 88 days.
	expect(asked).toHaveLength(4);
	await expect(page.getByRole('grid', { name: /Moods of the year/ })).toBeAttached();
});

test('Insights shows findings with the days they rest on', async ({ page }) => {
	await page.goto('/insights');
	const steps = page.locator('[data-finding="steps-after-sleep"]');
	await expect(steps).toBeVisible({ timeout: 25_000 });
	await expect(steps).toContainText(
		/On days after 7 h or more of sleep you walked [\d,]+ (more|fewer) steps/
	);
	// The count of days each side rests on; while the year is read a note says how far it has come.
	await expect(steps.locator('.basis:not(.note)')).toHaveText(/^n = \d+ vs \d+ days$/);
	// "Most steps" waits for the whole year before it names a day.
	await expect(page.locator('[data-finding="most-steps"]')).toContainText(
		/[\d,]+ steps on \w+ \d+ \w+ \d{4}/,
		{ timeout: 25_000 }
	);
	await expect(page.getByText(/because/i)).toHaveCount(0);
});

test.describe('logging a mood', () => {
	let server: OwnServer;
	test.beforeAll(async () => {
		server = await startOwnServer({}, { port: ownPort(5) });
	});
	test.afterAll(async () => {
		await server.stop();
	});

	test('logs a mood, shows it once the API has it, and deletes it again', async ({
		page,
		request
	}) => {
		// 30 March, 20:00 in Berlin on the frozen clock: the evening's mood is not logged yet.
		expect(await moodOf(request, server.origin, 20260330)).toBeNull();
		await page.goto(`${server.origin}/mood`);
		await expect(page.getByRole('grid', { name: 'Moods of the month' })).toBeVisible();
		const today = page.locator('[aria-label^="Mon 30 Mar"]');
		await expect(today).toHaveAttribute('aria-label', /no mood logged/);

		await page.getByRole('radio', { name: 'Energized' }).check();
		await page.getByLabel('Title (optional)').fill('After the long walk');
		await page.getByRole('button', { name: 'Log mood' }).click();
		await expect(
			page.getByRole('status').filter({ hasText: 'Logged “After the long walk”' })
		).toBeVisible();

		const logged = await moodOf(request, server.origin, 20260330);
		expect(logged).toMatchObject({ title: 'After the long walk', sub_type: 3 });
		await expect(today).toHaveAttribute('aria-label', /Energized \(“After the long walk”\)/);
		await expect(page.locator('[data-cell="mood"]')).toContainText('After the long walk');

		await page.getByRole('button', { name: 'Delete this mood' }).click();
		await expect(today).toHaveAttribute('aria-label', /no mood logged/);
		expect(await moodOf(request, server.origin, 20260330)).toBeNull();
	});

	test('a write from another site is refused and logs nothing', async ({ request }) => {
		const response = await request.post(`${server.origin}${API}/users/@me/mood`, {
			headers: { origin: 'https://evil.example' },
			form: { sub_type: '1', time_created: '1774893600', tz: 'Europe/Berlin' }
		});
		expect(response.status()).toBe(403);
		expect(await moodOf(request, server.origin, 20260330)).toBeNull();
	});
});
