import { describe, expect, it } from 'vitest';
import { bucketStart } from './trends';
import { Store } from './store';
import { TrendsEngine } from './trends';
import { fixtureDataset } from './testing/fixture';

describe('bucketStart', () => {
	it('starts weeks on Monday, months on the 1st and years on January 1st', () => {
		expect(bucketStart(20260329, 'w')).toBe(20260323); // a Sunday
		expect(bucketStart(20260330, 'w')).toBe(20260330); // a Monday
		expect(bucketStart(20260101, 'w')).toBe(20251229); // across a year
		expect(bucketStart(20260330, 'm')).toBe(20260301);
		expect(bucketStart(20260330, 'y')).toBe(20260101);
		expect(bucketStart(20260330, 'd')).toBe(20260330);
	});
});

describe('TrendsEngine', () => {
	const allScopes = new Set(['basic_read', 'move_read', 'sleep_read', 'meal_read', 'weight_read']);

	it('covers a v.1.0 range of months with month buckets clipped at the end date', () => {
		const engine = new TrendsEngine(new Store(fixtureDataset()));
		const result = engine.series(
			{
				version: 'v.1.0',
				endDate: 20260330,
				bucketSize: 'm',
				range: 'm',
				rangeDuration: 3,
				scopes: allScopes
			},
			'/trends'
		);
		expect(result.data.map(([date]) => date)).toEqual([20260101, 20260201, 20260301]);
		expect(result.data[2]?.[1].m_steps).toBe(3000 + 3000 + 6000);
		expect(result.data[0]?.[1].m_steps).toBeNull();
	});

	it('averages nights over a week and carries the latest weight forward', () => {
		const engine = new TrendsEngine(new Store(fixtureDataset()));
		const result = engine.series(
			{ version: 'v.1.1', endDate: 20260331, bucketSize: 'd', numBuckets: 2, scopes: allScopes },
			'/trends'
		);
		const [, lastDay] = result.data[1] ?? [0, {}];
		expect(lastDay.weight).toBe(64.1);
		expect(lastDay.m_steps).toBeNull();
		expect(lastDay.age).toBe(36);
		expect(lastDay.gender).toBe(1);
	});

	it('refuses a v.1.0 series longer than the bucket cap', () => {
		const engine = new TrendsEngine(new Store(fixtureDataset()));
		expect(() =>
			engine.series(
				{
					version: 'v.1.0',
					endDate: 20260330,
					bucketSize: 'd',
					range: 'y',
					rangeDuration: 100,
					scopes: allScopes
				},
				'/trends'
			)
		).toThrow(/range_duration/);
	});

	it('forgets a cached day when a record of that day changes', () => {
		const store = new Store(fixtureDataset());
		const engine = new TrendsEngine(store);
		expect(engine.day(20260330).move?.steps).toBe(6000);
		const move = store.indexes.moves.onDate(20260330)[0];
		if (move === undefined) throw new Error('missing');
		store.put('moves', { ...move, details: { ...move.details, steps: 7000 } }, 'band');
		expect(engine.day(20260330).move?.steps).toBe(7000);
	});

	it('answers the REM of nights that recorded some, and counts it as sleep in the quality', () => {
		const store = new Store(fixtureDataset());
		const engine = new TrendsEngine(store);
		const query = {
			version: 'v.1.1' as const,
			endDate: 20260330,
			bucketSize: 'd' as const,
			numBuckets: 1,
			scopes: allScopes
		};
		const before = engine.series(query, '/trends').data[0]?.[1];
		// The band's night records no REM: no value rather than a zero.
		expect(before?.s_rem).toBeNull();
		const night = store.indexes.sleeps.onDate(20260330).find((sleep) => sleep.sub_type === 0);
		if (night === undefined) throw new Error('the fixture has no night on 30 March');
		const { light, duration } = night.details;
		if (light === null || duration === null) throw new Error('the fixture night has no light');
		// An hour of its light sleep was REM: the same time asleep, the same quality.
		const rem = { ...night.details, light: light - 3600, rem: 3600 };
		store.put('sleeps', { ...night, details: rem }, 'band');
		const after = engine.series(query, '/trends').data[0]?.[1];
		expect(after?.s_rem).toBe(3600);
		expect(after?.s_quality).toBe(before?.s_quality);
	});
});
