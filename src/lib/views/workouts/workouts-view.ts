// What the Workouts pages show, as pure functions: a month's calendar, a workout's figures in the
// user's units and its own zone, and its records in words.
import type { Workout, WorkoutTick } from '$lib/api';
import { WEEKDAYS, basisNote, formatDateRange, formatDay, formatDayInYear } from '$lib/format';
import { basisOf, mayJudge, type Coverage } from '$lib/coverage';
import { formatDistance, formatDuration, formatSteps, type UnitSystem } from '$lib/metrics/units';
import {
	averageSpeed,
	formatPace,
	monthlyVolume,
	personalRecords,
	weeklyVolume,
	type VolumeSlot,
	formatSpeed,
	hasDistance,
	intensityName,
	movingSpeed,
	tickSpans,
	type TickSpan,
	paceIn,
	speedReading,
	weekStartOf,
	workoutTypeName,
	type PersonalRecord,
	type TypeRecords
} from '$lib/metrics/workouts';
import type { VolumePeriod } from '$lib/charts/volume-bars/volume-bars';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import { readingUnit, workoutTicksTable } from '$lib/charts/workout-ticks/workout-ticks';
import type { VolumeMeasure } from '$lib/metrics/workouts';
import {
	addDays,
	dateIntFromString,
	formatClock,
	formatDateInt,
	isValidTz,
	parseDateInt
} from '$lib/time/zone';
import { choiceParam } from '$lib/views/url-state';
import { addMonths, periodOf } from '../controls/periods';

export const VOLUME_PERIODS = [
	{ value: 'week', label: 'Weeks' },
	{ value: 'month', label: 'Months' }
] as const satisfies readonly { value: VolumePeriod; label: string }[];
export const VOLUME_MEASURES = [
	{ value: 'time', label: 'Time' },
	{ value: 'distance', label: 'Distance' },
	{ value: 'calories', label: 'Calories' }
] as const satisfies readonly { value: VolumeMeasure; label: string }[];

/** What the Workouts URL says: `?by=month&measure=distance&date=2026-03-01`. */
export interface WorkoutsView {
	/** Volume per week or per month. */
	by: VolumePeriod;
	measure: VolumeMeasure;
	/** A date in the month whose calendar shows, or null for the person's today. */
	date: number | null;
}

export function parseWorkoutsView(url: URL): WorkoutsView {
	return {
		by: choiceParam(url, 'by', VOLUME_PERIODS, 'week'),
		measure: choiceParam(url, 'measure', VOLUME_MEASURES, 'time'),
		date: dateIntFromString(url.searchParams.get('date') ?? '')
	};
}

/** What one workout's URL says: `/workouts/<xid>?date=2026-03-28`. */
export interface WorkoutView {
	xid: string;
	/** The workout's date when the link carries it (only that day is then read), else null. */
	date: number | null;
}

export function parseWorkoutView(url: URL, xid: string): WorkoutView {
	return { xid, date: dateIntFromString(url.searchParams.get('date') ?? '') };
}

/** A workout's own zone; one the browser cannot read falls back to UTC, named as such. */
export function workoutZone(workout: Pick<Workout, 'details'>): string {
	const tz = workout.details.tz.trim();
	return tz !== '' && isValidTz(tz) ? tz : 'UTC';
}

/** One workout's page: which workout the link names, and its heading, time and figures. */
export interface WorkoutShown {
	workout: Workout;
	title: string;
	/** Its day and start–end clock times, in its own zone. */
	when: string;
	tz: string;
	figures: Figure[];
	/** The suffix of its exported files: its date and id. */
	fileSuffix: string;
}

/** The workout `xid` names among `list`, shown in `system`'s units; null when it is not there. */
export function workoutShown(
	list: readonly Workout[],
	xid: string,
	system: UnitSystem
): WorkoutShown | null {
	const workout = list.find((w) => w.xid === xid);
	if (workout === undefined) return null;
	return {
		workout,
		title: workoutTypeName(workout.sub_type),
		when: workoutWhen(workout),
		tz: workoutZone(workout),
		figures: workoutFigures(workout, system),
		fileSuffix: `${formatDateInt(workout.date)}-${workout.xid}`
	};
}

export interface CalendarDay {
	date: number;
	/** False for the days of the neighbouring months that fill the first and last week. */
	inMonth: boolean;
	workouts: Workout[];
}

/**
 * The weeks of the month holding `monthDate`, each seven days from `weekStart` (1 Monday, 0
 * Sunday), with each workout on its own date (the day it began where it was recorded).
 */
export function monthCalendar(
	monthDate: number,
	workouts: readonly Workout[],
	weekStart = 1
): CalendarDay[][] {
	const { year, month } = parseDateInt(monthDate);
	const first = year * 10000 + month * 100 + 1;
	const byDate = new Map<number, Workout[]>();
	for (const workout of [...workouts].sort((a, b) => a.time_created - b.time_created)) {
		const list = byDate.get(workout.date) ?? [];
		list.push(workout);
		byDate.set(workout.date, list);
	}
	const weeks: CalendarDay[][] = [];
	for (let start = weekStartOf(first, weekStart); ; start = addDays(start, 7)) {
		const week = Array.from({ length: 7 }, (_, i): CalendarDay => {
			const date = addDays(start, i);
			const inMonth = Math.floor(date / 100) === Math.floor(first / 100);
			return { date, inMonth, workouts: byDate.get(date) ?? [] };
		});
		if (!week.some((day) => day.inMonth)) break;
		weeks.push(week);
	}
	return weeks;
}

/** Weekday headings of a calendar starting on `weekStart`. */
export function weekdayNames(weekStart = 1): string[] {
	return Array.from({ length: 7 }, (_, i) => WEEKDAYS[(weekStart + i) % 7] ?? '');
}

/** When a workout happened on the clock of its own zone: `Tue 24 Mar, 07:00–07:25`. */
export function workoutWhen(workout: Workout): string {
	const tz = workoutZone(workout);
	return `${formatDay(workout.date)}, ${formatClock(workout.time_created, tz)}–${formatClock(workout.time_completed, tz)}`;
}

import type { Figure } from '../controls/figure';
export type { Figure };

/** A figure the band did not record: a dash, never a zero. */
function notRecorded(label: string): Figure {
	return { label, value: '—', note: 'not recorded' };
}

/**
 * A workout's figures: duration, distance, pace or speed (by type), steps, calories, intensity
 * and place. A distance (for a type that covers one) or the calories the band did not record read
 * "—, not recorded", never zero; what does not apply (a ride's steps, no intensity) is left out.
 */
export function workoutFigures(workout: Workout, system: UnitSystem): Figure[] {
	const { details } = workout;
	const figures: Figure[] = [{ label: 'Duration', value: formatDuration(details.time) }];
	const meters = hasDistance(workout.sub_type) ? (details.meters ?? 0) : 0;
	if (meters > 0) figures.push({ label: 'Distance', value: formatDistance(meters, system) });
	// A type that covers a distance but has none recorded says so; it is not "0.0 km".
	else if (hasDistance(workout.sub_type) && details.meters === null)
		figures.push(notRecorded('Distance'));
	const speed = meters > 0 ? averageSpeed(workout) : null;
	if (speed !== null) {
		figures.push(
			speedReading(workout.sub_type) === 'pace'
				? { label: 'Average pace', value: formatPace(paceIn(speed, system), system) }
				: { label: 'Average speed', value: formatSpeed(speed, system) }
		);
	}
	if (details.steps !== undefined && details.steps !== null) {
		figures.push({ label: 'Steps', value: formatSteps(details.steps) });
	}
	figures.push(
		details.calories === null
			? notRecorded('Calories')
			: { label: 'Calories', value: `${formatSteps(details.calories)} kcal` }
	);
	const intensity = intensityName(details.intensity);
	if (intensity) figures.push({ label: 'Intensity', value: intensity });
	const place = workout.place_name;
	if (place) figures.push({ label: 'Place', value: place });
	figures.push({ label: 'Time zone', value: workoutZone(workout) });
	return figures;
}

/** A one-line summary for lists: `5.2 km · 31 min` or `45 min`. */
export function workoutSummary(workout: Workout, system: UnitSystem): string {
	const meters = hasDistance(workout.sub_type) ? (workout.details.meters ?? 0) : 0;
	const time = formatDuration(workout.details.time);
	return meters > 0 ? `${formatDistance(meters, system)} · ${time}` : time;
}

/** A record's value in words: `1 h 32 min`, `21.1 km`, `4:58 /km` or `28.4 km/h`. */
export function recordValue(record: PersonalRecord, subType: number, system: UnitSystem): string {
	switch (record.kind) {
		case 'longest':
			return formatDuration(record.value);
		case 'farthest':
			return formatDistance(record.value, system);
		case 'fastest':
			return speedReading(subType) === 'pace'
				? formatPace(paceIn(record.value, system), system)
				: formatSpeed(record.value, system);
	}
}

/** One record as a row: its name, value, and the day it was set, with its year (two years are shown). */
export interface RecordRow {
	label: string;
	value: string;
	date: number;
	/** `Sat 23 Aug 2025`. */
	when: string;
	xid: string;
}

/** The records of a type as rows to show: only those the type has. */
export function recordRows(type: TypeRecords, system: UnitSystem): RecordRow[] {
	const rows: RecordRow[] = [];
	const fastestLabel = speedReading(type.subType) === 'pace' ? 'Fastest pace' : 'Fastest';
	for (const [label, record] of [
		['Longest', type.longest],
		['Farthest', type.farthest],
		[fastestLabel, type.fastest]
	] as const) {
		if (record) {
			rows.push({
				label,
				value: recordValue(record, type.subType, system),
				date: record.date,
				when: formatDayInYear(record.date),
				xid: record.xid
			});
		}
	}
	return rows;
}

export { workoutTypeName };

/** Workouts are read two years back: the history the dashboard keeps. */
export const HISTORY_DAYS = 730;

/** The personal records as shown, or held back while the two years are still read. */
export interface RecordsShown {
	/** "Most" cannot be said of a span still being read: a longer run may be on its way. */
	held: boolean;
	/** What they rest on when not the whole span: "so far: 120 of 729 days", "based on the …". */
	note: string | null;
	types: Array<{ subType: number; name: string; count: number; rows: RecordRow[] }>;
}

/** The records of the two years, held back while the span is read, with what they rest on. */
export function recordsShown(
	workouts: readonly Workout[],
	coverage: Coverage,
	system: UnitSystem
): RecordsShown {
	const note = basisNote(basisOf(coverage));
	if (!mayJudge(coverage)) return { held: true, note, types: [] };
	return {
		held: false,
		note,
		types: personalRecords(workouts).map((type) => ({
			subType: type.subType,
			name: type.name,
			count: type.count,
			rows: recordRows(type, system)
		}))
	};
}

/** What the Workouts page shows of its two years: volume, the month's calendar and list, records. */
export interface WorkoutsShown {
	slots: VolumeSlot[];
	/** The volume chart's span in the one style of dates: "Last 12 weeks, 7 Sep – 27 Nov 2026; …". */
	subtitle: string;
	/** The calendar's weeks and the month's workouts, newest first. */
	weeks: CalendarDay[][];
	inMonth: Workout[];
	records: RecordsShown;
}

export function workoutsShown(
	workouts: readonly Workout[],
	view: { by: VolumePeriod; month: number; today: number },
	coverage: Coverage,
	system: UnitSystem
): WorkoutsShown {
	const { by, month, today } = view;
	const { from, to } = periodOf(month, 'month');
	const inMonth = workouts.filter((w) => w.date >= from && w.date <= to);
	const slots =
		by === 'week'
			? weeklyVolume(workouts, addDays(today, -7 * 11), today, { today })
			: monthlyVolume(workouts, addMonths(today, -11), today, { today });
	return {
		slots,
		subtitle:
			`Last 12 ${by === 'week' ? 'weeks' : 'months'}, ` +
			`${formatDateRange(slots[0]?.start ?? today, today)}; the ${by} under way is outlined`,
		weeks: monthCalendar(month, inMonth),
		inMonth: [...inMonth].reverse(),
		records: recordsShown(workouts, coverage, system)
	};
}

/** Steps per minute over a whole workout below which its steps are stray (a ride, a swim). */
export const STRAY_CADENCE = 20;

/**
 * What a workout's ticks chart draws: pace or speed for a type that covers a distance, steps per
 * minute unless they are a ride's few stray steps; and the chart's title in words.
 */
export function ticksChartParts(
	workout: Workout,
	ticks: readonly WorkoutTick[]
): { reading: boolean; steps: boolean; title: string } {
	const reading = hasDistance(workout.sub_type);
	const totalSteps = ticks.reduce((sum, tick) => sum + (tick.steps ?? 0), 0);
	const minutes = Math.max(1, (workout.details.time ?? 0) / 60);
	const steps = totalSteps > 0 && (!reading || totalSteps / minutes >= STRAY_CADENCE);
	const name = speedReading(workout.sub_type) === 'pace' ? 'Pace' : 'Speed';
	const title = reading
		? steps
			? `${name} and steps`
			: name
		: steps
			? 'Steps per minute'
			: 'Ticks';
	return { reading, steps, title };
}

/** What one workout's page draws of its ticks. */
export interface TicksShown {
	spans: TickSpan[];
	reading: 'pace' | 'speed';
	parts: { reading: boolean; steps: boolean; title: string };
	/** What the axis shows: minutes from the start; the clock time is in the tooltip and table. */
	subtitle: string;
	note: string;
	legend: LegendItem[];
	table: ChartTable;
	/** Moving pace or speed in words; null without a distance. */
	moving: string | null;
}

/** The ticks chart of a workout: its spans, what it draws, and the words around it. */
export function ticksShown(
	workout: Workout,
	ticks: readonly WorkoutTick[],
	system: UnitSystem
): TicksShown {
	const tz = workoutZone(workout);
	const reading = speedReading(workout.sub_type);
	const spans = tickSpans(ticks, workout.time_completed);
	const parts = ticksChartParts(workout, ticks);
	const speed = movingSpeed(ticks);
	const legend: LegendItem[] = [];
	if (parts.reading)
		legend.push({ label: reading === 'pace' ? 'Pace' : 'Speed', color: 'var(--steps)' });
	if (parts.steps) legend.push({ label: 'Steps per minute', color: 'var(--steps-usual)' });
	return {
		spans,
		reading,
		parts,
		subtitle:
			`Minutes from the start, over the workout's ${ticks.length} ticks` +
			`${parts.reading ? `, ${readingUnit(reading, system)}` : ''}; ` +
			`the tooltip and table give each tick's clock time in ${tz}`,
		note: `${parts.reading ? 'Faster is up. ' : ''}Each tick is as wide as its timestamps say (10 or 60 s).`,
		legend,
		table: workoutTicksTable(spans, reading, system, tz),
		moving:
			speed === null || !parts.reading
				? null
				: reading === 'pace'
					? formatPace(paceIn(speed, system), system)
					: formatSpeed(speed, system)
	};
}
