// What the Activity view shows: the hours a day really had, its usual, a zoomed hour, daily totals.
import type { Basis, Coverage } from '$lib/coverage';
import type { Move, MoveTick } from '$lib/api';
import {
	hourlyBins,
	localHoursOf,
	ticksInHour,
	usualByHour,
	withPending,
	withUnderway,
	withUsual,
	zoneSwitchLabel,
	zoneSwitches,
	zoneSwitchText,
	type HourlyMetric,
	type ZoomedTick
} from '$lib/metrics/hourly';
import { basisNote, formatInteger, formatQuantity } from '$lib/format';
import { AVERAGE_DAYS, daySlots, slotTotals, type DaySlot } from '$lib/metrics/day-slots';
import { movesToSeries } from '$lib/metrics/series';
import {
	distanceIn,
	formatDistance,
	formatDuration,
	formatSteps,
	MISSING,
	type UnitSystem
} from '$lib/metrics/units';
import type { HourlyBin, Series } from '$lib/metrics/types';
import type { Figure } from '../controls/figure';
import { addDays } from '$lib/time/zone';
import type { Period } from '$lib/views/controls/periods';

/** The metrics the Activity view switches between, in the order of the switch. */
export const ACTIVITY_METRICS = ['steps', 'calories', 'distance', 'active_time'] as const;

/** The measures as the view names them: the band's calories are active calories, not the day's burn. */
export const activityMetricLabel: Record<HourlyMetric, string> = {
	steps: 'Steps',
	calories: 'Active calories',
	distance: 'Distance',
	active_time: 'Active time'
};

/** Weeks of the same weekday averaged into the "usual" marker. */
export const USUAL_WEEKS = 4;

/** The dates whose moves the usual of `dateInt` reads: the four same weekdays before it. */
export function usualHistoryRange(dateInt: number): Period {
	return { from: addDays(dateInt, -7 * USUAL_WEEKS), to: addDays(dateInt, -1) };
}

/** The latest-updated move dated `dateInt`, or null. */
export function moveOn(moves: readonly Move[], dateInt: number): Move | null {
	let found: Move | null = null;
	for (const move of moves) {
		if (move.date === dateInt && (!found || move.time_updated >= found.time_updated)) found = move;
	}
	return found;
}

/**
 * The day's hour bins with the usual of `metric` filled in, keeping only wall hours that
 * happened: a spring-forward day has 23 bars (no 02:00), since a bar for an hour nobody lived
 * would read as "no activity" rather than "no such hour". With `asOf` (the moment the data was
 * read), the hour it falls in is under way and the hours from then on without a record are
 * still to come.
 */
export function dayBins(
	move: Move,
	history: readonly Move[],
	metric: HourlyMetric = 'steps',
	asOf: number | null = null
): HourlyBin[] {
	const { starts } = localHoursOf(move.date, move.details.tz, move.details.tzs);
	const usual = usualByHour(history, move.date, USUAL_WEEKS, metric);
	const bins = withUsual(hourlyBins(move), usual).filter(
		(bin) => !Number.isNaN(starts[bin.hour] ?? NaN)
	);
	return asOf === null ? bins : withUnderway(withPending(bins, asOf), asOf);
}

/**
 * A travel day's zone changes as the hourly chart marks them (the position and a short label) and
 * as sentences under it; an ordinary day has neither.
 */
export function dayZoneSwitches(
	move: Move,
	bins: readonly HourlyBin[]
): { markers: Array<{ index: number; label: string }>; notes: string[] } {
	const switches = zoneSwitches(bins, move.details.tz, move.details.tzs);
	return {
		markers: switches.map((change) => ({ index: change.index, label: zoneSwitchLabel(change) })),
		notes: switches.map(zoneSwitchText)
	};
}

/** The bin of a wall hour, or null when that hour did not happen (or is not given). */
export function binOfHour(bins: readonly HourlyBin[], hour: number | null): HourlyBin | null {
	if (hour === null) return null;
	return bins.find((bin) => bin.hour === hour) ?? null;
}

/** The zoomed hour: its ticks, and their sum of `metric` set against the hourly total. */
export interface ZoomedHour {
	bin: HourlyBin;
	ticks: ZoomedTick[];
	/** Sum of the ticks' `metric`, null when no tick carries it. */
	tickSum: number | null;
	/** The hourly_totals value of the hour, for the "adds up" check a person can make. */
	hourTotal: number | null;
}

export function zoomHour(
	move: Move,
	ticks: readonly MoveTick[],
	bin: HourlyBin,
	metric: HourlyMetric
): ZoomedHour {
	const inHour = ticksInHour(ticks, bin.start, bin.tz, move.details.tzs);
	let tickSum: number | null = null;
	for (const tick of inHour) {
		const value = tick[metric];
		if (value !== null) tickSum = (tickSum ?? 0) + value;
	}
	return { bin, ticks: inHour, tickSum, hourTotal: bin[metric] };
}

/**
 * Daily totals of `metric` over a period, one point per date (null where no move). Distance is
 * shown in the user's system (km or mi); the other metrics keep their API units.
 */
export function dailyTotals(
	moves: readonly Move[],
	metric: HourlyMetric,
	period: Period,
	system: UnitSystem
): Series {
	const series = movesToSeries(moves, metric, { range: period });
	const label = `${activityMetricLabel[metric]} per day`;
	if (metric !== 'distance') return { ...series, label };
	const unit = distanceIn(0, system).unit;
	return {
		...series,
		label,
		unit,
		points: series.points.map((point) => ({
			dateInt: point.dateInt,
			value: point.value === null ? null : distanceIn(point.value, system).value
		}))
	};
}

/** The zones a day's hours are read in, in the order the user was in them ("Europe/Berlin, then America/New_York"). */
export function zonesOfDay(move: Move): string {
	const zones: string[] = [];
	const changes = [...(move.details.tzs ?? [])].sort((a, b) => a[0] - b[0]);
	for (const [, zone] of changes) if (zones[zones.length - 1] !== zone) zones.push(zone);
	if (zones.length === 0) zones.push(move.details.tz);
	return zones.join(', then ');
}

/** A week or month of daily totals in fixed slots, with the steps goal where the metric has one. */
export interface ActivityDays {
	slots: DaySlot[];
	label: string;
	unit: string;
	/** The daily steps goal (steps only), or null. */
	goal: number | null;
}

/**
 * Daily totals of `metric` for every date of `period` (Monday to Sunday, or the whole month),
 * each day in the state its coverage gives (a day read without a move is "no record", today is
 * under way, later days are still to come). `moves` may
 * reach back `AVERAGE_DAYS - 1` days before the period (see `dailyHistoryRange`) for the first
 * days' averages. A move sits under its own `date`, so a travel day of 30 hours is one slot.
 */
export function activityDays(
	moves: readonly Move[],
	metric: HourlyMetric,
	period: Period,
	coverage: Coverage,
	system: UnitSystem,
	stepsGoal: number | null
): ActivityDays {
	const series = dailyTotals(moves, metric, dailyHistoryRange(period), system);
	return {
		slots: daySlots(period.from, period.to, coverage, series.points),
		label: series.label,
		unit: series.unit,
		goal: metric === 'steps' && stepsGoal !== null && stepsGoal > 0 ? stepsGoal : null
	};
}

/** The dates a week or month of daily bars reads: the period and the days its first average needs. */
export function dailyHistoryRange(period: Period): Period {
	return { from: addDays(period.from, -(AVERAGE_DAYS - 1)), to: period.to };
}

/**
 * The day's totals over its chart: steps, distance (km or mi), active time and active calories;
 * a total the records do not carry reads "–", never 0.
 */
export function dayFigures(move: Move, system: UnitSystem): Figure[] {
	const d = move.details;
	return [
		{ label: 'Steps', value: formatSteps(d.steps) },
		{ label: 'Distance', value: formatDistance(d.distance, system) },
		{ label: 'Active time', value: formatDuration(d.active_time) },
		{
			label: activityMetricLabel.calories,
			value: d.calories === null ? MISSING : formatQuantity(d.calories, 'kcal')
		}
	];
}

/**
 * A week's, month's or year's totals over its days: the sum (today so far included), the mean
 * of the finished days (today, under way, left out), the days with and without a record; each
 * says what it rests on when that is not every day of the span (`basis`, see `basisOf`).
 */
export function periodFigures(slots: readonly DaySlot[], unit: string, basis: Basis): Figure[] {
	const totals = slotTotals(slots);
	const quantity = (value: number | null) =>
		value === null ? MISSING : formatQuantity(value, unit);
	const rests = basisNote(basis);
	const todaySoFar = totals.underway && totals.total !== null;
	return [
		{
			label: 'Total',
			value: quantity(totals.total),
			note: notes(rests, todaySoFar ? 'today so far included' : null)
		},
		{
			label: 'Daily average',
			value: quantity(totals.mean),
			note: notes(rests, totals.underway ? 'today under way, left out' : null)
		},
		{ label: 'Days with data', value: formatInteger(totals.days), note: rests },
		{ label: 'Days with no record', value: formatInteger(totals.missing), note: rests }
	];
}

function notes(...parts: (string | null)[]): string | null {
	const said = parts.filter((part): part is string => part !== null);
	return said.length === 0 ? null : said.join('; ');
}
