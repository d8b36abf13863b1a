// Layout and table of the zoomed hour: one bar per move tick, placed by its real time in the hour.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max } from 'd3-array';
import type { HourlyMetric, ZoomedTick } from '$lib/metrics/hourly';
import { formatQuantity } from '$lib/format';
import { durationAxis, isDurationUnit, round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';
import { hourlyMetricUnit } from '../hourly-bars/hourly-bars';
import { formatClock } from '$lib/time/zone';

export interface MinuteBar {
	index: number;
	time: number;
	value: number | null;
	x: number;
	width: number;
	y: number;
	height: number;
}

export interface MinuteBarsLayout {
	x: LinearScale;
	y: LinearScale;
	bars: MinuteBar[];
	yTicks: number[] | null;
	/** Seconds the hour lasted on the real timeline (3600, or 7200 for a repeated autumn hour). */
	length: number;
	/** Offsets (seconds from the hour's start) labelled on the time axis (see `minuteAxisTicks`). */
	xTicks: number[];
}

/** Room one clock label (`09:10` at 11 px) needs on the axis, with a gap before the next. */
const CLOCK_LABEL_PX = 40;

/**
 * The offsets labelled under the zoomed hour: every 10, 15, 20 or 30 minutes (twice that on a
 * two-hour autumn hour), the first that leaves each label `CLOCK_LABEL_PX` of room, so a phone
 * never reads `09:0009:1009:20`.
 */
export function minuteAxisTicks(length: number, innerWidth: number): number[] {
	const perSecond = length > 0 ? innerWidth / length : 0;
	const every =
		[600, 900, 1200, 1800]
			.map((seconds) => (seconds * length) / 3600)
			.find((seconds) => seconds * perSecond >= CLOCK_LABEL_PX) ?? length / 2;
	const ticks: number[] = [];
	for (let offset = 0; offset <= length; offset += every) ticks.push(offset);
	return ticks;
}

/**
 * Ticks are placed by `offset` (real seconds from the hour's start) and sized by their own
 * bucket (`time_completed - time`), so a bucket width other than a minute still draws true.
 */
export function minuteBarsLayout(
	ticks: readonly ZoomedTick[],
	metric: HourlyMetric,
	innerWidth: number,
	innerHeight: number
): MinuteBarsLayout {
	const lastEnd = max(ticks, (tick) => tick.offset + (tick.time_completed - tick.time)) ?? 0;
	const length = lastEnd > 3600 ? 7200 : 3600;
	const x = scaleLinear().domain([0, length]).range([0, innerWidth]);
	const top = max(ticks, (tick) => tick[metric] ?? 0) ?? 0;
	const y = scaleLinear().range([innerHeight, 0]);
	let yTicks: number[] | null = null;
	if (isDurationUnit(hourlyMetricUnit[metric])) {
		const axis = durationAxis(0, top, 4);
		y.domain(axis.domain);
		yTicks = axis.ticks;
	} else {
		y.domain([0, top > 0 ? top : 1]).nice();
	}
	const bars = ticks.map((tick, index): MinuteBar => {
		const value = tick[metric];
		const left = x(tick.offset);
		const right = x(tick.offset + Math.max(1, tick.time_completed - tick.time));
		const barTop = y(value ?? 0);
		return {
			index,
			time: tick.time,
			value,
			x: round2(left),
			width: round2(Math.max(1, (right - left) * 0.85)),
			y: round2(barTop),
			height: round2(innerHeight - barTop)
		};
	});
	return { x, y, bars, yTicks, length, xTicks: minuteAxisTicks(length, innerWidth) };
}

/** What a screen reader hears for one tick: `09:14: 112 steps`. */
export function minuteBarLabel(bar: MinuteBar, unit: string, tz: string): string {
	const value = bar.value === null ? 'no data' : formatQuantity(bar.value, unit);
	return `${formatClock(bar.time, tz)}: ${value}`;
}

export function minuteBarsTable(
	ticks: readonly ZoomedTick[],
	metric: HourlyMetric,
	label: string,
	tz: string,
	unit = hourlyMetricUnit[metric]
): ChartTable {
	return {
		columns: [
			{ key: 'time', label: `Minute (${tz})` },
			{ key: 'value', label, unit, format: (value) => formatQuantity(value, unit) }
		],
		rows: ticks.map((tick) => ({ time: formatClock(tick.time, tz), value: tick[metric] }))
	};
}
