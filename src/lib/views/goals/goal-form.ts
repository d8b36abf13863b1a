// The goal editor's fields: what they show for the current goals, and the checked changes to send.
import type { GoalsV11 } from '$lib/api';
import type { GoalChanges } from '$lib/client';
import { weightIn, type UnitSystem } from '$lib/metrics/units';

export type IntentChoice = 'lose' | 'maintain' | 'gain';
export const INTENT_CHOICES: readonly { value: IntentChoice; label: string; code: 0 | 1 | 2 }[] = [
	{ value: 'lose', label: 'Lose weight', code: 0 },
	{ value: 'maintain', label: 'Keep weight steady', code: 1 },
	{ value: 'gain', label: 'Gain weight', code: 2 }
];

/** What the fields hold, as typed: steps, sleep as `7:30` or `7.5` hours, weight in the person's unit. */
export interface GoalDraft {
	steps: string;
	sleep: string;
	weight: string;
	intent: IntentChoice | '';
}

export type GoalErrors = Partial<Record<keyof GoalDraft, string>>;

export type GoalCheck = { ok: true; changes: GoalChanges } | { ok: false; errors: GoalErrors };

export const STEP_GOAL_RANGE = { min: 1000, max: 100_000 } as const;
/** Sleep goal in hours. */
export const SLEEP_GOAL_RANGE = { min: 3, max: 14 } as const;
/** Weight goal in kilograms. */
export const WEIGHT_GOAL_RANGE = { min: 20, max: 300 } as const;

/** Seconds as `H:MM`. */
function clockHours(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** One decimal, no trailing `.0`. */
function plain(value: number): string {
	return String(Math.round(value * 10) / 10);
}

/** The fields filled with the current goals (empty where a goal is not set or not shown). */
export function goalDraftOf(goals: GoalsV11 | undefined, system: UnitSystem): GoalDraft {
	const weight = goals?.body_weight;
	const intent = INTENT_CHOICES.find((choice) => choice.code === goals?.body_weight_intent);
	return {
		steps: goals?.move_steps == null ? '' : String(goals.move_steps),
		sleep: goals?.sleep_total == null ? '' : clockHours(goals.sleep_total),
		weight: weight == null || weight <= 0 ? '' : plain(weightIn(weight, system).value),
		intent: intent?.value ?? ''
	};
}

/** Hours typed as `7:30`, `7.5` or `7,5`; null when it is neither. */
export function parseHours(text: string): number | null {
	const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
	if (clock) return Number(clock[1]) + Number(clock[2]) / 60;
	const decimal = /^\d{1,2}(?:[.,]\d+)?$/.exec(text);
	return decimal ? Number(text.replace(',', '.')) : null;
}

/** A number typed with a point or a comma; null when it is not one. */
export function parseDecimal(text: string): number | null {
	return /^\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : null;
}

/** Kilograms from a weight in the person's unit, to the gram. */
export function kilogramsOf(value: number, system: UnitSystem): number {
	const perUnit = weightIn(1, system).value;
	return Math.round((value / perUnit) * 1000) / 1000;
}

/**
 * Checks the fields against the current goals: each wrong field gets a sentence, and only the
 * goals that changed are sent (so a sign-in that may change steps alone can still save them).
 */
export function checkGoalDraft(
	draft: GoalDraft,
	current: GoalsV11 | undefined,
	system: UnitSystem
): GoalCheck {
	const errors: GoalErrors = {};
	const changes: GoalChanges = {};
	const before = goalDraftOf(current, system);

	const steps = draft.steps.trim().replace(/[\s,]/g, '');
	if (steps !== before.steps.replace(/[\s,]/g, '')) {
		if (!/^\d+$/.test(steps)) errors.steps = 'Enter the step goal as a whole number of steps.';
		else if (Number(steps) < STEP_GOAL_RANGE.min || Number(steps) > STEP_GOAL_RANGE.max)
			errors.steps = 'A step goal is between 1,000 and 100,000 steps a day.';
		else changes.move_steps = Number(steps);
	}

	const sleep = draft.sleep.trim();
	if (sleep !== before.sleep) {
		const hours = parseHours(sleep);
		if (hours === null) errors.sleep = 'Enter the sleep goal in hours, as 7:30 or 7.5.';
		else if (hours < SLEEP_GOAL_RANGE.min || hours > SLEEP_GOAL_RANGE.max)
			errors.sleep = 'A sleep goal is between 3 and 14 hours a night.';
		else changes.sleep_total = Math.round(hours * 60) * 60;
	}

	const weight = draft.weight.trim();
	if (weight !== before.weight) {
		const value = parseDecimal(weight);
		const unit = weightIn(1, system).unit;
		const low = plain(weightIn(WEIGHT_GOAL_RANGE.min, system).value);
		const high = plain(weightIn(WEIGHT_GOAL_RANGE.max, system).value);
		const kg = value === null ? null : kilogramsOf(value, system);
		if (weight === '') errors.weight = 'A weight goal cannot be removed here; enter a weight.';
		else if (kg === null) errors.weight = `Enter the weight goal as a number of ${unit}.`;
		else if (kg < WEIGHT_GOAL_RANGE.min || kg > WEIGHT_GOAL_RANGE.max)
			errors.weight = `A weight goal is between ${low} and ${high} ${unit}.`;
		else changes.body_weight = kg;
	}

	if (draft.intent !== before.intent) {
		const choice = INTENT_CHOICES.find((entry) => entry.value === draft.intent);
		if (choice === undefined) errors.intent = 'Choose whether to lose, keep or gain weight.';
		else changes.body_weight_intent = choice.code;
	}

	return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, changes };
}
