// GoalEditor in Chromium, through its labels and roles: open, type, save; what it refuses and what it sends.
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { goalsV11Schema } from '$lib/api/goals';
import { goalsV11Exceeded } from '$lib/api/testing';
import type { GoalChanges } from '$lib/client';
import type { UnitSystem } from '$lib/metrics/units';
import GoalEditor from './GoalEditor.svelte';

/** 10,000 steps, 7 h 30 min of sleep, 69 kg, aiming to lose weight. */
const goals = goalsV11Schema.parse(goalsV11Exceeded);

async function renderEditor(options: {
	save?: (changes: GoalChanges) => Promise<void>;
	system?: UnitSystem;
}) {
	const save = vi.fn(options.save ?? (() => Promise.resolve()));
	const screen = await render(GoalEditor, { goals, system: options.system ?? 'metric', save });
	const opener = screen.getByRole('button', { name: 'Change goals' });
	return { screen, save, opener };
}

describe('GoalEditor', () => {
	it('cannot be opened while the goals load', async () => {
		const screen = await render(GoalEditor, {
			goals: undefined,
			system: 'metric',
			save: () => Promise.resolve()
		});
		await expect.element(screen.getByRole('button', { name: 'Change goals' })).toBeDisabled();
	});

	it('opens on the current goals, in the person’s units, with focus on the first field', async () => {
		const { screen, opener } = await renderEditor({});
		await opener.click();
		const steps = screen.getByLabelText('Steps a day');
		await expect.element(steps).toHaveValue('10000');
		await expect.element(steps).toHaveFocus();
		await expect
			.element(screen.getByLabelText('Sleep a night (hours, as 7:30)'))
			.toHaveValue('7:30');
		await expect.element(screen.getByLabelText('Weight goal (kg)')).toHaveValue('69');
		await expect.element(screen.getByLabelText('Aim')).toHaveDisplayValue('Lose weight');
	});

	it('sends only the goals that changed, says so, and closes with focus back on its button', async () => {
		const { screen, save, opener } = await renderEditor({});
		await opener.click();
		await screen.getByLabelText('Steps a day').fill('12,500');
		await screen.getByLabelText('Sleep a night (hours, as 7:30)').fill('8');
		await screen.getByRole('button', { name: 'Save' }).click();

		expect(save).toHaveBeenCalledExactlyOnceWith({ move_steps: 12500, sleep_total: 28800 });
		await expect.element(screen.getByRole('status')).toHaveTextContent('Goals saved.');
		await expect
			.element(screen.getByRole('form', { name: 'Change goals' }))
			.not.toBeInTheDocument();
		await expect.element(opener).toHaveFocus();
	});

	it('reads the weight goal in pounds for imperial units and sends kilograms', async () => {
		const { screen, save, opener } = await renderEditor({ system: 'imperial' });
		await opener.click();
		const weight = screen.getByLabelText('Weight goal (lb)');
		await expect.element(weight).toHaveValue('152.1');
		await weight.fill('150');
		await screen.getByLabelText('Aim').selectOptions('Keep weight steady');
		// Enter in a field sends the form, as it does in any form.
		await weight.click();
		await userEvent.keyboard('{Enter}');
		expect(save).toHaveBeenCalledExactlyOnceWith({ body_weight: 68.039, body_weight_intent: 1 });
	});

	it('says what is wrong beside each field, tied to it, and sends nothing', async () => {
		const { screen, save, opener } = await renderEditor({});
		await opener.click();
		const steps = screen.getByLabelText('Steps a day');
		const sleep = screen.getByLabelText('Sleep a night (hours, as 7:30)');
		const weight = screen.getByLabelText('Weight goal (kg)');
		await steps.fill('lots');
		await sleep.fill('15');
		await weight.fill('');
		await screen.getByRole('button', { name: 'Save' }).click();

		await expect.element(steps).toHaveAttribute('aria-invalid', 'true');
		await expect
			.element(steps)
			.toHaveAccessibleDescription('Enter the step goal as a whole number of steps.');
		await expect
			.element(sleep)
			.toHaveAccessibleDescription('A sleep goal is between 3 and 14 hours a night.');
		await expect
			.element(weight)
			.toHaveAccessibleDescription('A weight goal cannot be removed here; enter a weight.');
		expect(save).not.toHaveBeenCalled();

		// Put right, the form sends and the messages go.
		await steps.fill('9000');
		await sleep.fill('7:30');
		await weight.fill('69');
		await screen.getByRole('button', { name: 'Save' }).click();
		expect(save).toHaveBeenCalledExactlyOnceWith({ move_steps: 9000 });
	});

	it('shows the service’s refusal and keeps the form open with what was typed', async () => {
		const { screen, opener } = await renderEditor({
			save: () => Promise.reject(new Error('This sign-in may not change the sleep goal.'))
		});
		await opener.click();
		await screen.getByLabelText('Sleep a night (hours, as 7:30)').fill('8:15');
		await screen.getByRole('button', { name: 'Save' }).click();

		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('This sign-in may not change the sleep goal.');
		await expect
			.element(screen.getByLabelText('Sleep a night (hours, as 7:30)'))
			.toHaveValue('8:15');
		await expect.element(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
	});

	it('sends nothing when nothing changed, and says so', async () => {
		const { screen, save, opener } = await renderEditor({});
		await opener.click();
		await screen.getByRole('button', { name: 'Save' }).click();
		expect(save).not.toHaveBeenCalled();
		await expect.element(screen.getByRole('status')).toHaveTextContent('Nothing changed.');
	});

	it('is left with Escape or Cancel, sending nothing, focus back on its button', async () => {
		const { screen, save, opener } = await renderEditor({});
		await opener.click();
		await screen.getByLabelText('Steps a day').fill('20000');
		await userEvent.keyboard('{Escape}');
		await expect.element(screen.getByLabelText('Steps a day')).not.toBeInTheDocument();
		await expect.element(opener).toHaveFocus();

		await opener.click();
		// Opened again, it starts from the goals, not from what was typed before.
		await expect.element(screen.getByLabelText('Steps a day')).toHaveValue('10000');
		await screen.getByRole('button', { name: 'Cancel' }).click();
		await expect.element(opener).toHaveFocus();
		expect(save).not.toHaveBeenCalled();
	});
});
