// WeighInForm in Chromium, through its labels and roles: the time where the person is, what it refuses, what it logs.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { NewWeighIn } from '$lib/client';
import type { UnitSystem } from '$lib/metrics/units';
import WeighInForm from './WeighInForm.svelte';

const BERLIN = 'Europe/Berlin';
/** Monday 30 March 2026, 07:15 in Berlin (summer time, UTC+2); the browser is in Kathmandu. */
const START = Date.UTC(2026, 2, 30, 5, 15) / 1000;
/** The server's clock, two minutes after the form started. */
const NOW = START + 120;

async function renderForm(
	options: {
		startAt?: number | null;
		system?: UnitSystem;
		log?: (weighIn: NewWeighIn) => Promise<void>;
	} = {}
) {
	const log = vi.fn(options.log ?? (() => Promise.resolve()));
	const screen = await render(WeighInForm, {
		system: options.system ?? 'metric',
		tz: BERLIN,
		startAt: options.startAt === undefined ? START : options.startAt,
		now: () => NOW,
		log
	});
	const submit = () => screen.getByRole('button', { name: 'Log weigh-in' }).click();
	return { screen, log, submit };
}

describe('WeighInForm', () => {
	it('waits for the server’s clock, then starts at now on the person’s clock, not the browser’s', async () => {
		const { screen } = await renderForm({ startAt: null });
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Finding out the time where you are…');

		await screen.rerender({ startAt: START });
		await expect.element(screen.getByLabelText('Date')).toHaveValue('2026-03-30');
		await expect
			.element(screen.getByLabelText('Time (24-hour, Europe/Berlin)'))
			.toHaveValue('07:15');
		await expect.element(screen.getByLabelText('Weight (kg)')).toHaveValue('');
	});

	it('logs the weight and body fat at the time typed in the person’s zone, says so and empties the form', async () => {
		const { screen, log, submit } = await renderForm();
		await screen.getByLabelText('Weight (kg)').fill('64,3');
		await screen.getByLabelText('Body fat (%, optional)').fill('21.5 %');
		await submit();

		expect(log).toHaveBeenCalledExactlyOnceWith({
			weight: 64.3,
			body_fat: 21.5,
			time_created: START,
			tz: BERLIN
		});
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Logged 64,3 kg on 2026-03-30 at 07:15.');
		await expect.element(screen.getByLabelText('Weight (kg)')).toHaveValue('');
		await expect.element(screen.getByLabelText('Body fat (%, optional)')).toHaveValue('');
	});

	it('takes pounds for imperial units and logs kilograms, without a body fat when none is typed', async () => {
		const { screen, log, submit } = await renderForm({ system: 'imperial' });
		await screen.getByLabelText('Weight (lb)').fill('150');
		await screen.getByLabelText('Time (24-hour, Europe/Berlin)').fill('06:40');
		await submit();
		expect(log).toHaveBeenCalledExactlyOnceWith({
			weight: 68.039,
			time_created: START - 35 * 60,
			tz: BERLIN
		});
	});

	it('says what is wrong beside each field, tied to it, and logs nothing', async () => {
		const { screen, log, submit } = await renderForm();
		const weight = screen.getByLabelText('Weight (kg)');
		const fat = screen.getByLabelText('Body fat (%, optional)');
		const time = screen.getByLabelText('Time (24-hour, Europe/Berlin)');
		await submit();
		await expect.element(weight).toHaveAttribute('aria-invalid', 'true');
		await expect.element(weight).toHaveAccessibleDescription('Enter your weight.');

		await weight.fill('640');
		await fat.fill('a lot');
		await time.fill('7.15');
		await submit();
		await expect.element(weight).toHaveAccessibleDescription('A weight is between 20 and 300 kg.');
		await expect
			.element(fat)
			.toHaveAccessibleDescription('Enter body fat as a percentage, or leave it empty.');
		await expect
			.element(time)
			.toHaveAccessibleDescription('Enter the time on a 24-hour clock, as 07:30.');
		expect(log).not.toHaveBeenCalled();
	});

	it('refuses a time still to come on the person’s clock', async () => {
		const { screen, log, submit } = await renderForm();
		await screen.getByLabelText('Weight (kg)').fill('64.3');
		const time = screen.getByLabelText('Time (24-hour, Europe/Berlin)');
		await time.fill('07:30');
		await submit();
		await expect
			.element(time)
			.toHaveAccessibleDescription('A weigh-in cannot be logged for a time still to come.');
		expect(log).not.toHaveBeenCalled();
	});

	it('shows the service’s refusal and keeps what was typed', async () => {
		const { screen, submit } = await renderForm({
			log: () => Promise.reject(new Error('This sign-in may not add weigh-ins.'))
		});
		await screen.getByLabelText('Weight (kg)').fill('64.3');
		await submit();
		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('This sign-in may not add weigh-ins.');
		await expect.element(screen.getByLabelText('Weight (kg)')).toHaveValue('64.3');
		await expect.element(screen.getByRole('button', { name: 'Log weigh-in' })).toBeEnabled();
	});
});
