import { describe, expect, it } from 'vitest';
import type { Move, MoveTick } from '$lib/api/records';
import { Collector } from './collector';
import { MemorySink } from './memory-sink';
import type { ImportedRecord, ImportSink } from './types';

const move: Move = {
	xid: 'move-1',
	title: '60 steps',
	type: 'move',
	time_created: 1711785600,
	time_updated: 1711785660,
	time_completed: 1711785660,
	date: 20240330,
	snapshot_image: null,
	details: {
		distance: 50,
		km: 0.05,
		steps: 60,
		active_time: 60,
		longest_active: 60,
		inactive_time: 0,
		longest_idle: 0,
		calories: 4,
		bmr_day: null,
		bmr: null,
		bg_calories: 4,
		wo_calories: 0,
		wo_time: 0,
		wo_active_time: null,
		wo_count: 0,
		wo_longest: 0,
		tz: 'GMT+0100',
		hourly_totals: {}
	}
};
const tick: MoveTick = {
	distance: 50,
	time_completed: 1711785660,
	active_time: 60,
	calories: 4,
	steps: 60,
	time: 1711785600,
	speed: 0.833
};

describe('Collector', () => {
	it('passes a valid move and its ticks to the sink', async () => {
		const collector = new Collector(new MemorySink());
		await collector.add({ kind: 'moves', record: move, ticks: [tick] });
		expect(collector.counts.moves).toBe(1);
	});

	it('refuses a tick the API’s tick schema would refuse, naming the field', async () => {
		const collector = new Collector(new MemorySink());
		await expect(
			collector.add({ kind: 'moves', record: move, ticks: [tick, { ...tick, steps: 1.5 }] })
		).rejects.toThrow(/moves record of 20240330 \(ticks, #1\): 0\.steps/);
		await expect(
			collector.add({
				kind: 'moves',
				record: { ...move, xid: 'move-2' },
				ticks: [{ ...tick, speed: Number.NaN }]
			})
		).rejects.toThrow(/\(ticks, #0\): 0\.speed/);
	});

	it('refuses a record its schema refuses, naming the field', async () => {
		const collector = new Collector(new MemorySink());
		await expect(
			collector.add({ kind: 'moves', record: { ...move, date: 20240230 }, ticks: [] })
		).rejects.toThrow(/moves record of 20240230: date/);
	});

	it('leaves the check to a sink that checks every record itself, as the embedded store does', async () => {
		const given: ImportedRecord[] = [];
		const checking: ImportSink = {
			checksRecords: true,
			add: (item) => void given.push(item),
			commit: () => Promise.resolve(null),
			abort: () => Promise.resolve()
		};
		const collector = new Collector(checking);
		await collector.add({ kind: 'moves', record: { ...move, date: 20240230 }, ticks: [] });
		expect(given).toHaveLength(1);
		expect(collector.counts.moves).toBe(1);
	});
});
