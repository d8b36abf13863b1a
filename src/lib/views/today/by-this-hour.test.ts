import { describe, expect, it } from 'vitest';
import { at, BERLIN, makeMove, NEW_YORK, TRIP_DATE, tripMove } from '$lib/metrics/testing/fixtures';
import { addDays } from '$lib/time/zone';
import { byThisHour, carries, usualDates, wallHourOf } from './by-this-hour';

/** Steps in a few hours of the day, the rest without activity. */
function stepsAt(hours: Record<number, number>): (number | null)[] {
	return Array.from({ length: 24 }, (_, hour) => hours[hour] ?? null);
}

/** The four same weekdays before `dateInt`, with 1,000 / 3,000 / 2,000 / 8,000 steps before 18:00. */
function usualWeeks(dateInt: number, tz = BERLIN) {
	return [1000, 3000, 2000, 8000].map((before, index) =>
		makeMove({
			date: addDays(dateInt, -7 * (index + 1)),
			tz,
			steps: stepsAt({ 9: before - 100, 17: 100, 18: 50_000, 21: 9000 })
		})
	);
}

describe('today by this hour', () => {
	const monday = 20260330;

	it('sums today’s hours before now and takes the median of the same hours on the same weekdays', () => {
		const today = makeMove({ date: monday, steps: stepsAt({ 8: 3000, 17: 412, 18: 999 }) });
		const result = byThisHour(
			[today, ...usualWeeks(monday)],
			monday,
			at(monday, 18, 40, BERLIN),
			BERLIN,
			'steps'
		);
		// 18:40: hours 00-17 count, the unfinished 18 does not (on either side).
		expect(result).toEqual({ metric: 'steps', hour: 18, value: 3412, usual: 2500, days: 4 });
	});

	it('skips weeks without a record instead of counting them as zero', () => {
		const weeks = usualWeeks(monday).slice(0, 3);
		const result = byThisHour(weeks, monday, at(monday, 18, 0, BERLIN), BERLIN, 'steps');
		expect(result).toMatchObject({ hour: 18, value: null, usual: 2000, days: 3 });
	});

	it('has no distance for records that carry none, and never a usual of 0 made of them', () => {
		const withoutDistance = (move: ReturnType<typeof makeMove>) => ({
			...move,
			details: {
				...move.details,
				distance: null,
				hourly_totals: Object.fromEntries(
					Object.entries(move.details.hourly_totals).map(([key, total]) => [
						key,
						{ ...total, distance: null }
					])
				)
			}
		});
		const today = withoutDistance(makeMove({ date: monday, steps: stepsAt({ 8: 3000 }) }));
		const weeks = usualWeeks(monday).map(withoutDistance);
		expect(carries(today, 'distance')).toBe(false);
		expect(carries(today, 'steps')).toBe(true);
		const asOf = at(monday, 18, 40, BERLIN);
		expect(byThisHour([today, ...weeks], monday, asOf, BERLIN, 'distance')).toEqual({
			metric: 'distance',
			hour: 18,
			value: null,
			usual: null,
			days: 0
		});
		// One Monday that carries distance: the usual is its own, over one day.
		const [first, ...rest] = usualWeeks(monday);
		const mixed = byThisHour(
			[today, first!, ...rest.map(withoutDistance)],
			monday,
			asOf,
			BERLIN,
			'distance'
		);
		// 1,000 steps before 18:00 at 0.74 m a step: 900 (09:00) and 100 (17:00).
		expect(mixed).toMatchObject({ usual: 666 + 74, days: 1 });
	});

	it('names the same weekdays of the four weeks before', () => {
		expect(usualDates(monday)).toEqual([20260323, 20260316, 20260309, 20260302]);
	});

	it('reads the wall clock on the day the clocks go forward', () => {
		// Sunday 29 March 2026 in Berlin has no 02:00: 18:30 is only 17.5 hours after midnight.
		const sunday = 20260329;
		const today = makeMove({ date: sunday, steps: stepsAt({ 1: 100, 17: 500, 18: 700 }) });
		const result = byThisHour(
			[today, ...usualWeeks(sunday)],
			sunday,
			at(sunday, 18, 30, BERLIN),
			BERLIN,
			'steps'
		);
		expect(result).toMatchObject({ hour: 18, value: 600, usual: 2500 });
	});

	it('compares a later day with a past day that lost an hour by the same wall hours', () => {
		// Sunday 5 April: one of its four Sundays is 29 March, the day without 02:00.
		const sunday = 20260405;
		const springForward = makeMove({
			date: 20260329,
			steps: stepsAt({ 1: 300, 3: 300, 17: 400, 18: 9000 })
		});
		const others = usualWeeks(sunday).filter((move) => move.date !== 20260329);
		const result = byThisHour(
			[springForward, ...others],
			sunday,
			at(sunday, 18, 0, BERLIN),
			BERLIN,
			'steps'
		);
		// Before 18:00: 1,000 on 29 March, then 3,000 (22 March), 2,000 (15) and 8,000 (8 March).
		expect(result).toMatchObject({ hour: 18, usual: 2500, days: 4 });
	});

	it('reads the hour in the zone reached on a travel day', () => {
		// Berlin to New York, landing 13:00 New York time; now 16:30 there, 22:30 in Berlin.
		const asOf = at(TRIP_DATE, 16, 30, NEW_YORK);
		expect(wallHourOf(asOf, TRIP_DATE, BERLIN, tripMove.details.tzs)).toBe(16);
		const result = byThisHour(
			[tripMove, ...usualWeeks(TRIP_DATE)],
			TRIP_DATE,
			asOf,
			BERLIN,
			'steps'
		);
		// Keys 00-15 of the day: 400 + 1,800 + 2,500 + 900 + 300 + 200 + 150 + 1,300 + 900 + 700.
		// The Fridays before, by 16:00 on their clock: 900, 2,900, 1,900 and 7,900.
		expect(result).toMatchObject({ hour: 16, value: 9150, usual: 2400 });
	});

	it('counts the whole day once it is over and none of it before it starts', () => {
		expect(wallHourOf(at(addDays(monday, 1), 0, 10, BERLIN), monday, BERLIN)).toBe(24);
		expect(wallHourOf(at(addDays(monday, -1), 23, 50, BERLIN), monday, BERLIN)).toBe(0);
		const today = makeMove({ date: monday, steps: stepsAt({ 8: 3000, 23: 10 }) });
		const over = byThisHour([today], monday, at(addDays(monday, 1), 1, 0, BERLIN), BERLIN, 'steps');
		expect(over).toMatchObject({ hour: 24, value: 3010, usual: null, days: 0 });
	});
});
