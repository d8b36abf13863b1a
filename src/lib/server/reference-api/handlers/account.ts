// Handlers of the user's own records: goals (scope-filtered reads, per-field write scopes), settings, profile, friends, zone, tokens, trends.
import { offsetSeconds } from '$lib/time/zone';
import { ApiFailure } from '../envelope';
import { recordImage } from '../png';
import type { BucketSize } from '../trends';
import { todayOf } from '../trends';
import { hasScope, type Handler, type HandlerContext } from './context';

/** Calories added to (gain) or taken from (lose) the day's burn for the weight goal. */
const INTAKE_ADJUSTMENT = { 0: -500, 1: 0, 2: 300 } as const;
/** The legacy v.1.0 nutrient goals (announced for removal): fixed values, grams or milligrams. */
const LEGACY_NUTRIENT_GOALS = {
	eat_sat_fat: 20,
	eat_carbs: 300,
	eat_cholesterol: 300,
	eat_fiber: 30,
	eat_protein: 50,
	eat_calcium: 1000,
	eat_sugar: 50,
	eat_unsat_fat: 45,
	eat_sodium: 2300
};

/** What is left of today's goals: steps and sleep against today's records, calories against today's burn. */
function remainingForDay(context: HandlerContext) {
	const { store, nowSec } = context;
	const today = todayOf(store, nowSec);
	const move = store.indexes.moves.onDate(today)[0];
	const steps = move?.details.steps ?? 0;
	const slept = store.indexes.sleeps
		.onDate(today)
		.reduce((total, sleep) => total + (sleep.details.light ?? 0) + (sleep.details.deep ?? 0), 0);
	const eaten = store.indexes.meals
		.onDate(today)
		.reduce((total, meal) => total + (meal.details.calories ?? 0), 0);
	const intent = store.goals.body_weight_intent;
	const adjustment = intent === 0 || intent === 1 || intent === 2 ? INTAKE_ADJUSTMENT[intent] : 0;
	const burn =
		(move?.details.bmr_day ?? 0) +
		(move?.details.wo_calories ?? 0) +
		(move?.details.bg_calories ?? 0);
	return {
		intake_calories_remaining: Math.round((burn + adjustment - eaten) * 10) / 10,
		move_steps_remaining: store.goals.move_steps - steps,
		sleep_seconds_remaining: store.goals.sleep_total - slept
	};
}

export const getGoals: Handler = (context) => {
	const { goals } = context.store;
	const data: Record<string, unknown> = {};
	const moveRead = hasScope(context, 'move_read');
	const sleepRead = hasScope(context, 'sleep_read');
	const weightRead = hasScope(context, 'weight_read');
	const mealRead = hasScope(context, 'meal_read');
	if (moveRead) data.move_steps = goals.move_steps;
	if (sleepRead) data.sleep_total = goals.sleep_total;
	if (context.version === 'v.1.0') {
		if (weightRead) data.body_weight = Math.round(goals.body_weight);
		if (mealRead) Object.assign(data, LEGACY_NUTRIENT_GOALS);
		return { data };
	}
	if (weightRead) {
		data.body_weight = goals.body_weight;
		data.body_weight_intent = goals.body_weight_intent;
	}
	const remaining = remainingForDay(context);
	const shown: Record<string, number> = {};
	if (mealRead) shown.intake_calories_remaining = remaining.intake_calories_remaining;
	if (moveRead) shown.move_steps_remaining = remaining.move_steps_remaining;
	if (sleepRead) shown.sleep_seconds_remaining = remaining.sleep_seconds_remaining;
	if (Object.keys(shown).length > 0) data.remaining_for_day = shown;
	return { data };
};

const GOAL_WRITE_SCOPES: Record<string, string> = {
	move_steps: 'move_write',
	sleep_total: 'sleep_write',
	body_weight: 'body_write',
	body_weight_intent: 'body_write'
};
const INTENTS: Record<string, number> = { '0': 0, '1': 1, '2': 2, lose: 0, maintain: 1, gain: 2 };

export const updateGoals: Handler = async (context) => {
	const { body } = context;
	for (const field of Object.keys(body)) {
		const scope = GOAL_WRITE_SCOPES[field];
		if (scope !== undefined && !hasScope(context, scope)) {
			throw new ApiFailure(403, 'insufficient_scope', `Writing ${field} needs the ${scope} scope.`);
		}
	}
	const goals = { ...context.store.goals };
	if (body.move_steps !== undefined) goals.move_steps = Number(body.move_steps);
	if (body.sleep_total !== undefined) goals.sleep_total = Number(body.sleep_total);
	if (body.body_weight !== undefined) goals.body_weight = Number(body.body_weight);
	if (body.body_weight_intent !== undefined) {
		goals.body_weight_intent = INTENTS[body.body_weight_intent] ?? goals.body_weight_intent;
	}
	await context.commit({ op: 'goals', goals });
	return { data: {} };
};

const SHARE_SCOPES = [
	['share_eat', 'meal_read'],
	['share_sleep', 'sleep_read'],
	['share_body', 'weight_read'],
	['share_mood', 'mood_read'],
	['share_move', 'move_read']
] as const;

export const getSettings: Handler = (context) => {
	const { settings, goals } = context.store;
	const data: Record<string, unknown> = { xid: settings.xid, metric: settings.metric };
	for (const [field, scope] of SHARE_SCOPES) {
		if (hasScope(context, scope) && settings[field] !== undefined) data[field] = settings[field];
	}
	const goalsOut: Record<string, unknown> = {};
	if (hasScope(context, 'move_read')) goalsOut.move = { steps: goals.move_steps };
	if (hasScope(context, 'sleep_read')) goalsOut.sleep = { total: goals.sleep_total };
	if (Object.keys(goalsOut).length > 0) data.goals = goalsOut;
	return { data };
};

export const getUser: Handler = (context) => ({ data: context.store.user });

/** The picture the user record links to: the same deterministic PNG the record images are. */
export const getUserImage: Handler = (context) => {
	const png = recordImage(`user:${context.store.user.xid}`);
	return new Response(png, {
		status: 200,
		headers: {
			'content-type': 'image/png',
			'content-length': String(png.byteLength),
			'cache-control': 'private, max-age=3600'
		}
	});
};

export const listFriends: Handler = (context) => {
	const items = context.store.friends.map((xid) => ({ xid }));
	return { data: { items, size: items.length } };
};

/** The user's current zone: the zone of the latest move, else the home zone. */
export const getTimezone: Handler = (context) => {
	const latest = context.store.indexes.moves.newest();
	const tz = latest?.details.tz ?? context.store.homeTz;
	return {
		data: {
			tz,
			offset_seconds: offsetSeconds(context.nowSec, tz),
			time_created: latest?.time_created ?? context.nowSec
		}
	};
};

export const refreshToken: Handler = (context) => ({
	data: context.oauth.refreshWithSecret(context.grant, context.body.secret ?? '')
});

export const deleteMembership: Handler = (context) => {
	context.oauth.revoke(context.grant);
	return { data: {} };
};

const bucketOf = (value: string | undefined): BucketSize =>
	value === 'w' || value === 'm' || value === 'y' ? value : 'd';

export const getTrends: Handler = (context) => {
	const { query } = context;
	const endDate =
		query.end_date === undefined ? todayOf(context.store, context.nowSec) : Number(query.end_date);
	const result = context.trends.series(
		{
			version: context.version,
			endDate,
			bucketSize: bucketOf(query.bucket_size),
			numBuckets: query.num_buckets === undefined ? undefined : Number(query.num_buckets),
			range: bucketOf(query.range),
			rangeDuration: query.range_duration === undefined ? undefined : Number(query.range_duration),
			scopes: context.grant.scopes
		},
		`/nudge/api/${context.version}/users/@me/trends`
	);
	return { data: result };
};
