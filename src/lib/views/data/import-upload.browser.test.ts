// ImportUpload in Chromium, through its labels and roles: pick a file, send it, see what the server said and the sync.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import ImportUpload from './ImportUpload.svelte';

/** The data layer the page would hand over: the session it says, and the calls an import makes. */
const fake = vi.hoisted(() => ({
	layer: {
		session: { upstream: 'embedded' },
		refreshSession: (): Promise<void> => Promise.resolve(),
		clearAll: (): Promise<void> => Promise.resolve(),
		sync: (): Promise<void> => Promise.resolve()
	}
}));

vi.mock('$lib/cache/data-layer.svelte', () => ({ getDataLayer: () => fake.layer }));

const IMPORT = '/api/import';
/** A UP app export of three days (its contents matter only to the server, answered here). */
const upExport = new File(
	['Date,Steps\n2026-03-27,8120\n2026-03-28,10450\n2026-03-29,4310\n'],
	'up-export.csv',
	{ type: 'text/csv' }
);

const counts = (moves: number, sleeps: number) => ({
	moves,
	sleeps,
	workouts: 0,
	body_events: 0,
	meals: 0,
	heartrates: 0,
	cardiac_events: 0
});

/** The server stored three days of activity (two new, one changed) and a night already there. */
const stored = {
	data: {
		format: 'up-csv',
		records: counts(3, 1),
		skipped: {},
		notImported: {},
		zone: { tz: 'Europe/Berlin', basis: 'given' },
		outcome: { added: counts(2, 0), updated: counts(1, 0), unchanged: counts(0, 1) },
		repeatOf: null,
		bytes: upExport.size
	}
};

let refreshSession = vi.fn(() => Promise.resolve());
let clearAll = vi.fn(() => Promise.resolve());
let sync = vi.fn(() => Promise.resolve());

beforeEach(() => {
	refreshSession = vi.fn(() => Promise.resolve());
	clearAll = vi.fn(() => Promise.resolve());
	sync = vi.fn(() => Promise.resolve());
	fake.layer = { session: { upstream: 'embedded' }, refreshSession, clearAll, sync };
});

async function renderUpload() {
	const onsynced = vi.fn();
	const screen = await render(ImportUpload, { onsynced });
	const importButton = screen.getByRole('button', { name: 'Import' });
	return { screen, onsynced, importButton, picker: screen.getByLabelText('Export file') };
}

describe('ImportUpload', () => {
	it('can import only once a file is picked', async () => {
		const { importButton, picker } = await renderUpload();
		await expect.element(importButton).toBeDisabled();
		await picker.upload(upExport);
		await expect.element(importButton).toBeEnabled();
	});

	it('asks a UP export’s zone, the browser’s by default, and refuses one it does not know', async () => {
		const { screen, importButton, picker } = await renderUpload();
		await picker.upload(upExport);
		const zone = screen.getByLabelText('Time zone of the file’s days');
		// The pinned zone, as Chromium names it (its ICU keeps the older spelling "Katmandu").
		await expect.element(zone).toHaveDisplayValue(/^Asia\/Kath?mandu$/);

		await zone.fill('Mars/Olympus');
		await expect.element(screen.getByText('is not a time zone this browser knows')).toBeVisible();
		await expect.element(importButton).toBeDisabled();
		await zone.fill('Europe/Berlin');
		await expect.element(importButton).toBeEnabled();
	});

	it('sends the file whole under its name and zone, says what was stored per kind, then syncs afresh', async () => {
		await commands.answerRequests(IMPORT, 200, JSON.stringify(stored));
		const { screen, onsynced, importButton, picker } = await renderUpload();
		await picker.upload(upExport);
		await screen.getByLabelText('Time zone of the file’s days').fill('Europe/Berlin');
		await importButton.click();

		await expect
			.element(screen.getByTestId('import-summary'))
			.toHaveTextContent('Imported 4 records: 2 new, 1 updated, 1 already there.');
		expect(await commands.sentRequests(IMPORT)).toEqual([
			{
				method: 'POST',
				path: '/api/import?name=up-export.csv&tz=Europe%2FBerlin',
				contentType: 'application/octet-stream',
				bytes: upExport.size
			}
		]);
		// New, updated and already there, per kind the file held.
		const table = screen.getByRole('table', { name: 'Records imported, by kind' });
		const counted = (kind: string) =>
			table
				.getByRole('row', { name: kind })
				.getByRole('cell')
				.elements()
				.map((cell) => cell.textContent);
		expect(counted('Days of activity')).toEqual(['2', '1', '0']);
		expect(counted('Sleeps and naps')).toEqual(['0', '0', '1']);
		await expect.element(table.getByRole('row', { name: 'Workouts' })).not.toBeInTheDocument();
		await expect.element(screen.getByTestId('import-zone')).toHaveTextContent('Europe/Berlin');
		// The token may read the person's own account now: the session first; then this browser's
		// copy goes and a sync fetches it all again.
		await expect.poll(() => onsynced.mock.calls.length).toBe(1);
		expect(refreshSession).toHaveBeenCalledTimes(1);
		expect(clearAll).toHaveBeenCalledTimes(1);
		expect(sync).toHaveBeenCalledTimes(1);
		expect(refreshSession.mock.invocationCallOrder[0]).toBeLessThan(
			clearAll.mock.invocationCallOrder[0] ?? 0
		);
		expect(clearAll.mock.invocationCallOrder[0]).toBeLessThan(
			sync.mock.invocationCallOrder[0] ?? 0
		);
	});

	it('says what was stored as soon as the server answers, while the sync still runs', async () => {
		await commands.answerRequests(IMPORT, 200, JSON.stringify(stored));
		let finishSync = (): void => undefined;
		sync = vi.fn(() => new Promise<void>((resolve) => (finishSync = resolve)));
		fake.layer = { ...fake.layer, sync };
		const { screen, onsynced, importButton, picker } = await renderUpload();
		await picker.upload(upExport);
		await importButton.click();

		await expect
			.element(screen.getByTestId('import-summary'))
			.toHaveTextContent('Imported 4 records: 2 new, 1 updated, 1 already there.');
		await expect.element(screen.getByTestId('import-syncing')).toBeVisible();
		await expect
			.element(screen.getByRole('table', { name: 'Records imported, by kind' }))
			.toBeVisible();
		expect(onsynced).not.toHaveBeenCalled();

		finishSync();
		await expect.element(screen.getByTestId('import-syncing')).not.toBeInTheDocument();
		await expect.element(screen.getByTestId('import-summary')).toBeVisible();
		await expect.poll(() => onsynced.mock.calls.length).toBe(1);
	});

	it('shows the importer’s message for a file with a mistake, and syncs nothing', async () => {
		const detail = 'up-export.csv line 3: "31/02/2026" is not a date.';
		await commands.answerRequests(IMPORT, 422, JSON.stringify({ meta: { error_detail: detail } }));
		const { screen, onsynced, importButton, picker } = await renderUpload();
		await picker.upload(upExport);
		await importButton.click();

		await expect.element(screen.getByRole('alert')).toHaveTextContent(detail);
		await expect.element(screen.getByTestId('import-summary')).not.toBeInTheDocument();
		expect(sync).not.toHaveBeenCalled();
		expect(onsynced).not.toHaveBeenCalled();
		// The file is still picked: it can be sent again.
		await expect.element(importButton).toBeEnabled();
	});

	it('asks to sign in when the session has ended, and lets the page learn it', async () => {
		await commands.answerRequests(IMPORT, 401, '{}');
		const { screen, importButton, picker } = await renderUpload();
		await picker.upload(upExport);
		await importButton.click();

		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('Sign in to import your records.');
		expect(refreshSession).toHaveBeenCalledTimes(1);
		expect(sync).not.toHaveBeenCalled();
	});

	it('offers no import when the dashboard reads an upstream service', async () => {
		fake.layer = { session: { upstream: 'custom' }, refreshSession, clearAll, sync };
		const { screen } = await renderUpload();
		await expect
			.element(
				screen.getByText('This dashboard reads an upstream service: import your records there.')
			)
			.toBeVisible();
		await expect.element(screen.getByLabelText('Export file')).not.toBeInTheDocument();
	});
});
