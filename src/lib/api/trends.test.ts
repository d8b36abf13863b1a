import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { trendsV10ThreeDays, trendsV11SleepScopeOnly, trendsV11ThreeDays } from './testing';
import {
	trendValuesV10Schema,
	trendValuesV11Schema,
	trendsV10Schema,
	trendsV11Schema,
	type TrendValuesV10,
	type TrendValuesV11
} from './trends';

function parsed<T>(schema: z.core.$ZodType<T>, value: unknown): T {
	const result = z.safeParse(schema, value);
	if (!result.success) throw new Error(JSON.stringify(result.error.issues));
	return result.data;
}

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
	return z.safeParse(schema, value).success;
}

describe('trends v.1.0', () => {
	it('parses three daily buckets as [date, values] pairs, newest first', () => {
		const trends = parsed(trendsV10Schema, trendsV10ThreeDays);
		expect(trends.earliest).toBe(20240102);
		expect(trends.data.map(([date]) => date)).toEqual([20260330, 20260329, 20260328]);
		expect(trends.links?.next).toMatch(/^\/nudge\/api\/v\.1\.0\/users\/@me\/trends\?/);
	});

	it('reads deep sleep from s_deep and n_deep', () => {
		const day = parsed(trendsV10Schema, trendsV10ThreeDays).data[1];
		const values: TrendValuesV10 | undefined = day?.[1];
		expect(values?.s_deep).toBe(9600);
		expect(values?.n_deep).toBe(0);
	});

	it('accepts the null gender of the known defect, and booleans', () => {
		expect(accepts(trendValuesV10Schema, { gender: null })).toBe(true);
		expect(accepts(trendValuesV10Schema, { gender: true })).toBe(true);
		expect(accepts(trendValuesV10Schema, { gender: false })).toBe(true);
	});

	it('rejects the v.1.1 numeric gender', () => {
		expect(accepts(trendValuesV10Schema, { gender: 1 })).toBe(false);
	});

	it('keeps nap fields null on a day without a nap', () => {
		const day = parsed(trendsV10Schema, trendsV10ThreeDays).data[0];
		expect(day?.[1].n_duration).toBeNull();
		expect(day?.[1].n_bedtime).toBeNull();
	});

	it('keeps bedtime before midnight negative', () => {
		const day = parsed(trendsV10Schema, trendsV10ThreeDays).data[1];
		expect(day?.[1].s_bedtime).toBeLessThan(0);
		expect(day?.[1].s_asleep_time).toBeLessThan(0);
		expect(day?.[1].s_awake_time).toBeGreaterThan(0);
	});

	it('rejects a bucket whose date is not YYYYMMDD', () => {
		const broken = { ...trendsV10ThreeDays, data: [[2026033, {}]] };
		expect(accepts(trendsV10Schema, broken)).toBe(false);
	});

	it('rejects a bucket that is not a pair', () => {
		const broken = { ...trendsV10ThreeDays, data: [{ date: 20260330, s_deep: 1 }] };
		expect(accepts(trendsV10Schema, broken)).toBe(false);
	});

	it('accepts a user without data yet: earliest null, no buckets, no next link', () => {
		expect(parsed(trendsV10Schema, { earliest: null, data: [] }).data).toEqual([]);
	});
});

describe('trends v.1.1', () => {
	it('parses the same days with sound sleep, numeric gender and the weight goal', () => {
		const day = parsed(trendsV11Schema, trendsV11ThreeDays).data[1];
		const values: TrendValuesV11 | undefined = day?.[1];
		expect(values?.s_sound).toBe(9600);
		expect(values?.n_sound).toBe(0);
		expect(values?.gender).toBe(1);
		expect(values?.goal_body_weight_intent).toBe(0);
		expect(values?.goal_body_weight).toBe(69);
	});

	it('accepts gender 1 and 0 but not booleans or 2', () => {
		expect(accepts(trendValuesV11Schema, { gender: 1 })).toBe(true);
		expect(accepts(trendValuesV11Schema, { gender: 0 })).toBe(true);
		expect(accepts(trendValuesV11Schema, { gender: true })).toBe(false);
		expect(accepts(trendValuesV11Schema, { gender: 2 })).toBe(false);
	});

	it('rejects a weight intent outside 0, 1, 2', () => {
		expect(accepts(trendValuesV11Schema, { goal_body_weight_intent: 3 })).toBe(false);
	});

	it('parses a bucket read with sleep_read only: the other fields are simply absent', () => {
		const values = parsed(trendsV11Schema, trendsV11SleepScopeOnly).data[0]?.[1];
		expect(values?.s_duration).toBe(27300);
		expect(values?.m_steps).toBeUndefined();
		expect(values?.e_calories).toBeUndefined();
		expect(values?.weight).toBeUndefined();
	});

	it('rejects a sleep value of the wrong type even when other scopes are missing', () => {
		expect(accepts(trendValuesV11Schema, { s_duration: '27300' })).toBe(false);
		expect(accepts(trendValuesV11Schema, { s_duration: 27300.5 })).toBe(false);
	});
});
