// Bedtime and wake times as offsets from the midnight that starts each night's wake date, and their regularity.
import type { Sleep, TrendsV10, TrendsV11 } from '$lib/api';
import { normalizeTz, offsetSeconds, parseDateInt } from '$lib/time/zone';
import { isNap, nightDate } from './sleep';
import { interquartileRange, median } from './stats';
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

/** The bedtime fields of one trends bucket (present in both versions). */
interface TrendTimes {
	s_bedtime?: number | null;
	s_asleep_time?: number | null;
	s_awake_time?: number | null;
	n_bedtime?: number | null;
	n_asleep_time?: number | null;
	n_awake_time?: number | null;
}

/**
 * Nights (and naps, `nap: true`) from a trends record of either version: `s_bedtime`,
 * `s_asleep_time`, `s_awake_time` are already offsets from the wake date's midnight; `n_*` the
 * same for the day's nap. A bucket without both a bedtime and a wake time gives no entry.
 * Sorted by date ascending (trends run backwards).
 */
export function bedtimeNightsFromTrends(trends: TrendsV10 | TrendsV11): BedtimeNight[] {
	const nights: BedtimeNight[] = [];
	for (const [dateInt, values] of trends.data) {
		const times: TrendTimes = values;
		if (isNumber(times.s_bedtime) && isNumber(times.s_awake_time)) {
			nights.push({
				dateInt,
				bedtimeOffset: times.s_bedtime,
				asleepOffset: times.s_asleep_time ?? null,
				wakeOffset: times.s_awake_time,
				nap: false
			});
		}
		if (isNumber(times.n_bedtime) && isNumber(times.n_awake_time)) {
			nights.push({
				dateInt,
				bedtimeOffset: times.n_bedtime,
				asleepOffset: times.n_asleep_time ?? null,
				wakeOffset: times.n_awake_time,
				nap: true
			});
		}
	}
	return nights.sort((a, b) => a.dateInt - b.dateInt || Number(a.nap) - Number(b.nap));
}

function isNumber(value: number | null | undefined): value is number {
	return typeof value === 'number' && Number.isFinite(value);
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
	const medianBedtime = median(bedtimes);
	const medianWake = median(wakes);
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
