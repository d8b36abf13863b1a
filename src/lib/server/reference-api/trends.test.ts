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
});
