// Writes a person makes on the pages (goals, weigh-ins, moods), through the data layer: each is
// sent first, and the cache takes the change only once the API confirmed it, so a refused write
// leaves nothing half-shown. Apart from the layer, so that pages which never write never load it.
import type { BodyEvent, Mood } from '$lib/api';
import { ApiError } from '$lib/client';
import {
	createBodyEvent,
	createMood,
	deleteBodyEvent,
	deleteMood as deleteMoodCall,
	updateGoals as updateGoalsCall,
	type GoalChanges,
	type NewMood,
	type NewWeighIn
} from '$lib/client/write-calls';
import type { DataLayer, Session } from './data-layer.svelte';
import { moodDayChanged } from './moods';
import { messageOf } from './query.svelte';
import { lacking, scopeError } from './scopes';

const MOOD_WRITE_SCOPE = 'mood_write';

/** The write scope each goal needs (the specification's Goals section). */
export const GOAL_WRITE_SCOPES: Readonly<Record<keyof GoalChanges, string>> = {
	move_steps: 'move_write',
	sleep_total: 'sleep_write',
	body_weight: 'body_write',
	body_weight_intent: 'body_write'
};
const GOAL_FIELDS = [
	'move_steps',
	'sleep_total',
	'body_weight',
	'body_weight_intent'
] as const satisfies readonly (keyof GoalChanges)[];
/** What a person changes, in words, for the messages that name a missing permission. */
const GOAL_NAMES: Readonly<Record<keyof GoalChanges, string>> = {
	move_steps: 'the step goal',
	sleep_total: 'the sleep goal',
	body_weight: 'the weight goal',
	body_weight_intent: 'the weight goal'
};

/** A write the API (or the sign-in's permissions) refused: `message` says why, for people. */
export class WriteError extends Error {
	override readonly name = 'WriteError';
	constructor(
		message: string,
		/** The write scope the sign-in lacks, when that is the reason. */
		readonly missingScope: string | null = null
	) {
		super(message);
	}
}

/** The WriteError for a failed write of `what` ("Saving the goals"), from the API's own words. */
export function writeFailure(error: unknown, what: string): WriteError {
	if (error instanceof WriteError) return error;
	if (error instanceof ApiError) {
		if (error.missingScope !== undefined) {
			return new WriteError(
				`${what} needs the ${error.missingScope} permission, which this sign-in did not grant.`,
				error.missingScope
			);
		}
		if (error.status === 401) return new WriteError(`${what} failed: sign in again first.`);
		if (error.isUnreachable) {
			return new WriteError(`${what} failed: the data service cannot be reached right now.`);
		}
		return new WriteError(`${what} failed: ${error.detail}`);
	}
	return new WriteError(`${what} failed: ${messageOf(error)}`);
}

/** Refuses, naming the permission, a write the session's scopes do not allow. */
function requireScope(session: Session, scope: string, what: string): void {
	if (!session.signedIn) throw new WriteError(`${what} failed: sign in first.`);
	if (lacking(session, scope) !== null) {
		throw new WriteError(
			`${what} needs the ${scope} permission, which this sign-in did not grant.`,
			scope
		);
	}
}

/**
 * Sets the goals named. Once the API confirms, the cached goals take the new values and the
 * goals are asked again, so Today and Goals show them at once.
 */
export async function updateGoals(layer: DataLayer, changes: GoalChanges): Promise<void> {
	const fields = GOAL_FIELDS.filter((field) => changes[field] !== undefined);
	const names = fields
		.map((field) => GOAL_NAMES[field])
		.filter((name, index, all) => all.indexOf(name) === index);
	const what = `Changing ${names.join(' and ') || 'the goals'}`;
	const session = await layer.account.current();
	for (const field of fields) requireScope(session, GOAL_WRITE_SCOPES[field], what);
	try {
		await updateGoalsCall(layer.client, changes);
	} catch (error) {
		layer.account.failed(error);
		throw writeFailure(error, what);
	}
	const store = await layer.stores.current();
	const cached = await store.docs.goals.get('current');
	if (cached !== undefined) {
		await store.docs.goals.put({ ...cached, value: { ...cached.value, ...changes } });
	}
	await layer.details.refreshGoals();
}

/** Logs a weigh-in; once the API answers with the stored record, the cache and Body show it. */
export async function logWeighIn(layer: DataLayer, weighIn: NewWeighIn): Promise<BodyEvent> {
	const what = 'Logging the weigh-in';
	requireScope(await layer.account.current(), 'body_write', what);
	let record: BodyEvent;
	try {
		record = await createBodyEvent(layer.client, weighIn);
	} catch (error) {
		layer.account.failed(error);
		throw writeFailure(error, what);
	}
	// A sync in flight may have read the list before the write: let it land first.
	await layer.syncer.settled();
	const store = await layer.stores.current();
	await store.records.bodyEvents.put([
		{ xid: record.xid, date: record.date, fetchedAt: layer.serverNow(), record }
	]);
	layer.person.rememberWeighIns([
		...layer.loggedWeighIns.filter((xid) => xid !== record.xid),
		record.xid
	]);
	await layer.ranges.reload('bodyEvents', record.date);
	return record;
}

/**
 * Removes a weigh-in this dashboard logged. Once the API confirms (or says it is already gone),
 * the cache forgets it.
 */
export async function deleteWeighIn(
	layer: DataLayer,
	record: Pick<BodyEvent, 'xid' | 'date'>
): Promise<void> {
	const what = 'Removing the weigh-in';
	requireScope(await layer.account.current(), 'body_write', what);
	try {
		await deleteBodyEvent(layer.client, record.xid);
	} catch (error) {
		layer.account.failed(error);
		if (!(error instanceof ApiError && error.status === 404)) throw writeFailure(error, what);
	}
	await layer.syncer.settled();
	const store = await layer.stores.current();
	await store.records.bodyEvents.remove(record.xid);
	layer.person.rememberWeighIns(layer.loggedWeighIns.filter((xid) => xid !== record.xid));
	await layer.ranges.reload('bodyEvents', record.date);
}

/**
 * Logs a mood, by default now in the person's zone. The cache holds it only once the API has
 * confirmed it (201): a refused or lost write throws with the reason and leaves the cache as it was.
 */
export async function logMood(
	layer: DataLayer,
	input: Omit<NewMood, 'timeCreated' | 'tz'> & Partial<Pick<NewMood, 'timeCreated' | 'tz'>>
): Promise<Mood> {
	const session = await layer.account.current();
	if (!session.signedIn) throw new Error('Sign in to log a mood.');
	const missing = lacking(session, MOOD_WRITE_SCOPE);
	if (missing !== null) throw scopeError(missing);
	const { tz } = await layer.person.today();
	let created: Mood;
	try {
		// Now by the server's clock, in the person's zone: the mood's date is their today.
		created = await createMood(layer.client, {
			...input,
			timeCreated: input.timeCreated ?? Math.floor(layer.serverNow()),
			tz: input.tz ?? tz
		});
	} catch (error) {
		layer.account.failed(error);
		throw error;
	}
	const store = await layer.stores.current();
	const before = await store.moods.get(created.date);
	// The read answers the day's last mood: an earlier one logged now does not replace it.
	const later = before?.mood && before.mood.time_created > created.time_created;
	if (!later) {
		await store.moods.put({
			date: created.date,
			fetchedAt: layer.serverNow(),
			mood: created,
			loggedHere: true
		});
	}
	moodDayChanged(layer, created.date);
	return created;
}

/**
 * Deletes a mood. Once the API has confirmed it, the day is asked again (an earlier mood of
 * that day may now be its last); until then the cache keeps showing it.
 */
export async function deleteMood(
	layer: DataLayer,
	mood: Pick<Mood, 'xid' | 'date'>
): Promise<void> {
	const session = await layer.account.current();
	if (!session.signedIn) throw new Error('Sign in to delete a mood.');
	const missing = lacking(session, MOOD_WRITE_SCOPE);
	if (missing !== null) throw scopeError(missing);
	try {
		await deleteMoodCall(layer.client, mood.xid);
	} catch (error) {
		layer.account.failed(error);
		throw error;
	}
	const store = await layer.stores.current();
	// Never shown again, even when the day cannot be read again now: then it is asked next time.
	await store.moods.delete(mood.date);
	try {
		const now = await layer.client.moodOfDay(mood.date);
		await store.moods.put({ date: mood.date, fetchedAt: layer.serverNow(), mood: now });
	} catch {
		// Left unknown: the next read of a range holding this day fetches it.
	}
	moodDayChanged(layer, mood.date);
}
