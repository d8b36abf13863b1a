// The response schemas the client validates with, in a module of their own: the client loads it
// with its first request (api-client.ts), so building some 150 schemas is not part of the work a
// page does before it can show its offline copy.
export {
	bodyEventSchema,
	cardiacEventV10Schema,
	collectionSchema,
	emptyDataSchema,
	envelopeSchema,
	errorEnvelopeSchema,
	goalsV10Schema,
	goalsV11Schema,
	heartRateSchema,
	mealSchema,
	mealWithItemsSchema,
	moodOfDaySchema,
	moodSchema,
	moveSchema,
	moveTickSchema,
	parseApiPayload,
	settingsSchema,
	sleepSchema,
	sleepSnapshotSchema,
	sleepTickSchema,
	trendsV10Schema,
	trendsV11Schema,
	userSchema,
	workoutSchema,
	workoutTickSchema
} from '$lib/api';

import * as z from 'zod/mini';
/** The `data` of a write that answers nothing of its own (goals update, delete): anything goes. */
export const writtenSchema = z.unknown();
