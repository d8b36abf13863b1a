import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SleepTick } from '$lib/api/records';
import { Store } from './store';
import { fixtureDataset } from './testing/fixture';

// Ticks are kept by column; ticks kept as a list of objects by an earlier version still read.
const minute = (time: number, steps: number) => ({
	distance: steps,
	time_completed: time + 60,
	active_time: 60,
	calories: null,
	steps,
	time,
	speed: 1.25
});

describe('the ticks a store keeps', () => {
	it('reads back what it was given, field for field and in order', () => {
		const store = new Store(fixtureDataset());
		const ticks = [minute(1774846800, 100), minute(1774846860, 0), minute(1774846920, 37)];
		store.setTicks('moves', 'move-a', ticks);
		expect(store.ticksOf('moves', 'move-a')).toEqual(ticks);
		// Ticks with other fields from one to the next are kept as they are.
		const uneven: SleepTick[] = [
			{ depth: 2, time: 1 },
			{ depth: 3, time: 2, note: 'x' }
		];
		store.setTicks('sleeps', 'sleep-a', uneven);
		expect(store.ticksOf('sleeps', 'sleep-a')).toEqual(uneven);
	});

	it('still reads ticks kept as a list of objects', () => {
		const store = new Store(fixtureDataset());
		const ticks = [minute(1774846800, 12)];
		store.db
			.prepare('INSERT INTO ticks (account, kind, xid, body) VALUES (?, ?, ?, ?)')
			.run(store.account, 'moves', 'move-old', deflateRawSync(JSON.stringify(ticks)));
		expect(store.ticksOf('moves', 'move-old')).toEqual(ticks);
	});
});
