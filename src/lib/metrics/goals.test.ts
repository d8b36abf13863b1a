import { describe, expect, it } from 'vitest';
import type { GoalsV11 } from '$lib/api';
import { goalsAllScopes } from './testing/fixtures';
import { dailyAttainment, goalGauges, streaks } from './goals';
import type { DailyAttainment } from './types';

describe('goalGauges', () => {
	it('turns each remainder into a gauge, negative meaning exceeded', () => {
		const { gauges, missing } = goalGauges(goalsAllScopes);
		expect(missing).toEqual([]);
		expect(gauges).toEqual([
			{
				goal: 'steps',
				remaining: 1840,
				target: 10000,
				achieved: 8160,
				unit: 'steps',
				exceeded: false
			},
			{
				goal: 'sleep',
				remaining: -1500,
				target: 27000,
				achieved: 28500,
				unit: 'seconds',
				exceeded: true
			},
			{
				goal: 'intake_calories',
				remaining: 312.5,
				target: null,
				achieved: null,
				unit: 'kcal',
				exceeded: false
			}
		]);
	});

	it('reads calories eaten against the day’s budget, which is what was eaten plus what is left', () => {
		const within = goalGauges(goalsAllScopes, 1687.5).gauges.at(-1);
		expect(within).toMatchObject({ target: 2000, achieved: 1687.5, exceeded: false });
		const over = goalGauges(
			{ remaining_for_day: { intake_calories_remaining: -312 } },
			2312
		).gauges.at(-1);
		expect(over).toMatchObject({ target: 2000, achieved: 2312, remaining: -312, exceeded: true });
		// Nothing eaten is a known amount, not an unknown one.
		expect(goalGauges(goalsAllScopes, 0).gauges.at(-1)).toMatchObject({
			target: 312.5,
			achieved: 0
		});
	});

	it('omits the gauges a missing scope hides and lists them', () => {
		// A token with sleep_read only: no steps or calorie remainders.
		const sleepOnly: GoalsV11 = {
			sleep_total: 27000,
			remaining_for_day: { sleep_seconds_remaining: 600 }
		};
		const { gauges, missing } = goalGauges(sleepOnly);
		expect(gauges.map((gauge) => gauge.goal)).toEqual(['sleep']);
		expect(missing).toEqual(['steps', 'intake_calories']);
	});

	it('treats a null remainder as missing and a goal without target as unknown progress', () => {
		const partial: GoalsV11 = {
			move_steps: null,
			remaining_for_day: { move_steps_remaining: 0, sleep_seconds_remaining: null }
		};
		const { gauges, missing } = goalGauges(partial);
		expect(gauges).toEqual([
			{ goal: 'steps', remaining: 0, target: null, achieved: null, unit: 'steps', exceeded: false }
		]);
		expect(missing).toEqual(['sleep', 'intake_calories']);
		expect(goalGauges({}).missing).toEqual(['steps', 'sleep', 'intake_calories']);
	});
});

describe('dailyAttainment', () => {
	it('rates each day against the target, sorted by date', () => {
		const days = dailyAttainment(
			[
				{ dateInt: 20260302, value: 12000 },
				{ dateInt: 20260301, value: 8000 },
				{ dateInt: 20260303, value: null }
			],
			10000
		);
		expect(days).toEqual([
			{ dateInt: 20260301, value: 8000, target: 10000, ratio: 0.8, met: false },
			{ dateInt: 20260302, value: 12000, target: 10000, ratio: 1.2, met: true },
			{ dateInt: 20260303, value: null, target: 10000, ratio: null, met: null }
		]);
	});

	it('counts a day exactly on target as met and leaves days unknown without a usable target', () => {
		expect(dailyAttainment([{ dateInt: 20260301, value: 10000 }], 10000)[0]?.met).toBe(true);
		expect(dailyAttainment([{ dateInt: 20260301, value: 10000 }], null)[0]).toMatchObject({
			ratio: null,
			met: null
		});
		expect(dailyAttainment([{ dateInt: 20260301, value: 10 }], 0)[0]?.met).toBeNull();
		expect(dailyAttainment([], 10000)).toEqual([]);
	});
});

describe('streaks', () => {
	const day = (dateInt: number, met: boolean | null): DailyAttainment => ({
		dateInt,
		value: null,
		target: 1,
		ratio: null,
		met
	});

	it('counts the current streak through today when today is met', () => {
		const days = [day(20260227, true), day(20260228, true), day(20260301, true)];
		expect(streaks(days, 20260301)).toEqual({ current: 3, longest: 3, longestEnd: 20260301 });
	});

	it('does not break the current streak because today is not met yet', () => {
		const days = [day(20260228, true), day(20260301, true), day(20260302, false)];
		expect(streaks(days, 20260302).current).toBe(2);
		expect(streaks(days.slice(0, 2), 20260302).current).toBe(2);
	});

	it('breaks a streak at a missing day, a day without data or a missed day', () => {
		const days = [
			day(20260224, true),
			day(20260225, true),
			day(20260226, true),
			// 27 February absent.
			day(20260228, true),
			day(20260301, null),
			day(20260302, true),
			day(20260303, false),
			day(20260304, true)
		];
		expect(streaks(days, 20260304)).toEqual({ current: 1, longest: 3, longestEnd: 20260226 });
		expect(streaks(days, 20260305)).toEqual({ current: 1, longest: 3, longestEnd: 20260226 });
		expect(streaks(days, 20260306).current).toBe(0);
	});

	it('crosses month ends and leap days as consecutive days', () => {
		const days = [day(20240228, true), day(20240229, true), day(20240301, true)];
		expect(streaks(days)).toEqual({ current: 3, longest: 3, longestEnd: 20240301 });
		// 2025 has no 29 February: 28 February and 1 March are neighbours.
		expect(streaks([day(20250228, true), day(20250301, true)]).longest).toBe(2);
	});

	it('prefers the most recent of equally long streaks, in any input order', () => {
		const days = [
			day(20260310, true),
			day(20260301, true),
			day(20260311, true),
			day(20260302, true)
		];
		expect(streaks(days, 20260320)).toEqual({ current: 0, longest: 2, longestEnd: 20260311 });
	});

	it('gives zeros for no days', () => {
		expect(streaks([])).toEqual({ current: 0, longest: 0, longestEnd: null });
	});
});
