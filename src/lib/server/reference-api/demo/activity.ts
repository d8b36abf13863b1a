// Plans each day's movement (commutes, walks, workouts), renders it minute by minute, and sums it into moves.

import { type HourTotals, MoveTally } from '$lib/api/move-tally';
import { parseDateInt, weekdayOfDate } from '$lib/time/zone';
import { localHour, localHourKey } from './fast-zone';
import { type Calendar, HOME_TZ, TRIP_TZ, dayOfYear, periodOf, zoneAt } from './calendar';
import { type SleepPlan, wallClock } from './nights';
import { PLACES, type Place } from './places';
import { type Stream, type Streams, round } from './random';

export type BoutKind = 'walk' | 'brisk' | 'stroll' | 'hike' | 'run' | 'bike' | 'lift' | 'yoga';

/** A stretch of purposeful movement; `workout` is the index into the day's workouts, if logged. */
export interface Bout {
	start: number;
	minutes: number;
	kind: BoutKind;
	workout: number | null;
}

export interface WorkoutPlan {
	subType: number;
	title: string;
	start: number;
	minutes: number;
	intensity: number;
	calories: number;
	tickWidth: 10 | 60;
	tz: string;
	place: Place | null;
}

export interface DayPlan {
	date: number;
	/** Zone at the start of the day (the move's `details.tz`). */
	tz: string;
	/** Zone changes within the day, the first at `start` (the move's `details.tzs`). */
	tzs: [number, string][];
	start: number;
	/** Local midnight ending the day (in the zone in effect then). */
	dayEnd: number;
	/** Where the data stops: `dayEnd`, or the minute of `now` on the last day. */
	end: number;
	/** Band in sleep mode or off the wrist: neither active nor inactive. */
	asleep: [number, number][];
	/** Sitting still on a plane: inactive, with only the odd walk down the aisle. */
	quiet: [number, number][];
	bouts: Bout[];
	workouts: WorkoutPlan[];
	/** How much she potters about between bouts (1 = an ordinary day). */
	busy: number;
	weekend: boolean;
	weightKg: number;
	bmrDay: number;
}

interface WorkoutKind {
	subType: number;
	title: string;
	met: number;
	kind: BoutKind;
	tickWidth: 10 | 60;
	intensity: [number, number];
}

const WORKOUT_KINDS = {
	walk: { subType: 1, title: 'Walk', met: 3.8, kind: 'brisk', tickWidth: 60, intensity: [1, 2] },
	run: { subType: 2, title: 'Run', met: 9.3, kind: 'run', tickWidth: 10, intensity: [3, 4] },
	lift: {
		subType: 3,
		title: 'Lift weights',
		met: 5,
		kind: 'lift',
		tickWidth: 60,
		intensity: [2, 4]
	},
	yoga: { subType: 6, title: 'Yoga', met: 2.8, kind: 'yoga', tickWidth: 60, intensity: [1, 2] },
	bike: { subType: 14, title: 'Bike', met: 7.2, kind: 'bike', tickWidth: 10, intensity: [2, 4] },
	hike: { subType: 24, title: 'Hike', met: 6, kind: 'hike', tickWidth: 60, intensity: [3, 5] }
} satisfies Record<string, WorkoutKind>;

type WorkoutName = keyof typeof WORKOUT_KINDS;

/** 0.82 in the darkest weeks to 1.12 in high summer: she moves less in winter. */
export function seasonFactor(dateInt: number): number {
	return round(0.97 - 0.15 * Math.cos((2 * Math.PI * (dayOfYear(dateInt) - 20)) / 365), 3);
}

function overlaps(a0: number, a1: number, b0: number, b1: number): boolean {
	return a0 < b1 && b0 < a1;
}

class DayBuilder {
	readonly bouts: Bout[] = [];
	readonly workouts: WorkoutPlan[] = [];

	constructor(
		readonly plan: Omit<DayPlan, 'bouts' | 'workouts'>,
		readonly rng: Stream,
		readonly localTz: string,
		readonly calendar: Calendar
	) {}

	at(minutes: number, tz = this.localTz): number {
		return wallClock(this.plan.date, minutes, tz);
	}

	private free(start: number, end: number): boolean {
		if (start < this.plan.start || end > this.plan.dayEnd) return false;
		for (const [a, b] of this.plan.asleep) if (overlaps(start, end, a, b)) return false;
		for (const [a, b] of this.plan.quiet) if (overlaps(start, end, a, b)) return false;
		for (const bout of this.bouts) {
			if (overlaps(start, end, bout.start - 300, bout.start + bout.minutes * 60 + 300))
				return false;
		}
		return true;
	}

	/** Places a bout at the first free slot from `start`, within two hours; false if none. */
	bout(start: number, minutes: number, kind: BoutKind, workout: number | null = null): boolean {
		const length = Math.max(1, Math.round(minutes));
		for (let shift = 0; shift <= 120; shift += 10) {
			const from = start + shift * 60;
			if (this.free(from, from + length * 60)) {
				this.bouts.push({ start: from, minutes: length, kind, workout });
				return true;
			}
		}
		return false;
	}

	workout(name: WorkoutName, start: number, minutes: number, place: Place | null): void {
		const kind: WorkoutKind = WORKOUT_KINDS[name];
		const index = this.workouts.length;
		if (!this.bout(start, minutes, kind.kind, index)) return;
		const bout = this.bouts[this.bouts.length - 1];
		if (!bout) return;
		const intensity = this.rng.int(kind.intensity[0], kind.intensity[1]);
		const hours = (bout.minutes * 60) / 3600;
		const effort = 0.85 + 0.075 * intensity;
		this.workouts.push({
			subType: kind.subType,
			title: kind.title,
			start: bout.start,
			minutes: bout.minutes,
			intensity,
			calories: Math.round(kind.met * this.plan.weightKg * hours * effort),
			tickWidth: kind.tickWidth,
			tz: zoneAt(this.calendar, bout.start),
			place: place ? { ...place, acc: place.acc + this.rng.int(0, 20) } : null
		});
	}
}

const BERLIN_OUTDOORS = [
	PLACES.tiergarten,
	PLACES.tempelhof,
	PLACES.landwehrkanal,
	PLACES.grunewald
];

function planOrdinaryDay(b: DayBuilder, wake: number, season: number, motivated: boolean): void {
	const { rng } = b;
	const weekday = weekdayOfDate(b.plan.date);
	const warm = season > 1;
	if (!b.plan.weekend) {
		// to the office: walk to the S-Bahn, ride, walk the last stretch; the same home again
		const leave = wake + 60 * rng.int(45, 70);
		const toStation = rng.int(9, 15);
		b.bout(leave, toStation, 'walk');
		b.bout(leave + (toStation + 24) * 60, rng.int(5, 9), 'walk');
		if (motivated || rng.chance(0.72 * season)) {
			b.bout(
				b.at(rng.int(12 * 60 + 5, 12 * 60 + 40)),
				rng.int(14, 32) * (motivated ? 1.3 : 1) * season,
				'walk'
			);
		}
		const home = b.at(rng.int(17 * 60 + 10, 18 * 60 + 15));
		const fromOffice = rng.int(5, 9);
		b.bout(home, fromOffice, 'walk');
		b.bout(home + (fromOffice + 24) * 60, rng.int(9, 15), 'walk');
		if (weekday === 2 && rng.chance(motivated ? 0.95 : 0.75)) {
			b.workout(
				'run',
				b.at(rng.int(19 * 60, 19 * 60 + 25)),
				rng.int(28, 52),
				rng.pick(BERLIN_OUTDOORS)
			);
		}
		if (weekday === 4 && rng.chance(0.8)) {
			const lift = rng.chance(0.55);
			b.workout(
				lift ? 'lift' : 'yoga',
				b.at(rng.int(19 * 60 + 10, 19 * 60 + 40)),
				rng.int(45, 70),
				lift ? PLACES.gym : PLACES.yoga
			);
		}
		if (weekday === 3 && rng.chance(motivated ? 0.5 : 0.25)) {
			b.workout(
				'walk',
				b.at(rng.int(19 * 60 + 20, 20 * 60)),
				rng.int(30, 50),
				PLACES.landwehrkanal
			);
		}
		if (weekday === 1 && rng.chance(0.12)) {
			b.workout('yoga', b.at(rng.int(19 * 60 + 20, 19 * 60 + 50)), rng.int(45, 60), PLACES.yoga);
		}
		// Light evenings draw her out more often, and for longer.
		if (rng.chance(0.3 * season))
			b.bout(b.at(rng.int(19 * 60, 20 * 60 + 30)), rng.int(10, 28) * season, 'stroll');
		return;
	}
	// weekend: errands late morning, perhaps a long outing in the afternoon
	b.bout(wake + 60 * rng.int(60, 130), rng.int(20, 50), 'stroll');
	const outing = rng.chance((warm ? 0.38 : 0.28) + (motivated ? 0.3 : 0));
	if (outing) {
		const start = b.at(rng.int(13 * 60, 14 * 60 + 30));
		const roll = rng.next();
		const logged = rng.chance(0.85);
		if (warm && roll < 0.35) {
			b.workout('bike', start, rng.int(60, 150), PLACES.havel);
		} else if (warm && roll < 0.75) {
			if (logged) b.workout('hike', start, rng.int(90, 160), PLACES.grunewald);
			else b.bout(start, rng.int(90, 150), 'hike');
		} else if (logged) {
			b.workout('walk', start, rng.int(60, 120), rng.pick(BERLIN_OUTDOORS));
		} else {
			b.bout(start, rng.int(60, 110), 'walk');
		}
	}
	if (weekday === 6 && rng.chance(motivated ? 0.7 : 0.2)) {
		b.workout('run', b.at(rng.int(9 * 60 + 30, 10 * 60 + 30)), rng.int(35, 60), PLACES.tempelhof);
	}
	if (rng.chance(0.3 * season))
		b.bout(b.at(rng.int(18 * 60, 20 * 60)), rng.int(15, 35) * season, 'stroll');
}

function planTripDay(b: DayBuilder, calendar: Calendar, wake: number): void {
	const { rng } = b;
	const trip = calendar.trip;
	if (!trip) return;
	const { date } = b.plan;
	if (date === trip.outbound) {
		b.bout(b.at(7 * 60 + 20, HOME_TZ), rng.int(10, 14), 'walk');
		b.bout(b.at(8 * 60 + 20, HOME_TZ), rng.int(20, 30), 'stroll');
		b.bout(trip.arrival + 10 * 60, rng.int(25, 35), 'stroll');
		b.bout(b.at(17 * 60, TRIP_TZ), rng.int(60, 90), 'stroll');
		return;
	}
	if (date === trip.homecoming) {
		b.bout(trip.landing + 10 * 60, rng.int(25, 35), 'walk');
		b.bout(b.at(18 * 60, HOME_TZ), rng.int(25, 40), 'walk');
		return;
	}
	const day = date - trip.outbound;
	if (day === 3 || day === 6) {
		b.workout('run', wake + 60 * rng.int(20, 40), rng.int(35, 50), PLACES.centralPark);
	}
	if (date === trip.departure) {
		b.bout(b.at(rng.int(9 * 60 + 30, 10 * 60 + 30)), rng.int(90, 130), 'stroll');
		b.bout(b.at(16 * 60 + 15), rng.int(15, 25), 'walk');
		b.bout(b.at(17 * 60), rng.int(20, 30), 'stroll');
		return;
	}
	const sights = [PLACES.highLine, PLACES.brooklynBridge, PLACES.centralPark];
	b.bout(b.at(rng.int(9 * 60 + 15, 10 * 60 + 15)), rng.int(70, 130), 'stroll');
	if (rng.chance(0.35))
		b.workout('walk', b.at(rng.int(14 * 60, 15 * 60)), rng.int(60, 120), rng.pick(sights));
	else b.bout(b.at(rng.int(14 * 60, 15 * 60)), rng.int(60, 140), 'stroll');
	b.bout(b.at(rng.int(19 * 60, 20 * 60)), rng.int(20, 45), 'walk');
}

export interface DayPlanInput {
	calendar: Calendar;
	streams: Streams;
	date: number;
	tz: string;
	tzs: [number, string][];
	start: number;
	dayEnd: number;
	end: number;
	nightBefore: SleepPlan | null;
	nightAfter: SleepPlan | null;
	nap: SleepPlan | null;
	weightKg: number;
	bmrDay: number;
}

/** Plans one day's bouts and workouts around the nights and nap already planned. */
export function planDay(input: DayPlanInput): DayPlan {
	const { calendar, streams, date } = input;
	const rng = streams.of('day', date);
	const period = periodOf(calendar, date);
	const weekday = weekdayOfDate(date);
	const weekend = weekday === 0 || weekday === 6;
	const localTz = zoneAt(calendar, input.end - 1);
	const wakeDefault = wallClock(date, weekend ? 510 : 405, localTz);
	const bedDefault = wallClock(date, weekend ? 24 * 60 + 30 : 23 * 60, localTz);
	// A night without a record (band on the charger) was still spent asleep: keep her still then.
	const wake = input.nightBefore?.wake ?? wakeDefault;
	const asleep: [number, number][] = [
		[input.nightBefore?.bed ?? wake - 8 * 3600, wake],
		[input.nightAfter?.bed ?? bedDefault, input.nightAfter?.wake ?? bedDefault + 8 * 3600]
	];
	if (input.nap) asleep.push([input.nap.bed, input.nap.wake]);
	const quiet: [number, number][] = [];
	const { trip } = calendar;
	if (trip && date === trip.outbound) {
		quiet.push([wallClock(date, 10 * 60 + 15, HOME_TZ), trip.arrival]);
	}
	if (trip && (date === trip.departure || date === trip.homecoming)) {
		quiet.push([trip.departureAt, trip.landing]);
	}
	const season = seasonFactor(date);
	const busyBase = period === 'sick' ? 0.35 : period === 'trip' ? 1.25 : weekend ? 1.1 : 1;
	const base = {
		date,
		tz: input.tz,
		tzs: input.tzs,
		start: input.start,
		dayEnd: input.dayEnd,
		end: input.end,
		asleep,
		quiet,
		busy: round(busyBase * (0.5 + 0.5 * season) * rng.range(0.8, 1.2), 3),
		weekend,
		weightKg: input.weightKg,
		bmrDay: input.bmrDay
	};
	const builder = new DayBuilder(base, rng, localTz, calendar);
	if (period === 'trip') {
		planTripDay(builder, calendar, wake);
	} else if (period === 'sick') {
		if (rng.chance(0.4))
			builder.bout(builder.at(rng.int(11 * 60, 16 * 60)), rng.int(8, 15), 'stroll');
	} else if (period === 'holiday') {
		const rest = date === calendar.holiday[0] || date === calendar.holiday[1] || rng.chance(0.2);
		if (rest) {
			builder.bout(builder.at(rng.int(10 * 60, 11 * 60)), rng.int(40, 90), 'stroll');
		} else {
			const peak = rng.chance(0.4) ? PLACES.nebelhorn : PLACES.oberstdorf;
			builder.workout('hike', builder.at(rng.int(9 * 60, 10 * 60)), rng.int(220, 380), peak);
		}
		builder.bout(builder.at(rng.int(18 * 60 + 30, 19 * 60 + 30)), rng.int(20, 40), 'stroll');
	} else {
		planOrdinaryDay(builder, wake, season, period === 'motivated');
	}
	// Today: a workout still under way at `now` has no record yet, so it is not planned at all.
	const workouts: WorkoutPlan[] = [];
	const bouts: Bout[] = [];
	for (const bout of builder.bouts) {
		const workout = bout.workout === null ? undefined : builder.workouts[bout.workout];
		if (workout && workout.start + workout.minutes * 60 > input.end) {
			bouts.push({ ...bout, workout: null });
			continue;
		}
		if (workout) {
			workouts.push(workout);
			bouts.push({ ...bout, workout: workouts.length - 1 });
		} else {
			bouts.push(bout);
		}
	}
	bouts.sort((a, c) => a.start - c.start);
	return { ...base, bouts, workouts };
}

/** Appends an evening walk long enough to lift the day past `steps` (the motivated month). */
export function withEveningWalk(plan: DayPlan, minutes: number): DayPlan {
	const start = wallClock(plan.date, 20 * 60 + 40, plan.tz);
	const latest = Math.min(plan.end, plan.asleep[1]?.[0] ?? plan.dayEnd) - minutes * 60 - 300;
	const from = Math.min(start, latest);
	const last = plan.bouts[plan.bouts.length - 1];
	const after = last ? last.start + last.minutes * 60 + 300 : plan.start;
	const walk: Bout = { start: Math.max(from, after), minutes, kind: 'brisk', workout: null };
	return { ...plan, bouts: [...plan.bouts, walk] };
}

/** One day of the band's minute-level record. */
export interface DayMinutes {
	start: number;
	count: number;
	steps: Int32Array;
	distance: Int32Array;
	active: Int32Array;
	/** 1 while the band sleeps (neither active nor inactive). */
	sleeping: Uint8Array;
	/** Band calories outside workouts, per minute (3 decimals). */
	bandCal: Float64Array;
	/** Workout calories, per minute (whole millicalories). */
	woCal: Float64Array;
	/** Index of the workout the minute belongs to, -1 if none. */
	workout: Int16Array;
}

const STRIDE: Record<BoutKind, number> = {
	walk: 0.74,
	brisk: 0.78,
	stroll: 0.66,
	hike: 0.7,
	run: 1.08,
	bike: 0,
	lift: 0.6,
	yoga: 0.5
};
const KCAL_PER_STEP: Record<BoutKind, number> = {
	walk: 0.042,
	brisk: 0.046,
	stroll: 0.038,
	hike: 0.056,
	run: 0.072,
	bike: 0.01,
	lift: 0.03,
	yoga: 0.03
};

/** Likelihood of pottering about in a given local hour, before the day's `busy` factor. */
function backgroundChance(hour: number, weekend: boolean): number {
	if (hour < 6) return 0.04;
	if (weekend) return hour < 9 ? 0.12 : hour < 19 ? 0.2 : 0.13;
	if (hour < 9) return 0.24;
	if (hour < 12) return 0.09;
	if (hour < 14) return 0.15;
	if (hour < 17) return 0.09;
	if (hour < 20) return 0.18;
	return 0.12;
}

const CADENCE = { walk: 106, brisk: 116, stroll: 74, hike: 96, run: 166 } as const;

/** One minute of a bout: steps, meters and active seconds. */
function boutMinute(
	rng: Stream,
	kind: BoutKind,
	edge: boolean,
	strideScale: number,
	out: DayMinutes,
	m: number
): void {
	const part = edge ? rng.range(0.3, 0.9) : 1;
	let steps: number;
	let distance: number;
	let active: number;
	switch (kind) {
		case 'bike':
			steps = rng.int(0, 3);
			distance = Math.round(60 * part * rng.normal(5.6, 0.6));
			active = Math.round(60 * part);
			break;
		case 'lift':
			steps = rng.int(0, 14);
			active = rng.int(10, 40);
			distance = Math.round(steps * STRIDE.lift);
			break;
		case 'yoga':
			steps = rng.int(0, 4);
			active = rng.int(4, 18);
			distance = Math.round(steps * STRIDE.yoga);
			break;
		default: {
			const cadence = CADENCE[kind];
			const paused =
				(kind === 'stroll' || kind === 'hike') && rng.chance(kind === 'stroll' ? 0.18 : 0.08);
			steps = paused ? rng.int(2, 20) : Math.round(part * rng.normal(cadence, cadence * 0.05));
			active = paused ? Math.min(60, steps * 2) : Math.round(60 * part);
			distance = Math.round(steps * STRIDE[kind] * strideScale);
		}
	}
	// written in place: a tuple per minute made a million short-lived arrays
	out.steps[m] = steps;
	out.distance[m] = distance;
	out.active[m] = Math.max(1, Math.min(60, active));
}

/** Renders a plan into minutes; the same plan always renders the same minutes. */
export function renderDay(plan: DayPlan, streams: Streams): DayMinutes {
	const rng = streams.of('minutes', plan.date);
	const count = Math.max(0, Math.floor((plan.end - plan.start) / 60));
	const minutes: DayMinutes = {
		start: plan.start,
		count,
		steps: new Int32Array(count),
		distance: new Int32Array(count),
		active: new Int32Array(count),
		sleeping: new Uint8Array(count),
		bandCal: new Float64Array(count),
		woCal: new Float64Array(count),
		workout: new Int16Array(count).fill(-1)
	};
	const weightScale = plan.weightKg / 70;
	const strides = plan.bouts.map(() => rng.range(0.95, 1.05));
	const quiet = new Uint8Array(count);
	const mark = (flags: Uint8Array, [from, to]: [number, number]): void => {
		const first = Math.max(0, Math.ceil((from - plan.start) / 60));
		const last = Math.min(count, Math.ceil((to - plan.start) / 60));
		if (last > first) flags.fill(1, first, last);
	};
	for (const range of plan.asleep) mark(minutes.sleeping, range);
	for (const range of plan.quiet) mark(quiet, range);
	let boutIndex = 0;
	let hourBlock = -1;
	let chance = 0;
	for (let m = 0; m < count; m++) {
		const t = plan.start + m * 60;
		if (minutes.sleeping[m]) continue;
		while (boutIndex < plan.bouts.length) {
			const bout = plan.bouts[boutIndex];
			if (!bout || t < bout.start + bout.minutes * 60) break;
			boutIndex++;
		}
		const bout = plan.bouts[boutIndex];
		let steps = 0;
		let distance = 0;
		let active = 0;
		let kind: BoutKind = 'walk';
		if (bout && t >= bout.start) {
			const offset = (t - bout.start) / 60;
			const edge = offset === 0 || offset === bout.minutes - 1;
			kind = bout.kind;
			boutMinute(rng, kind, edge, strides[boutIndex] ?? 1, minutes, m);
			steps = minutes.steps[m] ?? 0;
			distance = minutes.distance[m] ?? 0;
			active = minutes.active[m] ?? 0;
			if (bout.workout !== null) minutes.workout[m] = bout.workout;
		} else if (quiet[m]) {
			if (rng.chance(0.03)) steps = rng.int(5, 25);
		} else {
			const block = Math.floor(m / 60);
			if (block !== hourBlock) {
				hourBlock = block;
				chance = backgroundChance(localHour(t, zoneInDay(plan.tzs, t)), plan.weekend) * plan.busy;
			}
			if (rng.chance(chance)) steps = Math.round(4 + 44 * rng.next() * rng.next());
		}
		if (steps > 0 && active === 0) {
			active = Math.min(60, Math.max(1, Math.round(steps * 0.75) + rng.int(0, 8)));
			distance = Math.round(steps * 0.62);
		}
		minutes.steps[m] = steps;
		minutes.distance[m] = distance;
		minutes.active[m] = active;
		if (minutes.workout[m] === -1 && steps > 0) {
			minutes.bandCal[m] = round(steps * KCAL_PER_STEP[kind] * weightScale, 3);
		}
	}
	// Each workout's whole calories spread over its minutes in millicalories, so they add up exactly.
	plan.workouts.forEach((workout, index) => {
		const first = Math.round((workout.start - plan.start) / 60);
		const weights: number[] = [];
		for (let i = 0; i < workout.minutes; i++) weights.push(10 + (minutes.active[first + i] ?? 0));
		const total = weights.reduce((sum, w) => sum + w, 0);
		const milli = workout.calories * 1000;
		let given = 0;
		const shares = weights.map((w) => {
			const share = Math.floor((milli * w) / total);
			given += share;
			return share;
		});
		for (let i = 0; given < milli; i = (i + 1) % shares.length) {
			shares[i] = (shares[i] ?? 0) + 1;
			given++;
		}
		shares.forEach((share, i) => {
			minutes.woCal[first + i] = share / 1000;
			minutes.workout[first + i] = index;
		});
	});
	return minutes;
}

/** Calories the band credits to one minute: band + workout + basal for its active seconds. */
export function minuteCalories(minutes: DayMinutes, m: number, bmrDay: number): number {
	return (
		(minutes.bandCal[m] ?? 0) +
		(minutes.woCal[m] ?? 0) +
		(bmrDay / 86400) * (minutes.active[m] ?? 0)
	);
}

export type { HourTotals };

export interface MoveSummary {
	steps: number;
	distance: number;
	activeTime: number;
	inactiveTime: number;
	longestActive: number;
	longestIdle: number;
	bgCalories: number;
	lastActivity: number;
	hourly: Record<string, HourTotals>;
}

function zoneInDay(tzs: [number, string][], t: number): string {
	let tz = tzs[0]?.[1] ?? HOME_TZ;
	for (const [from, zone] of tzs) if (from <= t) tz = zone;
	return tz;
}

/** Sums a day's minutes into the move's totals and its hourly_totals (the rule in MoveTally). */
export function summariseDay(plan: DayPlan, minutes: DayMinutes): MoveSummary {
	const tally = new MoveTally();
	const bmrRate = plan.bmrDay / 86400;
	let bgCalories = 0;
	let lastActivity = plan.start;
	let segment = -1;
	let zoneIndex = 0;
	let tz = plan.tzs[0]?.[1] ?? plan.tz;
	for (let m = 0; m < minutes.count; m++) {
		const t = minutes.start + m * 60;
		const nextZone = plan.tzs[zoneIndex + 1];
		if (nextZone && t >= nextZone[0]) {
			zoneIndex++;
			tz = nextZone[1];
		}
		const block = Math.floor(m / 60);
		const segmentId = block * 8 + zoneIndex;
		if (segmentId !== segment) {
			// Every local hour gets its entry, asleep or not.
			segment = segmentId;
			tally.enterHour(localHourKey(plan.start + block * 3600, tz));
		}
		if (minutes.sleeping[m]) {
			tally.pause();
			continue;
		}
		const active = minutes.active[m] ?? 0;
		const band = minutes.bandCal[m] ?? 0;
		tally.add({
			steps: minutes.steps[m] ?? 0,
			distance: minutes.distance[m] ?? 0,
			calories: band + (minutes.woCal[m] ?? 0) + bmrRate * active,
			active,
			idle: 60 - active
		});
		bgCalories += band;
		if (active > 0) lastActivity = t + 60;
	}
	if (plan.end < plan.dayEnd) {
		// Today: the hour containing `now` is listed even before its first minute is complete.
		tally.listHour(localHourKey(plan.end, zoneInDay(plan.tzs, plan.end)));
	}
	return {
		steps: tally.steps,
		distance: tally.distance,
		activeTime: tally.activeTime,
		inactiveTime: tally.inactiveTime,
		longestActive: tally.longestActive,
		longestIdle: tally.longestIdle,
		bgCalories: round(bgCalories, 3),
		lastActivity,
		hourly: tally.hourly
	};
}

/** The calendar month (1–12) of a date; used for seasonal choices. */
export function monthOf(dateInt: number): number {
	return parseDateInt(dateInt).month;
}
