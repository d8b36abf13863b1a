// Applies a journal entry to the store, validating each record against its schema (live writes and replay alike).
import * as z from 'zod/mini';
import { MAX_JSON_DEPTH } from '$lib/api/endpoints';
import {
	bandEventSchema,
	bodyEventSchema,
	cardiacEventV10Schema,
	genericEventSchema,
	heartRateSchema,
	mealWithItemsSchema,
	moodSchema,
	moveSchema,
	sleepSchema,
	sleepTickSchema,
	workoutSchema,
	workoutTickSchema
} from '$lib/api/records';
import type { JournalEntry } from './journal';
import type { RecordKind, RecordKinds, Store } from './store';

type Parsed<T> = { success: true; data: T } | { success: false };

const sleepTicksSchema = z.array(sleepTickSchema);
const workoutTicksSchema = z.array(workoutTickSchema);

function parseRecord<K extends RecordKind>(kind: K, record: unknown): Parsed<RecordKinds[K]>;
function parseRecord(kind: RecordKind, record: unknown): Parsed<RecordKinds[RecordKind]> {
	switch (kind) {
		case 'workouts':
			return workoutSchema.safeParse(record);
		case 'sleeps':
			return sleepSchema.safeParse(record);
		case 'moves':
			return moveSchema.safeParse(record);
		case 'body_events':
			return bodyEventSchema.safeParse(record);
		case 'mood':
			return moodSchema.safeParse(record);
		case 'meals':
			return mealWithItemsSchema.safeParse(record);
		case 'heartrates':
			return heartRateSchema.safeParse(record);
		case 'generic_events':
			return genericEventSchema.safeParse(record);
		case 'cardiac_events':
			return cardiacEventV10Schema.safeParse(record);
		case 'bandevents':
			return bandEventSchema.safeParse(record);
	}
}

/** Nesting a stored record may reach: its own few levels plus a partner's attributes. */
const RECORD_DEPTH_MAX = MAX_JSON_DEPTH + 8;

/** True when a parsed value nests arrays and objects deeper than `limit`; walks without recursion. */
function deeperThan(value: unknown, limit: number): boolean {
	const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
	for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
		if (typeof next.value !== 'object' || next.value === null) continue;
		const depth = next.depth + 1;
		if (depth > limit) return true;
		for (const child of Object.values(next.value)) pending.push({ value: child, depth });
	}
	return false;
}

/**
 * A journal written before writes were checked for depth may hold custom event attributes nested
 * thousands of levels deep, which no answer could serialize: such attributes are dropped (and
 * said so in the log), and any other record nested past what a record can be is skipped, so the
 * day still answers.
 */
function withinDepth(kind: RecordKind, record: unknown): unknown {
	if (typeof record !== 'object' || record === null) return record;
	if (kind === 'generic_events' && 'attributes' in record) {
		if (deeperThan(record.attributes, MAX_JSON_DEPTH)) {
			console.warn(
				`reference API: custom event attributes nested deeper than ${MAX_JSON_DEPTH} levels were dropped`
			);
			return withinDepth(kind, { ...record, attributes: null });
		}
	}
	if (deeperThan(record, RECORD_DEPTH_MAX)) {
		console.warn(`reference API: a ${kind} record nested too deeply to answer was skipped`);
		return null;
	}
	return record;
}

function putEntry<K extends RecordKind>(
	store: Store,
	kind: K,
	record: unknown,
	creator: string,
	ticks: unknown
): boolean {
	const parsed = parseRecord(kind, withinDepth(kind, record));
	if (!parsed.success) return false;
	store.put(kind, parsed.data, creator);
	if (ticks !== undefined && kind === 'sleeps') {
		const sleepTicks = sleepTicksSchema.safeParse(ticks);
		if (sleepTicks.success) store.setSleepTicks(parsed.data.xid, sleepTicks.data);
	}
	if (ticks !== undefined && kind === 'workouts') {
		const workoutTicks = workoutTicksSchema.safeParse(ticks);
		if (workoutTicks.success) store.setWorkoutTicks(parsed.data.xid, workoutTicks.data);
	}
	return true;
}

/** Applies one entry; false when its record does not validate (such a line is skipped on replay). */
export function applyEntry(store: Store, entry: JournalEntry): boolean {
	switch (entry.op) {
		case 'put':
			return putEntry(store, entry.kind, entry.record, entry.creator, entry.ticks);
		case 'delete':
			store.remove(entry.kind, entry.xid);
			return true;
		case 'goals':
			store.setGoals(entry.goals);
			return true;
	}
}

/** True when a record would be accepted by `applyEntry` (checked before journaling a write). */
export function isValidRecord(kind: RecordKind, record: unknown): boolean {
	return parseRecord(kind, record).success;
}
