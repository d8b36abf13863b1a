// Importing one's own records: from the Data page (upload) and with `npm run import`, each on a
// server of its own with a data folder of its own, then reading them on Activity.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { filesUnder } from '../../src/lib/server/import/testing/fixture-zip';
import { zipOf } from '../../src/lib/server/import/testing/zip-writer';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

// Steps are counted by hand from src/lib/server/import/fixtures/generate.ts: on 1 April 2024 the
// Apple Health export holds one watch sample of 3,000 steps (07:00–07:30 +0200); the UP export's
// row for 31 March 2024 says m_steps 10500.
const FIXTURES = 'src/lib/server/import/fixtures';
const IMPORT_MODULE = 'src/lib/server/import';
const TOKEN = 'import-e2e-token-0123456789abcdef';
const SETTINGS = {
	NUDGE_ACCESS_TOKEN: TOKEN,
	// A short demo keeps a fresh data folder quick to open.
	NUDGE_REFERENCE_DAYS: '60'
};

test.describe.configure({ mode: 'serial' });

async function userKey(request: APIRequestContext, origin: string): Promise<string | null> {
	const response = await request.get(`${origin}/api/session`);
	return ((await response.json()) as { userKey: string | null }).userKey;
}

async function movesOn(request: APIRequestContext, origin: string, date: number) {
	const response = await request.get(`${origin}/api/nudge/v.1.1/users/@me/moves?date=${date}`);
	expect(response.ok()).toBe(true);
	return ((await response.json()) as { data: { items: unknown[] } }).data.items;
}

/** The Steps figure of a day on Activity. */
async function daySteps(page: Page, origin: string, date: string) {
	await page.goto(`${origin}/activity?date=${date}`);
	const figure = page
		.locator('dl[aria-label="Day totals"] > div')
		.filter({ has: page.locator('dt', { hasText: /^Steps$/ }) })
		.locator('dd');
	// A day this old is fetched from the API on the way: give it time.
	await expect(figure).toBeVisible({ timeout: 30_000 });
	return figure;
}

test.describe('importing from the Data page', () => {
	let server: OwnServer;
	let dir: string;
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'import-e2e-'));
		server = await startOwnServer(
			{ ...SETTINGS, NUDGE_REFERENCE_DATA_DIR: dir },
			{ port: ownPort(6) }
		);
	});
	test.afterAll(async () => {
		await server.stop();
		await rm(dir, { recursive: true, force: true });
	});

	test('a malformed file shows the importer’s message and changes nothing', async ({ page }) => {
		const before = await userKey(page.request, server.origin);
		await page.goto(`${server.origin}/data`);
		await page.getByLabel('Export file').setInputFiles(`${FIXTURES}/up-export-malformed.csv`);
		await page.getByRole('button', { name: 'Import' }).click();
		const error = page.getByTestId('import-error');
		await expect(error).toContainText('Nothing was imported');
		await expect(error).toContainText('line 3');
		await expect(error).toContainText('m_steps');
		await expect(page.getByTestId('import-summary')).toHaveCount(0);
		// The file's good first row (30 March 2024) was not stored: the token still reads the demo.
		expect(await userKey(page.request, server.origin)).toBe(before);
		expect(await movesOn(page.request, server.origin, 20240330)).toEqual([]);
	});

	test('an Apple Health export uploads, shows its summary, and its steps show on Activity', async ({
		page
	}) => {
		const demo = await userKey(page.request, server.origin);
		await page.goto(`${server.origin}/data`);
		// The picker is reached and opened from the keyboard like any control.
		const picker = page.getByLabel('Export file');
		await picker.focus();
		await expect(picker).toBeFocused();
		await picker.setInputFiles(`${FIXTURES}/apple-health-export.xml`);
		await page.getByRole('button', { name: 'Import' }).click();

		// 5 days of activity, 2 sleeps, 2 workouts, 2 body measurements, 1 day of food, 2 resting
		// heart rates: 14 records, all new.
		await expect(page.getByTestId('import-summary')).toHaveText(
			'Imported 14 records: 14 new, 0 updated, 0 already there.',
			{ timeout: 30_000 }
		);
		await expect(page.getByTestId('import-row-moves')).toContainText('Days of activity');
		await expect(page.getByTestId('import-row-moves').locator('td').first()).toHaveText('5');
		await expect(page.getByTestId('import-row-heartrates').locator('td').first()).toHaveText('2');
		// The dashboard now reads the person's own account, and this browser's copy holds it.
		expect(await userKey(page.request, server.origin)).not.toBe(demo);
		await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 30_000 });
		await expect(page.getByTestId('count-moves')).toHaveText('5');

		await expect(await daySteps(page, server.origin, '2024-04-01')).toHaveText('3,000');
	});

	test('importing the same file again adds nothing', async ({ page }) => {
		await page.goto(`${server.origin}/data`);
		await page.getByLabel('Export file').setInputFiles(`${FIXTURES}/apple-health-export.xml`);
		await page.getByRole('button', { name: 'Import' }).click();
		await expect(page.getByTestId('import-summary')).toHaveText(
			'Imported 14 records: 0 new, 0 updated, 14 already there.',
			{ timeout: 30_000 }
		);
	});
	test('a file larger than the server’s body limit (512 KiB) imports too', async ({ page }) => {
		// Three megabytes: one day of 4,321 steps, then 3,000 rows of a note column the importer
		// ignores (each within the reader's 4,096 characters a field).
		const note = 'x'.repeat(1_000);
		const quiet = Array.from({ length: 3_000 }, (_, index) => {
			const day = new Date(Date.UTC(2010, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
			return `${day},,${note}`;
		});
		const rows = ['2024-04-05,4321,first', ...quiet];
		const buffer = Buffer.from(['date,m_steps,note', ...rows].join('\n'));
		expect(buffer.length).toBeGreaterThan(512 * 1024);
		await page.goto(`${server.origin}/data`);
		await page
			.getByLabel('Export file')
			.setInputFiles({ name: 'big-up.csv', mimeType: 'text/csv', buffer });
		await page.getByRole('button', { name: 'Import' }).click();
		await expect(page.getByTestId('import-summary')).toHaveText(
			'Imported 1 record: 1 new, 0 updated, 0 already there.',
			{ timeout: 30_000 }
		);
		await expect(await daySteps(page, server.origin, '2024-04-05')).toHaveText('4,321');
	});
});

test.describe('what an import leaves out, and where it places the person', () => {
	let server: OwnServer;
	let dir: string;
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'import-complete-e2e-'));
		// The API's clock two days after the fixture's last records (8 March 2019, in Berlin).
		server = await startOwnServer(
			{ ...SETTINGS, NUDGE_REFERENCE_DATA_DIR: dir, NUDGE_REFERENCE_NOW: '2019-03-08T12:00:00Z' },
			{ port: ownPort(17) }
		);
	});
	test.afterAll(async () => {
		await server.stop();
		await rm(dir, { recursive: true, force: true });
	});

	test('the Data page names what was not imported and skipped, and Heart shows the blood pressure', async ({
		page
	}) => {
		await page.goto(`${server.origin}/data`);
		await page.getByLabel('Export file').setInputFiles(`${FIXTURES}/apple-health-completeness.xml`);
		await page.getByRole('button', { name: 'Import' }).click();
		// Counted by hand from the fixture (src/lib/server/import/fixtures/README.md).
		await expect(page.getByTestId('import-not-imported')).toContainText(
			'Not imported: 3 flights climbed, 2 heart-rate samples, 2 stand hours, 1 VO2 max estimate,',
			{ timeout: 30_000 }
		);
		await expect(page.getByTestId('import-skipped')).toContainText(
			'Records dated after the export was made (2019-03-08 10:00:00 +0100): 1'
		);
		await expect(page.getByTestId('import-zone')).toContainText(
			'Your records are placed in Europe/Berlin (the zone your phone named for its latest records)'
		);
		await expect(page.getByTestId('import-row-cardiac_events').locator('td').first()).toHaveText(
			'2'
		);
		await expect(page.getByTestId('sync-status')).toHaveText('Up to date', { timeout: 30_000 });

		// Today has no records: it points to the latest day that has some, and runs on Berlin time.
		await page.goto(`${server.origin}/`);
		const pointer = page.getByTestId('latest-day');
		await expect(pointer).toContainText(
			'Nothing recorded today. Your latest records are from Wed 6 Mar 2019, 2 days ago.'
		);
		await expect(page.locator('.lead')).toContainText('in Europe/Berlin');
		await pointer.getByRole('link').click();
		await expect(page).toHaveURL(/\/activity\?date=2019-03-06/);

		await page.goto(`${server.origin}/heart`);
		const pressure = page.getByRole('region', { name: 'Blood pressure' });
		await expect(pressure).toBeVisible({ timeout: 30_000 });
		await expect(pressure.locator('tbody tr')).toHaveCount(2);
	});

	test('a UP export asks for the zone of its days, the browser’s filled in', async ({ page }) => {
		await page.goto(`${server.origin}/data`);
		await page.getByLabel('Export file').setInputFiles(`${FIXTURES}/up-export.csv`);
		const zone = page.getByLabel('Time zone of the file’s days');
		await expect(zone).not.toHaveValue('');
		await zone.fill('Mars/Olympus');
		await expect(page.getByTestId('import-zone-error')).toBeVisible();
		await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
		await zone.fill('America/New_York');
		await page.getByRole('button', { name: 'Import' }).click();
		await expect(page.getByTestId('import-zone')).toHaveText(
			'The days are placed in America/New_York (the zone you chose); the dashboard runs on the zone of your latest records.',
			{ timeout: 30_000 }
		);
	});
});

test.describe('importing with npm run import before the server starts', () => {
	let server: OwnServer;
	let dir: string;
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'import-cli-e2e-'));
		await promisify(execFile)(
			process.execPath,
			['node_modules/tsx/dist/cli.mjs', 'scripts/import.ts', `${FIXTURES}/up-export.csv`],
			{
				env: {
					PATH: process.env.PATH ?? '',
					NUDGE_REFERENCE_DATA_DIR: dir,
					NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
					NUDGE_REFERENCE_DAYS: SETTINGS.NUDGE_REFERENCE_DAYS
				}
			}
		);
		server = await startOwnServer(
			{ ...SETTINGS, NUDGE_REFERENCE_DATA_DIR: dir },
			{ port: ownPort(6) }
		);
	});
	test.afterAll(async () => {
		await server.stop();
		await rm(dir, { recursive: true, force: true });
	});

	test('the imported day’s steps show on Activity', async ({ page }) => {
		await expect(await daySteps(page, server.origin, '2024-03-31')).toHaveText('10,500');
	});
});

test.describe('importing a Fitbit archive from the Data page', () => {
	let server: OwnServer;
	let dir: string;
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'import-fitbit-e2e-'));
		server = await startOwnServer(
			{ ...SETTINGS, NUDGE_REFERENCE_DATA_DIR: dir },
			{ port: ownPort(18) }
		);
	});
	test.afterAll(async () => {
		await server.stop();
		await rm(dir, { recursive: true, force: true });
	});

	test('a Takeout zip is recognised by what it holds, read in the profile’s zone, and its steps show', async ({
		page
	}) => {
		// The Fitbit excerpts (src/lib/server/import/fitbit/fixtures/README.md), zipped under a name
		// that says nothing of Fitbit. Two days of activity, a night, three workouts, a weigh-in and
		// two resting heart rates: 9 records. The 29 April 2018 steps (4,686) are summed by hand
		// there.
		const buffer = zipOf(filesUnder(`${IMPORT_MODULE}/fitbit/fixtures/takeout`));
		await page.goto(`${server.origin}/data`);
		await page
			.getByLabel('Export file')
			.setInputFiles({ name: 'takeout-001.zip', mimeType: 'application/zip', buffer });
		await page.getByRole('button', { name: 'Import' }).click();
		await expect(page.getByTestId('import-summary')).toHaveText(
			'Imported 9 records: 9 new, 0 updated, 0 already there.',
			{ timeout: 30_000 }
		);
		await expect(page.getByTestId('import-zone')).toHaveText(
			'Your Fitbit records are placed in Australia/Melbourne (the zone your Fitbit profile names); the dashboard runs on the zone of your latest records.'
		);
		await expect(await daySteps(page, server.origin, '2018-04-29')).toHaveText('4,686');
	});
});
