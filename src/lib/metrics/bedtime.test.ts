import { describe, expect, it } from 'vitest';
import {
	NEW_YORK,
	afternoonNap,
	at,
	autumnNight,
	makeSleep,
	ordinaryNight,
	springForwardNight
} from './testing/fixtures';
import { bedtimeNight, bedtimeRegularity } from './bedtime';
import type { BedtimeNight } from './types';

const H = 3600;
const MIN = 60;

describe('bedtimeNight', () => {
	it('gives offsets from the midnight that starts the wake date', () => {
		expect(bedtimeNight(ordinaryNight.sleep)).toEqual({
			dateInt: 20260323,
			bedtimeOffset: -(50 * MIN),
			asleepOffset: -(35 * MIN),
			wakeOffset: 6 * H + 55 * MIN,
			nap: false
		});
	});

	it('uses wall-clock offsets on the spring-forward night: wake 07:00 reads 7 h, not 6 real hours', () => {
		const night = bedtimeNight(springForwardNight.sleep);
		expect(night.bedtimeOffset).toBe(-H);
		expect(night.wakeOffset).toBe(7 * H);
		// Only 6 real hours passed between that midnight (23:00 UTC) and waking (05:00 UTC).
		expect(springForwardNight.sleep.time_completed - Date.UTC(2026, 2, 28, 23) / 1000).toBe(6 * H);
		expect(night.wakeOffset - night.bedtimeOffset).toBe(8 * H);
		expect(springForwardNight.sleep.details.duration).toBe(7 * H);
	});

	it('uses wall-clock offsets on the autumn night: wake 06:30 reads 6.5 h after 7.5 real hours', () => {
		const night = bedtimeNight(autumnNight.sleep);
		expect(night).toMatchObject({
			dateInt: 20261025,
			bedtimeOffset: -30 * MIN,
			wakeOffset: 6.5 * H
		});
		expect(autumnNight.sleep.time_completed - Date.UTC(2026, 9, 24, 22) / 1000).toBe(7.5 * H);
	});

	it('reads a sleep in its own zone', () => {
		const { sleep } = makeSleep({
			tz: NEW_YORK,
			bedtime: at(20260710, 23, 45, NEW_YORK),
			wake: at(20260711, 7, 15, NEW_YORK),
			phases: [[20, 2]]
		});
		expect(bedtimeNight(sleep)).toEqual({
			dateInt: 20260711,
			bedtimeOffset: -15 * MIN,
			asleepOffset: 5 * MIN,
			wakeOffset: 7.25 * H,
			nap: false
		});
	});

	it('marks naps and leaves asleep null when the record lacks it', () => {
		const nap = bedtimeNight(afternoonNap.sleep);
		expect(nap).toMatchObject({ nap: true, bedtimeOffset: 14 * H, wakeOffset: 14 * H + 25 * MIN });
		const unknown = bedtimeNight({
			...ordinaryNight.sleep,
			details: { ...ordinaryNight.sleep.details, asleep_time: null }
		});
		expect(unknown.asleepOffset).toBeNull();
	});
});

describe('bedtimeRegularity', () => {
	const night = (bedtimeOffset: number, wakeOffset: number, nap = false): BedtimeNight => ({
		dateInt: 20260301,
		bedtimeOffset,
		asleepOffset: null,
		wakeOffset,
		nap
	});

	it('gives medians, interquartile spreads and the share of nights near both medians', () => {
		// Bedtimes 22:30, 23:00, 23:15, 00:30 and wake 06:30, 07:00, 07:00, 09:00 (unsorted).
		const nights = [
			night(30 * MIN, 9 * H),
			night(-H, 7 * H),
			night(-90 * MIN, 6.5 * H),
			night(-45 * MIN, 7 * H),
			night(13 * H, 14 * H, true)
		];
		const regularity = bedtimeRegularity(nights);
		expect(regularity.nights).toBe(4);
		expect(regularity.medianBedtime).toBe((-H + -45 * MIN) / 2);
		expect(regularity.medianWake).toBe(7 * H);
		// Linear quantiles of [-5400, -3600, -2700, 1800]: Q1 at 0.75 -> -4050, Q3 at 2.25 -> -1575.
		expect(regularity.bedtimeSpread).toBe(-1575 - -4050);
		// [23400, 25200, 25200, 32400]: Q1 24750, Q3 27000.
		expect(regularity.wakeSpread).toBe(27000 - 24750);
		// Within 30 min of 23:07:30 and 07:00: the 23:00 and 23:15 nights only.
		expect(regularity.shareWithin30min).toBe(2 / 4);
	});

	it('reports nulls and zero nights for no nights, or naps only', () => {
		const none = {
			medianBedtime: null,
			medianWake: null,
			bedtimeSpread: null,
			wakeSpread: null,
			shareWithin30min: null,
			nights: 0
		};
		expect(bedtimeRegularity([])).toEqual(none);
		expect(bedtimeRegularity([night(14 * H, 15 * H, true)])).toEqual(none);
	});

	it('has no spread for one night, which is regular by itself', () => {
		const regularity = bedtimeRegularity([night(-H, 7 * H)]);
		expect(regularity).toMatchObject({ bedtimeSpread: 0, wakeSpread: 0, shareWithin30min: 1 });
	});
});
