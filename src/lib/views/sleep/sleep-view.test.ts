import { describe, expect, it } from 'vitest';
import {
	afternoonNap,
	at,
	BERLIN,
	makeSleep,
	ordinaryNight,
	springForwardNight
} from '$lib/metrics/testing/fixtures';
import {
	napRows,
	nightBedtimes,
	parseSleepView,
	regularityFigures,
	sleepDates,
	sleepsIn,
	sleepRegularity,
	splitSleeps
} from './sleep-view';
import { nightOf } from './night';

const all = [afternoonNap.sleep, springForwardNight.sleep, ordinaryNight.sleep];

describe('nights and naps', () => {
	it('splits nights from naps, each in wake-date order', () => {
		const { nights, naps } = splitSleeps(all);
		expect(nights.map((night) => night.xid)).toEqual(['night-20260323', 'night-20260329']);
		expect(naps.map((nap) => nap.xid)).toEqual(['nap-20260323']);
	});

	it('finds the night by the date the user woke up, never a nap', () => {
		expect(nightOf(all, 20260323)?.xid).toBe('night-20260323');
		expect(nightOf(all, 20260322)).toBeNull();
		expect(nightOf([afternoonNap.sleep], 20260323)).toBeNull();
	});

	it('draws the longest part of a broken night', () => {
		const first = makeSleep({
			xid: 'first-part',
			bedtime: at(20260322, 23, 0, BERLIN),
			wake: at(20260323, 2, 0, BERLIN),
			phases: [[10, 2]]
		}).sleep;
		const second = makeSleep({
			xid: 'second-part',
			bedtime: at(20260323, 2, 30, BERLIN),
			wake: at(20260323, 7, 0, BERLIN),
			phases: [[10, 2]]
		}).sleep;
		expect(nightOf([first, second], 20260323)?.xid).toBe('second-part');
	});

	it('lists a nap in its own zone with its length', () => {
		expect(napRows([afternoonNap.sleep])).toEqual([
			{
				xid: 'nap-20260323',
				dateInt: 20260323,
				kind: 'Nap',
				from: '14:00',
				to: '14:25',
				tz: BERLIN,
				duration: '25 min'
			}
		]);
	});
});

describe('bedtime regularity in words', () => {
	it('leaves naps out of the bedtime bars and the figures', () => {
		expect(nightBedtimes(all).map((night) => night.nap)).toEqual([false, false]);
		const regularity = sleepRegularity(all);
		expect(regularity.nights).toBe(2);
		const figures = regularityFigures(regularity);
		// Bed 23:10 and 23:00: the median is 23:05; wake 06:55 and 07:00 (wall clock).
		expect(figures.find((f) => f.label === 'Median bedtime')?.value).toBe('23:05');
		expect(figures.find((f) => f.label === 'Median wake time')?.value).toBe('06:58');
		expect(figures.find((f) => f.label.startsWith('Nights within'))?.value).toBe('100%');
	});

	it('shows dashes when there are no nights', () => {
		const figures = regularityFigures(sleepRegularity([afternoonNap.sleep]));
		expect(figures.find((f) => f.label === 'Median bedtime')?.value).toBe('–');
		expect(figures.find((f) => f.label === 'Nights counted')?.value).toBe('0');
	});
});

describe('the Sleep URL', () => {
	const url = (query: string) => new URL(`http://localhost/sleep${query}`);

	it('reads a night for the person’s today when nothing is given', () => {
		expect(parseSleepView(url(''))).toEqual({ span: 'night', date: null, average: false });
	});

	it('reads a month with the average shown', () => {
		expect(parseSleepView(url('?span=month&date=2026-03-10&avg=1'))).toEqual({
			span: 'month',
			date: 20260310,
			average: true
		});
	});

	it('keeps every wake date of the month and reads the six nights before it', () => {
		const dates = sleepDates(parseSleepView(url('?span=month')), 20260330);
		expect(dates).toEqual({
			date: 20260330,
			slots: { from: 20260301, to: 20260331 },
			read: { from: 20260223, to: 20260330 }
		});
	});

	it('leaves out the nights read only for the average', () => {
		const kept = sleepsIn(all, { from: 20260323, to: 20260328 });
		expect(kept.map((sleep) => sleep.xid)).toEqual(['nap-20260323', 'night-20260323']);
	});
});
