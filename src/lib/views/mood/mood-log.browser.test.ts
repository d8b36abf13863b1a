// MoodLog in Chromium, through its labels and roles: choose a mood, add a title, log it; what it refuses and says.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { moodSchema } from '$lib/api';
import { moodGood } from '$lib/api/testing';
import { logMood } from '$lib/cache/writes';
import { ApiError } from '$lib/client';
import MoodLog from './MoodLog.svelte';

/** The data layer the page would hand over; the form only passes it on to the write. */
const layer = vi.hoisted(() => ({ part: 'the page’s data layer' }));

vi.mock('$lib/cache/data-layer.svelte', () => ({ getDataLayer: () => layer }));
vi.mock(import('$lib/cache/writes'), () => ({ logMood: vi.fn() }));

/** "Good", stored at 18:45 UTC on 29 March 2026: 20:45 in Berlin, where it was logged. */
const stored = moodSchema.parse(moodGood);

beforeEach(() => {
	vi.mocked(logMood).mockReset().mockResolvedValue(stored);
});

async function renderLog() {
	const onlogged = vi.fn();
	const screen = await render(MoodLog, { onlogged });
	const submit = () => screen.getByRole('button', { name: 'Log mood' }).click();
	return { screen, onlogged, submit };
}

describe('MoodLog', () => {
	it('offers the eight moods by name, best to worst', async () => {
		const { screen } = await renderLog();
		const group = screen.getByRole('group', { name: 'Mood' });
		const names = group
			.getByRole('radio')
			.elements()
			.map((radio) => radio.closest('label')?.textContent?.trim());
		expect(names).toEqual([
			'Amazing',
			'Pumped',
			'Energized',
			'Good',
			'Meh',
			'Dragging',
			'Exhausted',
			'Totally Done'
		]);
	});

	it('asks for a mood first and logs nothing without one', async () => {
		const { screen, submit } = await renderLog();
		await screen.getByLabelText('Title (optional)').fill('After the run');
		await submit();
		await expect.element(screen.getByRole('alert')).toHaveTextContent('Choose how you feel first.');
		expect(logMood).not.toHaveBeenCalled();
	});

	it('logs the chosen mood with its title, says when it was logged in its own zone, and starts afresh', async () => {
		const { screen, onlogged, submit } = await renderLog();
		await screen.getByRole('radio', { name: 'Good' }).click();
		await screen.getByLabelText('Title (optional)').fill('  After the run  ');
		await submit();

		expect(logMood).toHaveBeenCalledExactlyOnceWith(layer, { subType: 8, title: 'After the run' });
		await expect.element(screen.getByRole('status')).toHaveTextContent('Logged “Good” at 20:45.');
		expect(onlogged).toHaveBeenCalledExactlyOnceWith(stored);
		await expect.element(screen.getByRole('radio', { name: 'Good' })).not.toBeChecked();
		await expect.element(screen.getByLabelText('Title (optional)')).toHaveValue('');
	});

	it('is used from the keyboard: arrows choose among the moods, Enter logs', async () => {
		const { screen } = await renderLog();
		await screen.getByRole('radio', { name: 'Amazing' }).click();
		await expect.element(screen.getByRole('radio', { name: 'Amazing' })).toBeChecked();
		await userEvent.keyboard('{ArrowDown}{ArrowDown}');
		await expect.element(screen.getByRole('radio', { name: 'Energized' })).toBeChecked();
		await screen.getByLabelText('Title (optional)').click();
		await userEvent.keyboard('{Enter}');
		expect(logMood).toHaveBeenCalledExactlyOnceWith(layer, { subType: 3, title: '' });
	});

	it('says why the service refused, and keeps the choice', async () => {
		vi.mocked(logMood).mockRejectedValue(
			new ApiError(403, 'forbidden', 'This call needs the mood_write scope.', 'mood_write')
		);
		const { screen, onlogged, submit } = await renderLog();
		await screen.getByRole('radio', { name: 'Meh' }).click();
		await submit();
		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('Not logged: Access to this data was not granted (mood_write).');
		await expect.element(screen.getByRole('radio', { name: 'Meh' })).toBeChecked();
		await expect.element(screen.getByRole('button', { name: 'Log mood' })).toBeEnabled();
		expect(onlogged).not.toHaveBeenCalled();
	});
});
