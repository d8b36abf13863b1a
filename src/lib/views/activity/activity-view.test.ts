import { describe, expect, it } from 'vitest';
import { activityDates, parseActivityView } from './activity-view';

const url = (query: string) => new URL(`http://localhost/activity${query}`);

describe('the Activity URL', () => {
	it('reads a day of steps for the person’s today when nothing is given', () => {
		expect(parseActivityView(url(''))).toEqual({
			span: 'day',
			metric: 'steps',
			hour: null,
			date: null,
			average: false
		});
	});

	it('reads span, measure, date, hour and the average toggle', () => {
		expect(
			parseActivityView(url('?span=week&metric=calories&date=2026-03-25&hour=9&avg=1'))
		).toEqual({ span: 'week', metric: 'calories', hour: 9, date: 20260325, average: true });
	});

	it('falls back on what it cannot read', () => {
		expect(parseActivityView(url('?span=decade&date=2026-02-30&hour=24&avg=yes'))).toEqual({
			span: 'day',
			metric: 'steps',
			hour: null,
			date: null,
			average: false
		});
	});
});

describe('the dates an Activity view shows', () => {
	it('keeps every day of the current week as a slot and reads six days before it', () => {
		const dates = activityDates(parseActivityView(url('?span=week')), 20260401);
		expect(dates).toEqual({
			date: 20260401,
			slots: { from: 20260330, to: 20260405 },
			period: { from: 20260330, to: 20260401 },
			read: { from: 20260324, to: 20260401 }
		});
	});

	it('reads four weeks of history for a day', () => {
		const dates = activityDates(parseActivityView(url('?date=2026-03-23')), 20260401);
		expect(dates.read).toEqual({ from: 20260223, to: 20260323 });
	});
});
