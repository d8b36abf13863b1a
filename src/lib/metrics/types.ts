// Shapes of the numbers every chart and table shows: produced by the pure functions in this folder.

/** One local hour of a move's day. */
export interface HourlyBin {
	/** 0-23, local hour in the zone in effect at that hour. */
	hour: number;
	/** `YYYYMMDDHH` key of hourly_totals. */
	key: string;
	/** Epoch seconds at which the bin starts. */
	start: number;
	tz: string;
	steps: number | null;
	calories: number | null;
	distance: number | null;
	active_time: number | null;
	/** Mean of the same hour over the last 4 same weekdays. */
	usual: number | null;
	/** No record because the hour had not begun when the data was read (see `withPending`). */
	pending?: boolean;
	/** The hour the data was read in: its value is the hour so far (see `withUnderway`). */
	underway?: boolean;
}

export type SleepPhase = 'latency' | 'awake' | 'rem' | 'light' | 'deep';

export interface HypnogramSegment {
	start: number;
	end: number;
	phase: SleepPhase;
}

export interface Hypnogram {
	xid: string;
	tz: string;
	/** Wake date. */
	dateInt: number;
	bedtime: number;
	asleep: number | null;
	wake: number;
	segments: HypnogramSegment[];
	totals: {
		latency: number;
		awake: number;
		/** REM seconds: 0 for a band's night, which records no REM. */
		rem: number;
		light: number;
		deep: number;
		asleep: number;
		inBed: number;
	};
	/**
	 * Where the segments come from: the phase ticks, or (no ticks) the record's details, drawn as
	 * one 'light' segment after the latency because the order of phases is unknown. Optional so
	 * hand-built hypnograms need not set it; the metric functions always do.
	 */
	source?: 'ticks' | 'details';
}

export interface NightPhaseTotals {
	dateInt: number;
	xid: string;
	latency: number;
	awake: number;
	rem: number;
	light: number;
	deep: number;
}

export interface BedtimeNight {
	dateInt: number;
	/** Seconds relative to local midnight starting dateInt; negative = before. */
	bedtimeOffset: number;
	asleepOffset: number | null;
	wakeOffset: number;
	nap: boolean;
}

export interface GoalGauge {
	goal: 'steps' | 'sleep' | 'intake_calories';
	/** Negative = exceeded. */
	remaining: number;
	target: number | null;
	achieved: number | null;
	unit: 'steps' | 'seconds' | 'kcal';
	exceeded: boolean;
}

export interface DailyAttainment {
	dateInt: number;
	value: number | null;
	target: number | null;
	ratio: number | null;
	met: boolean | null;
}

export interface DayHourGrid {
	/** YYYYMMDD ascending. */
	dates: number[];
	/** dates.length * 24, NaN = no data. */
	values: Float64Array;
	max: number;
}

export interface SeriesPoint {
	dateInt: number;
	value: number | null;
}

export interface Series {
	id: string;
	label: string;
	unit: string;
	points: SeriesPoint[];
}
