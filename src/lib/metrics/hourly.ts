// Hourly bins of one move's local day, the "usual" line from past weeks, and the ticks of a zoomed hour.
import type { HourlyTotal, Move, MoveTick } from '$lib/api';
import {
	addDays,
	formatClock,
	hourKey,
	normalizeTz,
	parseDateInt,
	startOfLocalDay,
	tzAt,
	zonedParts,
	zonedToEpoch,
	type ZoneChange
} from '$lib/time/zone';
import type { HourlyBin } from './types';

/** The hourly_totals fields a bin carries. */
export type HourlyMetric = 'steps' | 'calories' | 'distance' | 'active_time';

/** The wall hours of one local date: when each first began and in which zone (NaN / null: never). */
export interface LocalHours {
	/** Epoch seconds of the first instant at which the wall clock read that hour; NaN if it never did. */
	starts: Float64Array;
	/** The zone in effect at that instant; null if the hour never happened. */
	zones: (string | null)[];
}

const QUARTER_HOUR = 900;

/** `YYYYMMDDHH` of an hour of a date. */
export function hourKeyOf(dateInt: number, hour: number): string {
	return `${dateInt}${hour < 10 ? '0' : ''}${hour}`;
}

/**
 * Which wall hours of `dateInt` happened, walking the real timeline in quarter hours (every zone's
 * offset is a whole number of quarter hours) plus the instants of the zone changes, so a move that
 * crossed zones reads each instant in the zone in effect then. A spring-forward hour, or hours
 * skipped by flying east, never happen; an hour that happens twice (autumn, flying west) keeps its
 * first occurrence, because hourly_totals has a single key for both.
 */
export function localHoursOf(
	dateInt: number,
	tz: string | null | undefined,
	tzs?: readonly ZoneChange[] | null
): LocalHours {
	const homeZone = normalizeTz(tz);
	const zones = new Set<string>([homeZone]);
	for (const [, zone] of tzs ?? []) zones.add(normalizeTz(zone));
	const nextDate = addDays(dateInt, 1);
	let from = Infinity;
	let to = -Infinity;
	for (const zone of zones) {
		from = Math.min(from, startOfLocalDay(dateInt, zone));
		to = Math.max(to, startOfLocalDay(nextDate, zone));
	}
	const instants: number[] = [];
	for (let t = from; t < to; t += QUARTER_HOUR) instants.push(t);
	if (tzs && tzs.length > 0) {
		for (const [at] of tzs) if (at > from && at < to && at % QUARTER_HOUR !== 0) instants.push(at);
		instants.sort((a, b) => a - b);
	}
	const starts = new Float64Array(24).fill(NaN);
	const hourZones: (string | null)[] = new Array<string | null>(24).fill(null);
	const { year, month, day } = parseDateInt(dateInt);
	for (const t of instants) {
		const zone = tzs ? tzAt(t, homeZone, tzs) : homeZone;
		const p = zonedParts(t, zone);
		if (p.day !== day || p.month !== month || p.year !== year) continue;
		if (Number.isNaN(starts[p.hour])) {
			starts[p.hour] = t;
			hourZones[p.hour] = zone;
		}
	}
	return { starts, zones: hourZones };
}

function valueOf(total: HourlyTotal | undefined, metric: HourlyMetric): number | null {
	return total ? total[metric] : null;
}

/**
 * The 24 wall-clock hours of the move's local date (`move.date`), each read from hourly_totals by
 * its `YYYYMMDDHH` key. `hourlyTotals` defaults to the move's own; pass another map (for example
 * totals rebuilt from ticks) to draw it on the same hours. An hour with no key has null values
 * (no record: also what a future hour of today looks like). An hour that did not happen (02 on a
 * spring-forward day) has null values and `start` at the instant the clock jumped to.
 * `usual` is null here: see `withUsual`.
 */
export function hourlyBins(
	move: Move,
	hourlyTotals: Readonly<Record<string, HourlyTotal>> = move.details.hourly_totals
): HourlyBin[] {
	const { starts, zones } = localHoursOf(move.date, move.details.tz, move.details.tzs);
	const { year, month, day } = parseDateInt(move.date);
	const bins: HourlyBin[] = [];
	let lastZone = normalizeTz(move.details.tz);
	for (let hour = 0; hour < 24; hour++) {
		const key = hourKeyOf(move.date, hour);
		const reachedZone = zones[hour] ?? null;
		const zone = reachedZone ?? lastZone;
		lastZone = zone;
		const reachedAt = starts[hour] ?? NaN;
		const start = Number.isNaN(reachedAt)
			? zonedToEpoch(year, month, day, hour, 0, 0, zone)
			: reachedAt;
		const total = hourlyTotals[key];
		bins.push({
			hour,
			key,
			start,
			tz: zone,
			steps: valueOf(total, 'steps'),
			calories: valueOf(total, 'calories'),
			distance: valueOf(total, 'distance'),
			active_time: valueOf(total, 'active_time'),
			usual: null
		});
	}
	return bins;
}

/**
 * Mean of `metric` per wall hour over the same weekday of the `weeks` weeks before `dateInt`
 * (dateInt - 7, - 14, ...). A day without a move is skipped, not replaced by an older one. On a
 * day that has a move, an hour without a key counts as 0 (hourly_totals lists only hours with
 * activity), unless the hour did not happen that day (DST): those are skipped. Those days lie a
 * week or more in the past, so they are over: the hours after the band's last update
 * (`time_completed`, the day's last activity) count too, as the quiet late evening they were.
 * Null where no day contributed.
 */
export function usualByHour(
	history: readonly Move[],
	dateInt: number,
	weeks = 4,
	metric: HourlyMetric = 'steps'
): (number | null)[] {
	const wanted = new Set<number>();
	for (let week = 1; week <= weeks; week++) wanted.add(addDays(dateInt, -7 * week));
	const byDate = new Map<number, Move>();
	for (const move of history) {
		if (!wanted.has(move.date)) continue;
		const seen = byDate.get(move.date);
		if (!seen || move.time_updated >= seen.time_updated) byDate.set(move.date, move);
	}
	const sums = new Float64Array(24);
	const counts = new Uint16Array(24);
	for (const move of byDate.values()) {
		const { starts } = localHoursOf(move.date, move.details.tz, move.details.tzs);
		for (let hour = 0; hour < 24; hour++) {
			const start = starts[hour] ?? NaN;
			if (Number.isNaN(start)) continue;
			const total = move.details.hourly_totals[hourKeyOf(move.date, hour)];
			const value = total ? total[metric] : 0;
			if (value === null) continue;
			sums[hour] = (sums[hour] ?? 0) + value;
			counts[hour] = (counts[hour] ?? 0) + 1;
		}
	}
	const usual: (number | null)[] = [];
	for (let hour = 0; hour < 24; hour++) {
		const count = counts[hour] ?? 0;
		usual.push(count === 0 ? null : (sums[hour] ?? 0) / count);
	}
	return usual;
}

/**
 * Bins with `pending` set on the hours that have no record yet because they began at or after
 * `asOf` (the data's moment: the last sync, or the band's last update): a person reads "not
 * yet" there, not "no data". The input is not changed.
 */
export function withPending(bins: readonly HourlyBin[], asOf: number): HourlyBin[] {
	return bins.map((bin) => {
		const empty =
			bin.steps === null &&
			bin.calories === null &&
			bin.distance === null &&
			bin.active_time === null;
		return empty && bin.start >= asOf ? { ...bin, pending: true } : bin;
	});
}

/**
 * Bins with `underway` set on the hour `asOf` falls in (the data's moment: the last sync): its
 * value is the hour so far, so it is drawn and read as under way. An hour ends where the next
 * bin starts (the last one an hour after it starts); on a day long over, no hour holds `asOf`.
 * The input is not changed.
 */
export function withUnderway(bins: readonly HourlyBin[], asOf: number): HourlyBin[] {
	return bins.map((bin, index) => {
		const end = bins[index + 1]?.start ?? bin.start + 3600;
		return bin.start <= asOf && asOf < end ? { ...bin, underway: true } : bin;
	});
}

/** Bins with `usual` filled from a 24-slot list (by `bin.hour`); the input is not changed. */
export function withUsual(
	bins: readonly HourlyBin[],
	usual: readonly (number | null)[]
): HourlyBin[] {
	return bins.map((bin) => ({ ...bin, usual: usual[bin.hour] ?? null }));
}

/** A change of time zone during a day (a flight), placed among the day's hour bins. */
export interface ZoneSwitch {
	/** Epoch seconds of the change (the landing). */
	at: number;
	from: string;
	to: string;
	/** `HH:MM` of the change on the clock of the zone left, and of the zone arrived in. */
	clockFrom: string;
	clockTo: string;
	/** Position of the first bin in the new zone: the marker stands on its left edge. */
	index: number;
	/** Wall hours lived twice (flying west), each counted once with both stays added: `[13, 19]`. */
	repeatedHours: [number, number] | null;
	/** Wall hours that never came (flying east): `[2, 6]`. */
	skippedHours: [number, number] | null;
}

/**
 * Where a day's zone changes (`details.tzs`), among its bins (in order, only hours that happened):
 * the zones, the moment on both clocks, and the wall hours the change repeated or skipped. A day
 * in one zone, however its `tzs` lists it, has none.
 */
export function zoneSwitches(
	bins: readonly HourlyBin[],
	tz: string | null | undefined,
	tzs: readonly ZoneChange[] | null | undefined
): ZoneSwitch[] {
	const switches: ZoneSwitch[] = [];
	let zone = normalizeTz(tz);
	for (const [at, next] of [...(tzs ?? [])].sort((a, b) => a[0] - b[0])) {
		const to = normalizeTz(next);
		if (to === zone) continue;
		const from = zone;
		zone = to;
		const index = bins.findIndex((bin) => bin.start >= at);
		if (index <= 0) continue;
		const lastHourBefore = bins[index - 1]?.hour ?? 0;
		const hourAfter = zonedParts(at, to).hour;
		switches.push({
			at,
			from,
			to,
			clockFrom: formatClock(at, from),
			clockTo: formatClock(at, to),
			index,
			repeatedHours: hourAfter <= lastHourBefore ? [hourAfter, lastHourBefore] : null,
			skippedHours: hourAfter > lastHourBefore + 1 ? [lastHourBefore + 1, hourAfter - 1] : null
		});
	}
	return switches;
}

/** What a person reads at the marker: `Europe/Berlin → America/New_York at 13:05`, on the new clock. */
export function zoneSwitchLabel(change: ZoneSwitch): string {
	return `${change.from} → ${change.to} at ${change.clockTo}`;
}

/**
 * The whole story in a sentence: the moment on both clocks, and what became of the wall hours
 * the change repeated or skipped.
 */
export function zoneSwitchText(change: ZoneSwitch): string {
	const hours = ([first, last]: [number, number]) =>
		first === last ? `${pad(first)}:00` : `${pad(first)}:00 to ${pad(last)}:59`;
	const moment = `${zoneSwitchLabel(change)} (${change.clockFrom} in ${change.from}).`;
	if (change.repeatedHours) {
		return `${moment} ${hours(change.repeatedHours)} came twice; each hour shows both added together.`;
	}
	if (change.skippedHours) return `${moment} ${hours(change.skippedHours)} never came.`;
	return moment;
}

function pad(hour: number): string {
	return String(hour).padStart(2, '0');
}

/** A move tick placed inside a zoomed hour. */
export interface ZoomedTick {
	time: number;
	time_completed: number;
	/** Real seconds from the hour's start (a repeated autumn hour runs to 7200). */
	offset: number;
	steps: number | null;
	distance: number | null;
	calories: number | null;
	active_time: number | null;
}

/**
 * The ticks of the wall hour that starts at `hourStart` in `tz` (a bin's `start` and `tz`): every
 * tick whose own hour key (in the zone in effect at the tick, when `tzs` is given) equals the
 * hour's key, so the zoom shows exactly what hourly_totals summed, both halves of a repeated hour
 * included. Sorted by time; a tick repeated at the same `time` keeps its last copy.
 */
export function ticksInHour(
	ticks: readonly MoveTick[],
	hourStart: number,
	tz: string,
	tzs?: readonly ZoneChange[] | null
): ZoomedTick[] {
	const zone = normalizeTz(tz);
	const key = hourKey(hourStart, zone);
	const byTime = new Map<number, ZoomedTick>();
	for (const tick of ticks) {
		// Cheap window first: in one zone a wall hour never spans more than two real hours.
		if (!tzs && (tick.time < hourStart - 7200 || tick.time >= hourStart + 7200)) continue;
		const tickZone = tzs ? tzAt(tick.time, zone, tzs) : zone;
		if (hourKey(tick.time, tickZone) !== key) continue;
		byTime.set(tick.time, {
			time: tick.time,
			time_completed: tick.time_completed,
			offset: tick.time - hourStart,
			steps: tick.steps,
			distance: tick.distance,
			calories: tick.calories,
			active_time: tick.active_time
		});
	}
	return [...byTime.values()].sort((a, b) => a.time - b.time);
}
