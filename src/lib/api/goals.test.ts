import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { goalsV10Legacy, goalsV11Exceeded, goalsV11MoveScopeOnly } from './testing';
import { goalsV10Schema, goalsV11Schema } from './goals';

function parsed<T>(schema: z.core.$ZodType<T>, value: unknown): T {
	const result = z.safeParse(schema, value);
	if (!result.success) throw new Error(JSON.stringify(result.error.issues));
	return result.data;
}

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
	return z.safeParse(schema, value).success;
}

describe('goals v.1.1', () => {
	it('keeps negative remainders of goals already exceeded', () => {
		const remaining = parsed(goalsV11Schema, goalsV11Exceeded).remaining_for_day;
		expect(remaining?.move_steps_remaining).toBeLessThan(0);
		expect(remaining?.sleep_seconds_remaining).toBeLessThan(0);
		expect(remaining?.intake_calories_remaining).toBe(-40.5);
	});

	it('parses a record read with move_read only', () => {
		const goals = parsed(goalsV11Schema, goalsV11MoveScopeOnly);
		expect(goals.move_steps).toBe(10000);
		expect(goals.sleep_total).toBeUndefined();
		expect(goals.body_weight_intent).toBeUndefined();
	});

	it('accepts a float body weight and rejects an unknown weight intent', () => {
		expect(accepts(goalsV11Schema, { body_weight: 68.5 })).toBe(true);
		expect(accepts(goalsV11Schema, { body_weight_intent: 3 })).toBe(false);
	});

	it('rejects a step remainder that is not an integer', () => {
		const broken = { remaining_for_day: { move_steps_remaining: '-3360' } };
		expect(accepts(goalsV11Schema, broken)).toBe(false);
	});
});

describe('goals v.1.0', () => {
	it('parses the legacy record with its nutrient goals', () => {
		const goals = parsed(goalsV10Schema, goalsV10Legacy);
		expect(goals.sleep_total).toBe(27000);
		expect(goals.eat_sodium).toBe(2300);
		expect(goals.eat_sugar).toBeNull();
	});

	it('rejects a fractional body weight, an int in v.1.0', () => {
		expect(accepts(goalsV10Schema, { ...goalsV10Legacy, body_weight: 68.5 })).toBe(false);
	});
});
