// Named, realistic chart inputs for snapshot tests and demos (Europe/Berlin user, fixed dates).
import type {
	BedtimeNight,
	DailyAttainment,
	DayHourGrid,
	GoalGauge,
	HourlyBin,
	Hypnogram,
	HypnogramSegment,
	NightPhaseTotals,
	Series,
	SleepPhase
} from '$lib/metrics/types';
import type { AttainmentDay } from '../attainment-bars/attainment-bars';
import {
	addDays,
	hourKey,
	localDateInt,
	startOfLocalDay,
	zonedParts,
	zonedToEpoch
} from '$lib/time/zone';

const BERLIN = 'Europe/Berlin';

// A weekday of an office worker: a morning walk, lunch, a commute home and an evening stroll.
const WORKDAY_STEPS = [
	0, 0, 0, 0, 0, 0, 310, 1450, 980, 420, 380, 610, 1320, 540, 300, 450, 520, 1680, 1210, 640, 890,
	260, 80, 0
];
const USUAL_STEPS = [
	0, 0, 0, 0, 0, 12, 240, 1210, 1040, 390, 420, 560, 1100, 610, 350, 400, 610, 1490, 1020, 700, 560,
	310, 120, 10
];

/** Hourly bins of one local day, built hour by hour so clock changes give 23 or 25 bins. */
function hourlyDay(
	dateInt: number,
	tz: string,
	steps: readonly number[],
	hasUsual = true
): HourlyBin[] {
	const start = startOfLocalDay(dateInt, tz);
	const end = startOfLocalDay(addDays(dateInt, 1), tz);
	const bins: HourlyBin[] = [];
	for (let instant = start; instant < end; instant += 3600) {
		const { hour } = zonedParts(instant, tz);
		const value = steps[hour] ?? 0;
		bins.push({
			hour,
			key: hourKey(instant, tz),
			start: instant,
			tz,
			steps: value,
			calories: Math.round(value * 0.045 + 62),
			distance: Math.round(value * 0.74),
			active_time: Math.round(Math.min(3600, value * 0.55)),
			usual: hasUsual ? (USUAL_STEPS[hour] ?? null) : null
		});
	}
	return bins;
}

/** Monday 23 March 2026 in Berlin: an ordinary 24-hour workday. */
export const hourlyWorkday: HourlyBin[] = hourlyDay(20260323, BERLIN, WORKDAY_STEPS);

/** The workday read at 09:30: 09:00 under way with 40 steps so far, the later hours still to come. */
export const hourlyMorning: HourlyBin[] = hourlyWorkday.map((bin) =>
	bin.hour === 9
		? { ...bin, steps: 40, underway: true }
		: bin.hour > 9
			? { ...bin, steps: null, calories: null, distance: null, active_time: null, pending: true }
			: bin
);

/** Sunday 29 March 2026 in Berlin: clocks jump from 02:00 to 03:00, so the day has 23 hours. */
export const hourlySpringForward: HourlyBin[] = hourlyDay(20260329, BERLIN, WORKDAY_STEPS).map(
	(bin) => (bin.hour < 6 ? { ...bin, steps: null, calories: null, distance: null } : bin)
);

type Tick = readonly [minutesAfterAsleep: number, phase: Exclude<SleepPhase, 'latency'>];

/** A hypnogram from a bedtime, a latency and phase ticks: each phase lasts until the next tick. */
function hypnogram(
	xid: string,
	tz: string,
	bedtime: number,
	latencySec: number,
	ticks: readonly Tick[],
	wake: number
): Hypnogram {
	const asleep = bedtime + latencySec;
	const segments: HypnogramSegment[] = [{ start: bedtime, end: asleep, phase: 'latency' }];
	ticks.forEach(([minutes, phase], index) => {
		const next = ticks[index + 1];
		segments.push({
			start: asleep + minutes * 60,
			end: next ? asleep + next[0] * 60 : wake,
			phase
		});
	});
	const sum = (phase: SleepPhase) =>
		segments.filter((s) => s.phase === phase).reduce((total, s) => total + s.end - s.start, 0);
	const totals = {
		latency: sum('latency'),
		awake: sum('awake'),
		rem: sum('rem'),
		light: sum('light'),
		deep: sum('deep')
	};
	return {
		xid,
		tz,
		dateInt: localDateInt(wake, tz),
		bedtime,
		asleep,
		wake,
		segments,
		totals: {
			...totals,
			asleep: totals.light + totals.deep + totals.rem,
			inBed: wake - bedtime
		}
	};
}

const NIGHT_TICKS: readonly Tick[] = [
	[0, 'light'],
	[22, 'deep'],
	[81, 'light'],
	[118, 'awake'],
	[126, 'light'],
	[170, 'deep'],
	[214, 'light'],
	[290, 'awake'],
	[296, 'light'],
	[352, 'deep'],
	[380, 'light'],
	[430, 'awake']
];

/** An ordinary night, woken Monday 23 March 2026: bed 23:10, asleep 23:28, up 06:50. */
export const hypnogramOrdinary: Hypnogram = hypnogram(
	'night-20260323',
	BERLIN,
	zonedToEpoch(2026, 3, 22, 23, 10, 0, BERLIN),
	18 * 60,
	NIGHT_TICKS,
	zonedToEpoch(2026, 3, 23, 6, 50, 0, BERLIN)
);

/**
 * The night the clocks spring forward, woken Sunday 29 March 2026: bed 23:40 (CET), up 08:05
 * (CEST). The wall clock spans 8 h 25 min but the night lasted 7 h 25 min; 02:00 never happens.
 */
export const hypnogramSpringForward: Hypnogram = hypnogram(
	'night-20260329',
	BERLIN,
	zonedToEpoch(2026, 3, 28, 23, 40, 0, BERLIN),
	31 * 60,
	NIGHT_TICKS.slice(0, 11),
	zonedToEpoch(2026, 3, 29, 8, 5, 0, BERLIN)
);

/**
 * A night an Apple Watch recorded, with REM, woken Thursday 7 March 2019 in Berlin (the night of
 * src/lib/server/import/fixtures/apple-health-completeness.xml): bed 23:00, asleep 23:10, core
 * (light) to 01:00, deep to 02:00, REM to 02:50, light to 05:00, REM to 06:00, awake to 06:30.
 */
export const hypnogramWithRem: Hypnogram = hypnogram(
	'night-20190307',
	BERLIN,
	zonedToEpoch(2019, 3, 6, 23, 0, 0, BERLIN),
	10 * 60,
	[
		[0, 'light'],
		[110, 'deep'],
		[170, 'rem'],
		[220, 'light'],
		[350, 'rem'],
		[410, 'awake']
	],
	zonedToEpoch(2019, 3, 7, 6, 30, 0, BERLIN)
);

/** Three nights of an imported watch, with REM (wake dates 5–7 March 2019). */
export const nightTotalsWithRem: NightPhaseTotals[] = [
	{ dateInt: 20190305, xid: 'r1', latency: 600, awake: 900, rem: 5400, light: 13800, deep: 4200 },
	{ dateInt: 20190306, xid: 'r2', latency: 900, awake: 1200, rem: 0, light: 16200, deep: 3600 },
	{ dateInt: 20190307, xid: 'r3', latency: 600, awake: 1800, rem: 6600, light: 14400, deep: 3600 }
];

/** Two weeks of nights (wake dates 16–29 March 2026), the last one across the spring change. */
export const nightTotals: NightPhaseTotals[] = Array.from({ length: 14 }, (_, index) => {
	const dateInt = addDays(20260316, index);
	// Deterministic variation: weekends sleep longer, every third night is restless.
	const weekend = index % 7 === 5 || index % 7 === 6;
	const restless = index % 3 === 1;
	return {
		dateInt,
		xid: `night-${dateInt}`,
		latency: (12 + ((index * 7) % 23)) * 60,
		awake: (restless ? 48 : 18 + (index % 4) * 3) * 60,
		rem: 0,
		light: (weekend ? 268 : 236 + ((index * 11) % 31)) * 60,
		deep: (weekend ? 112 : 88 + ((index * 5) % 19)) * 60
	};
});

/** Bedtimes for the same fortnight, with two afternoon naps (which carry `nap: true`). */
export const bedtimeNights: BedtimeNight[] = [
	...nightTotals.map((night, index): BedtimeNight => {
		const bedtimeOffset = -(50 + ((index * 17) % 95)) * 60;
		const asleepOffset = bedtimeOffset + night.latency;
		return {
			dateInt: night.dateInt,
			bedtimeOffset,
			asleepOffset,
			wakeOffset: asleepOffset + night.awake + night.light + night.deep,
			nap: false
		};
	}),
	{
		dateInt: 20260321,
		bedtimeOffset: 14 * 3600 + 20 * 60,
		asleepOffset: 14 * 3600 + 31 * 60,
		wakeOffset: 15 * 3600 + 5 * 60,
		nap: true
	},
	{
		dateInt: 20260328,
		bedtimeOffset: 15 * 3600,
		asleepOffset: null,
		wakeOffset: 15 * 3600 + 25 * 60,
		nap: true
	}
];

/** Monday 30 March 2026 at 20:00: steps nearly done, sleep target exceeded, 312 kcal eaten past the day's 2,000 kcal budget. */
export const goalGauges: GoalGauge[] = [
	{ goal: 'steps', remaining: 1840, target: 10000, achieved: 8160, unit: 'steps', exceeded: false },
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
		remaining: -312,
		target: 2000,
		achieved: 2312,
		unit: 'kcal',
		exceeded: true
	}
];

/** Daily step attainment for March 2026 against a 10,000-step target, with two days missing. */
export const stepAttainment: DailyAttainment[] = Array.from({ length: 31 }, (_, index) => {
	const dateInt = addDays(20260301, index);
	if (index === 9 || index === 10)
		return { dateInt, value: null, target: 10000, ratio: null, met: null };
	const value = 5200 + ((index * 2713) % 7900);
	return { dateInt, value, target: 10000, ratio: value / 10000, met: value >= 10000 };
});

/** The same month read on 20 March at 09:30: the 20th under way (its steps so far), later days to come. */
export const stepAttainmentUnderway: AttainmentDay[] = stepAttainment.map((day) =>
	day.dateInt < 20260320
		? { ...day, state: day.value === null ? 'none' : 'finished' }
		: day.dateInt === 20260320
			? { ...day, value: 1800, ratio: 0.18, met: null, state: 'underway' }
			: { ...day, value: null, ratio: null, met: null, state: 'future' }
);

/**
 * A year of steps per local hour (1 April 2025 – 31 March 2026): busy commutes on weekdays, late
 * mornings at weekends, a week without the band in August.
 */
export const yearGrid: DayHourGrid = (() => {
	const dates = Array.from({ length: 365 }, (_, index) => addDays(20250401, index));
	const values = new Float64Array(dates.length * 24);
	let top = 0;
	dates.forEach((dateInt, day) => {
		const weekday = (day + 2) % 7; // 1 April 2025 was a Tuesday
		const weekend = weekday === 0 || weekday === 6;
		const missing = dateInt >= 20250811 && dateInt <= 20250817;
		for (let hour = 0; hour < 24; hour += 1) {
			const base = weekend ? (USUAL_STEPS[(hour + 22) % 24] ?? 0) : (WORKDAY_STEPS[hour] ?? 0);
			const wobble = 0.75 + ((day * 31 + hour * 17) % 50) / 100;
			const value = missing ? Number.NaN : Math.round(base * wobble);
			values[day * 24 + hour] = value;
			if (value > top) top = value;
		}
	});
	return { dates, values, max: top };
})();

/** Ten years of daily resting heart rate with gaps: the LineChart's largest realistic input. */
export const decadeSeries: Series = {
	id: 'resting_heart_rate',
	label: 'Resting heart rate',
	unit: 'bpm',
	points: Array.from({ length: 3650 }, (_, index) => ({
		dateInt: addDays(20160402, index),
		value:
			index % 97 < 4
				? null
				: Math.round((62 - index / 730 + 3 * Math.sin(index / 58) + ((index * 7) % 5) - 2) * 10) /
					10
	}))
};

/** Ninety days of daily steps and sleep hours, for a trend chart with a twin right axis. */
export const stepsSeries: Series = {
	id: 'steps',
	label: 'Steps',
	unit: 'steps',
	points: Array.from({ length: 90 }, (_, index) => ({
		dateInt: addDays(20260101, index),
		value: index === 40 || index === 41 ? null : 6200 + ((index * 2713) % 6100)
	}))
};

export const sleepSeries: Series = {
	id: 'sleep',
	label: 'Sleep',
	unit: 'seconds',
	points: Array.from({ length: 90 }, (_, index) => ({
		dateInt: addDays(20260101, index),
		value: (400 + ((index * 37) % 90)) * 60
	}))
};

/** March 2026 against February 2026, overlaid by day of period (x = index). */
export const comparisonSeries: Series[] = [
	{
		id: 'march',
		label: 'March 2026',
		unit: 'steps',
		points: Array.from({ length: 31 }, (_, index) => ({
			dateInt: addDays(20260301, index),
			value: 7000 + ((index * 1931) % 5200)
		}))
	},
	{
		id: 'february',
		label: 'February 2026',
		unit: 'steps',
		points: Array.from({ length: 28 }, (_, index) => ({
			dateInt: addDays(20260201, index),
			value: index === 12 ? null : 6400 + ((index * 1543) % 4800)
		}))
	}
];

/** A night on the New York trip, woken Thursday 12 February 2026: bed 22:45, up 06:20 local. */
export const hypnogramNewYork: Hypnogram = hypnogram(
	'night-20260212-nyc',
	'America/New_York',
	zonedToEpoch(2026, 2, 11, 22, 45, 0, 'America/New_York'),
	24 * 60,
	NIGHT_TICKS.slice(0, 10),
	zonedToEpoch(2026, 2, 12, 6, 20, 0, 'America/New_York')
);
