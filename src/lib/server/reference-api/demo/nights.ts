// Plans the demo person's nights and naps: bed, sleep onset, phases (ticks) and wake, per the team's sleep rules.

import { addDays, parseDateInt, weekdayOfDate } from '$lib/time/zone';
import { wallToEpoch } from './fast-zone';
import { type Calendar, isClockChangeDate, periodOf, zoneOfNight } from './calendar';
import type { Stream, Streams } from './random';

export const AWAKE = 1;
export const LIGHT = 2;
export const DEEP = 3;

export interface Phase {
	depth: number;
	time: number;
}

/** One sleep as the generator plans it; becomes a Sleep record and its ticks. */
export interface SleepPlan {
	/** Wake date in the sleep's zone: the record's `date`. */
	date: number;
	/** 0 night, 1 power nap, 2 nap. */
	subType: 0 | 1 | 2;
	tz: string;
	bed: number;
	wake: number;
	phases: Phase[];
	smartAlarmFire: number;
}

/** The instant the wall clock of `tz` reads `minutes` after the midnight starting `dateInt`. */
export function wallClock(dateInt: number, minutes: number, tz: string): number {
	const dayShift = Math.floor(minutes / 1440);
	const inDay = Math.round(minutes - dayShift * 1440);
	const { year, month, day } = parseDateInt(addDays(dateInt, dayShift));
	return wallToEpoch(year, month, day, Math.floor(inDay / 60), inDay % 60, tz);
}

/**
 * Phase ticks from sleep onset to waking: cycles of about 90 minutes, light – deep – light, deep
 * long early in the night and fading later, a brief awakening at the end of some cycles, and a
 * few awake minutes before getting up. All phase changes fall on whole minutes after onset.
 */
export function planPhases(
	rng: Stream,
	asleep: number,
	wake: number,
	restless: number,
	isNap: boolean
): Phase[] {
	const phases: Phase[] = [];
	const push = (depth: number, time: number): void => {
		const last = phases[phases.length - 1];
		if (last && last.depth === depth) return;
		if (last && last.time === time) {
			phases.pop();
			push(depth, time);
			return;
		}
		phases.push({ depth, time });
	};
	const finalAwake = 60 * (isNap ? rng.int(1, 3) : rng.int(2, 9));
	const end = wake - finalAwake;
	let t = asleep;
	let cycle = 0;
	while (t < end) {
		const length = 60 * rng.int(isNap ? 40 : 82, isNap ? 70 : 102);
		const deepShare = isNap
			? 0.15
			: ([0.36, 0.27, 0.16, 0.08][cycle] ?? 0.04) * rng.range(0.8, 1.2);
		const deep = 60 * Math.round((length * deepShare) / 60);
		const lightBefore = 60 * Math.round(((length - deep) * rng.range(0.35, 0.6)) / 60);
		const steps: [number, number][] = [
			[LIGHT, lightBefore],
			[DEEP, deep],
			[LIGHT, length - deep - lightBefore]
		];
		if (cycle > 0 && rng.chance(0.3 * restless)) {
			steps.push([AWAKE, 60 * rng.int(1, 6)]);
		}
		for (const [depth, seconds] of steps) {
			if (seconds <= 0 || t >= end) continue;
			push(depth, t);
			t = Math.min(end, t + seconds);
		}
		cycle++;
	}
	push(AWAKE, end);
	return phases;
}

interface NightShape {
	bedMin: number;
	wakeMin: number;
	latency: [number, number];
	restless: number;
	alarm: boolean;
}

/** Bed and wake as minutes from the midnight that starts the wake date (bed is usually negative). */
function nightShape(calendar: Calendar, wakeDate: number, rng: Stream): NightShape | null {
	const weekday = weekdayOfDate(wakeDate);
	const weekend = weekday === 0 || weekday === 6;
	const period = periodOf(calendar, wakeDate);
	const { trip } = calendar;
	if (trip) {
		if (wakeDate === trip.homecoming) return null; // on the overnight flight, the band slept too
		if (wakeDate === trip.outbound) {
			return {
				bedMin: rng.normal(-70, 10),
				wakeMin: rng.normal(390, 5),
				latency: [8, 25],
				restless: 1.2,
				alarm: true
			};
		}
		if (wakeDate > trip.outbound && wakeDate <= addDays(trip.outbound, 2)) {
			// jet lag: early to bed, awake before dawn
			return {
				bedMin: rng.normal(-150, 15),
				wakeMin: rng.normal(320, 20),
				latency: [3, 12],
				restless: 1.6,
				alarm: false
			};
		}
		if (wakeDate > trip.outbound && wakeDate <= trip.departure) {
			return {
				bedMin: rng.normal(-45, 25),
				wakeMin: rng.normal(450, 30),
				latency: [5, 20],
				restless: 1,
				alarm: false
			};
		}
		if (wakeDate === addDays(trip.homecoming, 1)) {
			return {
				bedMin: rng.normal(-135, 10),
				wakeMin: rng.normal(405, 5),
				latency: [2, 8],
				restless: 0.8,
				alarm: true
			};
		}
	}
	if (period === 'sick') {
		return {
			bedMin: rng.normal(-140, 20),
			wakeMin: rng.normal(525, 30),
			latency: [10, 40],
			restless: 2.2,
			alarm: false
		};
	}
	if (period === 'holiday') {
		return {
			bedMin: rng.normal(-90, 20),
			wakeMin: rng.normal(435, 20),
			latency: [3, 15],
			restless: 0.6,
			alarm: false
		};
	}
	if (weekend) {
		return {
			bedMin: rng.normal(30, 25),
			wakeMin: rng.normal(510, 35),
			latency: [4, 22],
			restless: 1,
			alarm: false
		};
	}
	const bedMean = period === 'motivated' ? -75 : -60;
	return {
		bedMin: rng.normal(bedMean, 20),
		wakeMin: rng.normal(405, 7),
		latency: [4, 25],
		restless: 1,
		alarm: true
	};
}

/** The night ending on `wakeDate`, or null when there is none (flight, band on the charger). */
export function planNight(
	calendar: Calendar,
	streams: Streams,
	wakeDate: number
): SleepPlan | null {
	const rng = streams.of('night', wakeDate);
	const shape = nightShape(calendar, wakeDate, rng);
	if (!shape) return null;
	const { trip } = calendar;
	const nearTrip =
		trip !== null &&
		wakeDate >= addDays(trip.outbound, -1) &&
		wakeDate <= addDays(trip.homecoming, 2);
	// About one night in forty the band sat on the charger; never on the nights the tests single out.
	if (!nearTrip && !isClockChangeDate(wakeDate) && rng.chance(0.025)) return null;
	const tz = zoneOfNight(calendar, wakeDate);
	const bed = wallClock(wakeDate, Math.round(shape.bedMin), tz);
	let wake = wallClock(wakeDate, Math.round(shape.wakeMin), tz);
	let smartAlarmFire = 0;
	if (shape.alarm && rng.chance(0.45)) {
		// the smart alarm caught a light phase a little early; she got up a few minutes later
		const fire = wake - 60 * rng.int(3, 22);
		smartAlarmFire = fire;
		wake = fire + 60 * rng.int(1, 6);
	}
	const asleep = bed + 60 * rng.int(shape.latency[0], shape.latency[1]);
	return {
		date: wakeDate,
		subType: 0,
		tz,
		bed,
		wake,
		phases: planPhases(rng, asleep, wake, shape.restless, false),
		smartAlarmFire
	};
}

/** An afternoon nap on `dateInt`, or null. */
export function planNap(calendar: Calendar, streams: Streams, dateInt: number): SleepPlan | null {
	const rng = streams.of('nap', dateInt);
	const weekday = weekdayOfDate(dateInt);
	const period = periodOf(calendar, dateInt);
	const jetLagged = calendar.trip !== null && dateInt === calendar.trip.homecoming;
	const likely = jetLagged
		? 1
		: period === 'sick'
			? 0.6
			: weekday === 0 || weekday === 6
				? period === 'holiday'
					? 0.05
					: 0.22
				: 0;
	if (!rng.chance(likely)) return null;
	const tz = zoneOfNight(calendar, dateInt);
	const power = !jetLagged && rng.chance(0.4);
	const bed = wallClock(dateInt, rng.int(13 * 60 + 30, 16 * 60), tz);
	const length = power ? rng.int(18, 32) : rng.int(45, 100);
	const wake = bed + 60 * length;
	const asleep = bed + 60 * rng.int(2, power ? 6 : 12);
	return {
		date: dateInt,
		subType: power ? 1 : 2,
		tz,
		bed,
		wake,
		phases: planPhases(rng, asleep, wake, 0.5, true),
		smartAlarmFire: 0
	};
}
