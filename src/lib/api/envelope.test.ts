import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
	apiVersionSchema,
	collectionSchema,
	emptyDataSchema,
	envelopeSchema,
	errorEnvelopeSchema,
	metaSchema,
	type Collection
} from './envelope';
import { goalsV10Schema, goalsV11Schema } from './goals';
import {
	bandEventSchema,
	bodyEventSchema,
	cardiacEventV10Schema,
	friendsListSchema,
	genericEventSchema,
	genericEventWriteResultSchema,
	heartRateSchema,
	mealSchema,
	mealWithItemsSchema,
	moodOfDaySchema,
	moodSchema,
	moveSchema,
	moveTickSchema,
	settingsSchema,
	sleepSchema,
	sleepTickSchema,
	timeZoneRecordSchema,
	userSchema,
	workoutSchema,
	workoutTickSchema,
	type Workout
} from './records';
import { trendsV10Schema, trendsV11Schema } from './trends';
import { DEMO_USER_XID, okResponse, responsesV10, responsesV11, workoutRun } from './testing';

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
	return z.safeParse(schema, value).success;
}

const workoutList = collectionSchema(workoutSchema);

describe('meta', () => {
	it('parses the success envelope', () => {
		const meta = z.parse(metaSchema, okResponse({}).meta);
		expect(meta.user_xid).toBe(DEMO_USER_XID);
		expect(meta.error_type).toBeUndefined();
	});

	it('accepts the failure fields on meta', () => {
		const meta = {
			...okResponse({}).meta,
			code: 404,
			message: 'Not Found',
			error_type: 'not_found',
			error_detail: 'No such workout.'
		};
		expect(z.parse(metaSchema, meta).error_type).toBe('not_found');
	});

	it('rejects a meta without a code', () => {
		const { code: _code, ...withoutCode } = okResponse({}).meta;
		expect(accepts(metaSchema, withoutCode)).toBe(false);
	});
});

describe('envelopeSchema', () => {
	it('wraps a record schema in {meta, data}', () => {
		const envelope = z.parse(envelopeSchema(workoutSchema), okResponse(workoutRun));
		expect(envelope.data.xid).toBe(workoutRun.xid);
		expect(envelope.meta.code).toBe(200);
	});

	it('rejects a response whose data does not match', () => {
		expect(accepts(envelopeSchema(workoutSchema), okResponse({ xid: 'x' }))).toBe(false);
	});

	it('accepts the empty data of a delete', () => {
		expect(accepts(envelopeSchema(emptyDataSchema), okResponse({}))).toBe(true);
		expect(accepts(envelopeSchema(emptyDataSchema), okResponse(null))).toBe(false);
	});
});

describe('errorEnvelopeSchema', () => {
	it('parses a failure with error_type and error_detail', () => {
		const failure = {
			meta: {
				user_xid: DEMO_USER_XID,
				message: 'Forbidden',
				code: 403,
				time: 1774893600,
				error_type: 'missing_scope',
				error_detail: 'This call needs sleep_read.'
			},
			data: {}
		};
		const parsed = z.parse(errorEnvelopeSchema, failure);
		expect(parsed.meta.error_type).toBe('missing_scope');
		expect(parsed.meta.error_detail).toBe('This call needs sleep_read.');
	});

	it('parses a 401 that has no user and no data', () => {
		expect(accepts(errorEnvelopeSchema, { meta: { message: 'Unauthorized', code: 401 } })).toBe(
			true
		);
	});

	it('does not take a success for a failure', () => {
		expect(accepts(errorEnvelopeSchema, okResponse({}))).toBe(false);
	});
});

describe('collectionSchema', () => {
	it('parses items, size and a relative next link', () => {
		const page: Collection<Workout> = z.parse(workoutList, {
			items: [workoutRun],
			size: 1,
			links: { next: '/nudge/api/v.1.1/users/@me/workouts?page_token=1774685100' }
		});
		expect(page.items[0]?.place_lat).toBe(52.5145);
		expect(page.links?.next).toContain('page_token=1774685100');
	});

	it('accepts the last page without a next link, and a list without links', () => {
		expect(accepts(workoutList, { items: [], size: 0, links: {} })).toBe(true);
		expect(accepts(workoutList, { items: [], size: 0 })).toBe(true);
	});

	it('rejects an absolute or protocol-relative next link', () => {
		const absolute = { items: [], size: 0, links: { next: 'https://evil.example/x' } };
		const protocolRelative = { items: [], size: 0, links: { next: '//evil.example/x' } };
		expect(accepts(workoutList, absolute)).toBe(false);
		expect(accepts(workoutList, protocolRelative)).toBe(false);
	});

	it('rejects a negative or missing size', () => {
		expect(accepts(workoutList, { items: [], size: -1 })).toBe(false);
		expect(accepts(workoutList, { items: [] })).toBe(false);
	});

	it('rejects a page with one broken item', () => {
		expect(accepts(workoutList, { items: [workoutRun, { ...workoutRun, date: 0 }], size: 2 })).toBe(
			false
		);
	});
});

describe('apiVersionSchema', () => {
	it('knows exactly the two path versions', () => {
		expect(accepts(apiVersionSchema, 'v.1.0')).toBe(true);
		expect(accepts(apiVersionSchema, 'v.1.1')).toBe(true);
		expect(accepts(apiVersionSchema, 'v1.1')).toBe(false);
	});
});

describe('the fixture responses of both versions parse as whole responses', () => {
	const shared = {
		workouts: collectionSchema(workoutSchema),
		workout: workoutSchema,
		workoutTicks: collectionSchema(workoutTickSchema),
		sleeps: collectionSchema(sleepSchema),
		sleep: sleepSchema,
		sleepTicks: collectionSchema(sleepTickSchema),
		moves: collectionSchema(moveSchema),
		move: moveSchema,
		moveTicks: collectionSchema(moveTickSchema),
		bodyEvents: collectionSchema(bodyEventSchema),
		moodOfDay: moodOfDaySchema,
		moodCreated: moodSchema,
		noMoodToday: moodOfDaySchema,
		meals: collectionSchema(mealSchema),
		meal: mealWithItemsSchema,
		heartRates: collectionSchema(heartRateSchema),
		genericEvents: collectionSchema(genericEventSchema),
		genericEventCreated: genericEventWriteResultSchema,
		settings: settingsSchema,
		user: userSchema,
		friends: friendsListSchema,
		bandEvents: collectionSchema(bandEventSchema),
		timeZone: timeZoneRecordSchema,
		deleted: emptyDataSchema
	};
	const v10 = {
		...shared,
		trends: trendsV10Schema,
		goals: goalsV10Schema,
		cardiacEvents: collectionSchema(cardiacEventV10Schema)
	};
	const v11 = { ...shared, trends: trendsV11Schema, goals: goalsV11Schema };

	it.each(Object.entries(v10))('v.1.0 %s', (name, schema) => {
		const response: unknown = Reflect.get(responsesV10, name);
		expect(response).toBeDefined();
		expect(z.safeParse(envelopeSchema(schema), response).error?.issues).toBeUndefined();
	});

	it.each(Object.entries(v11))('v.1.1 %s', (name, schema) => {
		const response: unknown = Reflect.get(responsesV11, name);
		expect(response).toBeDefined();
		expect(z.safeParse(envelopeSchema(schema), response).error?.issues).toBeUndefined();
	});

	it('covers every fixture response', () => {
		expect(Object.keys(responsesV10).sort()).toEqual(Object.keys(v10).sort());
		expect(Object.keys(responsesV11).sort()).toEqual(Object.keys(v11).sort());
	});

	it('does not accept the v.1.1 trends as v.1.0 ones', () => {
		expect(accepts(trendsV10Schema, responsesV11.trends.data)).toBe(false);
	});
});
