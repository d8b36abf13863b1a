// Write handlers: create, partial update and delete of workouts, sleeps, body events, moods, meals, custom and cardiac events.
import * as z from 'zod/mini';
import { SPAN_MAX_SEC } from '$lib/api/endpoints';
import { hasControl } from '$lib/api/endpoint-params';
import { isValidTz, localDateInt, normalizeTz, zonedParts } from '$lib/time/zone';
import { ApiFailure, invalid } from '../envelope';
import { isValidRecord } from '../apply';
import type { RecordKind } from '../store';
import { kindOf, type Handler, type HandlerContext, type HandlerResult } from './context';
import { recordOf } from './read';

const WORKOUT_LABELS = [
	'Walk',
	'Run',
	'Lift weights',
	'Cross train',
	'Branded training program',
	'Yoga',
	'Pilates',
	'Body weight exercise',
	'High-intensity conditioning',
	'Home fitness program',
	'Dance fitness',
	'Suspension training',
	'Swim',
	'Bike',
	'Elliptical',
	'Barre',
	'Motion-sensor game exercises',
	'Tennis',
	'Basketball',
	'Golf',
	'Soccer',
	'Ski snowboard',
	'Dance',
	'Hike',
	'Cross country skiing',
	'Stationary bike',
	'Cardio',
	'Game',
	'Other'
];
const MOOD_LABELS: Record<number, string> = {
	1: 'Amazing',
	2: 'Pumped',
	3: 'Energized',
	4: 'Meh',
	5: 'Dragging',
	6: 'Exhausted',
	7: 'Totally Done',
	8: 'Good'
};
const PLATE_KINDS = ['plate', 'cup', 'bowl', 'scale', 'glass'];
/** Walk, run, bike and hike: the workouts with a route when they have a place (as the demo's). */
const OUTDOOR_WORKOUTS: ReadonlySet<number> = new Set([1, 2, 14, 24]);
/** Sleeps shorter than this are recorded as naps (the create call has no sub_type). */
const NAP_MAX_SEC = 3 * 3600;

const numberOr = <T>(value: string | undefined, fallback: T): number | T =>
	value === undefined ? fallback : Number(value);

/** The zone a write names (validated), or the previous record's, or the user's home zone. */
function zoneOf(context: HandlerContext, previous: string | null | undefined): string {
	const given = context.body.tz;
	if (given === undefined) return normalizeTz(previous ?? context.store.homeTz);
	if (!isValidTz(given)) throw invalid('tz', 'must be an Olson time zone or GMT+hhmm');
	return normalizeTz(given);
}

type Place = {
	place_lat: number | null;
	place_lon: number | null;
	place_acc: number | null;
	place_name: string | null;
};

function placeOf(context: HandlerContext, previous: Partial<Place> | undefined): Place {
	const { body } = context;
	return {
		place_lat: numberOr(body.place_lat, previous?.place_lat ?? null),
		place_lon: numberOr(body.place_lon, previous?.place_lon ?? null),
		place_acc: numberOr(body.place_acc, previous?.place_acc ?? null),
		place_name: body.place_name ?? previous?.place_name ?? null
	};
}

/** Journals and stores a record after checking it against its schema; answers the stored record. */
async function save(
	context: HandlerContext,
	kind: RecordKind,
	record: { xid: string },
	ticks?: unknown
) {
	if (!isValidRecord(kind, record)) {
		throw new ApiFailure(
			500,
			'internal_error',
			`The ${context.endpoint.record ?? 'record'} could not be built.`
		);
	}
	await context.commit({ op: 'put', kind, record, creator: context.grant.clientId, ticks });
	const stored = context.store.indexes[kind].get(record.xid);
	if (stored === undefined)
		throw new ApiFailure(500, 'internal_error', 'The record was not stored.');
	return stored;
}

const created = (data: unknown): HandlerResult => ({ data, status: 201 });

/** Refuses a change to a record this partner did not create: demo records belong to the band or app. */
function assertCreator(context: HandlerContext): void {
	const creator = context.store.creatorOf(kindOf(context.endpoint), context.xid);
	if (creator !== context.grant.clientId) {
		throw new ApiFailure(
			403,
			'not_creator',
			`This ${context.endpoint.record ?? 'record'} was not created by this application, so it cannot change it.`
		);
	}
}

function imagePath(kind: string, xid: string): string {
	return `/nudge/api/v.1.1/${kind}/${xid}/image`;
}

// Workouts -----------------------------------------------------------------------------------

async function writeWorkout(
	context: HandlerContext,
	previousXid: string | null
): Promise<HandlerResult> {
	const previous =
		previousXid === null ? undefined : context.store.indexes.workouts.get(previousXid);
	const { body } = context;
	const xid = previous?.xid ?? context.newXid();
	const tz = zoneOf(context, previous?.details.tz);
	const timeCreated = numberOr(body.time_created, previous?.time_created ?? context.nowSec);
	const timeCompleted = numberOr(body.time_completed, previous?.time_completed ?? timeCreated);
	if (timeCompleted < timeCreated)
		throw invalid('time_completed', 'must not be before time_created');
	// The catalogue checks the span when both times are sent; an update may send one of them.
	if (timeCompleted - timeCreated > SPAN_MAX_SEC) {
		throw invalid('time_completed', `must be at most ${SPAN_MAX_SEC} seconds after time_created`);
	}
	const subType = numberOr(body.sub_type, previous?.sub_type ?? 29);
	const distance = numberOr(body.distance, previous?.details.meters ?? null);
	const date = localDateInt(timeCreated, tz);
	const place = placeOf(context, previous);
	const outdoor =
		OUTDOOR_WORKOUTS.has(subType) && place.place_lat !== null && place.place_lon !== null;
	const bmr =
		basalCalories(context, date, timeCompleted - timeCreated) ?? previous?.details.bmr ?? null;
	const record = {
		...previous,
		xid,
		title: WORKOUT_LABELS[subType - 1] ?? 'Workout',
		type: 'workout',
		sub_type: subType,
		time_created: timeCreated,
		time_updated: context.nowSec,
		time_completed: timeCompleted,
		date,
		...place,
		route: outdoor ? imagePath('workouts', xid) : null,
		image: body.image_url ?? previous?.image ?? imagePath('workouts', xid),
		snapshot_image: imagePath('workouts', xid),
		share: body.share === undefined ? undefined : /^(true|1)$/i.test(body.share),
		details: {
			...previous?.details,
			time: timeCompleted - timeCreated,
			meters: distance,
			km: distance === null ? null : distance / 1000,
			intensity: numberOr(body.intensity, previous?.details.intensity ?? null),
			calories: numberOr(body.calories, previous?.details.calories ?? null),
			bmr,
			bmr_calories: bmr,
			tz
		}
	};
	const stored = await save(context, 'workouts', record);
	return previous === undefined ? created(stored) : { data: stored };
}

/** Basal calories over `seconds` at the rate of the day's move, or null when the day has none. */
function basalCalories(context: HandlerContext, date: number, seconds: number): number | null {
	const bmrDay = context.store.indexes.moves.onDate(date)[0]?.details.bmr_day;
	if (typeof bmrDay !== 'number') return null;
	return Math.round((bmrDay / 86400) * seconds * 100) / 100;
}

export const createWorkout: Handler = (context) => writeWorkout(context, null);
export const updateWorkout: Handler = (context) => {
	recordOf(context);
	assertCreator(context);
	return writeWorkout(context, context.xid);
};

// Sleeps -------------------------------------------------------------------------------------

const ticksInputSchema = z.array(z.object({ depth: z.literal([1, 2, 3]), time: z.int() }));

export const createSleep: Handler = async (context) => {
	const { body } = context;
	const timeCreated = Number(body.time_created);
	const timeCompleted = Number(body.time_completed);
	if (timeCompleted <= timeCreated) throw invalid('time_completed', 'must be after time_created');
	const parsed = ticksInputSchema.safeParse(body.ticks === undefined ? [] : JSON.parse(body.ticks));
	if (!parsed.success) throw invalid('ticks', 'must be a JSON list of {depth, time}');
	const ticks = parsed.data;
	if (ticks.some((tick) => tick.time < timeCreated || tick.time >= timeCompleted)) {
		throw invalid('ticks', 'must lie between time_created and time_completed');
	}
	// Without phases the whole sleep counts as light sleep, with no time taken to fall asleep.
	const phases = ticks.length > 0 ? ticks : [{ depth: 2 as const, time: timeCreated }];
	const seconds = { 1: 0, 2: 0, 3: 0 };
	let awakenings = 0;
	let slept = false;
	phases.forEach((tick, index) => {
		const end = phases[index + 1]?.time ?? timeCompleted;
		seconds[tick.depth] += end - tick.time;
		if (tick.depth === 1 && slept) awakenings++;
		if (tick.depth !== 1) slept = true;
	});
	const tz = zoneOf(context, null);
	const xid = context.newXid();
	const duration = timeCompleted - timeCreated;
	const nap = duration < NAP_MAX_SEC;
	const record = {
		xid,
		title: nap ? 'Nap' : 'Sleep',
		type: 'sleep',
		sub_type: nap ? 2 : 0,
		time_created: timeCreated,
		time_updated: context.nowSec,
		time_completed: timeCompleted,
		date: localDateInt(timeCompleted, tz),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		snapshot_image: imagePath('sleeps', xid),
		details: {
			smart_alarm_fire: 0,
			awake_time: timeCompleted,
			asleep_time: phases[0]?.time ?? timeCreated,
			awakenings,
			rem: 0,
			light: seconds[2],
			deep: seconds[3],
			awake: seconds[1],
			duration,
			tz
		}
	};
	return created(await save(context, 'sleeps', record, phases));
};

// Body events, moods, cardiac events --------------------------------------------------------

export const createBodyEvent: Handler = async (context) => {
	const { body } = context;
	const tz = zoneOf(context, null);
	const timeCreated = numberOr(body.time_created, context.nowSec);
	const record = {
		xid: context.newXid(),
		title: body.title ?? 'Weight',
		type: 'body',
		time_created: timeCreated,
		time_updated: context.nowSec,
		date: localDateInt(timeCreated, tz),
		...placeOf(context, undefined),
		note: body.note ?? null,
		weight: Number(body.weight),
		body_fat: numberOr(body.body_fat, null),
		lean_mass: numberOr(body.lean_mass, null),
		bmi: numberOr(body.bmi, null),
		details: { tz }
	};
	return created(await save(context, 'body_events', record));
};

export const createMood: Handler = async (context) => {
	const { body } = context;
	const tz = zoneOf(context, null);
	const timeCreated = numberOr(body.time_created, context.nowSec);
	const subType = Number(body.sub_type);
	const record = {
		xid: context.newXid(),
		title: body.title ?? MOOD_LABELS[subType] ?? 'Mood',
		type: 'mood',
		sub_type: subType,
		time_created: timeCreated,
		time_updated: context.nowSec,
		date: localDateInt(timeCreated, tz),
		...placeOf(context, undefined),
		details: { tz }
	};
	// The specification's example answers a new mood with `Created` and meta.code 201.
	return { data: await save(context, 'mood', record), status: 201, code: 201, message: 'Created' };
};

export const createCardiacEvent: Handler = async (context) => {
	const { body } = context;
	const tz = zoneOf(context, null);
	const timeCreated = numberOr(body.time_created, context.nowSec);
	const record = {
		xid: context.newXid(),
		title: 'Blood pressure',
		type: 'cardiac',
		time_created: timeCreated,
		time_updated: context.nowSec,
		date: localDateInt(timeCreated, tz),
		systolic: Number(body.systolic),
		diastolic: Number(body.diastolic),
		heart_rate: numberOr(body.heart_rate, null),
		note: body.note ?? null,
		details: { tz }
	};
	return created(await save(context, 'cardiac_events', record));
};

// Meals --------------------------------------------------------------------------------------

/**
 * The largest amount or nutrient value of one item (kcal, grams or milligrams): far above any
 * food, and small enough that the totals of a meal's 100 items stay finite.
 */
const NUTRIENT_MAX = 100_000;
const nutrient = z.optional(z.nullable(z.number().check(z.gte(0), z.lte(NUTRIENT_MAX))));
/** Item text follows the rule of every text field: no control characters but tab and line breaks. */
const itemText = (maxLength: number) =>
	z.string().check(
		z.maxLength(maxLength),
		z.refine((text) => !hasControl(text, true), 'must not contain control characters')
	);
const mealItemInputSchema = z.object({
	name: itemText(255).check(z.minLength(1)),
	description: z.optional(z.nullable(itemText(1024))),
	amount: nutrient,
	measurement: z.optional(z.nullable(itemText(64))),
	type: z.optional(z.nullable(z.literal([1, 2, 3, 4, 5]))),
	category: z.optional(z.nullable(itemText(255))),
	food_type: z.optional(z.nullable(z.literal([1, 2, 3, 4]))),
	calcium: nutrient,
	calories: nutrient,
	carbohydrate: nutrient,
	cholesterol: nutrient,
	fiber: nutrient,
	protein: nutrient,
	saturated_fat: nutrient,
	sodium: nutrient,
	sugar: nutrient,
	unsaturated_fat: nutrient
});
const mealItemsInputSchema = z.array(mealItemInputSchema).check(z.maxLength(100));
type MealItemInput = z.infer<typeof mealItemInputSchema>;

const SUMMED_NUTRIENTS = [
	'calcium',
	'carbohydrate',
	'cholesterol',
	'fiber',
	'protein',
	'saturated_fat',
	'sodium',
	'sugar',
	'unsaturated_fat'
] as const;

function mealItemsOf(context: HandlerContext, input: MealItemInput[]) {
	return input.map((item) => ({
		xid: context.newXid(),
		// The item becomes a personal food with one serving, as a food the person typed in.
		food_xid: context.newXid(),
		serving_xid: context.newXid(),
		name: item.name,
		description: item.description ?? null,
		image: null,
		sub_type: item.food_type ?? null,
		health_score: null,
		multiplier_max: null,
		multiplier_min: null,
		measurement: item.measurement ?? null,
		type: item.type == null ? null : (PLATE_KINDS[item.type - 1] ?? null),
		amount: item.amount ?? null,
		carbohydrate: item.carbohydrate ?? null,
		trans_fat: null,
		saturated_fat: item.saturated_fat ?? null,
		protein: item.protein ?? null,
		sodium: item.sodium ?? null,
		vitamin_c: null,
		vitamin_a: null,
		unsaturated_fat: item.unsaturated_fat ?? null,
		sugar: item.sugar ?? null,
		fiber: item.fiber ?? null,
		potassium: null,
		fat: null,
		monounsaturated_fat: null,
		calories: item.calories ?? null,
		polyunsaturated_fat: null,
		calcium: item.calcium ?? null,
		iron: null,
		cholesterol: item.cholesterol ?? null
	}));
}

/** Meal totals are the sums of the items (a glass counts as a drink, anything else as a food). */
function mealTotals(input: MealItemInput[]) {
	const sum = (field: (typeof SUMMED_NUTRIENTS)[number] | 'calories') =>
		Math.round(input.reduce((total, item) => total + (item[field] ?? 0), 0) * 10) / 10;
	const totals: Record<string, number> = {};
	for (const field of SUMMED_NUTRIENTS) totals[field] = sum(field);
	const drinks = input.filter((item) => item.type === 5).length;
	return {
		...totals,
		calories: Math.round(sum('calories')),
		num_drinks: drinks,
		num_foods: input.length - drinks,
		fat: Math.round((totals.saturated_fat ?? 0) * 10 + (totals.unsaturated_fat ?? 0) * 10) / 10
	};
}

function mealSubTypeOf(epochSec: number, tz: string): number {
	const hour = zonedParts(epochSec, tz).hour;
	return hour < 11 ? 1 : hour < 16 ? 2 : 3;
}

async function writeMeal(
	context: HandlerContext,
	previousXid: string | null
): Promise<HandlerResult> {
	const previous = previousXid === null ? undefined : context.store.indexes.meals.get(previousXid);
	const { body } = context;
	let input: MealItemInput[] | null = null;
	if (body.items !== undefined) {
		const parsed = mealItemsInputSchema.safeParse(JSON.parse(body.items));
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			throw invalid(
				'items',
				`must be a JSON list of meal items (${issue?.path.join('.') ?? ''} ${issue?.message ?? ''})`.trim()
			);
		}
		input = parsed.data;
	}
	const xid = previous?.xid ?? context.newXid();
	const tz = zoneOf(context, previous?.details.tz);
	const timeCreated = numberOr(body.time_created, previous?.time_created ?? context.nowSec);
	const items =
		input === null
			? (previous?.items ?? { items: [], size: 0 })
			: { items: mealItemsOf(context, input), size: input.length };
	const zeroTotals = mealTotals([]);
	const details = input === null ? (previous?.details ?? zeroTotals) : mealTotals(input);
	const record = {
		...previous,
		xid,
		title: body.title ?? previous?.title ?? 'Meal',
		note: body.note ?? previous?.note ?? null,
		type: 'meal',
		sub_type: previous?.sub_type ?? mealSubTypeOf(timeCreated, tz),
		time_created: timeCreated,
		time_updated: context.nowSec,
		time_completed: timeCreated,
		date: localDateInt(timeCreated, tz),
		...placeOf(context, previous),
		image: body.image_url ?? previous?.image ?? null,
		details: {
			...zeroTotals,
			vitamin_c: null,
			vitamin_a: null,
			iron: null,
			potassium: null,
			polyunsaturated_fat: null,
			monounsaturated_fat: null,
			// The partner sent the numbers: there is no recognition estimate to report.
			accuracy: null,
			...details,
			tz
		},
		items
	};
	const stored = await save(context, 'meals', record);
	return previous === undefined ? created(stored) : { data: stored };
}

export const createMeal: Handler = (context) => writeMeal(context, null);
export const updateMeal: Handler = (context) => {
	recordOf(context);
	assertCreator(context);
	return writeMeal(context, context.xid);
};

// Custom (generic) events -------------------------------------------------------------------

const attributesSchema = z.record(z.string(), z.unknown());

async function writeGenericEvent(
	context: HandlerContext,
	previousXid: string | null
): Promise<HandlerResult> {
	const previous =
		previousXid === null ? undefined : context.store.indexes.generic_events.get(previousXid);
	const { body } = context;
	let attributes = previous?.attributes ?? null;
	if (body.attributes !== undefined) {
		const parsed = attributesSchema.safeParse(JSON.parse(body.attributes));
		if (!parsed.success) throw invalid('attributes', 'must be a JSON object');
		attributes = parsed.data;
	}
	if (body.note !== undefined && /<[a-z/!]/i.test(body.note))
		throw invalid('note', 'must not contain HTML');
	const tz = zoneOf(context, previous?.details.tz);
	const timeCreated = numberOr(body.time_created, previous?.time_created ?? context.nowSec);
	const record = {
		...previous,
		xid: previous?.xid ?? context.newXid(),
		title: body.title ?? previous?.title ?? '',
		verb: body.verb ?? previous?.verb ?? null,
		note: body.note ?? previous?.note ?? null,
		type: 'generic',
		time_created: timeCreated,
		time_updated: context.nowSec,
		date: localDateInt(timeCreated, tz),
		...placeOf(context, previous),
		image: body.image_url ?? previous?.image ?? null,
		attributes,
		details: { tz }
	};
	const stored = await save(context, 'generic_events', record);
	// Create and update answer a subset of the record (the specification says which fields).
	const subset = {
		xid: stored.xid,
		title: stored.title,
		image: stored.image ?? null,
		time_created: stored.time_created,
		date: stored.date,
		attributes: stored.attributes ?? null
	};
	return previous === undefined ? created(subset) : { data: subset };
}

export const createGenericEvent: Handler = (context) => writeGenericEvent(context, null);
export const updateGenericEvent: Handler = (context) => {
	recordOf(context);
	assertCreator(context);
	return writeGenericEvent(context, context.xid);
};

// Deletes ------------------------------------------------------------------------------------

export const deleteRecord: Handler = async (context) => {
	const kind = kindOf(context.endpoint);
	const record = recordOf(context, kind);
	assertCreator(context);
	const body =
		kind === 'body_events' ? context.store.indexes.body_events.get(record.xid) : undefined;
	await context.commit({ op: 'delete', kind, xid: record.xid });
	if (body !== undefined) {
		// The specification answers a body delete with a sentence naming the removed event.
		const weight = body.weight === null ? '' : ` of ${body.weight} kg`;
		return { data: {}, message: `Deleted body event "${body.title}"${weight} (${body.xid}).` };
	}
	return { data: {} };
};
