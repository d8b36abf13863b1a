import { describe, expect, it } from 'vitest';
import type { Sleep } from '$lib/api';
import {
	BERLIN,
	NEW_YORK,
	afternoonNap,
	at,
	autumnNight,
	makeSleep,
	ordinaryNight,
	springForwardNight
} from './testing/fixtures';
import { asleepSeconds, hypnogram, isNap, nightDate, nightPhaseTotals, sleepTotals } from './sleep';
import type { Hypnogram } from './types';

const MIN = 60;

function expectContiguous(h: Hypnogram): void {
	expect(h.segments[0]?.start).toBe(h.bedtime);
	expect(h.segments[h.segments.length - 1]?.end).toBe(h.wake);
	h.segments.forEach((segment, i) => {
		expect(segment.end).toBeGreaterThan(segment.start);
		if (i > 0) expect(segment.start).toBe(h.segments[i - 1]?.end);
	});
}

describe('nightDate', () => {
	it('puts a night under the date it woke up on', () => {
		expect(nightDate(ordinaryNight.sleep)).toBe(20260323);
		expect(nightDate(springForwardNight.sleep)).toBe(20260329);
		expect(nightDate(autumnNight.sleep)).toBe(20261025);
	});

	it('reads the wake date in the sleep own zone, not Berlin nor the machine zone', () => {
		// Ends 22:30 in New York on 10 July: already 11 July in Berlin and in Kathmandu.
		const { sleep } = makeSleep({
			tz: NEW_YORK,
			bedtime: at(20260710, 21, 0, NEW_YORK),
			wake: at(20260710, 22, 30, NEW_YORK),
			phases: [[10, 2]],
			subType: 2
		});
		expect(nightDate(sleep)).toBe(20260710);
	});
});

describe('isNap', () => {
	it('tells naps (sub_type 1 and 2) from nights (0)', () => {
		expect(isNap(ordinaryNight.sleep)).toBe(false);
		expect(isNap(afternoonNap.sleep)).toBe(true);
		expect(isNap({ ...afternoonNap.sleep, sub_type: 1 })).toBe(true);
	});
});

describe('hypnogram', () => {
	it('draws latency, then each phase until the next tick and the last until waking', () => {
		const h = hypnogram(ordinaryNight.sleep, ordinaryNight.ticks);
		expect(h.source).toBe('ticks');
		expect(h.dateInt).toBe(20260323);
		expect(h.segments[0]).toEqual({
			start: h.bedtime,
			end: h.bedtime + 15 * MIN,
			phase: 'latency'
		});
		expect(h.asleep).toBe(h.bedtime + 15 * MIN);
		expect(h.segments.map((s) => s.phase)).toEqual([
			'latency',
			'light',
			'deep',
			'light',
			'deep',
			'light',
			'awake',
			'light',
			'deep',
			'light',
			'awake'
		]);
		expectContiguous(h);
		// By hand: light 25+60+75+60+60, deep 70+45+30, awake 10+15 minutes; no REM from a band.
		expect(h.totals).toEqual({
			latency: 15 * MIN,
			rem: 0,
			light: 280 * MIN,
			deep: 145 * MIN,
			awake: 25 * MIN,
			asleep: 425 * MIN,
			inBed: 465 * MIN
		});
	});

	it('agrees with the record details when they are consistent', () => {
		for (const { sleep, ticks } of [ordinaryNight, springForwardNight, autumnNight, afternoonNap]) {
			const totals = sleepTotals(hypnogram(sleep, ticks));
			expect(totals.awake).toBe(sleep.details.awake);
			expect(totals.light).toBe(sleep.details.light);
			expect(totals.deep).toBe(sleep.details.deep);
			expect(totals.latency).toBe((sleep.details.asleep_time ?? NaN) - sleep.time_created);
			expect(totals.inBed).toBe(sleep.details.duration);
			expect(totals.latency + totals.awake + totals.light + totals.deep).toBe(
				sleep.details.duration
			);
		}
	});

	it('measures DST nights in real seconds: 7 h on the spring night, 8 h on the autumn night', () => {
		expect(hypnogram(springForwardNight.sleep, springForwardNight.ticks).totals.inBed).toBe(
			7 * 3600
		);
		expect(hypnogram(autumnNight.sleep, autumnNight.ticks).totals.inBed).toBe(8 * 3600);
		expectContiguous(hypnogram(autumnNight.sleep, autumnNight.ticks));
	});

	it('handles unsorted and repeated ticks like sorted ones', () => {
		const { sleep, ticks } = ordinaryNight;
		const messy = [...ticks].reverse().concat(ticks.slice(2, 5));
		expect(hypnogram(sleep, messy)).toEqual(hypnogram(sleep, ticks));
	});

	it('keeps the last given of two ticks at the same instant', () => {
		const { sleep, ticks } = ordinaryNight;
		const first = ticks[0];
		if (!first) throw new Error('fixture has ticks');
		const h = hypnogram(sleep, [...ticks, { depth: 1, time: first.time }]);
		expect(h.segments[1]).toMatchObject({ start: first.time, phase: 'awake' });
		expect(h.totals.inBed).toBe(sleep.details.duration);
	});

	it('merges neighbouring ticks of one phase into one segment', () => {
		const { sleep, ticks } = ordinaryNight;
		const first = ticks[0];
		if (!first) throw new Error('fixture has ticks');
		const extra = { depth: first.depth, time: first.time + 5 * MIN };
		const h = hypnogram(sleep, [...ticks, extra]);
		expect(h.segments).toEqual(hypnogram(sleep, ticks).segments);
	});

	it('moves ticks before bedtime to bedtime and drops ticks after waking', () => {
		const { sleep, ticks } = ordinaryNight;
		const early = { depth: 2 as const, time: sleep.time_created - 600 };
		const late = { depth: 3 as const, time: sleep.time_completed + 60 };
		const h = hypnogram(sleep, [early, ...ticks, late]);
		expect(h.totals.latency).toBe(0);
		expect(h.asleep).toBe(sleep.time_created);
		expect(h.segments[h.segments.length - 1]?.end).toBe(sleep.time_completed);
		expectContiguous(h);
	});

	it('without ticks draws latency and one light segment, and keeps the details as totals', () => {
		const { sleep } = ordinaryNight;
		const h = hypnogram(sleep, []);
		expect(h.source).toBe('details');
		expect(h.segments).toEqual([
			{ start: sleep.time_created, end: sleep.time_created + 15 * MIN, phase: 'latency' },
			{ start: sleep.time_created + 15 * MIN, end: sleep.time_completed, phase: 'light' }
		]);
		expect(h.totals).toMatchObject({
			latency: 15 * MIN,
			light: sleep.details.light,
			deep: sleep.details.deep,
			awake: sleep.details.awake
		});
	});

	it('without ticks nor details draws one segment over the whole sleep', () => {
		const bare: Sleep = {
			...ordinaryNight.sleep,
			details: {
				...ordinaryNight.sleep.details,
				asleep_time: null,
				light: null,
				deep: null,
				awake: null
			}
		};
		const h = hypnogram(bare, []);
		expect(h.asleep).toBeNull();
		expect(h.segments).toHaveLength(1);
		expect(h.totals.light).toBe(465 * MIN);
		expectContiguous(h);
	});
});

describe('REM', () => {
	// Bed 23:00, asleep at once: light 2 h, REM 50 min, deep 1 h, REM 90 min, awake the last 10 min.
	const withRem = makeSleep({
		bedtime: at(20190306, 23, 0, BERLIN),
		wake: at(20190307, 4, 30, BERLIN),
		phases: [
			[0, 2],
			[120, 4],
			[170, 3],
			[230, 4],
			[320, 1]
		]
	});

	it('reads depth 4 as REM, and counts it as asleep', () => {
		const night = hypnogram(withRem.sleep, withRem.ticks);
		expect(night.segments.map((segment) => segment.phase)).toEqual([
			'light',
			'rem',
			'deep',
			'rem',
			'awake'
		]);
		expect(night.totals).toMatchObject({
			rem: 140 * MIN,
			light: 120 * MIN,
			deep: 60 * MIN,
			awake: 10 * MIN,
			asleep: 320 * MIN
		});
	});

	it('takes REM from the details of a sleep without phases, and into the nights’ totals', () => {
		const night = hypnogram(withRem.sleep, []);
		expect(night.totals).toMatchObject({ rem: 140 * MIN, asleep: 320 * MIN });
		expect(nightPhaseTotals([withRem.sleep])[0]).toMatchObject({ rem: 140 * MIN });
	});
});

describe('nightPhaseTotals', () => {
	it('lists nights by wake date from their details, leaving naps out', () => {
		const sleeps = [
			autumnNight.sleep,
			afternoonNap.sleep,
			springForwardNight.sleep,
			ordinaryNight.sleep
		];
		const totals = nightPhaseTotals(sleeps);
		expect(totals.map((night) => night.dateInt)).toEqual([20260323, 20260329, 20261025]);
		expect(totals[2]).toEqual({
			dateInt: 20261025,
			xid: 'night-20261025',
			latency: 15 * MIN,
			awake: autumnNight.sleep.details.awake,
			rem: 0,
			light: autumnNight.sleep.details.light,
			deep: autumnNight.sleep.details.deep
		});
	});

	it('counts a missing phase as zero and gives nothing for no sleeps', () => {
		const partial: Sleep = {
			...ordinaryNight.sleep,
			details: { ...ordinaryNight.sleep.details, deep: null, asleep_time: null }
		};
		expect(nightPhaseTotals([partial])[0]).toMatchObject({ deep: 0, latency: 0 });
		expect(nightPhaseTotals([])).toEqual([]);
	});
});

describe('asleepSeconds', () => {
	it('adds light and deep sleep', () => {
		expect(asleepSeconds(ordinaryNight.sleep)).toBe(425 * MIN);
	});

	it('falls back to duration minus awake and latency when the phases are missing', () => {
		const noPhases: Sleep = {
			...ordinaryNight.sleep,
			details: { ...ordinaryNight.sleep.details, light: null, deep: null, rem: null }
		};
		expect(asleepSeconds(noPhases)).toBe((465 - 25 - 15) * MIN);
		const nothing: Sleep = { ...noPhases, details: { ...noPhases.details, duration: null } };
		expect(asleepSeconds(nothing)).toBeNull();
	});
});
