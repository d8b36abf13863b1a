import { describe, expect, it } from 'vitest';
import { BoundedStore } from './bounded-store';

interface Entry {
	label: string;
	expiresAt: number | null;
}

function storeAt(capacity: number, retainSec?: number) {
	const clock = { now: 1_000 };
	const store = new BoundedStore<Entry>({ capacity, nowSec: () => clock.now, retainSec });
	return { store, clock };
}

describe('BoundedStore', () => {
	it('evicts the oldest entry once it holds its capacity', () => {
		const { store } = storeAt(3);
		for (const label of ['a', 'b', 'c', 'd']) store.set(label, { label, expiresAt: 2_000 });
		expect(store.size).toBe(3);
		expect(store.get('a')).toBeUndefined();
		expect([...store].map(([key]) => key)).toEqual(['b', 'c', 'd']);
	});

	it('drops expired entries on the next insert, so they take no memory', () => {
		const { store, clock } = storeAt(100);
		for (let i = 0; i < 50; i++) store.set(`old${i}`, { label: 'old', expiresAt: 1_600 });
		clock.now = 1_600;
		store.set('new', { label: 'new', expiresAt: 2_200 });
		expect(store.size).toBe(1);
		expect(store.get('old0')).toBeUndefined();
		expect(store.get('new')?.label).toBe('new');
	});

	it('never returns an expired entry, and keeps one past expiry only for its retention', () => {
		const plain = storeAt(10);
		plain.store.set('a', { label: 'a', expiresAt: 1_010 });
		plain.clock.now = 1_010;
		expect(plain.store.get('a')).toBeUndefined();
		expect(plain.store.size).toBe(0);

		const retained = storeAt(10, 100);
		retained.store.set('a', { label: 'a', expiresAt: 1_010 });
		retained.clock.now = 1_109;
		expect(retained.store.get('a')?.label).toBe('a');
		retained.clock.now = 1_110;
		expect(retained.store.get('a')).toBeUndefined();
	});

	it('keeps entries without an expiry until they are evicted', () => {
		const { store, clock } = storeAt(2);
		store.set('a', { label: 'a', expiresAt: null });
		clock.now = 10 ** 9;
		expect(store.get('a')?.label).toBe('a');
		store.set('b', { label: 'b', expiresAt: null });
		store.set('c', { label: 'c', expiresAt: null });
		expect(store.get('a')).toBeUndefined();
		expect(store.size).toBe(2);
	});
});
