import { readCoverage } from '$lib/coverage/testing/read';
import type { Sleep } from '$lib/api';
import { describe, expect, it } from 'vitest';
import { activityDays } from '$lib/views/activity/activity';
import { asleepPerNight, nightSlots } from '$lib/views/sleep/sleep-view';
import { addDays } from '$lib/time/zone';
import { spanCoverage } from '$lib/coverage';
import { dailyGoal, daySlots, slotTotals } from './day-slots';
import {
	at,
	autumnMove,
	autumnNight,
	BERLIN,
	makeMove,
	makeSleep,
	springForwardMove,
	springForwardNight,
	tripMove,
	workdayMove
} from './testing/fixtures';

/** A plain Berlin night ending on `wakeDate`: bed 23:00 the evening before, up at 07:00. */
function nightEnding(wakeDate: number) {
	const before = addDays(wakeDate, -1);
	return makeSleep({
		xid: `night-${wakeDate}`,
		bedtime: at(before, 23, 0, BERLIN),
		wake: at(wakeDate, 7, 0, BERLIN),
		phases: [
			[20, 2],
			[200, 3],
			[300, 2]
		]
	}).sleep;
}

describe('fixed day slots', () => {
	it('gives a week starting on a Monday seven slots, Monday first, a gap where nothing was recorded', () => {
		const slots = daySlots(20260323, 20260329, readCoverage(20260323, 20260329, 20260330), [
			{ dateInt: 20260323, value: 9000 },
			{ dateInt: 20260325, value: 11000 },
			{ dateInt: 20260326, value: null }
		]);
		expect(slots.map((slot) => slot.dateInt)).toEqual([
			20260323, 20260324, 20260325, 20260326, 20260327, 20260328, 20260329
		]);
		expect(slots.map((slot) => slot.state)).toEqual([
			'finished',
			'none',
			'finished',
			'none',
			'none',
			'none',
			'none'
		]);
		expect(slots[2]?.value).toBe(11000);
		expect(slots[2]?.average).toBe(10000);
	});

	it('leaves the days after today as slots still to come, and today under way, not as missing', () => {
		const slots = daySlots(20260330, 20260405, readCoverage(20260330, 20260405, 20260401), [
			{ dateInt: 20260330, value: 500 }
		]);
		expect(slots.map((slot) => slot.state)).toEqual([
			'finished',
			'none',
			'underway',
			'future',
			'future',
			'future',
			'future'
		]);
		expect(slots[4]?.average).toBeNull();
	});

	it('averages the seven days up to each date, reaching back before the period', () => {
		const slots = daySlots(20260323, 20260324, readCoverage(20260323, 20260324, 20260330), [
			{ dateInt: 20260316, value: 1000 },
			{ dateInt: 20260317, value: 2000 },
			{ dateInt: 20260322, value: 3000 },
			{ dateInt: 20260323, value: 4000 }
		]);
		// 23 Mar reads 17–23 Mar (2000, 3000, 4000); 24 Mar reads 18–24 Mar (3000, 4000).
		expect(slots[0]?.average).toBe(3000);
		expect(slots[1]?.average).toBe(3500);
	});

	it('gives a one-day span one slot and an inverted span none', () => {
		expect(daySlots(20260323, 20260323, readCoverage(20260323, 20260323, 20260330), [])).toEqual([
			{ dateInt: 20260323, value: null, state: 'none', average: null }
		]);
		expect(daySlots(20260324, 20260323, readCoverage(20260324, 20260323, 20260330), [])).toEqual(
			[]
		);
	});

	it('counts recorded and missing days in the totals', () => {
		const slots = daySlots(20260323, 20260329, readCoverage(20260323, 20260329, 20260326), [
			{ dateInt: 20260323, value: 9000 },
			{ dateInt: 20260325, value: 11000 }
		]);
		// 24 Mar has no record; 26 Mar is today, nothing recorded yet.
		expect(slotTotals(slots)).toEqual({
			total: 20000,
			mean: 10000,
			days: 2,
			missing: 1,
			underway: true,
			unread: 0,
			failed: 0
		});
		expect(slotTotals([])).toEqual({
			total: null,
			mean: null,
			days: 0,
			missing: 0,
			underway: false,
			unread: 0,
			failed: 0
		});
	});

	it('adds today so far to the total but never to the mean or the averages', () => {
		const slots = daySlots(20260323, 20260329, readCoverage(20260323, 20260329, 20260325), [
			{ dateInt: 20260323, value: 9000 },
			{ dateInt: 20260324, value: 11000 },
			{ dateInt: 20260325, value: 1500 }
		]);
		expect(slots[2]?.state).toBe('underway');
		// 23 and 24 Mar: 20,000 over two days; today's 1,500 only in the total.
		expect(slotTotals(slots)).toMatchObject({ total: 21500, mean: 10000, days: 2 });
		expect(slots[2]?.average).toBe(10000);
	});

	it('counts a night dated today whole once it is recorded (it ended this morning)', () => {
		const slots = daySlots(
			20260323,
			20260329,
			readCoverage(20260323, 20260329, 20260325),
			[
				{ dateInt: 20260324, value: 25200 },
				{ dateInt: 20260325, value: 28800 }
			],
			{ todayOver: true }
		);
		expect(slots.slice(0, 4).map((slot) => slot.state)).toEqual([
			'none',
			'finished',
			'finished',
			'future'
		]);
		expect(slotTotals(slots)).toMatchObject({ mean: 27000, days: 2, underway: false });
	});

	it('keeps days not read yet and days whose read failed apart from days without a record', () => {
		const coverage = spanCoverage({
			from: 20260323,
			to: 20260329,
			today: 20260330,
			tz: 'UTC',
			reads: {
				read: [{ start: Date.UTC(2026, 2, 24) / 1000, end: Date.UTC(2026, 2, 30, 12) / 1000 }],
				failed: [
					{
						start: Date.UTC(2026, 2, 20) / 1000,
						end: Date.UTC(2026, 2, 23) / 1000,
						reason: 'Server error'
					}
				]
			},
			recorded: [20260326],
			offline: false,
			lastSynced: null
		});
		const slots = daySlots(20260323, 20260329, coverage, [{ dateInt: 20260326, value: 4000 }]);
		// 23 Mar needs the 22nd from midnight (its night may start then): that lies in the failed
		// window. 24 Mar needs the 23rd, which neither the read nor the failed window holds.
		expect(slots.map((slot) => slot.state)).toEqual([
			'failed',
			'unread',
			'none',
			'finished',
			'none',
			'none',
			'none'
		]);
		expect(slotTotals(slots)).toMatchObject({ unread: 1, failed: 1, missing: 4, days: 1 });
	});
});

describe('activity days in fixed slots', () => {
	it('keeps seven slots in the Berlin week the clocks spring forward', () => {
		const days = activityDays(
			[workdayMove, springForwardMove],
			'steps',
			{ from: 20260323, to: 20260329 },
			readCoverage(20260323, 20260329, 20260330),
			'metric',
			10000
		);
		expect(days.slots).toHaveLength(7);
		expect(days.slots[0]?.value).toBe(workdayMove.details.steps);
		expect(days.slots[6]?.dateInt).toBe(20260329);
		expect(days.slots[6]?.value).toBe(springForwardMove.details.steps);
		expect(days.slots.filter((slot) => slot.state === 'none')).toHaveLength(5);
		expect(days.goal).toBe(10000);
	});

	it('keeps seven slots in the Berlin week the clocks fall back', () => {
		const days = activityDays(
			[autumnMove],
			'steps',
			{ from: 20261019, to: 20261025 },
			readCoverage(20261019, 20261025, 20261026),
			'metric',
			null
		);
		expect(days.slots.map((slot) => slot.dateInt)).toEqual([
			20261019, 20261020, 20261021, 20261022, 20261023, 20261024, 20261025
		]);
		expect(days.slots[6]?.value).toBe(autumnMove.details.steps);
		expect(days.goal).toBeNull();
	});

	it('puts a 30-hour travel day in its one slot with the whole day total', () => {
		expect(tripMove.details.tzs).toHaveLength(2);
		const days = activityDays(
			[tripMove, makeMove({ date: 20260709 })],
			'steps',
			{ from: 20260706, to: 20260712 },
			readCoverage(20260706, 20260712, 20260720),
			'metric',
			10000
		);
		expect(days.slots).toHaveLength(7);
		expect(days.slots.filter((slot) => slot.state === 'finished').map((s) => s.dateInt)).toEqual([
			20260709, 20260710
		]);
		expect(days.slots[4]?.value).toBe(tripMove.details.steps);
	});

	it('draws no goal for a measure without one', () => {
		const days = activityDays(
			[workdayMove],
			'calories',
			{ from: 20260323, to: 20260329 },
			readCoverage(20260323, 20260329, 20260330),
			'metric',
			10000
		);
		expect(days.goal).toBeNull();
		expect(days.unit).toBe('kcal');
	});
});

describe('nights in fixed slots', () => {
	const march = { from: 20260301, to: 20260331 };
	const nights: Sleep[] = [];
	for (let day = 1; day <= 31; day++) {
		if (day === 10 || day === 17) continue;
		nights.push(nightEnding(20260300 + day));
	}

	it('shows a month with two missing nights as 31 slots with two gaps', () => {
		const slots = asleepPerNight(nights, march, readCoverage(march.from, march.to, 20260331));
		expect(slots).toHaveLength(31);
		expect(slots.filter((slot) => slot.state === 'none').map((slot) => slot.dateInt)).toEqual([
			20260310, 20260317
		]);
		// 20 min to fall asleep, then 7 h 40 min asleep.
		expect(slots[0]?.value).toBe(7 * 3600 + 40 * 60);
		expect(
			nightSlots(nights, march, readCoverage(march.from, march.to, 20260331)).filter(
				(s) => s.state === 'none'
			)
		).toHaveLength(2);
	});

	it('puts the nights across both clock changes under their wake dates', () => {
		const spring = asleepPerNight(
			[springForwardNight.sleep],
			{ from: 20260323, to: 20260329 },
			readCoverage(20260323, 20260329, 20260330)
		);
		expect(spring).toHaveLength(7);
		expect(spring[6]?.state).toBe('finished');
		const autumn = asleepPerNight(
			[autumnNight.sleep],
			{ from: 20261019, to: 20261025 },
			readCoverage(20261019, 20261025, 20261026)
		);
		expect(autumn[6]?.dateInt).toBe(20261025);
		expect(autumn[6]?.state).toBe('finished');
		expect(autumn.slice(0, 6).every((slot) => slot.state === 'none')).toBe(true);
	});

	it('marks the rest of the current month as still to come', () => {
		const slots = asleepPerNight(nights, march, readCoverage(march.from, march.to, 20260320));
		expect(slots.filter((slot) => slot.state === 'future')).toHaveLength(11);
		expect(slots[19]?.state).toBe('finished');
	});
});

describe('the daily goal', () => {
	it('reads the goals record first and the settings second', () => {
		expect(dailyGoal({ move_steps: 8000 }, { goals: { move: { steps: 9000 } } }, 'steps')).toBe(
			8000
		);
		expect(dailyGoal(undefined, { goals: { sleep: { total: 27000 } } }, 'sleep')).toBe(27000);
		expect(dailyGoal({ move_steps: null }, undefined, 'steps')).toBeNull();
	});
});
