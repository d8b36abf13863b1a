// Sleep records as nights: the wake-date rule, phase segments of the hypnogram and phase totals.
import type { Sleep, SleepTick } from '$lib/api';
import { localDateInt, normalizeTz } from '$lib/time/zone';
import type { Hypnogram, HypnogramSegment, NightPhaseTotals, SleepPhase } from './types';

const PHASE_OF_DEPTH: Record<SleepTick['depth'], Exclude<SleepPhase, 'latency'>> = {
	1: 'awake',
	2: 'light',
	3: 'deep',
	4: 'rem'
};

/** The date a sleep belongs to: the local date, in the sleep's own zone, of when the user woke. */
export function nightDate(sleep: Sleep): number {
	return localDateInt(sleep.time_completed, normalizeTz(sleep.details.tz));
}

/** Whether a sleep is a nap (sub_type 1 power nap, 2 nap) rather than a night (0). */
export function isNap(sleep: Sleep): boolean {
	return sleep.sub_type !== 0;
}

/** When the user fell asleep per the record, if it lies inside the sleep; else null. */
function recordedAsleep(sleep: Sleep): number | null {
	const asleep = sleep.details.asleep_time;
	if (asleep === null || asleep < sleep.time_created || asleep > sleep.time_completed) return null;
	return asleep;
}

/**
 * Seconds actually asleep (light + deep + rem) per the record's details; when those are all
 * missing, the duration minus time awake and time taken to fall asleep; null when nothing is known.
 */
export function asleepSeconds(sleep: Sleep): number | null {
	const { light, deep, rem, awake, duration } = sleep.details;
	if (light !== null || deep !== null || rem !== null) {
		return (light ?? 0) + (deep ?? 0) + (rem ?? 0);
	}
	if (duration === null) return null;
	const asleep = recordedAsleep(sleep);
	const latency = asleep === null ? 0 : asleep - sleep.time_created;
	return Math.max(0, duration - (awake ?? 0) - latency);
}

/**
 * Totals of a hypnogram's segments: seconds per phase, asleep = light + deep + REM, inBed = wake -
 * bedtime.
 */
export function sleepTotals(
	hypnogram: Pick<Hypnogram, 'segments' | 'bedtime' | 'wake'>
): Hypnogram['totals'] {
	const totals = { latency: 0, awake: 0, rem: 0, light: 0, deep: 0, asleep: 0, inBed: 0 };
	for (const segment of hypnogram.segments) totals[segment.phase] += segment.end - segment.start;
	totals.asleep = totals.light + totals.deep + totals.rem;
	totals.inBed = hypnogram.wake - hypnogram.bedtime;
	return totals;
}

/**
 * Ticks cleaned for drawing: sorted by time, ticks at or after waking dropped, ticks before going
 * to bed moved to bedtime, and of several ticks at one instant the last one given wins (the sort
 * is stable, so "last" is the input order).
 */
function cleanTicks(ticks: readonly SleepTick[], bedtime: number, wake: number): SleepTick[] {
	const inside = ticks
		.filter((tick) => tick.time < wake)
		.map((tick) => ({ depth: tick.depth, time: Math.max(tick.time, bedtime) }))
		.sort((a, b) => a.time - b.time);
	const cleaned: SleepTick[] = [];
	for (const tick of inside) {
		const previous = cleaned[cleaned.length - 1];
		if (previous && previous.time === tick.time) cleaned[cleaned.length - 1] = tick;
		else cleaned.push(tick);
	}
	return cleaned;
}

/**
 * The night as segments: 'latency' from going to bed to the first phase tick, then each tick's
 * phase until the next tick and the last one until waking; neighbouring segments of one phase are
 * merged. Ticks may be unsorted or repeated (see cleanTicks). With no usable ticks the segments
 * come from the details (`source: 'details'`): latency up to `details.asleep_time`, then a single
 * 'light' segment to waking, since the order of phases is unknown; the totals are then the
 * record's own per-phase seconds, not the drawn segment's.
 */
export function hypnogram(sleep: Sleep, ticks: readonly SleepTick[]): Hypnogram {
	const tz = normalizeTz(sleep.details.tz);
	const bedtime = sleep.time_created;
	const wake = Math.max(sleep.time_completed, bedtime);
	const base = { xid: sleep.xid, tz, dateInt: nightDate(sleep), bedtime, wake };
	const cleaned = cleanTicks(ticks, bedtime, wake);
	const first = cleaned[0];
	if (!first) return hypnogramFromDetails(sleep, base);

	const segments: HypnogramSegment[] = [];
	if (first.time > bedtime) segments.push({ start: bedtime, end: first.time, phase: 'latency' });
	for (let i = 0; i < cleaned.length; i++) {
		const tick = cleaned[i];
		if (!tick) continue;
		const end = cleaned[i + 1]?.time ?? wake;
		const phase = PHASE_OF_DEPTH[tick.depth];
		const previous = segments[segments.length - 1];
		if (previous && previous.phase === phase && previous.end === tick.time) previous.end = end;
		else segments.push({ start: tick.time, end, phase });
	}
	return {
		...base,
		asleep: first.time,
		segments,
		totals: sleepTotals({ segments, bedtime, wake }),
		source: 'ticks'
	};
}

function hypnogramFromDetails(
	sleep: Sleep,
	base: Pick<Hypnogram, 'xid' | 'tz' | 'dateInt' | 'bedtime' | 'wake'>
): Hypnogram {
	const asleep = recordedAsleep(sleep);
	const segments: HypnogramSegment[] = [];
	const sleepStart = asleep ?? base.bedtime;
	if (sleepStart > base.bedtime) {
		segments.push({ start: base.bedtime, end: sleepStart, phase: 'latency' });
	}
	if (base.wake > sleepStart) segments.push({ start: sleepStart, end: base.wake, phase: 'light' });
	const drawn = sleepTotals({ segments, bedtime: base.bedtime, wake: base.wake });
	const { awake, rem, light, deep } = sleep.details;
	const totals =
		awake === null && light === null && deep === null && !rem
			? drawn
			: {
					latency: drawn.latency,
					awake: awake ?? 0,
					rem: rem ?? 0,
					light: light ?? 0,
					deep: deep ?? 0,
					asleep: (light ?? 0) + (deep ?? 0) + (rem ?? 0),
					inBed: drawn.inBed
				};
	return { ...base, asleep, segments, totals, source: 'details' };
}

/**
 * Per-phase seconds of each night (naps left out), from the records' details, one entry per
 * sleep sorted by wake date then bedtime; a missing phase counts as 0. Latency is
 * `details.asleep_time - time_created` (0 when asleep_time is missing or outside the sleep).
 */
export function nightPhaseTotals(sleeps: readonly Sleep[]): NightPhaseTotals[] {
	return sleeps
		.filter((sleep) => !isNap(sleep))
		.map((sleep) => {
			const asleep = recordedAsleep(sleep);
			return {
				bedtime: sleep.time_created,
				totals: {
					dateInt: nightDate(sleep),
					xid: sleep.xid,
					latency: asleep === null ? 0 : asleep - sleep.time_created,
					awake: sleep.details.awake ?? 0,
					rem: sleep.details.rem ?? 0,
					light: sleep.details.light ?? 0,
					deep: sleep.details.deep ?? 0
				}
			};
		})
		.sort((a, b) => a.totals.dateInt - b.totals.dateInt || a.bedtime - b.bedtime)
		.map((night) => night.totals);
}
