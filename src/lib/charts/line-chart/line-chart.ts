// Layout of daily line series: x by date (UTC label) or by index in period, twin right axis, zoom.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { bisectLeft, extent } from 'd3-array';
import { scaleUtc } from 'd3-scale';
import type { Series, SeriesPoint } from '$lib/metrics/types';
import { clockAxis } from '../frame/clock-axis';
import { formatDay, formatQuantity } from '$lib/format';
import {
	dateIntToUtcMs,
	durationAxis,
	isDurationUnit,
	round2,
	type FrameScale
} from '../frame/scales';
import { formatDateInt } from '$lib/time/zone';
import type { ChartTable } from '../frame/table';

export type LineXMode = 'date' | 'index';

export interface SeriesPath {
	id: string;
	label: string;
	unit: string;
	/** Position in the series list: picks the colour and dash (the second is dashed). */
	order: number;
	axis: 'left' | 'right';
	d: string;
	/**
	 * Points drawn as dots: every visible point when there are few (a week or a month, where a
	 * lone day would otherwise be a speck at the edge), else only those with no neighbour.
	 */
	dots: Array<{ x: number; y: number }>;
}

/** About how many ticks a value axis gets (the Axis default): its domain ends on two of them. */
export const VALUE_TICKS = 5;

/** Up to this many points in view, each point gets a dot. */
export const DOTS_UP_TO = 62;

export interface LineChartLayout {
	x: FrameScale;
	y: LinearScale;
	/** The twin right-hand scale, when a series is put on the right axis. */
	y2: LinearScale | null;
	/** Tick values of the value axes when they hold durations; null lets d3 choose. */
	yTicks: number[] | null;
	y2Ticks: number[] | null;
	paths: SeriesPath[];
	/** Every x value that has a point in the visible domain, ascending: the keyboard cursor stops. */
	stops: number[];
	/** Pixel position of each stop. */
	stopOffsets: number[];
	domain: [number, number];
	/**
	 * The one value in view, labelled beside its dot, when the series hold a single point between
	 * them (a one-day span): a lone dot alone does not say what it is.
	 */
	lone: { x: number; y: number; text: string } | null;
}

/** What a set of series holds: no value at all, or some. */
export function hasValues(series: readonly Series[]): boolean {
	return series.some((s) => s.points.some((point) => point.value !== null));
}

export interface LineChartOptions {
	x: LineXMode;
	/** Id of the series drawn against the right axis; null puts all on the left. */
	rightAxis: string | null;
	/** Visible x domain (ms of UTC-midnight labels, or indices); null shows everything. */
	zoom: [number, number] | null;
	includeZero: boolean;
	innerWidth: number;
	innerHeight: number;
	/** Dates the axis covers in full (a whole week or month, YYYYMMDD); default the data's own. */
	span?: readonly [number, number] | null;
	/**
	 * Dates (YYYYMMDD) whose points are drawn hollow apart from the line: today under way, a week
	 * or year only partly covered. The line does not run into them, so a part never reads as a
	 * plunge; default none.
	 */
	hollow?: readonly number[];
}

/** The x value of a point: its date as UTC-midnight ms, or its position in the period. */
export function pointX(point: SeriesPoint, index: number, mode: LineXMode): number {
	return mode === 'date' ? dateIntToUtcMs(point.dateInt) : index;
}

/** The x values of a series in order (dates ascending, so the array is sorted). */
export function seriesXs(series: Series, mode: LineXMode): number[] {
	return series.points.map((point, index) => pointX(point, index, mode));
}

/** A series with its x values computed once per data change, not once per resize or zoom. */
export interface PreparedSeries {
	series: Series;
	xs: number[];
}

export function prepareSeries(series: readonly Series[], mode: LineXMode): PreparedSeries[] {
	return series.map((s) => ({ series: s, xs: seriesXs(s, mode) }));
}

export function fullDomain(
	prepared: readonly PreparedSeries[],
	mode: LineXMode = 'index',
	span: readonly [number, number] | null = null
): [number, number] {
	const all = prepared.flatMap(({ xs }) => (xs.length ? [xs[0] ?? 0, xs[xs.length - 1] ?? 0] : []));
	if (span && mode === 'date') all.push(dateIntToUtcMs(span[0]), dateIntToUtcMs(span[1]));
	const [low, high] = extent(all);
	if (low === undefined || high === undefined) return [0, 1];
	// A lone point sits in the middle of a day (or a position) either side, not in a corner.
	const step = mode === 'date' ? 86_400_000 : 1;
	return low === high ? [low - step, low + step] : [low, high];
}

/**
 * The x domain after a keyboard zoom by `factor` (2 zooms in, 0.5 out) around `center`: the
 * centre keeps its place on screen, the span never narrows below `minSpan` and never leaves
 * `full`. Null when the result covers all of `full` (no zoom).
 */
export function zoomAround(
	full: [number, number],
	current: [number, number] | null,
	center: number,
	factor: number,
	minSpan: number
): [number, number] | null {
	const [low, high] = current ?? full;
	const fullSpan = full[1] - full[0];
	const span = Math.min(fullSpan, Math.max(minSpan, (high - low) / factor));
	if (span >= fullSpan) return null;
	// Where the centre sits in the current view (0 = left edge), kept after the zoom.
	const at = high > low ? Math.min(1, Math.max(0, (center - low) / (high - low))) : 0.5;
	const from = Math.min(full[1] - span, Math.max(full[0], center - at * span));
	return [from, from + span];
}

/**
 * The dots of one series: every point inside the plot (0 to `width` px) when at most
 * `DOTS_UP_TO` are, else only the isolated ones (no point either side), which a line cannot show.
 */
export function pointDots(
	count: number,
	x: (index: number) => number,
	y: (index: number) => number | null,
	width: number
): Array<{ x: number; y: number }> {
	const inView = (i: number) => {
		const px = x(i);
		return y(i) !== null && px >= -0.5 && px <= width + 0.5;
	};
	// Counted first, so a long series (ten years of days) allocates only the dots it draws.
	let shown = 0;
	for (let i = 0; i < count && shown <= DOTS_UP_TO; i += 1) if (inView(i)) shown += 1;
	const all = shown <= DOTS_UP_TO;
	const dots: Array<{ x: number; y: number }> = [];
	for (let i = 0; i < count; i += 1) {
		if (!inView(i)) continue;
		const isolated = (i === 0 || y(i - 1) === null) && (i === count - 1 || y(i + 1) === null);
		if (all || isolated) dots.push({ x: round2(x(i)), y: round2(y(i) ?? 0) });
	}
	return dots;
}

/**
 * SVG path data through the points whose `y` is not null, coordinates rounded to 0.01, a new
 * subpath after every gap. A plain loop rather than d3-shape's `line`: its per-segment tagged
 * templates cost about 5 ms for 3,650 points in Chromium, this well under 1 ms. An isolated
 * point becomes a closed zero-length subpath so a round line cap still shows it (as d3 does).
 */
export function polylinePath(
	count: number,
	x: (index: number) => number,
	y: (index: number) => number | null
): string {
	let d = '';
	let run = 0;
	for (let i = 0; i < count; i += 1) {
		const py = y(i);
		if (py === null) {
			if (run === 1) d += 'Z';
			run = 0;
			continue;
		}
		d += `${run === 0 ? 'M' : 'L'}${round2(x(i))},${round2(py)}`;
		run += 1;
	}
	if (run === 1) d += 'Z';
	return d;
}

/** Index of the x value nearest to `target` in an ascending array (-1 when empty). */
export function nearestIndex(xs: readonly number[], target: number): number {
	if (xs.length === 0) return -1;
	const right = bisectLeft(xs, target);
	if (right <= 0) return 0;
	if (right >= xs.length) return xs.length - 1;
	const before = xs[right - 1] ?? 0;
	const after = xs[right] ?? 0;
	return target - before <= after - target ? right - 1 : right;
}

/** The points whose x lies in the domain, plus one neighbour each side so lines run to the edge. */
function visibleRange(xs: readonly number[], domain: [number, number]): [number, number] {
	const from = Math.max(0, bisectLeft(xs, domain[0]) - 1);
	const to = Math.min(xs.length, bisectLeft(xs, domain[1]) + 2);
	return [from, to];
}

/** Lowest and highest non-null value of the visible points (a loop: no 3,650 small arrays). */
function valueExtent(runs: ReadonlyArray<readonly SeriesPoint[]>): [number, number] | null {
	let low = Infinity;
	let high = -Infinity;
	for (const points of runs) {
		for (const point of points) {
			if (point.value === null) continue;
			if (point.value < low) low = point.value;
			if (point.value > high) high = point.value;
		}
	}
	return low <= high ? [low, high] : null;
}

/** The one point with a value among `runs`, or undefined when there are none or several. */
function onlyValue(runs: ReadonlyArray<readonly SeriesPoint[]>): SeriesPoint | undefined {
	let found: SeriesPoint | undefined;
	for (const points of runs)
		for (const point of points) {
			if (point.value === null) continue;
			if (found) return undefined;
			found = point;
		}
	return found;
}

/**
 * The x values inside `domain` of all series, ascending and each once. Every series' values are
 * already ascending, so one series is a filter; several are joined and sorted.
 */
function mergedStops(xsOf: ReadonlyArray<readonly number[]>, domain: [number, number]): number[] {
	const [from, to] = domain;
	const inDomain: number[] = [];
	for (const xs of xsOf)
		for (const value of xs) if (value >= from && value <= to) inDomain.push(value);
	if (xsOf.length > 1) inDomain.sort((a, b) => a - b);
	const stops: number[] = [];
	for (const value of inDomain) if (value !== stops[stops.length - 1]) stops.push(value);
	return stops;
}

/**
 * The value axis's extent. A single value (one point, or all equal) gets a tenth of itself either
 * side, so it sits in the middle of an axis of its own size (7,500 steps on 6,750 to 8,250) rather
 * than on a one-unit sliver; a value of zero gets 0 to 1, above which it is the floor.
 */
export function valueDomain(
	range: [number, number] | null,
	includeZero: boolean
): [number, number] {
	if (!range) return [0, 1];
	const [low, high] = range;
	const from = includeZero ? Math.min(0, low) : low;
	const to = includeZero ? Math.max(0, high) : high;
	if (from !== to) return [from, to];
	if (from === 0) return [0, 1];
	const pad = Math.abs(from) / 10;
	return [from - pad, to + pad];
}

export function lineChartLayout(
	prepared: readonly PreparedSeries[],
	options: LineChartOptions
): LineChartLayout {
	const { innerWidth, innerHeight } = options;
	const series = prepared.map((p) => p.series);
	const domain = options.zoom ?? fullDomain(prepared, options.x, options.span ?? null);
	const x: FrameScale =
		options.x === 'date'
			? { kind: 'utc', scale: scaleUtc().domain(domain).range([0, innerWidth]) }
			: { kind: 'linear', scale: scaleLinear().domain(domain).range([0, innerWidth]) };
	const toPixel = (value: number) => (x.kind === 'utc' ? x.scale(value) : x.scale(value));

	const visible = prepared.map(({ series: s, xs }) => {
		const [from, to] = visibleRange(xs, domain);
		return { series: s, xs: xs.slice(from, to), points: s.points.slice(from, to) };
	});
	const sideOf = (s: Series) => (s.id === options.rightAxis ? 'right' : 'left');
	const valuesOn = (side: 'left' | 'right') =>
		valueExtent(visible.filter((v) => sideOf(v.series) === side).map((v) => v.points));
	const unitOn = (side: 'left' | 'right') =>
		series.find((s) => (s.id === options.rightAxis ? 'right' : 'left') === side)?.unit ?? '';
	const valueAxis = (side: 'left' | 'right') => {
		const [low, high] = valueDomain(valuesOn(side), options.includeZero);
		if (unitOn(side) === 'clock') {
			// Times of day run downward, evening above morning, as on the Sleep view's bedtimes.
			const axis = clockAxis(low, high, 5);
			return {
				scale: scaleLinear().domain(axis.domain).range([0, innerHeight]),
				ticks: axis.ticks
			};
		}
		const scale = scaleLinear().range([innerHeight, 0]);
		// Made nice in the steps of the axis's own ticks, so the lowest gridline carries a label.
		if (!isDurationUnit(unitOn(side)))
			return { scale: scale.domain([low, high]).nice(VALUE_TICKS), ticks: null };
		// Durations get clock-friendly steps (30 min, 1 h) instead of d3's decimal seconds.
		const axis = durationAxis(low, high, 5);
		return { scale: scale.domain(axis.domain), ticks: axis.ticks };
	};
	const left = valueAxis('left');
	const right = series.some((s) => s.id === options.rightAxis) ? valueAxis('right') : null;
	const y = left.scale;
	const y2 = right?.scale ?? null;

	const hollow = new Set(options.hollow ?? []);
	const paths = visible.map(({ series: s, xs, points }, order): SeriesPath => {
		const axis = s.id === options.rightAxis ? 'right' : 'left';
		const scale = axis === 'right' && y2 ? y2 : y;
		// Pixels once per point: the line and the dots both read them, the dots several times.
		const px = xs.map(toPixel);
		const py = points.map((point) =>
			point.value === null || hollow.has(point.dateInt) ? null : scale(point.value)
		);
		const xAt = (i: number) => px[i] ?? 0;
		const yAt = (i: number) => py[i] ?? null;
		return {
			id: s.id,
			label: s.label,
			unit: s.unit,
			order,
			axis,
			d: polylinePath(points.length, xAt, yAt),
			dots: pointDots(points.length, xAt, yAt, innerWidth)
		};
	});

	const lonePaths = paths.filter((path) => path.dots.length > 0);
	const lonePoint = onlyValue(visible.map((v) => v.points));
	const loneDot = lonePaths.length === 1 ? lonePaths[0]?.dots[0] : undefined;
	const lone =
		loneDot && lonePoint && lonePoint.value !== null
			? {
					x: loneDot.x,
					y: loneDot.y,
					text: formatQuantity(lonePoint.value, lonePaths[0]?.unit ?? '')
				}
			: null;

	const stops = mergedStops(
		visible.map((v) => v.xs),
		domain
	);
	return {
		x,
		y,
		y2,
		yTicks: left.ticks,
		y2Ticks: right?.ticks ?? null,
		paths,
		stops,
		stopOffsets: stops.map((value) => round2(toPixel(value))),
		domain,
		lone
	};
}

/**
 * Where to draw the hollow points: one per series and point dated in `dates` with a value, on
 * its own axis, by date or by position; none out of view.
 */
export function hollowMarks(
	prepared: readonly PreparedSeries[],
	layout: LineChartLayout,
	rightAxis: string | null,
	dates: readonly number[]
): Array<{ key: string; order: number; x: number; y: number }> {
	if (dates.length === 0) return [];
	const wanted = new Set(dates);
	const [from, to] = layout.domain;
	const toPixel = (value: number) =>
		layout.x.kind === 'utc'
			? layout.x.scale(value)
			: layout.x.kind === 'linear'
				? layout.x.scale(value)
				: 0;
	return prepared.flatMap(({ series: s, xs }, order) =>
		s.points.flatMap((point, index) => {
			const xValue = xs[index];
			if (point.value === null || xValue === undefined || !wanted.has(point.dateInt)) return [];
			if (xValue < from || xValue > to) return [];
			const scale = s.id === rightAxis && layout.y2 ? layout.y2 : layout.y;
			return [
				{
					key: `${order}-${index}`,
					order,
					x: round2(toPixel(xValue)),
					y: round2(scale(point.value))
				}
			];
		})
	);
}

export interface CursorReading {
	id: string;
	label: string;
	unit: string;
	order: number;
	dateInt: number | null;
	value: number | null;
}

/** What each series reads at one x value: the point exactly there, or nothing. */
export function readAt(prepared: readonly PreparedSeries[], xValue: number): CursorReading[] {
	return prepared.map(({ series: s, xs }, order) => {
		const index = bisectLeft(xs, xValue);
		const point = xs[index] === xValue ? s.points[index] : undefined;
		return {
			id: s.id,
			label: s.label,
			unit: s.unit,
			order,
			dateInt: point?.dateInt ?? null,
			value: point?.value ?? null
		};
	});
}

/** The cursor's heading: the date, or by index the position's name (`Day 3` unless told). */
export function cursorTitle(
	mode: LineXMode,
	xValue: number,
	readings: readonly CursorReading[],
	indexName: (index: number) => string = (index) => `Day ${index + 1}`
): string {
	if (mode === 'index') return indexName(xValue);
	const dateInt = readings.find((reading) => reading.dateInt !== null)?.dateInt;
	return dateInt === undefined || dateInt === null ? '' : formatDay(dateInt);
}

/** What a reading without a value says: why it is empty (`not yet`, `no record`), or `no data`. */
export type GapText = (reading: CursorReading) => string;

const noData: GapText = () => 'no data';

/** One series' reading in words: `This week (Thu 26 Nov): 4,210 steps`, `Steps: not yet`. */
export function readingText(
	mode: LineXMode,
	reading: CursorReading,
	gapText: GapText = noData
): string {
	const value =
		reading.value === null ? gapText(reading) : formatQuantity(reading.value, reading.unit);
	const when =
		mode === 'index' && reading.dateInt !== null ? ` (${formatDay(reading.dateInt)})` : '';
	return `${reading.label}${when}: ${value}`;
}

export function cursorText(
	mode: LineXMode,
	xValue: number,
	readings: readonly CursorReading[],
	indexName?: (index: number) => string,
	gapText?: GapText
): string {
	const parts = readings.map((reading) => readingText(mode, reading, gapText));
	return `${cursorTitle(mode, xValue, readings, indexName)}. ${parts.join('; ')}`;
}

/**
 * One row per date (or per day of period when overlaid by index), one column per series.
 */
export function lineChartTable(series: readonly Series[], mode: LineXMode): ChartTable {
	const columns = series.map((s, order) => ({
		key: `s${order}`,
		label: s.label,
		unit: s.unit,
		format: (value: number) => formatQuantity(value, s.unit)
	}));
	if (mode === 'index') {
		const length = Math.max(0, ...series.map((s) => s.points.length));
		return {
			columns: [{ key: 'day', label: 'Day of period' }, ...columns],
			rows: Array.from({ length }, (_, index) => ({
				day: index + 1,
				...Object.fromEntries(
					series.map((s, order) => [`s${order}`, s.points[index]?.value ?? null])
				)
			}))
		};
	}
	const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.dateInt)))].sort(
		(a, b) => a - b
	);
	const lookup = series.map((s) => new Map(s.points.map((p) => [p.dateInt, p.value])));
	return {
		columns: [{ key: 'date', label: 'Date' }, ...columns],
		rows: dates.map((dateInt) => ({
			date: formatDateInt(dateInt),
			...Object.fromEntries(
				lookup.map((values, order) => [`s${order}`, values.get(dateInt) ?? null])
			)
		}))
	};
}
