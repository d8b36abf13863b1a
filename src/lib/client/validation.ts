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
import { moodOfDaySchema } from '$lib/api';
/** The `data` of a write that answers nothing of its own (goals update, delete): anything goes. */
export const writtenSchema = z.unknown();

/**
 * `data` of the dashboard's own `GET /api/moods?from=&to=` (not an upstream call): each day of the
 * span asked, with its mood or none, and the days the upstream did not answer.
 */
export const moodSpanSchema = z.object({
	days: z.array(z.object({ date: z.number(), mood: moodOfDaySchema })),
	failed: z.array(z.number())
});
