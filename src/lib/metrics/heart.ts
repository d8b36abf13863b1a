// Resting heart rate against the person's own baseline: a rolling median with a band of half the interquartile range each side.
import type { HeartRate } from '$lib/api';
import { addDays } from '$lib/time/zone';
import { ascending, quantileSorted } from 'd3-array';

/** One resting heart rate, on the local date it was captured. */
export interface HeartReading {
	/** Local date of the capture, `YYYYMMDD`. */
	date: number;
	/** Beats per minute. */
	bpm: number;
	/** Epoch seconds of the capture. */
	time: number;
	/** The zone it was captured in. */
	tz: string;
}

/**
 * Where a reading sits against the baseline of the days before it: below the band, within it, a
 * little higher than usual (over the band, but less than `WELL_ABOVE_BPM` over the median: the
 * day-to-day wobble of a resting heart rate), or well above it (a meaningful rise, as a cold, a
 * late night or a hard day bring).
 */
export type HeartZone = 'below' | 'within' | 'higher' | 'above';

/** Beats a minute over the baseline's median from which a reading is well above it. */
export const WELL_ABOVE_BPM = 5;

export interface BaselinePoint extends HeartReading {
	/** Median of the readings in the window before this date; null without enough of them. */
	median: number | null;
	/** Median minus and plus half the interquartile range. */
	low: number | null;
	high: number | null;
	/** How many readings the baseline rests on. */
	n: number;
	/** The reading's zone, or null while there is no baseline yet. */
	zone: HeartZone | null;
}

export interface BaselineOptions {
	/** Calendar days before a reading that make its baseline. Default 28. */
	windowDays?: number;
	/** Fewest readings in the window for a baseline to be shown. Default 7. */
	minReadings?: number;
}

export const BASELINE_WINDOW_DAYS = 28;
export const BASELINE_MIN_READINGS = 7;

/** How the baseline is made, in words for the page. */
export const BASELINE_RULE =
	'Baseline: the median of your resting heart rate over the 28 days before each reading, ± half the spread of the middle half of those readings (at least 7 readings). A reading 5 bpm or more over the median is well above it; less is a little higher than usual.';

/**
 * Readings from the API's records, one per local date (the latest capture of a date wins: a day
 * of travel may hold two captures, a band worn across the date line), oldest first.
 */
export function heartReadings(records: readonly HeartRate[]): HeartReading[] {
	const byDate = new Map<number, HeartReading>();
	for (const record of records) {
		const bpm = record.resting_heartrate;
		if (bpm === null || !Number.isFinite(bpm) || bpm <= 0) continue;
		const reading: HeartReading = {
			date: record.date,
			bpm,
			time: record.time_created,
			tz: record.details.tz
		};
		const previous = byDate.get(record.date);
		if (!previous || previous.time < reading.time) byDate.set(record.date, reading);
	}
	return [...byDate.values()].sort((a, b) => a.date - b.date);
}

/**
 * Each reading with the baseline of the calendar days before it (not counting its own day), so a
 * reading is judged against what was usual until then. Windows are counted in local dates, so a
 * clock change or a flight across zones neither shortens nor lengthens them.
 */
export function heartBaseline(
	readings: readonly HeartReading[],
	options: BaselineOptions = {}
): BaselinePoint[] {
	const windowDays = options.windowDays ?? BASELINE_WINDOW_DAYS;
	const minReadings = options.minReadings ?? BASELINE_MIN_READINGS;
	const sorted = [...readings].sort((a, b) => a.date - b.date);
	let start = 0;
	return sorted.map((reading, index) => {
		const from = addDays(reading.date, -windowDays);
		while (start < index && (sorted[start]?.date ?? 0) < from) start++;
		const window = sorted.slice(start, index).filter((r) => r.date < reading.date);
		const values = window.map((r) => r.bpm).sort(ascending);
		if (values.length < minReadings) {
			return { ...reading, median: null, low: null, high: null, n: values.length, zone: null };
		}
		const median = quantileSorted(values, 0.5) ?? 0;
		const halfSpread =
			((quantileSorted(values, 0.75) ?? 0) - (quantileSorted(values, 0.25) ?? 0)) / 2;
		const low = median - halfSpread;
		const high = median + halfSpread;
		const zone: HeartZone =
			reading.bpm < low
				? 'below'
				: reading.bpm <= high
					? 'within'
					: reading.bpm - median >= WELL_ABOVE_BPM
						? 'above'
						: 'higher';
		return { ...reading, median, low, high, n: values.length, zone };
	});
}

/** The zone in words. */
export const heartZoneLabel: Record<HeartZone, string> = {
	below: 'below your baseline',
	within: 'within your baseline',
	higher: 'a little higher than usual',
	above: 'well above your baseline'
};

export interface HeartSummary {
	/** The latest reading of the span, or null. */
	latest: BaselinePoint | null;
	/** Mean of the span's readings, rounded to a tenth. */
	average: number | null;
	lowest: number | null;
	highest: number | null;
	/** How many readings fell in each zone. */
	zones: Record<HeartZone, number>;
	count: number;
}

export function heartSummary(points: readonly BaselinePoint[]): HeartSummary {
	const zones: Record<HeartZone, number> = { below: 0, within: 0, higher: 0, above: 0 };
	let sum = 0;
	let lowest: number | null = null;
	let highest: number | null = null;
	for (const point of points) {
		sum += point.bpm;
		lowest = lowest === null ? point.bpm : Math.min(lowest, point.bpm);
		highest = highest === null ? point.bpm : Math.max(highest, point.bpm);
		if (point.zone) zones[point.zone]++;
	}
	return {
		latest: points.at(-1) ?? null,
		average: points.length === 0 ? null : Math.round((sum / points.length) * 10) / 10,
		lowest,
		highest,
		zones,
		count: points.length
	};
}
