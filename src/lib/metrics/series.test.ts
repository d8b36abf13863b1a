import { describe, expect, it } from 'vitest';
import type { Sleep } from '$lib/api';
import {
	afternoonNap,
	autumnNight,
	makeMove,
	ordinaryNight,
	springForwardNight,
	tripMove,
	workdayMove
} from './testing/fixtures';
import { movesToSeries, sleepsToSeries } from './series';

describe('movesToSeries', () => {
	it('gives one point per move date, oldest first', () => {
		const older = makeMove({ date: 20260320, steps: [1000] });
		const series = movesToSeries([workdayMove, tripMove, older], 'steps');
		expect(series).toMatchObject({ id: 'move.steps', label: 'Steps', unit: 'steps' });
		expect(series.points).toEqual([
			{ dateInt: 20260320, value: 1000 },
			{ dateInt: 20260323, value: workdayMove.details.steps },
			{ dateInt: 20260710, value: tripMove.details.steps }
		]);
	});

	it('keeps the later-updated of two moves on one date', () => {
		const stale = { ...workdayMove, time_updated: workdayMove.time_updated - 3600 };
		const fresh = {
			...workdayMove,
			time_updated: workdayMove.time_updated + 60,
			details: { ...workdayMove.details, steps: 1 }
		};
		expect(movesToSeries([fresh, stale], 'steps').points).toEqual([
			{ dateInt: 20260323, value: 1 }
		]);
		expect(movesToSeries([stale, fresh], 'steps').points).toEqual([
			{ dateInt: 20260323, value: 1 }
		]);
	});

	it('fills every date of a range, with null for missing days and null fields', () => {
		const noDistance = { ...workdayMove, details: { ...workdayMove.details, distance: null } };
		const range = { from: 20260322, to: 20260324 };
		expect(movesToSeries([noDistance], 'distance', { range }).points).toEqual([
			{ dateInt: 20260322, value: null },
			{ dateInt: 20260323, value: null },
			{ dateInt: 20260324, value: null }
		]);
		expect(movesToSeries([], 'steps').points).toEqual([]);
	});
});

describe('sleepsToSeries', () => {
	it('dates nights by their wake date and leaves naps out', () => {
		const series = sleepsToSeries(
			[autumnNight.sleep, afternoonNap.sleep, springForwardNight.sleep, ordinaryNight.sleep],
			'duration'
		);
		expect(series.points).toEqual([
			{ dateInt: 20260323, value: 465 * 60 },
			{ dateInt: 20260329, value: 7 * 3600 },
			{ dateInt: 20261025, value: 8 * 3600 }
		]);
	});

	it('adds a nap to its date when asked', () => {
		const series = sleepsToSeries([ordinaryNight.sleep, afternoonNap.sleep], 'asleep', {
			includeNaps: true
		});
		// The night slept 425 minutes, the nap 15 (5 minutes to fall asleep, 5 awake at the end).
		expect(series.points).toEqual([{ dateInt: 20260323, value: (425 + 15) * 60 }]);
	});

	it('reads latency and keeps a date null only when every sleep lacks the field', () => {
		expect(sleepsToSeries([ordinaryNight.sleep], 'latency').points[0]?.value).toBe(15 * 60);
		const noDeep: Sleep = {
			...ordinaryNight.sleep,
			details: { ...ordinaryNight.sleep.details, deep: null }
		};
		expect(sleepsToSeries([noDeep], 'deep').points).toEqual([{ dateInt: 20260323, value: null }]);
		const secondHalf: Sleep = {
			...noDeep,
			xid: 'second',
			details: { ...noDeep.details, deep: 600 }
		};
		expect(sleepsToSeries([noDeep, secondHalf], 'deep').points).toEqual([
			{ dateInt: 20260323, value: 600 }
		]);
		expect(sleepsToSeries([], 'asleep').points).toEqual([]);
	});
});
