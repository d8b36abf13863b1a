// Zod schemas of the goals record: v.1.1 with today's remainders, v.1.0 legacy with nutrient goals.
import * as z from 'zod/mini';

// Goal reads are filtered by scope (meal_read, sleep_read, weight_read, move_read), so every field
// may be absent; `int`/`float` fields may be null when the user never set that goal.
const measure = z.optional(z.nullable(z.number()));
const count = z.optional(z.nullable(z.int()));

/** 0 lose, 1 maintain, 2 gain. */
export const bodyWeightIntentSchema = z.literal([0, 1, 2]);
export type BodyWeightIntent = z.infer<typeof bodyWeightIntentSchema>;

/** What is left of today's goals; negative means the goal is already exceeded (or over the limit). */
export const goalsRemainingSchema = z.looseObject({
	/** Calories still available today for the weight goal. */
	intake_calories_remaining: measure,
	move_steps_remaining: count,
	/** Seconds. */
	sleep_seconds_remaining: count
});
export type GoalsRemaining = z.infer<typeof goalsRemainingSchema>;

/** The v.1.1 goals record. */
export const goalsV11Schema = z.looseObject({
	/** Daily steps. */
	move_steps: count,
	/** Daily sleep, seconds. */
	sleep_total: count,
	/** Kilograms. */
	body_weight: measure,
	body_weight_intent: z.optional(z.nullable(bodyWeightIntentSchema)),
	remaining_for_day: z.optional(goalsRemainingSchema)
});
export type GoalsV11 = z.infer<typeof goalsV11Schema>;

/**
 * The legacy v.1.0 record. Only steps and sleep are in use; the `eat_*` nutrient goals are
 * announced for removal (grams, except cholesterol, calcium and sodium in milligrams).
 */
export const goalsV10Schema = z.looseObject({
	move_steps: count,
	/** Seconds. */
	sleep_total: count,
	/** An int in v.1.0 (kilograms). */
	body_weight: count,
	eat_sat_fat: count,
	eat_carbs: count,
	eat_cholesterol: count,
	eat_fiber: count,
	eat_protein: count,
	eat_calcium: count,
	eat_sugar: count,
	eat_unsat_fat: count,
	eat_sodium: count
});
export type GoalsV10 = z.infer<typeof goalsV10Schema>;
