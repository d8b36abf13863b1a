// Bedtime and wake times as offsets from the midnight that starts each night's wake date, and their regularity.
import type { Sleep } from '$lib/api';
import { normalizeTz, offsetSeconds, parseDateInt } from '$lib/time/zone';
import { isNap, nightDate } from './sleep';
import { median, quantile } from 'd3-array';
import type { BedtimeNight } from './types';

/**
 * Wall-clock seconds from 00:00 of `dateInt` to the instant, in `tz`. Wall-clock on purpose: on
 * the spring-forward night a 07:00 wake reads 25200 (7 h on the clock) although only 6 real
 * hours passed since midnight; a bedtime of 23:00 the evening before reads -3600 either way. This
 * matches how trends report `s_*` times and how a person reads a clock, so nights either side of
 * a clock change line up on one axis.
 */
export function wallClockOffset(epochSec: number, tz: string, dateInt: number): number {
	const { year, month, day } = parseDateInt(dateInt);
	const midnightLabel = Date.UTC(year, month - 1, day) / 1000;
	return epochSec + offsetSeconds(epochSec, tz) - midnightLabel;
}

/**
 * A sleep's bedtime, falling-asleep and wake times as wall-clock offsets (see wallClockOffset)
 * from the local midnight that starts its wake date, in the sleep's own zone.
 */
export function bedtimeNight(sleep: Sleep): BedtimeNight {
	const tz = normalizeTz(sleep.details.tz);
	const dateInt = nightDate(sleep);
	const asleep = sleep.details.asleep_time;
	const asleepKnown =
		asleep !== null && asleep >= sleep.time_created && asleep <= sleep.time_completed;
	return {
		dateInt,
		bedtimeOffset: wallClockOffset(sleep.time_created, tz, dateInt),
		asleepOffset: asleepKnown ? wallClockOffset(asleep, tz, dateInt) : null,
		wakeOffset: wallClockOffset(sleep.time_completed, tz, dateInt),
		nap: isNap(sleep)
	};
}

export interface BedtimeRegularity {
	/** Seconds from midnight; null with no nights. */
	medianBedtime: number | null;
	medianWake: number | null;
	/** Interquartile ranges, seconds. */
	bedtimeSpread: number | null;
	wakeSpread: number | null;
	/** Share (0-1) of nights with both bedtime and wake within 30 min of their medians. */
	shareWithin30min: number | null;
	/** Nights counted (naps are left out). */
	nights: number;
}

const HALF_HOUR = 1800;

/** How regular bedtimes and wake times are, over nights only (naps ignored). */
export function bedtimeRegularity(nights: readonly BedtimeNight[]): BedtimeRegularity {
	const counted = nights.filter((night) => !night.nap);
	const bedtimes = counted.map((night) => night.bedtimeOffset);
	const wakes = counted.map((night) => night.wakeOffset);
	const medianBedtime = median(bedtimes) ?? null;
	const medianWake = median(wakes) ?? null;
	let within = 0;
	if (medianBedtime !== null && medianWake !== null) {
		for (const night of counted) {
			if (
				Math.abs(night.bedtimeOffset - medianBedtime) <= HALF_HOUR &&
				Math.abs(night.wakeOffset - medianWake) <= HALF_HOUR
			) {
				within++;
			}
		}
	}
	return {
		medianBedtime,
		medianWake,
		bedtimeSpread: interquartileRange(bedtimes),
		wakeSpread: interquartileRange(wakes),
		shareWithin30min: counted.length === 0 ? null : within / counted.length,
		nights: counted.length
	};
}

/** Q3 − Q1 of the values (d3-array's quantiles), or null for none. */
function interquartileRange(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	return (quantile(values, 0.75) ?? 0) - (quantile(values, 0.25) ?? 0);
}
