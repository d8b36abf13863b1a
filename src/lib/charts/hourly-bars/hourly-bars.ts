// Layout of the hourly bars chart: one band per local hour, bar height by value, a usual marker.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max, range } from 'd3-array';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { HourlyBin } from '$lib/metrics/types';
import type { UnitSystem } from '$lib/metrics/units';
import { formatHour, formatQuantity } from '$lib/format';
import { durationAxis, isDurationUnit, round2, barInBand } from '../frame/scales';
import type { ChartTable } from '../frame/table';

export type HourlyMetric = 'steps' | 'calories' | 'distance' | 'active_time';

export const hourlyMetricUnit: Record<HourlyMetric, string> = {
	steps: 'steps',
	calories: 'kcal',
	distance: 'm',
	active_time: 'seconds'
};

/** The unit a metric is drawn in for a unit system: distance in miles for imperial users. */
export function hourlyUnit(metric: HourlyMetric, system: UnitSystem = 'metric'): string {
	return metric === 'distance' && system === 'imperial' ? 'mi' : hourlyMetricUnit[metric];
}

export const hourlyMetricLabel: Record<HourlyMetric, string> = {
	steps: 'Steps',
	calories: 'Calories',
	distance: 'Distance',
	active_time: 'Active time'
};

export interface HourBar {
	index: number;
	hour: number;
	key: string;
	value: number | null;
	usual: number | null;
	/** The hour had not begun when the data was read: "not yet", not "no data". */
	pending: boolean;
	/** The hour the data was read in: its value is the hour so far, drawn hollow. */
	underway: boolean;
	x: number;
	/** Right edge of the bar (x + width), rounded once here rather than in markup. */
	x2: number;
	width: number;
	y: number;
	height: number;
	/** Vertical position of the usual marker, or null when there is no usual value. */
	usualY: number | null;
}

export interface HourlyBarsLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	bars: HourBar[];
	/** Tick values for the value axis (whole minutes for durations), or null to let d3 choose. */
	yTicks: number[] | null;
	/** The bar indexes labelled on the hour axis (see `hourTicks`). */
	xTicks: number[];
}

/** The least height of the hour under way's outline, so it shows with nothing in it yet. */
const UNDERWAY_MIN_PX = 2;

/** Room one hour label (`00:00` at 11 px) needs on the axis, with a gap before the next. */
const HOUR_LABEL_PX = 40;

/**
 * The bars labelled under a day of hours: every 3, 6 or 12 hours of the wall clock, the first
 * that leaves each label `HOUR_LABEL_PX` of room, so a phone reads `00:00 06:00 12:00` rather
 * than `00:0004:0008:00` and a wide chart eight labels, not twenty-four. Hours are chosen by
 * their clock reading (a 23-hour day still labels 00, 06, 12, 18), so values are bar indexes.
 */
export function hourTicks(bins: readonly Pick<HourlyBin, 'hour'>[], innerWidth: number): number[] {
	if (bins.length === 0) return [];
	const step = innerWidth / bins.length;
	const every = [3, 6, 12].find((hours) => hours * step >= HOUR_LABEL_PX) ?? 12;
	const ticks: number[] = [];
	bins.forEach((bin, index) => {
		// An hour lived twice (autumn, flying west) is labelled once.
		if (bin.hour % every === 0 && !bins.slice(0, index).some((seen) => seen.hour === bin.hour))
			ticks.push(index);
	});
	return ticks;
}

/**
 * Bands are indexed by position, not by hour, so the 23- and 25-hour days of a clock change
 * (an hour missing or repeated) still get one bar per real hour. `usual` describes the day's
 * usual steps, so its marker is drawn only when `showUsual` says the metric matches it.
 */
export function hourlyBarsLayout(
	bins: readonly HourlyBin[],
	metric: HourlyMetric,
	showUsual: boolean,
	innerWidth: number,
	innerHeight: number
): HourlyBarsLayout {
	const x = scaleBand<number>().domain(range(bins.length)).range([0, innerWidth]).padding(0.2);
	const usualOf = (bin: HourlyBin) => (showUsual ? bin.usual : null);
	const top = max(bins, (bin) => Math.max(bin[metric] ?? 0, usualOf(bin) ?? 0)) ?? 0;
	const y = scaleLinear().range([innerHeight, 0]);
	let yTicks: number[] | null = null;
	if (isDurationUnit(hourlyMetricUnit[metric])) {
		const axis = durationAxis(0, top, 5);
		y.domain(axis.domain);
		yTicks = axis.ticks;
	} else {
		y.domain([0, top > 0 ? top : 1]).nice();
	}
	const bars = bins.map((bin, index): HourBar => {
		const value = bin[metric];
		const usual = usualOf(bin);
		// The hour under way keeps a sliver of outline even before its first step.
		const top = Math.min(y(value ?? 0), bin.underway ? innerHeight - UNDERWAY_MIN_PX : innerHeight);
		const bar = barInBand(x(index) ?? 0, x.bandwidth());
		return {
			index,
			hour: bin.hour,
			key: bin.key,
			value,
			usual,
			pending: bin.pending === true,
			underway: bin.underway === true,
			x: round2(bar.x),
			x2: round2(bar.x + bar.width),
			width: round2(bar.width),
			y: round2(top),
			height: round2(innerHeight - top),
			usualY: usual === null ? null : round2(y(usual))
		};
	});
	return { x, y, bars, yTicks, xTicks: hourTicks(bins, innerWidth) };
}

/**
 * An hour's value as read: the quantity (the hour under way's "so far"), or words for an hour
 * with no record or still to come. An hour under way without a record has had nothing so far.
 */
export function hourBarValue(
	bar: Pick<HourBar, 'value' | 'pending'> & { underway?: boolean },
	unit: string,
	noData = 'No data',
	notYet = 'Not yet'
): string {
	if (bar.underway) return `${formatQuantity(bar.value ?? 0, unit)} so far, under way`;
	if (bar.value !== null) return formatQuantity(bar.value, unit);
	return bar.pending ? notYet : noData;
}

/** The sentence a screen reader hears for one hour. */
export function hourBarLabel(bar: HourBar, unit: string): string {
	const value = hourBarValue(bar, unit, 'no data', 'not yet');
	const usual = bar.usual === null ? '' : `, usually ${formatQuantity(bar.usual, unit)}`;
	return `${formatHour(bar.hour)}: ${value}${usual}`;
}

export function hourlyBarsTable(
	bins: readonly HourlyBin[],
	metric: HourlyMetric,
	showUsual = metric === 'steps',
	unit = hourlyMetricUnit[metric]
): ChartTable {
	const show = (value: number) => formatQuantity(value, unit);
	const columns: ChartTable['columns'] = [
		{ key: 'hour', label: 'Hour' },
		{ key: 'value', label: hourlyMetricLabel[metric], unit, format: show }
	];
	if (showUsual) {
		const label = `Usual ${hourlyMetricLabel[metric].toLowerCase()}`;
		columns.push({ key: 'usual', label, unit, format: show });
	}
	return {
		columns,
		rows: bins.map((bin) => ({
			hour: formatHour(bin.hour),
			value: bin[metric],
			usual: showUsual ? bin.usual : null
		}))
	};
}

/** A zone-change marker: a vertical line between two bars, and its label. */
export interface ZoneMarker {
	x: number;
	label: string;
	/** The label in two lines, split before ` at `: the zones, then the moment. */
	lines: string[];
	/** The label reads leftwards from the line when the line is in the right half. */
	anchor: 'start' | 'end';
}

/**
 * Markers for the positions where the day's zone changes (the index of the first bar in the new
 * zone): each line stands midway in the gap before that bar.
 */
export function zoneMarkers(
	layout: Pick<HourlyBarsLayout, 'bars'>,
	switches: ReadonlyArray<{ index: number; label: string }>,
	innerWidth: number
): ZoneMarker[] {
	return switches.flatMap(({ index, label }) => {
		const bar = layout.bars[index];
		const before = layout.bars[index - 1];
		if (!bar || !before) return [];
		const x = round2((before.x2 + bar.x) / 2);
		const at = label.lastIndexOf(' at ');
		const lines = at > 0 ? [label.slice(0, at), label.slice(at + 1)] : [label];
		const anchor = x > innerWidth / 2 ? ('end' as const) : ('start' as const);
		return [{ x, label, lines, anchor }];
	});
}
