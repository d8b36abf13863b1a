// The day × hour heatmap's numbers: cell colours, pixel buffer, hit testing, summary and tables.
import { dateTicks, type LabelledTick } from '../frame/axis-ticks';
import { quantileSorted, range } from 'd3-array';
import { scaleBand, scaleUtc } from 'd3-scale';
import type { ScaleBand, ScaleTime } from 'd3-scale';
import type { DayHourGrid } from '$lib/metrics/types';
import { formatDateInt } from '$lib/time/zone';
import { formatDay, formatHour, formatQuantity } from '$lib/format';
import { dateIntToUtcMs } from '../frame/scales';
import type { ChartTable } from '../frame/table';

/**
 * A UTC scale over whole days, from the first day's midnight to the end of the last day (here,
 * not in scales.ts, so that pages without a time axis never load d3's time scale).
 */
export function dayScale(
	dates: readonly number[],
	pixels: [number, number]
): ScaleTime<number, number> {
	const first = dates[0] ?? 19700101;
	const last = dates[dates.length - 1] ?? first;
	return scaleUtc()
		.domain([dateIntToUtcMs(first), dateIntToUtcMs(last) + 86_400_000])
		.range(pixels);
}

export interface Rgb {
	r: number;
	g: number;
	b: number;
}

/**
 * A 256-step RGBA ramp from `low` to `high`, built once per theme so the per-cell work is a lookup.
 */
export function heatRamp(low: Rgb, high: Rgb, steps = 256): Uint8ClampedArray<ArrayBuffer> {
	const ramp = new Uint8ClampedArray(steps * 4);
	for (let i = 0; i < steps; i += 1) {
		const t = steps === 1 ? 1 : i / (steps - 1);
		ramp[i * 4] = Math.round(low.r + (high.r - low.r) * t);
		ramp[i * 4 + 1] = Math.round(low.g + (high.g - low.g) * t);
		ramp[i * 4 + 2] = Math.round(low.b + (high.b - low.b) * t);
		ramp[i * 4 + 3] = 255;
	}
	return ramp;
}

/**
 * Ramp position of a value: NaN (no data) is -1; otherwise linear in `value / max`, clamped.
 * Zero gets the ramp's first step, which differs from the empty colour, so "no steps" and
 * "no data" never look alike.
 */
export function rampIndex(value: number, max: number, steps = 256): number {
	if (Number.isNaN(value)) return -1;
	if (!(max > 0)) return 0;
	const t = Math.min(1, Math.max(0, value / max));
	return Math.round(t * (steps - 1));
}

/** Where the colour ramp tops out, and whether values above it were clamped to its last colour. */
export interface HeatScale {
	/** The value that gets the darkest colour. */
	top: number;
	/** True when some cells exceed `top` (the legend then says "≥ top"). */
	clamped: boolean;
}

/** The share of hours with activity at or below the top of the colour ramp. */
export const HEAT_QUANTILE = 0.95;

/** `value` rounded down to two significant figures (1,487 → 1,400), so the legend reads cleanly. */
function twoFigures(value: number): number {
	if (!(value > 0)) return value;
	const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
	return Math.floor(value / unit) * unit;
}

/**
 * The top of the colour ramp: the 95th percentile of the hours with any activity, so one
 * marathon hour does not wash every ordinary hour out to the palest colour. When no hour
 * reaches past it (or there is no data) the top is simply the largest value.
 */
export function heatScale(grid: DayHourGrid, quantile = HEAT_QUANTILE): HeatScale {
	const active: number[] = [];
	for (const value of grid.values) if (value > 0) active.push(value);
	if (active.length === 0) return { top: grid.max, clamped: false };
	active.sort((a, b) => a - b);
	const at = quantileSorted(active, quantile) ?? grid.max;
	const top = twoFigures(at);
	return top > 0 && top < grid.max ? { top, clamped: true } : { top: grid.max, clamped: false };
}

/** A label on the colour legend, at `offset` (0 = palest end, 1 = darkest). */
export interface LegendStop {
	offset: number;
	label: string;
}

/** The legend's labels under the ramp: zero, the middle and the top ("≥ top" when clamped). */
export function heatLegend(scale: HeatScale, unit: string): LegendStop[] {
	if (!(scale.top > 0)) return [{ offset: 0, label: formatQuantity(0, unit) }];
	const top = formatQuantity(scale.top, unit);
	return [
		{ offset: 0, label: formatQuantity(0, unit) },
		{ offset: 0.5, label: formatQuantity(scale.top / 2, unit) },
		{ offset: 1, label: scale.clamped ? `≥ ${top}` : top }
	];
}

/**
 * One pixel per cell, days across and hours down (width = days, height = 24), ready for
 * `new ImageData(pixels, days, 24)` and a scaled `drawImage`: 8,760 writes for a year. Values
 * at or above `top` (default the grid's largest) take the darkest colour.
 */
export function heatmapPixels(
	grid: DayHourGrid,
	ramp: Uint8ClampedArray,
	top: number = grid.max
): Uint8ClampedArray<ArrayBuffer> {
	const days = grid.dates.length;
	const steps = ramp.length / 4;
	const pixels = new Uint8ClampedArray(days * 24 * 4);
	for (let day = 0; day < days; day += 1) {
		for (let hour = 0; hour < 24; hour += 1) {
			const index = rampIndex(grid.values[day * 24 + hour] ?? Number.NaN, top, steps);
			if (index < 0) continue; // no data: transparent, so the card's surface shows through
			const out = (hour * days + day) * 4;
			pixels[out] = ramp[index * 4] ?? 0;
			pixels[out + 1] = ramp[index * 4 + 1] ?? 0;
			pixels[out + 2] = ramp[index * 4 + 2] ?? 0;
			pixels[out + 3] = 255;
		}
	}
	return pixels;
}

export interface HeatmapLayout {
	x: ScaleTime<number, number>;
	y: ScaleBand<number>;
	cellWidth: number;
	cellHeight: number;
	/** Calendar ticks for the span (months with the year under them, for a year), about 48 px apart. */
	monthTicks: LabelledTick[];
}

export function heatmapLayout(
	grid: DayHourGrid,
	innerWidth: number,
	innerHeight: number
): HeatmapLayout {
	const x = dayScale(grid.dates, [0, innerWidth]);
	const y = scaleBand<number>().domain(range(24)).range([0, innerHeight]);
	const first = grid.dates[0];
	const last = grid.dates[grid.dates.length - 1];
	const monthTicks =
		first === undefined || last === undefined
			? []
			: dateTicks(dateIntToUtcMs(first), dateIntToUtcMs(last), Math.floor(innerWidth / 48));
	return {
		x,
		y,
		cellWidth: innerWidth / Math.max(grid.dates.length, 1),
		cellHeight: y.bandwidth(),
		monthTicks
	};
}

export interface Cell {
	day: number;
	hour: number;
}

/** The cell under a point of the plot, or null outside it. */
export function cellAt(
	px: number,
	py: number,
	days: number,
	innerWidth: number,
	innerHeight: number
): Cell | null {
	if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight || days <= 0) return null;
	return {
		day: Math.min(days - 1, Math.floor((px / innerWidth) * days)),
		hour: Math.min(23, Math.floor((py / innerHeight) * 24))
	};
}

/**
 * Keyboard movement over the grid: Left/Right a day, Up/Down an hour, PageUp/PageDown a week,
 * Home/End the first/last day, Escape hides the tooltip.
 */
export function gridMove(key: string, cell: Cell, days: number): Cell | 'hide' | null {
	const day = (value: number) => Math.min(days - 1, Math.max(0, value));
	const hour = (value: number) => Math.min(23, Math.max(0, value));
	switch (key) {
		case 'ArrowLeft':
			return { ...cell, day: day(cell.day - 1) };
		case 'ArrowRight':
			return { ...cell, day: day(cell.day + 1) };
		case 'ArrowUp':
			return { ...cell, hour: hour(cell.hour - 1) };
		case 'ArrowDown':
			return { ...cell, hour: hour(cell.hour + 1) };
		case 'PageUp':
			return { ...cell, day: day(cell.day - 7) };
		case 'PageDown':
			return { ...cell, day: day(cell.day + 7) };
		case 'Home':
			return { ...cell, day: 0 };
		case 'End':
			return { ...cell, day: day(days - 1) };
		case 'Escape':
			return 'hide';
		default:
			return null;
	}
}

export function cellValue(grid: DayHourGrid, cell: Cell): number {
	return grid.values[cell.day * 24 + cell.hour] ?? Number.NaN;
}

export function cellLabel(grid: DayHourGrid, cell: Cell, unit: string): string {
	const dateInt = grid.dates[cell.day];
	const value = cellValue(grid, cell);
	const when = `${dateInt === undefined ? '' : formatDay(dateInt)} ${formatHour(cell.hour)}–${formatHour((cell.hour + 1) % 24)}`;
	return `${when}: ${Number.isNaN(value) ? 'no data' : formatQuantity(value, unit)}`;
}

export interface GridSummary {
	daysWithData: number;
	days: number;
	/** Hour with the highest mean over days with data at that hour; null without data. */
	busiestHour: number | null;
	busiestHourMean: number | null;
	quietestWakingHour: number | null;
	busiestDay: { dateInt: number; total: number } | null;
	dailyMean: number | null;
}

/** The headline facts of a day × hour grid, for the text summary beside the canvas. */
export function summarizeGrid(grid: DayHourGrid): GridSummary {
	const sums = new Float64Array(24);
	const counts = new Uint32Array(24);
	let busiestDay: GridSummary['busiestDay'] = null;
	let daysWithData = 0;
	let grandTotal = 0;
	grid.dates.forEach((dateInt, day) => {
		let total = 0;
		let any = false;
		for (let hour = 0; hour < 24; hour += 1) {
			const value = grid.values[day * 24 + hour] ?? Number.NaN;
			if (Number.isNaN(value)) continue;
			any = true;
			total += value;
			sums[hour] = (sums[hour] ?? 0) + value;
			counts[hour] = (counts[hour] ?? 0) + 1;
		}
		if (!any) return;
		daysWithData += 1;
		grandTotal += total;
		if (!busiestDay || total > busiestDay.total) busiestDay = { dateInt, total };
	});
	let busiestHour: number | null = null;
	let busiestHourMean: number | null = null;
	let quietestWakingHour: number | null = null;
	let quietestMean = Infinity;
	for (let hour = 0; hour < 24; hour += 1) {
		const count = counts[hour] ?? 0;
		if (count === 0) continue;
		const mean = (sums[hour] ?? 0) / count;
		if (busiestHourMean === null || mean > busiestHourMean) {
			busiestHour = hour;
			busiestHourMean = mean;
		}
		// Night hours are quiet for everyone; the useful fact is the quietest daytime hour.
		if (hour >= 7 && hour <= 21 && mean < quietestMean) {
			quietestMean = mean;
			quietestWakingHour = hour;
		}
	}
	return {
		daysWithData,
		days: grid.dates.length,
		busiestHour,
		busiestHourMean,
		quietestWakingHour,
		busiestDay,
		dailyMean: daysWithData ? grandTotal / daysWithData : null
	};
}

/**
 * The summary in sentences. Unless `judged` (the span is read to its end), the busiest and
 * quietest hours and the busiest day are held back: days still on their way may change them.
 */
export function summaryText(summary: GridSummary, unit: string, judged = true): string {
	if (summary.busiestHour === null || summary.busiestHourMean === null)
		return judged ? 'No data in this range.' : 'No data read yet.';
	if (!judged) {
		const parts = ['The busiest and quietest hours are named once every day is read.'];
		if (summary.dailyMean !== null)
			parts.push(`Daily average so far: ${formatQuantity(summary.dailyMean, unit)}.`);
		parts.push(`${summary.daysWithData} of ${summary.days} days have data so far.`);
		return parts.join(' ');
	}
	const parts = [
		`Busiest hour: ${formatHour(summary.busiestHour)} (on average ${formatQuantity(summary.busiestHourMean, unit)}).`
	];
	if (summary.quietestWakingHour !== null) {
		parts.push(`Quietest daytime hour: ${formatHour(summary.quietestWakingHour)}.`);
	}
	if (summary.busiestDay) {
		parts.push(
			`Busiest day: ${formatDay(summary.busiestDay.dateInt)} (${formatQuantity(summary.busiestDay.total, unit)}).`
		);
	}
	if (summary.dailyMean !== null)
		parts.push(`Daily average: ${formatQuantity(summary.dailyMean, unit)}.`);
	parts.push(`${summary.daysWithData} of ${summary.days} days have data.`);
	return parts.join(' ');
}

/** Every cell: one row per date, one column per hour (the CSV export and the full table). */
export function heatmapTable(grid: DayHourGrid, unit: string): ChartTable {
	const show = (value: number) => formatQuantity(value, unit);
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			...range(24).map((hour) => ({ key: `h${hour}`, label: formatHour(hour), unit, format: show }))
		],
		rows: grid.dates.map((dateInt, day) => {
			const row: Record<string, string | number | null> = { date: formatDateInt(dateInt) };
			for (let hour = 0; hour < 24; hour += 1) {
				const value = grid.values[day * 24 + hour] ?? Number.NaN;
				row[`h${hour}`] = Number.isNaN(value) ? null : value;
			}
			return row;
		})
	};
}
