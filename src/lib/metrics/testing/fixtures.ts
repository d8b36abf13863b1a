// Small typed records for the metric tests: a Berlin user across both 2026 clock changes and one trip to New York.
import type {
	GoalsV11,
	HourlyTotal,
	Move,
	MoveTick,
	Sleep,
	SleepTick,
	TrendValuesV10,
	TrendValuesV11,
	TrendsV10,
	TrendsV11
} from '$lib/api';
import { addDays, localDateInt, startOfLocalDay, zonedToEpoch } from '$lib/time/zone';
import { hourKeyOf } from '../hourly';

export const BERLIN = 'Europe/Berlin';
export const NEW_YORK = 'America/New_York';

/** Epoch of a wall-clock time of a date in a zone. */
export function at(dateInt: number, hour: number, minute: number, tz: string): number {
	return zonedToEpoch(
		Math.floor(dateInt / 10000),
		Math.floor(dateInt / 100) % 100,
		dateInt % 100,
		hour,
		minute,
		0,
		tz
	);
}

/** An hour's totals from its steps, with the band's usual ratios (0.74 m per step, 62 kcal BMR). */
export function hourlyTotal(steps: number): HourlyTotal {
	return {
		distance: Math.round(steps * 0.74),
		calories: Math.round((steps * 0.045 + 62) * 10) / 10,
		steps,
		active_time: Math.min(3600, Math.round(steps * 0.55)),
		inactive_time: Math.max(0, 3600 - Math.round(steps * 0.55)),
		longest_active_time: Math.min(3600, Math.round(steps * 0.3)),
		longest_idle_time: Math.max(0, 3600 - Math.round(steps * 0.6))
	};
}

// An office worker's weekday: a morning walk, lunch, the commute home and an evening stroll.
export const WORKDAY_STEPS: readonly (number | null)[] = [
	null,
	null,
	null,
	null,
	null,
	null,
	310,
	1450,
	980,
	420,
	380,
	610,
	1320,
	540,
	300,
	450,
	520,
	1680,
	1210,
	640,
	890,
	260,
	80,
	null
];

export interface MoveOptions {
	date: number;
	tz?: string;
	tzs?: [number, string][];
	/** Steps per key hour 0-23; null leaves the key out (no activity). */
	steps?: readonly (number | null)[];
	/** Extra or replacing hourly_totals entries by full key. */
	extraTotals?: Record<string, HourlyTotal>;
	/** Last band update; default 06:00 the next morning in the move's zone. */
	timeCompleted?: number;
	xid?: string;
}

/** A move whose daily details add up from its hourly totals. */
export function makeMove(options: MoveOptions): Move {
	const tz = options.tz ?? BERLIN;
	const hourly_totals: Record<string, HourlyTotal> = {};
	(options.steps ?? WORKDAY_STEPS).forEach((steps, hour) => {
		if (steps !== null) hourly_totals[hourKeyOf(options.date, hour)] = hourlyTotal(steps);
	});
	Object.assign(hourly_totals, options.extraTotals ?? {});
	let steps = 0;
	let distance = 0;
	let activeTime = 0;
	let calories = 0;
	for (const total of Object.values(hourly_totals)) {
		steps += total.steps ?? 0;
		distance += total.distance ?? 0;
		activeTime += total.active_time ?? 0;
		calories += total.calories ?? 0;
	}
	const dayStart = startOfLocalDay(options.date, tz);
	const timeCompleted = options.timeCompleted ?? at(addDays(options.date, 1), 6, 0, tz);
	return {
		xid: options.xid ?? `move-${options.date}`,
		title: `${steps} steps`,
		type: 'move',
		time_created: dayStart + 7 * 3600,
		time_updated: timeCompleted,
		time_completed: timeCompleted,
		date: options.date,
		details: {
			distance,
			km: distance / 1000,
			steps,
			active_time: activeTime,
			longest_active: 1900,
			inactive_time: 86400 - activeTime,
			longest_idle: 14000,
			calories: Math.round(calories),
			bmr_day: 1488,
			bmr: 1488,
			bg_calories: Math.round(steps * 0.045),
			wo_calories: 0,
			wo_time: 0,
			wo_active_time: 0,
			wo_count: 0,
			wo_longest: 0,
			tz,
			...(options.tzs ? { tzs: options.tzs } : {}),
			hourly_totals
		}
	};
}

/** Monday 23 March 2026, an ordinary workday in Berlin. */
export const workdayMove = makeMove({ date: 20260323 });

/** Sunday 29 March 2026: Berlin's clocks jump from 02:00 to 03:00, so there is no key ...02. */
export const springForwardMove = makeMove({
	date: 20260329,
	steps: [
		120,
		40,
		null,
		15,
		null,
		null,
		null,
		200,
		900,
		1500,
		2100,
		800,
		700,
		400,
		1900,
		2200,
		600,
		300,
		250,
		400,
		300,
		150,
		60,
		null
	]
});

/**
 * Sunday 25 October 2026: Berlin's clocks fall back from 03:00 to 02:00; the key ...02 holds both
 * 02 hours (90 steps in the first, 45 in the second).
 */
export const autumnMove = makeMove({
	date: 20261025,
	steps: [
		200,
		80,
		135,
		10,
		null,
		null,
		null,
		150,
		700,
		1400,
		2300,
		900,
		650,
		500,
		1700,
		2000,
		700,
		350,
		300,
		450,
		260,
		120,
		40,
		null
	]
});

/** Where the trip's zone changes: landing at JFK at 13:00 New York time = 19:00 Berlin time. */
export const TRIP_DATE = 20260710;
export const TRIP_LANDING = at(TRIP_DATE, 13, 0, NEW_YORK);

/**
 * Friday 10 July 2026, Berlin -> New York: Berlin hours 00-18, then New York hours 13-23. Wall
 * hours 13-18 happen twice (the keys hold both), and there are 30 real hours in the day.
 */
export const tripMove = makeMove({
	date: TRIP_DATE,
	tz: BERLIN,
	tzs: [
		[startOfLocalDay(TRIP_DATE, BERLIN), BERLIN],
		[TRIP_LANDING, NEW_YORK]
	],
	steps: [
		null,
		null,
		null,
		null,
		null,
		null,
		400,
		1800,
		2500,
		900,
		300,
		200,
		150,
		1300,
		900,
		700,
		1100,
		600,
		400,
		2200,
		800,
		500,
		300,
		100
	],
	timeCompleted: at(addDays(TRIP_DATE, 1), 7, 0, NEW_YORK)
});

/** Minute ticks of one Berlin hour: 60 buckets of `steps` each. */
export function minuteTicks(start: number, minutes: number, stepsPerMinute: number): MoveTick[] {
	const ticks: MoveTick[] = [];
	for (let i = 0; i < minutes; i++) {
		ticks.push({
			distance: Math.round(stepsPerMinute * 0.74),
			time_completed: start + i * 60 + 60,
			active_time: stepsPerMinute > 0 ? 60 : 0,
			calories: Math.round(stepsPerMinute * 0.045 * 10) / 10,
			steps: stepsPerMinute,
			time: start + i * 60,
			speed: stepsPerMinute > 0 ? (stepsPerMinute * 0.74) / 60 : 0
		});
	}
	return ticks;
}

export interface SleepOptions {
	xid?: string;
	tz?: string;
	bedtime: number;
	wake: number;
	/** [minutes after bedtime, depth]: each phase lasts until the next, the last until waking. */
	phases: readonly (readonly [number, 1 | 2 | 3 | 4])[];
	subType?: 0 | 1 | 2;
}

export interface SleepFixture {
	sleep: Sleep;
	ticks: SleepTick[];
}

/** A consistent sleep: details add up from its ticks (duration = latency + awake + light + deep). */
export function makeSleep(options: SleepOptions): SleepFixture {
	const tz = options.tz ?? BERLIN;
	const ticks: SleepTick[] = options.phases.map(([minutes, depth]) => ({
		depth,
		time: options.bedtime + minutes * 60
	}));
	const seconds = { 1: 0, 2: 0, 3: 0, 4: 0 };
	let awakenings = 0;
	ticks.forEach((tick, i) => {
		const end = ticks[i + 1]?.time ?? options.wake;
		seconds[tick.depth] += end - tick.time;
		if (tick.depth === 1 && i > 0) awakenings++;
	});
	const asleep = ticks[0]?.time ?? null;
	return {
		ticks,
		sleep: {
			xid: options.xid ?? `sleep-${options.wake}`,
			title: 'for 7h 30m',
			sub_type: options.subType ?? 0,
			time_created: options.bedtime,
			time_completed: options.wake,
			date: localDateInt(options.wake, tz),
			place_lat: null,
			place_lon: null,
			place_acc: null,
			place_name: null,
			details: {
				smart_alarm_fire: 0,
				awake_time: options.wake,
				asleep_time: asleep,
				awakenings,
				rem: seconds[4],
				light: seconds[2],
				deep: seconds[3],
				awake: seconds[1],
				duration: options.wake - options.bedtime,
				tz
			}
		}
	};
}

// A typical night's architecture: deep early, light and brief waking later on.
const NIGHT_PHASES: readonly (readonly [number, 1 | 2 | 3])[] = [
	[15, 2],
	[40, 3],
	[110, 2],
	[170, 3],
	[215, 2],
	[290, 1],
	[300, 2],
	[360, 3],
	[390, 2],
	[450, 1]
];

/** Sunday night into Monday 23 March 2026, Berlin: bed 23:10, wake 06:55 (465 minutes). */
export const ordinaryNight = makeSleep({
	xid: 'night-20260323',
	bedtime: at(20260322, 23, 10, BERLIN),
	wake: at(20260323, 6, 55, BERLIN),
	phases: NIGHT_PHASES
});

/** Saturday into Sunday 29 March 2026: bed 23:00 CET, wake 07:00 CEST, 7 real hours. */
export const springForwardNight = makeSleep({
	xid: 'night-20260329',
	bedtime: at(20260328, 23, 0, BERLIN),
	wake: at(20260329, 7, 0, BERLIN),
	phases: NIGHT_PHASES.filter(([minutes]) => minutes < 420)
});

/** Saturday into Sunday 25 October 2026: bed 23:30 CEST, wake 06:30 CET, 8 real hours. */
export const autumnNight = makeSleep({
	xid: 'night-20261025',
	bedtime: at(20261024, 23, 30, BERLIN),
	wake: at(20261025, 6, 30, BERLIN),
	phases: NIGHT_PHASES
});

/** A 25-minute afternoon nap on Monday 23 March 2026. */
export const afternoonNap = makeSleep({
	xid: 'nap-20260323',
	bedtime: at(20260323, 14, 0, BERLIN),
	wake: at(20260323, 14, 25, BERLIN),
	phases: [
		[5, 2],
		[20, 1]
	],
	subType: 2
});

/** A bucket of v.1.1 trends with nothing in it (every field null, as for a day without data). */
function emptyValuesV11(): TrendValuesV11 {
	return {};
}

/** Three days of v.1.1 trends, newest first as the API sends them; the middle day had no nap. */
export const trendsV11: TrendsV11 = {
	earliest: 20250101,
	data: [
		[
			20260323,
			{
				...emptyValuesV11(),
				m_steps: 10560,
				s_bedtime: -3000,
				s_asleep_time: -2100,
				s_awake_time: 24900,
				s_sound: 7800,
				s_light: 16800,
				s_duration: 27900,
				n_bedtime: 50400,
				n_asleep_time: 50700,
				n_awake_time: 51900,
				n_sound: 0,
				gender: 1,
				goal_body_weight: 70
			}
		],
		[
			20260322,
			{ m_steps: 6200, s_bedtime: 1200, s_awake_time: 30600, s_sound: 6000, n_bedtime: null }
		],
		[20260321, { m_steps: null, s_bedtime: -5400, s_awake_time: 27000 }]
	]
};

/** The same kind of data as v.1.0 sends it: `s_deep`/`n_deep`, boolean gender. */
export const trendsV10: TrendsV10 = {
	earliest: 20250101,
	data: [
		[
			20260323,
			{ m_steps: 10560, s_deep: 7800, n_deep: 600, gender: true } satisfies TrendValuesV10
		],
		[
			20260322,
			{ m_steps: 6200, s_deep: 6000, gender: false, n_bedtime: 52200, n_awake_time: 54000 }
		]
	]
};

/** A v.1.1 goals record with every scope: 1,840 steps to go, 25 minutes of sleep over the goal. */
export const goalsAllScopes: GoalsV11 = {
	move_steps: 10000,
	sleep_total: 27000,
	body_weight: 70,
	body_weight_intent: 1,
	remaining_for_day: {
		intake_calories_remaining: 312.5,
		move_steps_remaining: 1840,
		sleep_seconds_remaining: -1500
	}
};

/** Deterministic pseudo-random numbers (mulberry32) for bulk fixtures. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** `days` consecutive Berlin moves ending `lastDate`, with workday-like random hourly steps. */
export function manyMoves(lastDate: number, days: number, seed = 7): Move[] {
	const random = seededRandom(seed);
	const moves: Move[] = [];
	for (let i = days - 1; i >= 0; i--) {
		const date = addDays(lastDate, -i);
		const steps = WORKDAY_STEPS.map((base) =>
			base === null ? null : Math.round(base * (0.5 + random()))
		);
		moves.push(makeMove({ date, steps }));
	}
	return moves;
}
