import { describe, expect, it } from 'vitest';
import { dateTicks, durationTicks, type TickStep } from './axis-ticks';
import { dateIntToUtcMs } from './scales';

const day = dateIntToUtcMs;
const labels = (from: number, to: number, max: number, finest?: TickStep) =>
	dateTicks(day(from), day(to), max, finest).map((tick) =>
		tick.context ? `${tick.label}/${tick.context}` : tick.label
	);
// What a person must never read on a time axis: a 12-hour clock, a fraction of a second.
const NOT_OUR_FORMAT = /AM|PM|^\.\d/;

describe('dateTicks', () => {
	it('labels a Monday-to-Sunday week day by day, the month under the first day and where it changes', () => {
		expect(labels(20260330, 20260405, 7)).toEqual([
			'Mon 30/Mar 2026',
			'Tue 31',
			'Wed 1/Apr 2026',
			'Thu 2',
			'Fri 3',
			'Sat 4',
			'Sun 5'
		]);
	});

	it('gives the week the clocks change in seven days, one tick each', () => {
		const ticks = dateTicks(day(20260323), day(20260329), 10);
		expect(ticks.map((tick) => tick.label)).toEqual([
			'Mon 23',
			'Tue 24',
			'Wed 25',
			'Thu 26',
			'Fri 27',
			'Sat 28',
			'Sun 29'
		]);
		const gaps = ticks.slice(1).map((tick, index) => tick.value - (ticks[index]?.value ?? 0));
		expect(new Set(gaps)).toEqual(new Set([86_400_000]));
	});

	it('marks a month by its Mondays, each named as a week chart names it, no month name among them', () => {
		expect(labels(20260301, 20260331, 8)).toEqual([
			'Mon 2/Mar 2026',
			'Mon 9',
			'Mon 16',
			'Mon 23',
			'Mon 30'
		]);
	});

	it('names every other Monday too, and every other day by its number alone', () => {
		expect(labels(20260105, 20260329, 6)).toEqual([
			'Mon 12/Jan 2026',
			'Mon 26',
			'Mon 9/Feb 2026',
			'Mon 23',
			'Mon 9/Mar 2026',
			'Mon 23'
		]);
		expect(labels(20260301, 20260314, 7)).toEqual(['1/Mar 2026', '3', '5', '7', '9', '11', '13']);
	});

	it('ticks three yearly points by their years, never by the months between them', () => {
		expect(labels(20240101, 20260101, 12, 'year')).toEqual(['2024', '2025', '2026']);
		// Without the floor the same span would tick months.
		expect(labels(20240101, 20260101, 12)[0]).toBe('Jan/2024');
	});

	it('ticks monthly buckets no finer than months, and weekly ones no finer than Mondays', () => {
		expect(labels(20260101, 20260301, 12, 'month')).toEqual(['Jan/2026', 'Feb', 'Mar']);
		expect(labels(20260302, 20260323, 12, 'week')).toEqual([
			'Mon 2/Mar 2026',
			'Mon 9',
			'Mon 16',
			'Mon 23'
		]);
	});

	it('marks a year by months, the year under the first month and under January', () => {
		const ticks = labels(20250401, 20260331, 12);
		expect(ticks).toHaveLength(12);
		expect(ticks[0]).toBe('Apr/2025');
		expect(ticks[8]).toBe('Dec');
		expect(ticks[9]).toBe('Jan/2026');
	});

	it('marks ten years by years', () => {
		expect(labels(20160401, 20260330, 10)).toEqual([
			'2017',
			'2018',
			'2019',
			'2020',
			'2021',
			'2022',
			'2023',
			'2024',
			'2025',
			'2026'
		]);
	});

	it('thins ten years to every other year on a narrow chart', () => {
		expect(labels(20160401, 20260330, 5)).toEqual(['2018', '2020', '2022', '2024', '2026']);
	});

	it('gives a one-day span its one day, and an empty span no ticks', () => {
		expect(labels(20260330, 20260330, 6)).toEqual(['Mon 30/Mar 2026']);
		expect(dateTicks(day(20260331), day(20260330), 6)).toEqual([]);
		expect(dateTicks(Number.NaN, Number.NaN, 6)).toEqual([]);
	});

	it('never prints a 12-hour clock or a decimal fraction at any span or width', () => {
		for (const [from, to] of [
			[20260330, 20260405],
			[20260301, 20260331],
			[20250401, 20260331],
			[20160401, 20260330]
		] as const) {
			for (const max of [2, 4, 7, 12]) {
				for (const tick of dateTicks(day(from), day(to), max)) {
					expect(tick.label).not.toMatch(NOT_OUR_FORMAT);
				}
			}
		}
	});
});

describe('durationTicks', () => {
	it('labels a range under two hours in minutes only', () => {
		expect(durationTicks([0, 1800, 3600, 5400])).toEqual({
			unit: 'min',
			labels: ['0', '30', '60', '90']
		});
	});

	it('labels a longer range in hours only, never mixing in minutes', () => {
		expect(durationTicks([0, 3600, 7200, 10800])).toEqual({
			unit: 'h',
			labels: ['0', '1', '2', '3']
		});
		expect(durationTicks([0, 1800, 3600, 5400, 7200, 9000]).labels).toEqual([
			'0',
			'0.5',
			'1',
			'1.5',
			'2',
			'2.5'
		]);
	});
});
