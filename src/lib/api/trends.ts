// Zod schemas of the trends record in both versions (v.1.0 s_deep/gender boolean, v.1.1 s_sound/gender 1|0).
import * as z from 'zod/mini';
import { linksSchema } from './envelope';
import { dateIntSchema } from './records';

// Trend values are filtered by scope (meal_read: e_*, sleep_read: s_*/n_*, move_read: m_*), so
// every field may be absent; every field may also be null (no data that bucket, n_* with no nap).
const measure = z.optional(z.nullable(z.number()));
const count = z.optional(z.nullable(z.int()));

/** Fields both versions share. */
const commonValues = {
	/** Kilograms. */
	weight: measure,
	/** Meters. */
	height: measure,
	age: measure,
	/** Basal metabolic rate per day. */
	bmr: measure,
	/** Percent. */
	body_fat: count,
	m_steps: count,
	/** Calories burned from activity. */
	m_calories: measure,
	/** Calories including BMR. */
	m_total_calories: measure,
	m_active_time: count,
	m_workout_time: count,
	/** Meters. */
	m_distance: count,
	/** Calories eaten. */
	e_calories: count,
	/** Grams. */
	e_carbs: measure,
	e_protein: measure,
	e_unsat_fat: measure,
	e_sat_fat: measure,
	e_sugar: measure,
	e_fiber: measure,
	/** Milligrams. */
	e_cholesterol: measure,
	e_calcium: measure,
	e_sodium: measure,
	/** Seconds from the local midnight that starts the night's (wake) date; negative = the evening before. */
	s_bedtime: count,
	s_asleep_time: count,
	s_awake_time: count,
	s_awakenings: count,
	s_light: count,
	s_awake: count,
	s_duration: count,
	/** Percent. */
	s_quality: count,
	/** Same meanings for the day's nap; null when there was none. */
	n_bedtime: count,
	n_asleep_time: count,
	n_awake_time: count,
	n_awakenings: count,
	n_light: count,
	n_awake: count,
	n_duration: count,
	n_quality: count
};

/** One v.1.0 bucket. `gender` is true female / false male, or null (a known defect: read the user record instead). */
export const trendValuesV10Schema = z.looseObject({
	...commonValues,
	gender: z.optional(z.nullable(z.boolean())),
	s_deep: count,
	n_deep: count
});
export type TrendValuesV10 = z.infer<typeof trendValuesV10Schema>;

/** One v.1.1 bucket: `gender` 1 female / 0 male, "deep" renamed "sound", goal fields added. */
export const trendValuesV11Schema = z.looseObject({
	...commonValues,
	gender: z.optional(z.nullable(z.literal([0, 1]))),
	s_sound: count,
	n_sound: count,
	/** 0 lose, 1 maintain, 2 gain. */
	goal_body_weight_intent: z.optional(z.nullable(z.literal([0, 1, 2]))),
	/** Kilograms, the goal for that day. */
	goal_body_weight: measure
});
export type TrendValuesV11 = z.infer<typeof trendValuesV11Schema>;

// The series runs backwards from end_date, one `[date, values]` pair per bucket. `earliest` is
// null for a user with no data yet (project decision: the spec gives no value for that case).
function trendsSchemaOf<T extends z.core.SomeType>(values: T) {
	return z.looseObject({
		/** First date with any data. */
		earliest: z.nullable(dateIntSchema),
		data: z.array(z.tuple([dateIntSchema, values])),
		links: z.optional(linksSchema)
	});
}

/** `data` of a v.1.0 trends response. */
export const trendsV10Schema = trendsSchemaOf(trendValuesV10Schema);
export type TrendsV10 = z.infer<typeof trendsV10Schema>;

/** `data` of a v.1.1 trends response. */
export const trendsV11Schema = trendsSchemaOf(trendValuesV11Schema);
export type TrendsV11 = z.infer<typeof trendsV11Schema>;
