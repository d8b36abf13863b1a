import { describe, expect, it } from 'vitest';
import type { GoalsV11 } from '$lib/api';
import { checkGoalDraft, goalDraftOf, parseHours } from './goal-form';

const GOALS: GoalsV11 = {
	move_steps: 10000,
	sleep_total: 28800,
	body_weight: 62,
	body_weight_intent: 0
};

describe('goalDraftOf', () => {
	it('shows the goals in the fields, sleep as hours and minutes', () => {
		expect(goalDraftOf(GOALS, 'metric')).toEqual({
			steps: '10000',
			sleep: '8:00',
			weight: '62',
			intent: 'lose'
		});
	});

	it('shows the weight goal in pounds for imperial units', () => {
		// 62 / 0.45359237 = 136.69 lb.
		expect(goalDraftOf(GOALS, 'imperial').weight).toBe('136.7');
	});

	it('leaves a goal the sign-in may not read empty', () => {
		expect(goalDraftOf({ move_steps: 9000 }, 'metric')).toEqual({
			steps: '9000',
			sleep: '',
			weight: '',
			intent: ''
		});
	});
});

describe('parseHours', () => {
	it('reads 7:30, 7.5 and 7,5 alike, and nothing else', () => {
		expect(parseHours('7:30')).toBe(7.5);
		expect(parseHours('7.5')).toBe(7.5);
		expect(parseHours('7,5')).toBe(7.5);
		expect(parseHours('7:75')).toBeNull();
		expect(parseHours('seven')).toBeNull();
	});
});

describe('checkGoalDraft', () => {
	const draft = goalDraftOf(GOALS, 'metric');

	it('sends nothing when nothing changed', () => {
		expect(checkGoalDraft(draft, GOALS, 'metric')).toEqual({ ok: true, changes: {} });
	});

	it('sends only the goals that changed, in the API units', () => {
		expect(checkGoalDraft({ ...draft, steps: '12,500', sleep: '7:15' }, GOALS, 'metric')).toEqual({
			ok: true,
			changes: { move_steps: 12500, sleep_total: 26100 }
		});
		expect(checkGoalDraft({ ...draft, intent: 'gain' }, GOALS, 'metric')).toEqual({
			ok: true,
			changes: { body_weight_intent: 2 }
		});
	});

	it('turns a weight goal in pounds into kilograms', () => {
		// 150 lb × 0.45359237 = 68.0389 kg.
		const imperial = goalDraftOf(GOALS, 'imperial');
		expect(checkGoalDraft({ ...imperial, weight: '150' }, GOALS, 'imperial')).toEqual({
			ok: true,
			changes: { body_weight: 68.039 }
		});
	});

	it('says what is wrong with each field', () => {
		const result = checkGoalDraft(
			{ steps: '500', sleep: 'long', weight: '10', intent: 'gain' },
			GOALS,
			'metric'
		);
		expect(result).toEqual({
			ok: false,
			errors: {
				steps: 'A step goal is between 1,000 and 100,000 steps a day.',
				sleep: 'Enter the sleep goal in hours, as 7:30 or 7.5.',
				weight: 'A weight goal is between 20 and 300 kg.'
			}
		});
		expect(checkGoalDraft({ ...draft, steps: '12k' }, GOALS, 'metric')).toMatchObject({
			errors: { steps: 'Enter the step goal as a whole number of steps.' }
		});
		expect(checkGoalDraft({ ...draft, sleep: '15' }, GOALS, 'metric')).toMatchObject({
			errors: { sleep: 'A sleep goal is between 3 and 14 hours a night.' }
		});
		expect(checkGoalDraft({ ...draft, weight: '' }, GOALS, 'metric')).toMatchObject({
			ok: false
		});
	});

	it('gives the weight range in pounds for imperial units', () => {
		const imperial = goalDraftOf(GOALS, 'imperial');
		// 20 kg = 44.1 lb, 300 kg = 661.4 lb.
		expect(checkGoalDraft({ ...imperial, weight: '30' }, GOALS, 'imperial')).toMatchObject({
			errors: { weight: 'A weight goal is between 44.1 and 661.4 lb.' }
		});
	});
});
