// Zod schemas and inferred types of every record the Wellness Tracking Data API returns.
import * as z from 'zod/mini';
import { isDateInt, isValidTz } from '$lib/time/zone';
import { collectionSchema } from './envelope';

// ---------------------------------------------------------------------------------------------
// Field kinds shared by the records.
//
// The spec marks `float` and `int` fields as nullable "when the data is missing". We apply that
// to every measured quantity. Identity and clock fields (xid, type, sub_type, time_created,
// time_updated, time_completed, date, tick times) stay required and non-null: a record without
// them cannot be placed on a timeline, so rejecting it at the boundary is the honest outcome.
// ---------------------------------------------------------------------------------------------

/** A measured `float`/`number` field: null when the band or app had no value. */
const measure = z.nullable(z.number());
/** A measured `int` field: null when the band or app had no value. */
const count = z.nullable(z.int());

/** Epoch seconds. */
export const epochSchema = z.int();

/** A calendar date written as the integer `YYYYMMDD` (checked to be a real day). */
export const dateIntSchema = z.int().check(z.refine(isDateInt, 'expected a YYYYMMDD date'));

/** A record's zone: an Olson name, or `GMT+hhmm` / `GMT-hhmm` when no Olson name is known. */
export const tzSchema = z.string().check(z.refine(isValidTz, 'expected an Olson zone or GMT±hhmm'));

/** A move's `details.tzs`: `[epoch, zone]` pairs, the zone in effect from that instant. */
export const zoneChangesSchema = z.array(z.tuple([epochSchema, tzSchema]));

// The API's examples quote coordinates (`"place_lat": "52.52"`) although the reference documents
// a float; "not supplied" arrives as null, '' or a missing key. All of them become number | null.
const numericString = z
	.string()
	.check(z.refine((text) => /^\s*-?\d+(\.\d+)?\s*$/.test(text), 'numeric string'));
const quotedNumber = z.pipe(
	z.union([z.number(), z.null(), z.literal(''), numericString]),
	z.transform((value): number | null =>
		typeof value === 'number' ? value : value === null || value === '' ? null : Number(value)
	)
);
/** A location number (`place_lat`, `place_lon`, `place_acc`): output `number | null`. */
export const locationNumberSchema = z._default(quotedNumber, null);
/** A location name: output `string | null` ('' is kept: it is what the user typed). */
export const locationNameSchema = z._default(z.nullable(z.string()), null);

/** The four location fields records share; each is null when not supplied. */
const location = {
	place_lat: locationNumberSchema,
	place_lon: locationNumberSchema,
	/** Accuracy in meters. */
	place_acc: locationNumberSchema,
	place_name: locationNameSchema
};

/** A relative link (image, route) the client prefixes with `{base_url}`; absent or null when none. */
const relativeUri = z.optional(z.nullable(z.string()));

const zoneOnlyDetails = z.looseObject({ tz: tzSchema });

// ---------------------------------------------------------------------------------------------
// Workouts
// ---------------------------------------------------------------------------------------------

/** What a workout measured; the band-only fields are absent when the band was not worn. */
export const workoutDetailsSchema = z.looseObject({
	/** Only present when the user wore the band. */
	steps: z.optional(count),
	/** Total workout time, seconds. */
	time: count,
	/** Seconds of movement logged by the band; only with the band. */
	bg_active_time: z.optional(count),
	meters: count,
	/** Kilometers, whatever the reference's prose says (its name and sample imply km). */
	km: measure,
	/** 1 easy, 2 moderate, 3 intermediate, 4 difficult, 5 hard. */
	intensity: z.nullable(z.literal([1, 2, 3, 4, 5])),
	calories: count,
	/** Basal metabolic rate during the workout. */
	bmr: measure,
	/** Seen in the sample payload only. */
	bmr_calories: z.optional(measure),
	/** Calories logged by the band; only with the band. */
	bg_calories: z.optional(measure),
	tz: tzSchema
});
export type WorkoutDetails = z.infer<typeof workoutDetailsSchema>;

/** A workout the user logged with the band, the app or a partner. */
export const workoutSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	type: z.literal('workout'),
	/** 1 walk ... 29 other (the spec's table); unknown future kinds are kept as ints. */
	sub_type: z.int(),
	time_created: epochSchema,
	time_updated: epochSchema,
	time_completed: epochSchema,
	date: dateIntSchema,
	...location,
	route: relativeUri,
	image: relativeUri,
	/** Intensity image. */
	snapshot_image: relativeUri,
	details: workoutDetailsSchema
});
export type Workout = z.infer<typeof workoutSchema>;

/** One 10 s or 60 s bucket of a workout; clients use `time`, not an assumed width. */
export const workoutTickSchema = z.looseObject({
	distance: count,
	active_time: count,
	calories: measure,
	steps: count,
	/** Start of the bucket. */
	time: epochSchema,
	/** distance / active_time, m/s. */
	speed: measure
});
export type WorkoutTick = z.infer<typeof workoutTickSchema>;

// ---------------------------------------------------------------------------------------------
// Sleeps
// ---------------------------------------------------------------------------------------------

export const sleepDetailsSchema = z.looseObject({
	/** When the smart alarm fired; 0 when none. */
	smart_alarm_fire: count,
	/** When the user woke (= time_completed). */
	awake_time: count,
	/** When the user fell asleep (= the first phase tick). */
	asleep_time: count,
	awakenings: count,
	/** REM seconds: 0 from the band, which records no REM; an imported sleep may carry some. */
	rem: count,
	light: count,
	deep: count,
	awake: count,
	/** time_completed - time_created. */
	duration: count,
	tz: tzSchema
});
export type SleepDetails = z.infer<typeof sleepDetailsSchema>;

/** A sleep; its `date` is the local wake date (the record is created when the user wakes). */
export const sleepSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	/** Documented but absent in the samples. */
	type: z.optional(z.literal('sleep')),
	/** 0 night, 1 power nap, 2 nap. */
	sub_type: z.literal([0, 1, 2]),
	time_created: epochSchema,
	time_completed: epochSchema,
	date: dateIntSchema,
	...location,
	snapshot_image: relativeUri,
	details: sleepDetailsSchema
});
export type Sleep = z.infer<typeof sleepSchema>;

/** A sleep phase: it lasts from `time` until the next tick (the last one until time_completed). */
export const sleepTickSchema = z.looseObject({
	/**
	 * 1 awake, 2 light, 3 deep; 4 REM, this project's extension: the API's phases have no REM
	 * depth, and its embedded API answers 4 for the REM phases of an imported sleep that recorded
	 * them (an upstream band records none, and writes accept 1 to 3 only).
	 */
	depth: z.literal([1, 2, 3, 4]),
	time: epochSchema
});
export type SleepTick = z.infer<typeof sleepTickSchema>;

/**
 * The deprecated v.1.0 `/snapshot` of a sleep: `[time, depth]` pairs, the phases `/ticks` gives
 * in v.1.1 (an upstream that has only v.1.0 has only these).
 */
export const sleepSnapshotSchema = z.array(
	z.tuple([epochSchema, z.nullable(z.literal([1, 2, 3]))])
);

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

// Two years of moves carry ~17,000 hour keys but only ~730 distinct days: remembering each day's
// verdict keeps the calendar check off the hot path.
const knownDays = new Map<string, boolean>();

/** Whether a key is a real local hour `YYYYMMDDHH` (hour 00 to 23). */
function isHourKey(key: string): boolean {
	if (!/^\d{10}$/.test(key) || Number(key.slice(8)) > 23) return false;
	const day = key.slice(0, 8);
	let valid = knownDays.get(day);
	if (valid === undefined) {
		valid = isDateInt(Number(day));
		knownDays.set(day, valid);
	}
	return valid;
}

/** A local hour `YYYYMMDDHH` in the zone in effect at that hour. */
export const hourKeySchema = z
	.string()
	.check(z.refine(isHourKey, 'expected an hour key YYYYMMDDHH'));

export const hourlyTotalSchema = z.looseObject({
	distance: count,
	calories: measure,
	steps: count,
	active_time: count,
	inactive_time: count,
	longest_active_time: count,
	longest_idle_time: count
});
export type HourlyTotal = z.infer<typeof hourlyTotalSchema>;

export const moveDetailsSchema = z.looseObject({
	/** Meters. */
	distance: count,
	km: measure,
	steps: count,
	active_time: count,
	/** Longest consecutive active seconds. */
	longest_active: count,
	inactive_time: count,
	/** Longest consecutive inactive seconds. */
	longest_idle: count,
	/** wo_calories + bg_calories + bmr_day / 86400 * active_time. */
	calories: measure,
	/** Estimated basal metabolic rate for the whole day. */
	bmr_day: measure,
	/** Estimated rate now; about bmr_day for past days. */
	bmr: measure,
	/** Band calories outside workouts. */
	bg_calories: measure,
	wo_calories: measure,
	wo_time: count,
	/** Seconds stepping during workouts. */
	wo_active_time: count,
	wo_count: count,
	wo_longest: count,
	/** Shown in the list sample only. */
	sunrise: z.optional(count),
	sunset: z.optional(count),
	tz: tzSchema,
	/** Only when the user crossed zones that day. */
	tzs: z.optional(zoneChangesSchema),
	hourly_totals: z.record(hourKeySchema, hourlyTotalSchema)
});
export type MoveDetails = z.infer<typeof moveDetailsSchema>;

/** The band's one-per-day activity record; `time_updated` moves even for past days (BMR). */
export const moveSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	type: z.literal('move'),
	time_created: epochSchema,
	time_updated: epochSchema,
	/** Last time band data was updated. */
	time_completed: epochSchema,
	date: dateIntSchema,
	snapshot_image: relativeUri,
	details: moveDetailsSchema
});
export type Move = z.infer<typeof moveSchema>;

/** One bucket (60 s today, may change) of a move. */
export const moveTickSchema = z.looseObject({
	distance: count,
	/** End of the bucket. */
	time_completed: epochSchema,
	active_time: count,
	calories: measure,
	steps: count,
	/** Start of the bucket. */
	time: epochSchema,
	/** distance / active_time, m/s. */
	speed: measure
});
export type MoveTick = z.infer<typeof moveTickSchema>;

const isInt = (value: unknown) => Number.isSafeInteger(value);
const isCount = (value: unknown) => value === null || Number.isSafeInteger(value);
const isMeasure = (value: unknown) =>
	value === null || (typeof value === 'number' && Number.isFinite(value));

/**
 * Whether a value is a list of move ticks: the rules of moveTickSchema (ints for counts and
 * times, finite numbers or null for calories and speed) written out by hand. A day of minute ticks
 * is a thousand objects and an imported decade millions of them: through zod they took a third of
 * an import's time. Ask the schema for the message when this answers false.
 */
export function isMoveTickList(value: unknown): value is MoveTick[] {
	if (!Array.isArray(value)) return false;
	const list: readonly unknown[] = value;
	for (const tick of list) {
		if (typeof tick !== 'object' || tick === null || Array.isArray(tick)) return false;
		if (
			!('time' in tick && isInt(tick.time)) ||
			!('time_completed' in tick && isInt(tick.time_completed)) ||
			!('distance' in tick && isCount(tick.distance)) ||
			!('active_time' in tick && isCount(tick.active_time)) ||
			!('steps' in tick && isCount(tick.steps)) ||
			!('calories' in tick && isMeasure(tick.calories)) ||
			!('speed' in tick && isMeasure(tick.speed))
		)
			return false;
	}
	return true;
}

// ---------------------------------------------------------------------------------------------
// Body, mood, meals, heart rate, custom events
// ---------------------------------------------------------------------------------------------

/** A weight log; `lean_mass` and `bmi` are stored but not shown to the user in the app. */
export const bodyEventSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	type: z.literal('body'),
	time_created: epochSchema,
	time_updated: epochSchema,
	date: dateIntSchema,
	...location,
	note: z.optional(z.nullable(z.string())),
	/** Percent. */
	lean_mass: measure,
	/** Kilograms. */
	weight: measure,
	/** Percent. */
	body_fat: measure,
	bmi: measure,
	/** The only record whose zone may be null ("null when not given"). */
	details: z.looseObject({ tz: z.nullable(tzSchema) })
});
export type BodyEvent = z.infer<typeof bodyEventSchema>;

/** 1 Amazing, 2 Pumped, 3 Energized, 8 Good (out of sequence), 4 Meh, 5 Dragging, 6 Exhausted, 7 Totally Done. */
export const moodSubTypeSchema = z.literal([1, 2, 3, 4, 5, 6, 7, 8]);
export type MoodSubType = z.infer<typeof moodSubTypeSchema>;

export const moodSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	type: z.literal('mood'),
	sub_type: moodSubTypeSchema,
	time_created: epochSchema,
	time_updated: epochSchema,
	date: dateIntSchema,
	...location,
	details: zoneOnlyDetails
});
export type Mood = z.infer<typeof moodSchema>;

// `GET /users/@me/mood` answers with one Mood, or with an empty `data` on a day without one.
// Project decision: an empty object (or null / [], which similar APIs send) becomes `null`, so
// callers test `mood === null` instead of probing for fields. Only a value with no keys counts as
// empty, and it is mapped before validation (not a union branch) so that a malformed mood fails
// with the mood's own field errors instead of "expected an empty object".
function isEmptyData(data: unknown): boolean {
	return data === null || (typeof data === 'object' && Object.keys(data).length === 0);
}
/** `data` of the mood-of-the-day call: the day's last Mood, or null when there is none. */
export const moodOfDaySchema = z.pipe(
	z.transform((data: unknown) => (isEmptyData(data) ? null : data)),
	z.nullable(moodSchema)
);
export type MoodOfDay = z.infer<typeof moodOfDaySchema>;

/** Meal totals: grams, except potassium/sodium/calcium/cholesterol in mg and vitamins/iron in % of daily value. */
export const mealDetailsSchema = z.looseObject({
	num_drinks: count,
	num_foods: count,
	calories: count,
	fiber: measure,
	protein: measure,
	fat: measure,
	carbohydrate: measure,
	saturated_fat: measure,
	unsaturated_fat: measure,
	polyunsaturated_fat: measure,
	monounsaturated_fat: measure,
	sugar: measure,
	potassium: measure,
	sodium: measure,
	calcium: measure,
	cholesterol: measure,
	vitamin_c: measure,
	vitamin_a: measure,
	iron: measure,
	/** Appears in the samples only; meaning undocumented. */
	accuracy: z.optional(measure),
	tz: tzSchema
});
export type MealDetails = z.infer<typeof mealDetailsSchema>;

/**
 * A meal. The spec gives the v.1.0 shape and says the v.1.1 differences are "not shown": both
 * versions use this schema, and loose parsing keeps any field v.1.1 adds.
 */
export const mealSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	note: z.optional(z.nullable(z.string())),
	type: z.literal('meal'),
	/** 1 breakfast, 2 lunch, 3 dinner. */
	sub_type: z.nullable(z.literal([1, 2, 3])),
	time_created: epochSchema,
	time_updated: epochSchema,
	time_completed: epochSchema,
	date: dateIntSchema,
	...location,
	details: mealDetailsSchema
});
export type Meal = z.infer<typeof mealSchema>;

/** A food in a returned meal. Nutrients in grams, except sodium/potassium/calcium/cholesterol in mg. */
export const mealItemSchema = z.looseObject({
	xid: z.string(),
	food_xid: z.nullable(z.string()),
	serving_xid: z.nullable(z.string()),
	name: z.string(),
	description: z.nullable(z.string()),
	image: relativeUri,
	sub_type: count,
	health_score: measure,
	multiplier_max: measure,
	multiplier_min: measure,
	/** Unit of `amount`. */
	measurement: z.nullable(z.string()),
	/** A plate kind as a string on read (writes send 1 plate ... 5 glass). */
	type: z.nullable(z.string()),
	amount: measure,
	carbohydrate: measure,
	trans_fat: measure,
	saturated_fat: measure,
	protein: measure,
	sodium: measure,
	vitamin_c: measure,
	vitamin_a: measure,
	unsaturated_fat: measure,
	sugar: measure,
	fiber: measure,
	potassium: measure,
	fat: measure,
	monounsaturated_fat: measure,
	calories: measure,
	polyunsaturated_fat: measure,
	calcium: measure,
	iron: measure,
	cholesterol: measure
});
export type MealItem = z.infer<typeof mealItemSchema>;

/** The single-meal response: a Meal plus its items (`{items, size}`). */
export const mealWithItemsSchema = z.extend(mealSchema, {
	items: collectionSchema(mealItemSchema)
});
export type MealWithItems = z.infer<typeof mealWithItemsSchema>;

/** A resting heart rate, captured once a day at a fixed time by the newest band model only. */
export const heartRateSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	/** Not listed for this record; accepted when present. */
	type: z.optional(z.string()),
	time_created: epochSchema,
	time_updated: epochSchema,
	date: dateIntSchema,
	...location,
	/** Beats per minute. */
	resting_heartrate: count,
	details: zoneOnlyDetails
});
export type HeartRate = z.infer<typeof heartRateSchema>;

/** The partner's own JSON, never shown in the feed. */
const attributes = z.optional(z.nullable(z.record(z.string(), z.unknown())));

/** A custom event ("generic" in paths) a partner posted to the user's feed. */
export const genericEventSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	type: z.literal('generic'),
	time_created: epochSchema,
	time_updated: epochSchema,
	date: dateIntSchema,
	...location,
	image: relativeUri,
	attributes,
	details: zoneOnlyDetails
});
export type GenericEvent = z.infer<typeof genericEventSchema>;

/** What custom-event create and update answer with: a subset of the record. */
export const genericEventWriteResultSchema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	image: relativeUri,
	time_created: epochSchema,
	date: dateIntSchema,
	attributes
});
export type GenericEventWriteResult = z.infer<typeof genericEventWriteResultSchema>;

// ---------------------------------------------------------------------------------------------
// Settings, user, friends
// ---------------------------------------------------------------------------------------------

/**
 * Settings. Each `share_*` flag needs its read scope (share_eat: meal_read, share_sleep:
 * sleep_read, share_body: weight_read, share_mood: mood_read, share_move: move_read) and is absent
 * without it. `goals.move` / `goals.sleep` are optional for the same reason (goal reads are scope
 * filtered too): a token with one scope must still parse.
 */
export const settingsSchema = z.looseObject({
	xid: z.string(),
	/** 0 imperial, 1 metric. */
	metric: z.nullable(z.literal([0, 1])),
	share_sleep: z.optional(z.boolean()),
	share_mood: z.optional(z.boolean()),
	share_body: z.optional(z.boolean()),
	share_eat: z.optional(z.boolean()),
	share_move: z.optional(z.boolean()),
	goals: z.optional(
		z.looseObject({
			move: z.optional(z.looseObject({ steps: count })),
			/** Seconds. */
			sleep: z.optional(z.looseObject({ total: count }))
		})
	)
});
export type Settings = z.infer<typeof settingsSchema>;

/** The profile; `xid` equals meta.user_xid. */
export const userSchema = z.looseObject({
	xid: z.string(),
	first: z.string(),
	last: z.string(),
	image: relativeUri,
	/** Kilograms. */
	weight: measure,
	/** Meters. */
	height: measure
});
export type User = z.infer<typeof userSchema>;

/** A friend's id; their data is readable only if they authorized this application too. */
export const friendSchema = z.looseObject({ xid: z.string() });
export type Friend = z.infer<typeof friendSchema>;

/** The friends list: `items` and `size`, no `links`. */
export const friendsListSchema = collectionSchema(friendSchema);
export type FriendsList = z.infer<typeof friendsListSchema>;

// ---------------------------------------------------------------------------------------------
// Shapes the spec lists as "not shown". These are THIS PROJECT'S CHOICE, kept small and plausible
// so the reference API and the client agree; they are not taken from the original platform.
// ---------------------------------------------------------------------------------------------

/** A hardware event of the band (project's shape): `action` names what happened, e.g. 'charge_start'. */
export const bandEventSchema = z.looseObject({
	xid: z.string(),
	type: z.literal('band'),
	time_created: epochSchema,
	date: dateIntSchema,
	action: z.string(),
	details: zoneOnlyDetails
});
export type BandEvent = z.infer<typeof bandEventSchema>;

/** The user's current zone (project's shape): `offset_seconds` east of UTC at `time_created`. */
export const timeZoneRecordSchema = z.looseObject({
	tz: tzSchema,
	offset_seconds: z.int(),
	time_created: epochSchema
});
export type TimeZoneRecord = z.infer<typeof timeZoneRecordSchema>;

/** A v.1.0 cardiac event with blood pressure (project's shape): mmHg and beats per minute. */
export const cardiacEventV10Schema = z.looseObject({
	xid: z.string(),
	title: z.string(),
	time_created: epochSchema,
	time_updated: epochSchema,
	date: dateIntSchema,
	systolic: count,
	diastolic: count,
	heart_rate: count,
	note: z.nullable(z.string()),
	details: zoneOnlyDetails
});
export type CardiacEventV10 = z.infer<typeof cardiacEventV10Schema>;
