// The API's writes (goals, weigh-ins, moods) over a client: apart from it, so pages that only read never load them.
import type { BodyEvent, Mood, MoodSubType } from '$lib/api';
import type { ApiClient, RequestOptions } from './api-client';
import { ApiError } from './api-error';

/** The goals a person may change; a field left out keeps its value. */
export interface GoalChanges {
	/** Steps a day. */
	move_steps?: number;
	/** Sleep a night, seconds. */
	sleep_total?: number;
	/** Weight goal, kilograms. */
	body_weight?: number;
	/** 0 lose, 1 maintain, 2 gain. */
	body_weight_intent?: 0 | 1 | 2;
}

/** A weigh-in to log. */
export interface NewWeighIn {
	/** Kilograms (the API stores kilograms whatever the person's units). */
	weight: number;
	/** Percent, when the scale measured it. */
	body_fat?: number;
	/** Percent: what is not fat, when body fat is known. */
	lean_mass?: number;
	/** Body mass index, when the person's height is known. */
	bmi?: number;
	/** When it was taken, epoch seconds. */
	time_created: number;
	/** The zone it was taken in. */
	tz: string;
}

/** A mood to log: `POST /users/@me/mood`. */
export interface NewMood {
	subType: MoodSubType;
	/** Shown as the mood's title; the API's own label of the sub_type when empty. */
	title?: string;
	/** When the mood was felt, epoch seconds. */
	timeCreated: number;
	/** The zone the person is in, which decides the mood's `date`. */
	tz: string;
}

/** A form body from defined fields only, numbers written plainly. */
function formOf(fields: Record<string, string | number | undefined>): string {
	const form = new URLSearchParams();
	for (const [name, value] of Object.entries(fields)) {
		if (value !== undefined) form.set(name, String(value));
	}
	return form.toString();
}

/**
 * Sets the goals named (v.1.1 only: v.1.0 has no goals write, and the call fails without
 * asking). Each field needs its own write scope (move_write, sleep_write, body_write).
 */
export async function updateGoals(
	client: ApiClient,
	changes: GoalChanges,
	options?: RequestOptions
): Promise<void> {
	if (client.version === 'v.1.0') {
		throw new ApiError(
			405,
			'method_not_allowed',
			'This service speaks API v.1.0, which has no goals write: goals can be changed only through v.1.1.'
		);
	}
	await client.write(
		'users/@me/goals',
		(v) => v.writtenSchema,
		'goals',
		{ method: 'POST', form: formOf({ ...changes }) },
		options
	);
}

/** Logs a weigh-in (body_write); answers the record as the API stored it. */
export function createBodyEvent(
	client: ApiClient,
	weighIn: NewWeighIn,
	options?: RequestOptions
): Promise<BodyEvent> {
	return client.write(
		'users/@me/body_events',
		(v) => v.bodyEventSchema,
		'body event',
		{ method: 'POST', form: formOf({ ...weighIn }) },
		options
	);
}

/** Removes a weigh-in this dashboard (or another app of the same partner) logged (body_write). */
export async function deleteBodyEvent(
	client: ApiClient,
	xid: string,
	options?: RequestOptions
): Promise<void> {
	await client.write(
		`body_events/${encodeURIComponent(xid)}`,
		(v) => v.writtenSchema,
		'body event',
		{ method: 'DELETE' },
		options
	);
}

/** Logs a mood; resolves with the stored mood once the API answered 201. */
export function createMood(
	client: ApiClient,
	mood: NewMood,
	options?: RequestOptions
): Promise<Mood> {
	const form = formOf({
		sub_type: mood.subType,
		time_created: Math.trunc(mood.timeCreated),
		tz: mood.tz,
		title: mood.title === '' ? undefined : mood.title
	});
	return client.write(
		'users/@me/mood',
		(v) => v.moodSchema,
		'mood',
		{ method: 'POST', form },
		options
	);
}

/** Deletes a mood by xid. */
export async function deleteMood(
	client: ApiClient,
	xid: string,
	options?: RequestOptions
): Promise<void> {
	await client.write(
		`mood/${encodeURIComponent(xid)}`,
		(v) => v.emptyDataSchema,
		'mood',
		{ method: 'DELETE' },
		options
	);
}
