import { describe, expect, it } from 'vitest';
import type { BodyEvent } from '$lib/api';
import {
	intentText,
	weightGoalText,
	latestOf,
	trendVerdict,
	weighIns,
	weightGoal,
	weightTrend,
	type WeighIn
} from './body';

function entry(date: number, weightKg: number, time: number): WeighIn {
	return {
		xid: `w-${time}`,
		date,
		time,
		tz: 'Europe/Berlin',
		weightKg,
		bodyFat: null,
		leanMass: null,
		bmi: null
	};
}

function event(
	date: number,
	weight: number | null,
	time: number,
	extra: Partial<BodyEvent> = {}
): BodyEvent {
	return {
		xid: `b-${time}`,
		title: `${weight} kg`,
		type: 'body',
		time_created: time,
		time_updated: time,
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		note: null,
		lean_mass: null,
		weight,
		body_fat: null,
		bmi: null,
		details: { tz: 'Europe/Berlin' },
		...extra
	};
}

const at = (y: number, m: number, d: number, h = 7) => Date.UTC(y, m - 1, d, h) / 1000;

describe('weightTrend', () => {
	it('moves half way to a weigh-in one half-life after the last, and less after a shorter gap', () => {
		const entries = [
			entry(20260301, 80, at(2026, 3, 1)),
			entry(20260315, 79, at(2026, 3, 15)),
			entry(20260322, 78, at(2026, 3, 22))
		];
		const trend = weightTrend(entries, 14);
		expect(trend[0]).toBe(80);
		expect(trend[1]).toBeCloseTo(79.5, 10);
		// After 7 days: 1 - 2^-0.5 = 0.29289 of the way from 79.5 to 78.
		expect(trend[2]).toBeCloseTo(79.06066, 5);
	});

	it('counts a week across the spring clock change as seven days, not 6.96', () => {
		// Sundays 22 and 29 March 2026 at 07:00 Berlin time: 167 hours apart, a week by the calendar.
		const entries = [
			entry(20260322, 80, at(2026, 3, 22, 6)),
			entry(20260329, 79, at(2026, 3, 29, 5))
		];
		expect(weightTrend(entries, 7)[1]).toBe(79.5);
	});

	it('counts two weigh-ins of one travel day by the clock between them', () => {
		const entries = [
			entry(20260310, 80, at(2026, 3, 10, 0)),
			entry(20260310, 79, at(2026, 3, 10, 12))
		];
		expect(weightTrend(entries, 0.5)[1]).toBe(79.5);
	});

	it('is empty for no weigh-ins and the weight itself for one', () => {
		expect(weightTrend([])).toEqual([]);
		expect(weightTrend([entry(20260301, 72.4, 1)])).toEqual([72.4]);
	});
});

describe('weighIns', () => {
	it('keeps the records with a weight, ordered by date and then time, with their other measures', () => {
		const list = weighIns([
			event(20260315, 70.2, at(2026, 3, 15), { body_fat: 28.1, lean_mass: 71.9, bmi: 24.3 }),
			event(20260308, null, at(2026, 3, 8)),
			event(20260301, 70.6, at(2026, 3, 1)),
			event(20260315, 70.0, at(2026, 3, 15, 5))
		]);
		expect(list.map((w) => [w.date, w.weightKg])).toEqual([
			[20260301, 70.6],
			[20260315, 70.0],
			[20260315, 70.2]
		]);
		expect(list[2]).toMatchObject({ bodyFat: 28.1, leanMass: 71.9, bmi: 24.3 });
		expect(latestOf(list, 'bmi')).toEqual({ value: 24.3, date: 20260315 });
		expect(latestOf(list.slice(0, 2), 'bmi')).toBeNull();
	});
});

describe('weightGoal', () => {
	it('reads the intent codes 0, 1 and 2 as lose, maintain and gain', () => {
		expect(weightGoal({ body_weight: 68, body_weight_intent: 0 })).toEqual({
			weightKg: 68,
			intent: 'lose'
		});
		expect(weightGoal({ body_weight: 68, body_weight_intent: 1 }).intent).toBe('maintain');
		expect(weightGoal({ body_weight: 68, body_weight_intent: 2 }).intent).toBe('gain');
		expect(weightGoal({ body_weight: null, body_weight_intent: null })).toEqual({
			weightKg: null,
			intent: null
		});
		expect(intentText('lose')).toBe('Aiming to lose weight');
	});

	it('states the goal once: a target with its aim, or the aim alone, never "not set" beside an aim', () => {
		const kg = (weight: number) => `${weight.toFixed(1)} kg`;
		expect(weightGoalText({ weightKg: null, intent: 'maintain' }, kg)).toEqual({
			value: 'Keep it steady',
			detail: 'No target weight: the aim is to stay as you are'
		});
		expect(weightGoalText({ weightKg: 68, intent: 'lose' }, kg)).toEqual({
			value: '68.0 kg',
			detail: 'Aiming to lose weight'
		});
		expect(weightGoalText({ weightKg: null, intent: 'gain' }, kg)).toEqual({
			value: 'Gain weight',
			detail: 'No target weight set'
		});
		expect(weightGoalText({ weightKg: null, intent: null }, kg)).toEqual({
			value: 'Not set',
			detail: 'No target weight and no aim'
		});
	});

	it('calls a trend better when it goes the way the intent wants', () => {
		expect(trendVerdict(-1.2, 'lose')).toBe('better');
		expect(trendVerdict(-1.2, 'gain')).toBe('worse');
		expect(trendVerdict(0.3, 'maintain')).toBe('better');
		expect(trendVerdict(0.9, 'maintain')).toBe('worse');
		expect(trendVerdict(0.9, null)).toBe('neutral');
	});
});
