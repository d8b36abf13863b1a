import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { localDateInt } from '$lib/time/zone';
import {
	bandEventChargeStart,
	bodyEventWeighIn,
	bodyEventWeightOnly,
	cardiacEventMorning,
	friendsList,
	genericEventCreated,
	genericEventMeditation,
	heartRateMorning,
	mealDinner,
	mealDinnerWithItems,
	moodGood,
	moveDstDay,
	moveDstDayTicks,
	moveTravelDay,
	settingsAllScopes,
	settingsSleepScopeOnly,
	sleepNap,
	sleepNightAcrossDst,
	sleepNightAcrossDstTicks,
	timeZoneBerlinSummer,
	userDemo,
	workoutRun,
	workoutRunTicks,
	workoutYogaNoBand
} from './testing';
import {
	bandEventSchema,
	bodyEventSchema,
	cardiacEventV10Schema,
	dateIntSchema,
	friendsListSchema,
	genericEventSchema,
	genericEventWriteResultSchema,
	heartRateSchema,
	hourKeySchema,
	isMoveTickList,
	locationNumberSchema,
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
	tzSchema,
	userSchema,
	workoutSchema,
	workoutTickSchema,
	zoneChangesSchema,
	type Mood
} from './records';

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
	return z.safeParse(schema, value).success;
}

/** Parses a value that must be valid, failing the test with zod's issues otherwise. */
function parsed<T>(schema: z.core.$ZodType<T>, value: unknown): T {
	const result = z.safeParse(schema, value);
	if (!result.success) throw new Error(JSON.stringify(result.error.issues));
	return result.data;
}

/** The field paths zod rejected, e.g. `details.steps`. */
function rejectedFields(schema: z.core.$ZodType, value: unknown): string[] {
	const result = z.safeParse(schema, value);
	return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('every record fixture parses with its schema', () => {
	const cases: [string, z.core.$ZodType, unknown][] = [
		['band-tracked workout', workoutSchema, workoutRun],
		['app-logged workout', workoutSchema, workoutYogaNoBand],
		['night sleep', sleepSchema, sleepNightAcrossDst],
		['nap', sleepSchema, sleepNap],
		['DST-day move', moveSchema, moveDstDay],
		['travel-day move', moveSchema, moveTravelDay],
		['body event', bodyEventSchema, bodyEventWeighIn],
		['weight-only body event', bodyEventSchema, bodyEventWeightOnly],
		['mood', moodSchema, moodGood],
		['meal', mealSchema, mealDinner],
		['meal with items', mealWithItemsSchema, mealDinnerWithItems],
		['heart rate', heartRateSchema, heartRateMorning],
		['custom event', genericEventSchema, genericEventMeditation],
		['custom event write result', genericEventWriteResultSchema, genericEventCreated],
		['settings', settingsSchema, settingsAllScopes],
		['user', userSchema, userDemo],
		['friends list', friendsListSchema, friendsList],
		['band event', bandEventSchema, bandEventChargeStart],
		['time zone record', timeZoneRecordSchema, timeZoneBerlinSummer],
		['v.1.0 cardiac event', cardiacEventV10Schema, cardiacEventMorning]
	];
	it.each(cases)('parses the %s fixture', (_name, schema, fixture) => {
		expect(z.safeParse(schema, fixture).error?.issues).toBeUndefined();
	});

	it('parses every tick fixture', () => {
		for (const tick of workoutRunTicks) expect(accepts(workoutTickSchema, tick)).toBe(true);
		for (const tick of sleepNightAcrossDstTicks) expect(accepts(sleepTickSchema, tick)).toBe(true);
		for (const tick of moveDstDayTicks) expect(accepts(moveTickSchema, tick)).toBe(true);
	});
});

describe('the fixtures obey the project domain rules', () => {
	it('dates the night across the DST change by its wake date in its own zone', () => {
		const sleep = parsed(sleepSchema, sleepNightAcrossDst);
		expect(sleep.date).toBe(localDateInt(sleep.time_completed, sleep.details.tz));
		expect(localDateInt(sleep.time_created, sleep.details.tz)).not.toBe(sleep.date);
	});

	it('makes the night last latency + awake + light + deep, summed from its phases', () => {
		const sleep = parsed(sleepSchema, sleepNightAcrossDst);
		const ticks = sleepNightAcrossDstTicks.map((tick) => parsed(sleepTickSchema, tick));
		const byDepth = new Map<number, number>();
		ticks.forEach((tick, i) => {
			const end = ticks[i + 1]?.time ?? sleep.time_completed;
			byDepth.set(tick.depth, (byDepth.get(tick.depth) ?? 0) + end - tick.time);
		});
		const latency = (ticks[0]?.time ?? sleep.time_completed) - sleep.time_created;
		expect(sleep.details.asleep_time).toBe(ticks[0]?.time);
		expect(sleep.details.awake).toBe(byDepth.get(1));
		expect(sleep.details.light).toBe(byDepth.get(2));
		expect(sleep.details.deep).toBe(byDepth.get(3));
		expect(sleep.details.duration).toBe(sleep.time_completed - sleep.time_created);
		expect(latency + (byDepth.get(1) ?? 0) + (byDepth.get(2) ?? 0) + (byDepth.get(3) ?? 0)).toBe(
			sleep.details.duration
		);
	});

	it('keys the DST day by its 23 local hours, with no 02 hour, summing to the day', () => {
		const move = parsed(moveSchema, moveDstDay);
		const keys = Object.keys(move.details.hourly_totals);
		expect(keys).toHaveLength(23);
		expect(keys).not.toContain('2026032902');
		expect(keys).toContain('2026032903');
		const hourly = Object.values(move.details.hourly_totals);
		expect(hourly.reduce((sum, hour) => sum + (hour.steps ?? 0), 0)).toBe(move.details.steps);
	});

	it('gives the travel day the zone changes as [epoch, zone] pairs', () => {
		const move = parsed(moveSchema, moveTravelDay);
		expect(move.details.tzs?.map(([, tz]) => tz)).toEqual(['Europe/Berlin', 'America/New_York']);
	});
});

describe('the hand-written move tick check', () => {
	const tick = {
		distance: 80,
		time_completed: 1774846860,
		active_time: 60,
		calories: 4.25,
		steps: 100,
		time: 1774846800,
		speed: 1.333
	};
	const cases: unknown[] = [
		[tick],
		[],
		[{ ...tick, distance: null, calories: null, speed: null, extra: 'kept' }],
		[{ ...tick, steps: 1.5 }],
		[{ ...tick, time: '1774846800' }],
		[{ ...tick, calories: Number.POSITIVE_INFINITY }],
		[{ ...tick, speed: Number.NaN }],
		[{ ...tick, active_time: 2 ** 60 }],
		[{ ...tick, steps: undefined }],
		[null],
		[[1, 2]],
		{ 0: tick },
		'ticks'
	];

	it('accepts exactly what moveTickSchema accepts, for any list', () => {
		const list = z.array(moveTickSchema);
		for (const value of cases) expect(isMoveTickList(value)).toBe(accepts(list, value));
	});
});

describe('numeric quirks', () => {
	it('accepts null for a measured number and keeps it null', () => {
		const payload = { ...workoutRun, details: { ...workoutRun.details, calories: null, km: null } };
		const workout = parsed(workoutSchema, payload);
		expect(workout.details.calories).toBeNull();
		expect(workout.details.km).toBeNull();
	});

	it('rejects a measured number sent as a string', () => {
		const payload = { ...workoutRun, details: { ...workoutRun.details, calories: '512' } };
		expect(rejectedFields(workoutSchema, payload)).toEqual(['details.calories']);
	});

	it('accepts a workout without the band-only fields', () => {
		const workout = parsed(workoutSchema, workoutYogaNoBand);
		expect(workout.details.steps).toBeUndefined();
		expect(workout.details.bg_calories).toBeUndefined();
	});

	it('accepts a tick whose speed is null (no active time in the bucket)', () => {
		expect(parsed(workoutTickSchema, workoutRunTicks[2]).speed).toBeNull();
	});

	it('keeps identity and clock fields non-null', () => {
		expect(rejectedFields(sleepSchema, { ...sleepNap, time_created: null })).toEqual([
			'time_created'
		]);
	});
});

describe('location quirks', () => {
	it('turns quoted coordinates into numbers', () => {
		const workout = parsed(workoutSchema, workoutRun);
		expect(workout.place_lat).toBe(52.5145);
		expect(workout.place_lon).toBe(13.3501);
		expect(parsed(bodyEventSchema, bodyEventWeighIn).place_acc).toBe(25);
	});

	it.each([
		['a number', 48.1374, 48.1374],
		['a negative quoted number', '-73.9857', -73.9857],
		['a quoted integer', '40', 40],
		['null', null, null],
		['an empty string', '', null],
		['an absent field', undefined, null]
	])('reads %s as number | null', (_name, input, expected) => {
		expect(parsed(locationNumberSchema, input)).toBe(expected);
	});

	it.each([['abc'], ['12,5'], [true], [{}]])('rejects %s as a coordinate', (input) => {
		expect(accepts(locationNumberSchema, input)).toBe(false);
	});

	it('fills absent location fields with null', () => {
		const sleep = parsed(sleepSchema, sleepNap);
		expect([sleep.place_lat, sleep.place_lon, sleep.place_acc, sleep.place_name]).toEqual([
			null,
			null,
			null,
			null
		]);
	});

	it('keeps an empty place name as typed', () => {
		expect(parsed(workoutSchema, workoutYogaNoBand).place_name).toBe('');
	});
});

describe('time zones and dates', () => {
	it.each([['Europe/Berlin'], ['America/New_York'], ['UTC'], ['GMT+0100'], ['GMT-0530']])(
		'accepts the zone %s',
		(tz) => {
			expect(accepts(tzSchema, tz)).toBe(true);
		}
	);

	it.each([['Mars/Olympus_Mons'], ['GMT+2500'], [''], ['+01:00x'], [60]])(
		'rejects the zone %s',
		(tz) => {
			expect(accepts(tzSchema, tz)).toBe(false);
		}
	);

	it('rejects a workout whose zone is null, but accepts it on a body event', () => {
		const workout = { ...workoutRun, details: { ...workoutRun.details, tz: null } };
		expect(rejectedFields(workoutSchema, workout)).toEqual(['details.tz']);
		expect(parsed(bodyEventSchema, bodyEventWeightOnly).details.tz).toBeNull();
	});

	it('accepts zone changes only as [epoch int, zone] pairs', () => {
		expect(accepts(zoneChangesSchema, [[1773510600, 'America/New_York']])).toBe(true);
		expect(accepts(zoneChangesSchema, [['America/New_York', 1773510600]])).toBe(false);
		expect(accepts(zoneChangesSchema, [[1773510600]])).toBe(false);
		expect(accepts(zoneChangesSchema, [[1773510600, 'Nowhere/Land']])).toBe(false);
	});

	it.each([[20260329], [20240229], [20261231]])('accepts the date %s', (date) => {
		expect(accepts(dateIntSchema, date)).toBe(true);
	});

	it.each([[20260230], [20261301], [2026329], ['20260329'], [20260329.5]])(
		'rejects the date %s',
		(date) => {
			expect(accepts(dateIntSchema, date)).toBe(false);
		}
	);

	it.each([['2026032900'], ['2026032923']])('accepts the hour key %s', (key) => {
		expect(accepts(hourKeySchema, key)).toBe(true);
	});

	it.each([['2026032924'], ['202603290'], ['2026-03-29'], ['2026023012'], ['20260329 7']])(
		'rejects the hour key %s',
		(key) => {
			expect(accepts(hourKeySchema, key)).toBe(false);
		}
	);

	it('rejects a move with one malformed hour key, naming that key', () => {
		const hourly = { ...moveDstDay.details.hourly_totals, '20260329': {} };
		const move = { ...moveDstDay, details: { ...moveDstDay.details, hourly_totals: hourly } };
		expect(rejectedFields(moveSchema, move)).toContain('details.hourly_totals.20260329');
	});
});

describe('enumerated sub types', () => {
	it.each([1, 2, 3, 4, 5, 6, 7, 8])('accepts mood sub_type %i', (subType) => {
		expect(accepts(moodSchema, { ...moodGood, sub_type: subType })).toBe(true);
	});

	it.each([0, 9, '8'])('rejects mood sub_type %s', (subType) => {
		expect(rejectedFields(moodSchema, { ...moodGood, sub_type: subType })).toEqual(['sub_type']);
	});

	it('rejects a sleep phase depth outside 1 to 4 (4 is REM, the project’s extension)', () => {
		expect(accepts(sleepTickSchema, { depth: 4, time: 1774737060 })).toBe(true);
		expect(accepts(sleepTickSchema, { depth: 5, time: 1774737060 })).toBe(false);
		expect(accepts(sleepTickSchema, { depth: 0, time: 1774737060 })).toBe(false);
	});

	it('rejects a record of another type', () => {
		expect(rejectedFields(workoutSchema, { ...workoutRun, type: 'move' })).toEqual(['type']);
	});
});

describe('the mood of the day', () => {
	it('is the mood when there is one', () => {
		const mood: Mood | null = parsed(moodOfDaySchema, moodGood);
		expect(mood?.sub_type).toBe(8);
	});

	it.each([[{}], [null], [[]]])('is null when data is empty (%j)', (data) => {
		expect(parsed(moodOfDaySchema, data)).toBeNull();
	});

	it('still reports the broken field of a malformed mood', () => {
		expect(rejectedFields(moodOfDaySchema, { ...moodGood, sub_type: 9 })).toEqual(['sub_type']);
	});

	it('rejects a value that is neither a mood nor empty', () => {
		expect(accepts(moodOfDaySchema, { note: 'x' })).toBe(false);
		expect(accepts(moodOfDaySchema, 'none')).toBe(false);
	});
});

describe('meals', () => {
	it('gives the single-meal response its items and size', () => {
		const meal = parsed(mealWithItemsSchema, mealDinnerWithItems);
		expect(meal.items.size).toBe(2);
		expect(meal.items.items.map((item) => item.name)).toEqual([
			'Spaghetti al pomodoro',
			'Red wine'
		]);
		expect(meal.items.items[1]?.health_score).toBeNull();
	});

	it('rejects a meal item without a name', () => {
		const { name: _name, ...nameless } = mealDinnerWithItems.items.items[0] ?? {};
		const meal = { ...mealDinnerWithItems, items: { items: [nameless], size: 1 } };
		expect(rejectedFields(mealWithItemsSchema, meal)).toEqual(['items.items.0.name']);
	});
});

describe('fields absent without a scope', () => {
	it('parses settings read with only sleep_read', () => {
		const settings = parsed(settingsSchema, settingsSleepScopeOnly);
		expect(settings.share_sleep).toBe(true);
		expect(settings.share_move).toBeUndefined();
		expect(settings.goals?.move).toBeUndefined();
		expect(settings.goals?.sleep?.total).toBe(27000);
	});

	it('still rejects a share flag of the wrong type', () => {
		expect(rejectedFields(settingsSchema, { ...settingsAllScopes, share_eat: 'yes' })).toEqual([
			'share_eat'
		]);
	});
});

describe('unknown extra fields', () => {
	it('are accepted and kept, at the top and inside details', () => {
		const payload = {
			...sleepNightAcrossDst,
			source: 'band-v3',
			details: { ...sleepNightAcrossDst.details, quality_score: 88 }
		};
		const sleep = parsed(sleepSchema, payload);
		expect(sleep['source']).toBe('band-v3');
		expect(sleep.details['quality_score']).toBe(88);
	});

	it('keep a custom event attributes object untouched', () => {
		const event = parsed(genericEventSchema, genericEventMeditation);
		expect(event.attributes).toEqual(genericEventMeditation.attributes);
	});
});
