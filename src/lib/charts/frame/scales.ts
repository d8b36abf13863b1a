// Scale and geometry helpers shared by every chart: frame sizes, date labels, ticks, rounding.
import { scaleLinear, type LinearScale } from './linear-scale';
import { type ScaleBand, type ScaleTime } from 'd3-scale';
import { dateTicks } from './axis-ticks';

export interface Margin {
	top: number;
	right: number;
	bottom: number;
	left: number;
}

/**
 * A positional scale tagged with its kind so an axis can ask for ticks without knowing the chart.
 * Every domain is numeric: dates travel as UTC-midnight milliseconds, bands as numbers (hour,
 * YYYYMMDD, index), so one `(value: number) => string` formatter type fits every axis.
 */
export type FrameScale =
	| { kind: 'linear'; scale: LinearScale }
	| { kind: 'utc'; scale: ScaleTime<number, number> }
	| { kind: 'band'; scale: ScaleBand<number> };

export interface AxisTick {
	value: number;
	/** Pixel offset along the axis, rounded to 0.01. */
	offset: number;
}

/** No bar is wider than this: one bar in a wide plot stays a bar, not a slab across it. */
export const MAX_BAR_WIDTH = 48;

/**
 * A bar's left edge and width inside its band: as wide as the band up to `max`, centred in it, so
 * a week of one day or a chart on a wide screen keeps bars of a bar's shape.
 */
export function barInBand(
	bandStart: number,
	bandwidth: number,
	max: number = MAX_BAR_WIDTH
): { x: number; width: number } {
	const width = Math.min(bandwidth, max);
	return { x: bandStart + (bandwidth - width) / 2, width };
}

/** Rounds to 0.01 so rendered coordinates (and snapshots) do not carry float noise. */
export function round2(value: number): number {
	return Math.round(value * 100) / 100;
}

export function innerSize(
	width: number,
	height: number,
	margin: Margin
): { innerWidth: number; innerHeight: number } {
	return {
		innerWidth: Math.max(0, width - margin.left - margin.right),
		innerHeight: Math.max(0, height - margin.top - margin.bottom)
	};
}

/** A YYYYMMDD date as the UTC midnight that labels it: a label, not an instant, so no zone leaks in. */
export function dateIntToUtcMs(dateInt: number): number {
	return Date.UTC(
		Math.floor(dateInt / 10000),
		(Math.floor(dateInt / 100) % 100) - 1,
		dateInt % 100
	);
}

/**
 * Keeps every n-th band value so labels do not collide: at most one label per `minGap` pixels.
 */
export function thinBandValues(scale: ScaleBand<number>, minGap: number): number[] {
	const domain = scale.domain();
	const step = Math.max(1, Math.ceil(minGap / Math.max(scale.step(), 1e-9)));
	return domain.filter((_, index) => index % step === 0);
}

/** Tick values and their pixel offsets for any frame scale (band ticks sit at the band centre). */
export function axisTicks(
	frameScale: FrameScale,
	count: number,
	values?: readonly number[]
): AxisTick[] {
	switch (frameScale.kind) {
		case 'linear': {
			const { scale } = frameScale;
			return (values ?? scale.ticks(count)).map((value) => ({
				value,
				offset: round2(scale(value))
			}));
		}
		case 'utc': {
			const { scale } = frameScale;
			return (values ?? scale.ticks(count).map(Number)).map((value) => ({
				value,
				offset: round2(scale(value))
			}));
		}
		case 'band': {
			const { scale } = frameScale;
			const half = scale.bandwidth() / 2;
			const minGap = Math.abs(scale.range()[1] - scale.range()[0]) / Math.max(count, 1);
			return (values ?? thinBandValues(scale, minGap)).flatMap((value) => {
				const start = scale(value);
				return start === undefined ? [] : [{ value, offset: round2(start + half) }];
			});
		}
	}
}

/** The default label for a tick: d3's number format for linear scales, our day label for dates, the value for bands. */
export function defaultTickFormat(
	frameScale: FrameScale,
	count: number
): (value: number) => string {
	switch (frameScale.kind) {
		case 'linear':
			return frameScale.scale.tickFormat(count);
		case 'utc': {
			// Our own calendar text, never d3's (which prints `12 PM` and `.001`); date axes that
			// span more than days pass `dateTicks` labels instead.
			return (value) => dateTicks(value, value, 1)[0]?.label ?? '';
		}
		case 'band':
			return String;
	}
}

/** The data extent of a continuous frame scale, low to high (a band scale has none: [0, 0]). */
export function scaleDomain(frameScale: FrameScale): [number, number] {
	if (frameScale.kind === 'band') return [0, 0];
	const [a, b] = frameScale.scale.domain().map(Number);
	return [Math.min(a ?? 0, b ?? 0), Math.max(a ?? 0, b ?? 0)];
}

// Steps a duration axis may use, in seconds: whole minutes, quarter hours, hours.
const DURATION_STEPS = [60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/**
 * A duration axis (values in seconds) widened to whole steps of a clock-friendly size, with its
 * ticks: 0, 15, 30 min rather than d3's decimal 0, 500, 1000 s.
 */
export function durationAxis(
	low: number,
	high: number,
	count: number
): { domain: [number, number]; ticks: number[] } {
	const span = Math.max(high - low, 1);
	const step =
		DURATION_STEPS.find((candidate) => span / candidate <= count) ??
		DURATION_STEPS[DURATION_STEPS.length - 1] ??
		86400;
	const from = Math.floor(low / step) * step;
	const to = Math.max(Math.ceil(high / step) * step, from + step);
	const ticks: number[] = [];
	for (let value = from; value <= to; value += step) ticks.push(value);
	return { domain: [from, to], ticks };
}

/** Whether a unit is a duration in seconds, drawn on a clock-friendly axis. */
export function isDurationUnit(unit: string): boolean {
	return unit === 'seconds' || unit === 's';
}

/** A column standing on the baseline, in its band: where bars and their markers are drawn. */
export interface ColumnBox {
	x: number;
	/** The band's middle. */
	cx: number;
	width: number;
	y: number;
	height: number;
}

/**
 * The column from `top` down to `baseline` in the band starting at `left`, `bandwidth` wide: as wide
 * as the band up to MAX_BAR_WIDTH, centred in it (barInBand).
 */
export function columnBox(
	left: number,
	bandwidth: number,
	top: number,
	baseline: number
): ColumnBox {
	const bar = barInBand(left, bandwidth);
	return {
		x: round2(bar.x),
		cx: round2(left + bandwidth / 2),
		width: round2(bar.width),
		y: round2(top),
		height: round2(baseline - top)
	};
}

/**
 * A value axis from 0 to `top` over `innerHeight`: clock-friendly steps for a duration, d3's nice
 * steps otherwise, and a single 0 tick (rather than an invented 0–1 scale) when `top` is 0.
 * `yTicks` is null where the axis picks its own ticks.
 */
export function zeroBasedAxis(
	top: number,
	duration: boolean,
	innerHeight: number
): { y: LinearScale; yTicks: number[] | null } {
	const y = scaleLinear().range([innerHeight, 0]);
	if (top <= 0) return { y: y.domain([0, 1]), yTicks: [0] };
	if (duration) {
		const axis = durationAxis(0, top, 4);
		return { y: y.domain(axis.domain), yTicks: axis.ticks };
	}
	return { y: y.domain([0, top]).nice(4), yTicks: null };
}
