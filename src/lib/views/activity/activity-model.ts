// What the Activity page lays out, in one model per span: a day by the hour, its zoomed hour, a week or month of daily bars, a year.
import type { Move, MoveTick } from '$lib/api';
import { dailyBarsLegend, dailyBarsTable } from '$lib/charts/daily-bars/daily-bars';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import { heatmapTable, summarizeGrid, type GridSummary } from '$lib/charts/heatmap/heatmap';
import { hourlyBarsTable, hourlyUnit } from '$lib/charts/hourly-bars/hourly-bars';
import { lineChartTable } from '$lib/charts/line-chart/line-chart';
import { minuteBarsTable } from '$lib/charts/minute-bars/minute-bars';
import { basisOf, mayJudge, type Coverage } from '$lib/coverage';
import { formatDay, formatHour, formatQuantity } from '$lib/format';
import { daySlots, type DaySlot } from '$lib/metrics/day-slots';
import { dayHourGrid, gridInUnits } from '$lib/metrics/heatmap';
import type { HourlyMetric, ZoomedTick } from '$lib/metrics/hourly';
import type { DayHourGrid, HourlyBin, Series } from '$lib/metrics/types';
import { distancesIn, metersIn, type UnitSystem } from '$lib/metrics/units';
import { addDays, daysBetween, formatClock, formatDateInt } from '$lib/time/zone';
import type { Figure } from '../controls/figure';
import { periodLabel } from '../controls/periods';
import {
	activityDays,
	activityMetricLabel,
	binOfHour,
	dailyTotals,
	dayBins,
	dayFigures,
	dayZoneSwitches,
	moveOn,
	periodFigures,
	zoomHour,
	zonesOfDay
} from './activity';
import type { ActivityDates, ActivityView } from './activity-view';

/** What every span's model reads: the view's choices, its dates, the moves and what they rest on. */
export interface ActivityInputs {
	view: ActivityView;
	dates: ActivityDates;
	moves: readonly Move[];
	coverage: Coverage;
	system: UnitSystem;
	/** The person's zone, for "as of 09:30". */
	tz: string;
	/** The daily steps goal, or null. */
	stepsGoal: number | null;
}

/** One day by the hour: its totals, the hourly chart, and the hour zoomed into (if any). */
export interface ActivityDayModel {
	move: Move;
	figures: Figure[];
	/** What the figures rest on while the day is under way ("Today so far, as of 09:30"), or null. */
	soFar: string | null;
	/** The hours in the metric's own units (a chosen bar's hour is read from these). */
	bins: HourlyBin[];
	/** The hours as drawn: distances in km or mi. */
	shownBins: readonly HourlyBin[];
	unit: string;
	title: string;
	subtitle: string;
	chartLabel: string;
	legend: LegendItem[];
	table: ChartTable;
	fileSuffix: string;
	zoneMarkers: Array<{ index: number; label: string }>;
	zoneNotes: string[];
	/** The hour zoomed into, and its bar's index (marked on the chart). */
	zoomed: HourlyBin | null;
	selected: number | null;
	/** The choices of the "Zoom into hour" menu. */
	hours: Array<{ value: string; label: string }>;
}

/** A day with nothing recorded says so, in words that fit whether it is over or under way. */
export type ActivityDayResult =
	{ kind: 'day'; day: ActivityDayModel } | { kind: 'empty'; text: string };

/**
 * The day view: the day's move (the latest-updated), its figures ("Today so far, as of 09:30"
 * while the day is under way), its hours with the usual, the hour under way (read at `asOf`: the
 * last sync) and the hour chosen for the minute zoom.
 */
export function activityDay(inputs: ActivityInputs, asOf: number | null): ActivityDayResult {
	const { view, dates, moves, coverage, system, tz } = inputs;
	const date = dates.date;
	const move = moveOn(moves, date);
	if (!move) {
		const text =
			date === coverage.today
				? `No activity recorded today yet.`
				: `No activity recorded on ${formatDay(date)}.`;
		return { kind: 'empty', text };
	}
	const metric = view.metric;
	const name = activityMetricLabel[metric];
	const bins = dayBins(move, moves, metric, asOf);
	const shownBins = distancesIn(bins, system);
	const unit = hourlyUnit(metric, system);
	const zoomed = binOfHour(bins, view.hour);
	const travel = dayZoneSwitches(move, bins);
	const underway = date === coverage.today;
	const soFar = !underway
		? null
		: coverage.asOf === null
			? 'Today so far.'
			: `Today so far, as of ${formatClock(coverage.asOf, tz)}.`;
	return {
		kind: 'day',
		day: {
			move,
			figures: dayFigures(move, system),
			soFar,
			bins,
			shownBins,
			unit,
			title: `${name} per hour`,
			subtitle: `${formatDay(date)}: ${bins.length} hours in ${zonesOfDay(move)}`,
			chartLabel: `${name} per hour on ${formatDay(date)}`,
			legend: [
				{ label: `${name} this hour`, color: 'var(--steps)' },
				{ label: 'Usual (same weekday, last 4 weeks)', color: 'var(--steps-usual)' },
				...(underway
					? [{ label: 'This hour so far', color: 'var(--steps)', mark: 'ring' as const }]
					: [])
			],
			table: hourlyBarsTable(shownBins, metric, true, unit),
			fileSuffix: formatDateInt(date),
			zoneMarkers: travel.markers,
			zoneNotes: travel.notes,
			zoomed,
			selected: zoomed === null ? null : bins.indexOf(zoomed),
			hours: bins.map((bin) => ({ value: String(bin.hour), label: formatHour(bin.hour) }))
		}
	};
}

/** The zoomed hour's minutes, as the card under the day's chart shows them. */
export interface ActivityZoomModel {
	title: string;
	subtitle: string;
	chartLabel: string;
	table: ChartTable;
	fileSuffix: string;
	/** The minutes as drawn (distances in km or mi). */
	ticks: readonly ZoomedTick[];
	hourStart: number;
	tz: string;
	unit: string;
	closeLabel: string;
}

/** The minutes of the zoomed hour, and whether they add up to the hour's total. */
export function activityZoom(
	move: Move,
	ticks: readonly MoveTick[],
	bin: HourlyBin,
	metric: HourlyMetric,
	system: UnitSystem
): ActivityZoomModel {
	const zoom = zoomHour(move, ticks, bin, metric);
	const unit = hourlyUnit(metric, system);
	const name = activityMetricLabel[metric];
	const hour = formatHour(bin.hour);
	const shown = (value: number | null) =>
		value === null
			? '–'
			: formatQuantity((metric === 'distance' ? metersIn(value, system) : value) ?? 0, unit);
	const shownTicks = distancesIn(zoom.ticks, system);
	return {
		title: `${name} from ${hour} to ${formatHour((bin.hour + 1) % 24)}`,
		subtitle: `${formatDay(move.date)}, minute by minute (${bin.tz}). Minutes add up to ${shown(zoom.tickSum)}; the hour's total is ${shown(zoom.hourTotal)}.`,
		chartLabel: `${name} per minute, ${hour}`,
		table: minuteBarsTable(shownTicks, metric, name, bin.tz, unit),
		fileSuffix: `${formatDateInt(move.date)}-${hour}`,
		ticks: shownTicks,
		hourStart: bin.start,
		tz: bin.tz,
		unit,
		closeLabel: `Close the ${hour} hour`
	};
}

/** A week or month of daily bars under the steps goal, with its figures. */
export interface ActivityDaysModel {
	figures: Figure[];
	slots: DaySlot[];
	unit: string;
	goal: number | null;
	title: string;
	subtitle: string;
	chartLabel: string;
	legend: LegendItem[];
	table: ChartTable;
	fileSuffix: string;
}

/**
 * The week or month: a slot for each of its days in the state its coverage gives (today under
 * way, hollow; days to come empty; no record a labelled gap), and figures that say what they rest
 * on: the mean leaves today out, and a span still read says "so far: k of n days".
 */
export function activityDaysModel(inputs: ActivityInputs): ActivityDaysModel {
	const { view, dates, moves, coverage, system, stepsGoal } = inputs;
	const slots = dates.slots;
	const span = view.span;
	const days = activityDays(moves, view.metric, slots, coverage, system, stepsGoal);
	const label = periodLabel(slots, span);
	const gaps = days.slots.some(
		(slot) => slot.value === null && slot.state !== 'future' && slot.state !== 'underway'
	);
	return {
		figures: periodFigures(days.slots, days.unit, basisOf(coverage, slots.from, slots.to)),
		slots: days.slots,
		unit: days.unit,
		goal: days.goal,
		title: days.label,
		subtitle: label,
		chartLabel: `${days.label}, ${label}`,
		legend: withTodaySoFar(
			dailyBarsLegend(days.label, days.goal, view.average, 'steps', gaps),
			days.slots
		),
		table: dailyBarsTable(days.slots, days.label, days.unit, days.goal),
		fileSuffix: `${formatDateInt(slots.from)}-${formatDateInt(slots.to)}`
	};
}

/** The legend of daily bars, with "Today so far" (the hollow bar) when today is among them. */
export function withTodaySoFar(legend: LegendItem[], slots: readonly DaySlot[]): LegendItem[] {
	if (!slots.some((slot) => slot.state === 'underway' && slot.value !== null)) return legend;
	const [bars, ...rest] = legend;
	if (!bars) return legend;
	return [bars, { label: 'Today so far', color: bars.color, mark: 'ring' }, ...rest];
}

/** A year: the day × hour map, the daily line, and figures that say what they rest on. */
export interface ActivityYearModel {
	figures: Figure[];
	grid: DayHourGrid;
	heatUnit: string;
	heatTitle: string;
	heatSubtitle: string;
	heatTable: ChartTable;
	/** The map's summary over the finished days (today, under way, left out). */
	summary: GridSummary;
	/** Whether its busiest and quietest hours may be said: not while the year is still read. */
	judged: boolean;
	series: Series;
	/** Today, under way: its point is drawn hollow; none when the year shown is over. */
	hollow: number[];
	lineTitle: string;
	lineSubtitle: string;
	lineLabel: string;
	lineLegend: LegendItem[];
	lineTable: ChartTable;
	/** The whole year's dates, for the line's axis. */
	span: [number, number];
	fileSuffix: string;
}

/**
 * The year up to today: the map follows the Measure choice, as the daily line does. The figures
 * and the map's summary leave today, under way, out of the mean and the busiest hour and day, and
 * while older months are still read they say "so far: 48 of 361 days" and hold back "busiest".
 */
export function activityYear(inputs: ActivityInputs): ActivityYearModel {
	const { view, dates, moves, coverage, system } = inputs;
	const { period, slots } = dates;
	const metric = view.metric;
	const name = activityMetricLabel[metric];
	const series = dailyTotals(moves, metric, period, system);
	const daySlotsOfYear = daySlots(period.from, period.to, coverage, series.points);
	const grid = gridInUnits(dayHourGrid(moves, period.from, period.to, metric), metric, system);
	const heatUnit = hourlyUnit(metric, system);
	const label = periodLabel(period, view.span);
	const fileSuffix = `${formatDateInt(period.from)}-${formatDateInt(period.to)}`;
	const underway = daySlotsOfYear.some((slot) => slot.state === 'underway' && slot.value !== null);
	return {
		figures: periodFigures(daySlotsOfYear, series.unit, basisOf(coverage, period.from, period.to)),
		grid,
		heatUnit,
		heatTitle: `${name} by day and hour`,
		heatSubtitle: `${label}: each column a day, each row an hour of its own clock`,
		heatTable: heatmapTable(grid, heatUnit),
		summary: summarizeGrid(gridBefore(grid, coverage.today)),
		judged: mayJudge(coverage),
		series,
		hollow: underway ? [coverage.today] : [],
		lineTitle: series.label,
		lineSubtitle: label,
		lineLabel: `${series.label}, ${label}`,
		lineLegend: [
			{ label: series.label, color: 'var(--accent)' },
			...(underway
				? [{ label: 'Today so far', color: 'var(--accent)', mark: 'ring' as const }]
				: [])
		],
		lineTable: lineChartTable([series], 'date'),
		span: [slots.from, slots.to],
		fileSuffix
	};
}

/** The grid's days before `date` (a day under way is not yet a day to judge). */
export function gridBefore(grid: DayHourGrid, date: number): DayHourGrid {
	const first = grid.dates[0];
	if (first === undefined) return grid;
	const keep = Math.max(0, Math.min(grid.dates.length, daysBetween(first, addDays(date, -1)) + 1));
	if (keep === grid.dates.length) return grid;
	const values = grid.values.slice(0, keep * 24);
	let max = 0;
	for (const value of values) if (!Number.isNaN(value) && value > max) max = value;
	return { dates: grid.dates.slice(0, keep), values, max };
}
