// Applies a journal entry to the store, validating each record against its schema (live writes and replay alike).
import * as z from 'zod/mini';
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

function putEntry<K extends RecordKind>(
	store: Store,
	kind: K,
	record: unknown,
	creator: string,
	ticks: unknown
): boolean {
	const parsed = parseRecord(kind, record);
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
