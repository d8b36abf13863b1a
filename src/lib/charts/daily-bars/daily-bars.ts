// Layout of daily totals as bars: one fixed slot per date of a week or month, the goal as a
// line across, an optional trailing average, and a labelled gap where a day has no record.
import type { LinearScale } from '../frame/linear-scale';
import { range } from 'd3-array';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import { AVERAGE_DAYS, type DaySlot } from '$lib/metrics/day-slots';
import { formatDateInt } from '$lib/time/zone';
import type { LabelledTick } from '../frame/axis-ticks';
import { MONTHS, WEEKDAYS, dayStateWords, formatDay, formatQuantity } from '$lib/format';
import {
	barInBand,
	columnBox,
	dateIntToUtcMs,
	isDurationUnit,
	round2,
	zeroBasedAxis
} from '../frame/scales';
import type { LegendItem } from '../frame/legend';
import type { ChartTable } from '../frame/table';

/** The words a day without a record carries in the chart, the table and the CSV. */
export const NO_RECORD = dayStateWords('none');

export interface DailyBar {
	index: number;
	slot: DaySlot;
	x: number;
	cx: number;
	width: number;
	/** Top of the bar (the baseline for a slot without a value). */
	y: number;
	height: number;
	/** Whether the slot's goal was reached (null without a goal or a value). */
	met: boolean | null;
}

export interface DailyBarsLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	bars: DailyBar[];
	/** Tick values for the value axis (whole minutes or hours for durations), or null for d3's. */
	yTicks: number[] | null;
	/** Vertical position of the goal line, or null without a goal. */
	goalY: number | null;
	/** The trailing average as an SVG path (broken where it is unknown), or null when not shown. */
	averagePath: string | null;
	/** Whether "no record" fits written (turned upright) inside a slot. */
	missingLabelled: boolean;
}

/**
 * Bars from zero, one band per slot, so a missing or future day keeps its place. The value
 * axis reaches the highest bar, the goal and the average, whichever is highest; a duration
 * (`seconds`) axis steps in whole minutes or hours. An empty span, or one with nothing to draw,
 * keeps a single 0 tick rather than inventing a scale.
 */
export function dailyBarsLayout(
	slots: readonly DaySlot[],
	unit: string,
	goal: number | null,
	showAverage: boolean,
	innerWidth: number,
	innerHeight: number
): DailyBarsLayout {
	const x = scaleBand<number>()
		.domain(range(slots.length))
		.range([0, innerWidth])
		.padding(slots.length > 14 ? 0.18 : 0.3);
	const tops = slots.map((slot) => slot.value ?? 0);
	if (goal !== null && goal > 0) tops.push(goal);
	if (showAverage) for (const slot of slots) tops.push(slot.average ?? 0);
	const { y, yTicks } = zeroBasedAxis(Math.max(0, ...tops), isDurationUnit(unit), innerHeight);
	const band = x.bandwidth();
	const bars = slots.map((slot, index): DailyBar => ({
		index,
		slot,
		...columnBox(x(index) ?? 0, band, y(slot.value ?? 0), innerHeight),
		// A day under way is not judged against its goal yet.
		met:
			goal === null || goal <= 0 || slot.value === null || slot.state !== 'finished'
				? null
				: slot.value >= goal
	}));
	return {
		x,
		y,
		bars,
		yTicks,
		goalY: goal !== null && goal > 0 ? round2(y(goal)) : null,
		averagePath: showAverage ? averagePath(bars, y) : null,
		missingLabelled: band >= 9 && innerHeight >= 60
	};
}

function averagePath(bars: readonly DailyBar[], y: LinearScale): string | null {
	let path = '';
	let drawing = false;
	for (const bar of bars) {
		const average = bar.slot.average;
		if (average === null) {
			drawing = false;
			continue;
		}
		path += `${drawing ? 'L' : 'M'}${bar.cx},${round2(y(average))}`;
		drawing = true;
	}
	return path === '' ? null : path;
}

/**
 * Day labels under the slots, none overlapping at `innerWidth`. A week (up to 7 slots) labels
 * every day: the weekday (`Mon`) over the day number, the month beside the number on the first
 * day and where the month changes (`30 Mar`, `31`, `1 Apr`). Longer spans label every 1, 2, 3, 5
 * or 7 days from the first (`1`, `4`, `7`…), the month and year under the first label only.
 * Values are slot indexes.
 */
export function dailyTicks(slots: readonly DaySlot[], innerWidth: number): LabelledTick[] {
	if (slots.length === 0) return [];
	const step = innerWidth / slots.length;
	if (slots.length <= 7) {
		let previousMonth = -1;
		return slots.map((slot, index) => {
			const date = new Date(dateIntToUtcMs(slot.dateInt));
			const month = date.getUTCMonth();
			const day = String(date.getUTCDate());
			const context = month === previousMonth ? day : `${day} ${MONTHS[month] ?? ''}`;
			previousMonth = month;
			return { value: index, label: WEEKDAYS[date.getUTCDay()] ?? '', context };
		});
	}
	const every = [1, 2, 3, 5, 7].find((days) => days * step >= 24) ?? 7;
	const ticks: LabelledTick[] = [];
	for (let index = 0; index < slots.length; index += every) {
		const slot = slots[index];
		if (!slot) continue;
		const date = new Date(dateIntToUtcMs(slot.dateInt));
		const label = String(date.getUTCDate());
		ticks.push(
			index === 0
				? {
						value: index,
						label,
						context: `${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`
					}
				: { value: index, label }
		);
	}
	return ticks;
}

/** A value as people read it: `8 h 05 min`, `10,240 steps`. */
export function formatDailyValue(value: number, unit: string): string {
	return formatQuantity(value, unit);
}

/** The sentence a screen reader hears (and the tooltip shows) for one slot. */
export function dailyBarLabel(bar: DailyBar, unit: string, goal: number | null): string {
	const day = formatDay(bar.slot.dateInt);
	if (bar.slot.value === null) return `${day}: ${dayStateWords(bar.slot.state) || NO_RECORD}`;
	if (bar.slot.state === 'underway') {
		return `${day}: ${formatDailyValue(bar.slot.value, unit)} so far, under way`;
	}
	const value = formatDailyValue(bar.slot.value, unit);
	if (goal === null || goal <= 0) return `${day}: ${value}`;
	return `${day}: ${value}, goal ${formatDailyValue(goal, unit)} ${bar.met ? 'met' : 'not met'}`;
}

/**
 * Every slot of the span, the gaps included: the value (empty where there is none), the goal,
 * the trailing average and the day's state in words (`recorded`, `under way`, `no record`, …), so
 * the table and the CSV show the same gaps as the chart.
 */
export function dailyBarsTable(
	slots: readonly DaySlot[],
	valueLabel: string,
	unit: string,
	goal: number | null
): ChartTable {
	const format = (value: number) => formatDailyValue(value, unit);
	const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'value', label: valueLabel, unit, format },
			{ key: 'record', label: 'Record' },
			{ key: 'goal', label: 'Goal', unit, format },
			{ key: 'average', label: `${AVERAGE_DAYS}-day average`, unit, format }
		],
		rows: slots.map((slot) => ({
			date: formatDateInt(slot.dateInt),
			value: round(slot.value),
			record: recordWord(slot),
			goal: goal !== null && goal > 0 ? goal : null,
			average: round(slot.average)
		}))
	};
}

/** A slot of a date-banded chart that has nothing to draw, and what to call it. */
export interface SlotGap {
	dateInt: number;
	x: number;
	cx: number;
	width: number;
	/** `no record`, `not read yet` or `could not be loaded`. */
	words: string;
}

/**
 * The gaps of a chart banded by date: every past slot without a value whose date the band scale
 * holds, named by its state. Days still to come (and today, before anything is recorded) are not
 * gaps; they stay empty.
 */
export function slotGaps(slots: readonly DaySlot[], x: ScaleBand<number>): SlotGap[] {
	const band = x.bandwidth();
	const gaps: SlotGap[] = [];
	for (const slot of slots) {
		if (slot.value !== null || slot.state === 'future' || slot.state === 'underway') continue;
		const left = x(slot.dateInt);
		if (left === undefined) continue;
		const mark = barInBand(left, band);
		gaps.push({
			dateInt: slot.dateInt,
			x: round2(mark.x),
			cx: round2(left + band / 2),
			width: round2(mark.width),
			words: dayStateWords(slot.state) || NO_RECORD
		});
	}
	return gaps;
}

/**
 * How a table names a slot's record: `recorded`, `under way`, `no record`, `not yet`, `not read
 * yet` or `could not be loaded`.
 */
export function recordWord(slot: Pick<DaySlot, 'state'>): string {
	return dayStateWords(slot.state) || 'recorded';
}

/**
 * Table rows merged with a row for each slot that has nothing (its date and its record word),
 * in date order; rows carry their own `date` (ISO) and get `record: recorded`.
 */
export function withGapRows<Row extends { date: string }>(
	rows: readonly Row[],
	slots: readonly DaySlot[] | undefined
): Array<Row | { date: string; record: string }> {
	if (!slots) return [...rows];
	const recorded = rows.map((row) => ({ ...row, record: 'recorded' }));
	const gaps = slots
		.filter((slot) => slot.value === null)
		.map((slot) => ({ date: formatDateInt(slot.dateInt), record: recordWord(slot) }));
	return [...recorded, ...gaps].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The legend of a daily bars chart: its bars, then the goal, the average and (if any) the gaps. */
export function dailyBarsLegend(
	label: string,
	goal: number | null,
	showAverage: boolean,
	tone: 'steps' | 'sleep' = 'steps',
	hasGaps = true
): LegendItem[] {
	const items: LegendItem[] = [
		{ label, color: tone === 'steps' ? 'var(--steps)' : 'var(--sleep-asleep)' }
	];
	if (goal !== null && goal > 0) items.push({ label: 'Daily goal', color: 'var(--goal)' });
	if (showAverage) items.push({ label: '7-day average', color: 'var(--text)', dashed: true });
	if (hasGaps) items.push({ label: 'No record', color: 'var(--muted)', dashed: true });
	return items;
}
