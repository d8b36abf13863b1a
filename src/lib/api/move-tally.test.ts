import { describe, expect, it } from 'vitest';
import { MoveTally, type TallyMinute } from './move-tally';

const walk: TallyMinute = { steps: 100, distance: 70, calories: 4, active: 60, idle: 0 };
const still: TallyMinute = { steps: 0, distance: 0, calories: 0, active: 0, idle: 60 };

describe('MoveTally', () => {
	it('sums minutes into the day and its hour, and keeps the longest runs', () => {
		const tally = new MoveTally();
		tally.enterHour('2026112708');
		for (const minute of [walk, walk, still, walk, walk, walk, still, still]) tally.add(minute);
		expect(tally.steps).toBe(500);
		expect(tally.distance).toBe(350);
		expect(tally.activeTime).toBe(300);
		expect(tally.inactiveTime).toBe(180);
		expect(tally.longestActive).toBe(180);
		expect(tally.longestIdle).toBe(120);
		expect(tally.hourly['2026112708']).toEqual({
			steps: 500,
			distance: 350,
			calories: 20,
			active_time: 300,
			inactive_time: 180,
			longest_active_time: 180,
			longest_idle_time: 120
		});
	});

	it('an hour starts its runs afresh while the day’s run goes on', () => {
		const tally = new MoveTally();
		tally.enterHour('2026112708');
		tally.add(walk);
		tally.add(walk);
		tally.enterHour('2026112709');
		tally.add(walk);
		expect(tally.longestActive).toBe(180);
		expect(tally.hourly['2026112708']?.longest_active_time).toBe(120);
		expect(tally.hourly['2026112709']?.longest_active_time).toBe(60);
	});

	it('a pause (asleep, not worn) ends both runs', () => {
		const tally = new MoveTally();
		tally.enterHour('2026112708');
		tally.add(still);
		tally.pause();
		tally.add(still);
		tally.add(walk);
		tally.pause();
		tally.add(walk);
		expect(tally.longestIdle).toBe(60);
		expect(tally.longestActive).toBe(60);
		expect(tally.hourly['2026112708']?.inactive_time).toBe(120);
	});

	it('a minute partly active continues the active run by its active seconds only', () => {
		const tally = new MoveTally();
		tally.enterHour('2026112708');
		tally.add({ steps: 20, distance: 10, calories: 1, active: 15, idle: 45 });
		tally.add({ steps: 20, distance: 10, calories: 1, active: 30, idle: 30 });
		expect(tally.longestActive).toBe(45);
		expect(tally.longestIdle).toBe(0);
		expect(tally.inactiveTime).toBe(75);
	});

	it('an hour met twice (the clocks going back) folds into one entry', () => {
		const tally = new MoveTally();
		tally.enterHour('2026102502');
		tally.add(walk);
		tally.enterHour('2026102502');
		tally.add(walk);
		expect(Object.keys(tally.hourly)).toEqual(['2026102502']);
		expect(tally.hourly['2026102502']?.steps).toBe(200);
		expect(tally.hourly['2026102502']?.longest_active_time).toBe(60);
	});

	it('an hour listed before its first minute is there, empty', () => {
		const tally = new MoveTally();
		tally.listHour('2026112709');
		expect(tally.hourly['2026112709']?.steps).toBe(0);
		expect(() => tally.add(walk)).toThrow(/enterHour/);
	});
});
