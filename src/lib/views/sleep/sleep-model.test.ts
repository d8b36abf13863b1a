import { describe, expect, it } from 'vitest';
import { readCoverage } from '$lib/coverage/testing/read';
import type { Coverage } from '$lib/coverage';
import { afternoonNap, at, BERLIN, makeSleep, ordinaryNight } from '$lib/metrics/testing/fixtures';
import { addDays } from '$lib/time/zone';
import { sleepNight, sleepRange, type SleepInputs } from './sleep-model';
import { sleepDates, type SleepView } from './sleep-view';

// Monday 23 March 2026: the night of 22–23 March and an afternoon nap that day.
const TODAY = 20260325;

function nightEnding(date: number, hours: number) {
	return makeSleep({
		bedtime: at(addDays(date, -1), 23, 0, BERLIN),
		wake: at(addDays(date, -1), 23, 0, BERLIN) + hours * 3600,
		phases: [[0, 2]]
	}).sleep;
}

function inputs(view: SleepView, coverage?: Coverage): SleepInputs {
	const dates = sleepDates(view, TODAY);
	return {
		view,
		dates,
		sleeps: [ordinaryNight.sleep, afternoonNap.sleep, nightEnding(20260324, 7)],
		coverage: coverage ?? readCoverage(dates.read.from, dates.read.to, TODAY),
		sleepGoal: 8 * 3600
	};
}

describe('one night', () => {
	it('draws the night woken from on the date, and lists that day’s naps apart', () => {
		const model = sleepNight(inputs({ span: 'night', date: 20260323, average: false }));
		expect(model.night?.xid).toBe('night-20260323');
		expect(model.naps.rows.map((nap) => nap.xid)).toEqual(['nap-20260323']);
	});

	it('says so when no night ended on the date', () => {
		const model = sleepNight(inputs({ span: 'night', date: 20260322, average: false }));
		expect(model.night).toBeNull();
		expect(model.empty).toBe('No night ended on Sun 22 Mar.');
		expect(model.naps).toEqual({ rows: [], empty: 'No naps on this day.' });
	});

	it('says today’s night has not ended yet, not that there was none', () => {
		const model = sleepNight(inputs({ span: 'night', date: TODAY, average: false }));
		expect(model.night).toBeNull();
		expect(model.empty).toMatch(/^No night has ended yet today/);
	});
});

describe('a week of nights', () => {
	const week: SleepView = { span: 'week', date: null, average: false };

	it('keeps a slot for every wake date: nights, today before its night is in, days to come', () => {
		const model = sleepRange(inputs(week));
		expect(model.label).toBe('23 Mar – 29 Mar 2026');
		expect(model.asleep.slots.map((slot) => slot.state)).toEqual([
			'finished',
			'finished',
			// Today, no night recorded yet: not called missing.
			'underway',
			'future',
			'future',
			'future',
			'future'
		]);
		expect(model.asleep.goal).toBe(8 * 3600);
		expect(model.stack.nights.map((night) => night.dateInt)).toEqual([20260323, 20260324]);
		expect(model.bedtimes.nights).toHaveLength(2);
		expect(model.naps.rows).toHaveLength(1);
		expect(model.asleep.legend.map((item) => item.label)).toEqual(['Time asleep', 'Daily goal']);
		// Every night read: the regularity rests on all of them.
		expect(model.regularity.find((figure) => figure.label === 'Nights counted')).toEqual({
			label: 'Nights counted',
			value: '2',
			note: null
		});
	});

	it('says what the regularity rests on when some nights could not be loaded', () => {
		const dates = sleepDates(week, TODAY);
		const read = readCoverage(dates.read.from, dates.read.to, TODAY);
		// 23 March failed: the week's two finished days are one of two.
		const failed: Coverage = {
			...read,
			states: read.states.map((state, index) =>
				addDays(read.from, index) === 20260323 ? 'failed' : state
			),
			status: { kind: 'failed', reason: 'The data service answered 500.' }
		};
		const model = sleepRange({ ...inputs(week, failed), sleeps: [nightEnding(20260324, 7)] });
		expect(model.asleep.slots[0]?.state).toBe('failed');
		expect(model.regularity.map((figure) => figure.note)).toEqual(
			Array(6).fill('1 of 2 days; the rest could not be loaded')
		);
	});
});
