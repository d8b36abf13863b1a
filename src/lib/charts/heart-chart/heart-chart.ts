// Layout of the resting heart rate chart: one dot per day coloured by its zone, over the baseline band and its median.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import type { ScaleTime } from 'd3-scale';
import { heartZoneLabel, type BaselinePoint, type HeartZone } from '$lib/metrics/heart';
import { daysBetween, formatDateInt } from '$lib/time/zone';
import { formatDay } from '$lib/format';
import { dateSpanScale } from '../frame/date-span';
import { dateIntToUtcMs, round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

export interface HeartDot {
	index: number;
	x: number;
	y: number;
	zone: HeartZone | null;
	point: BaselinePoint;
}

export interface HeartChartLayout {
	x: ScaleTime<number, number>;
	y: LinearScale;
	yTicks: number[];
	dots: HeartDot[];
	/** The baseline band as closed paths, one per run of days that have a baseline. */
	band: string[];
	/** The baseline median as open paths, one per run. */
	median: string[];
	/** Span of the x axis, UTC-midnight milliseconds of its first and last date labels. */
	from: number;
	to: number;
}

/** Days between two readings that still join one band: any missing day breaks it. */
const MAX_GAP_DAYS = 1;

/** Runs of consecutive points with a baseline, broken where days are missing or none is known. */
function runs(points: readonly BaselinePoint[]): BaselinePoint[][] {
	const out: BaselinePoint[][] = [];
	let current: BaselinePoint[] = [];
	let previous: BaselinePoint | null = null;
	for (const point of points) {
		const joined =
			point.median !== null &&
			previous !== null &&
			previous.median !== null &&
			daysBetween(previous.date, point.date) <= MAX_GAP_DAYS;
		if (!joined && current.length > 0) {
			out.push(current);
			current = [];
		}
		if (point.median !== null) current.push(point);
		previous = point;
	}
	if (current.length > 0) out.push(current);
	return out;
}

/**
 * Dates `fromDate..toDate` fill the width (a day without a reading stays an empty place, never
 * closed up); the value axis spans the readings and the band with a little room, at least 10 bpm
 * so a steady month is not drawn as wild swings.
 */
export function heartChartLayout(
	points: readonly BaselinePoint[],
	fromDate: number,
	toDate: number,
	innerWidth: number,
	innerHeight: number
): HeartChartLayout {
	const { x, from, to } = dateSpanScale(fromDate, toDate, innerWidth);
	const values = points.flatMap((p) => [p.bpm, p.low ?? p.bpm, p.high ?? p.bpm]);
	let lo = values.length > 0 ? Math.min(...values) : 50;
	let hi = values.length > 0 ? Math.max(...values) : 70;
	if (hi - lo < 10) {
		const middle = (hi + lo) / 2;
		lo = middle - 5;
		hi = middle + 5;
	}
	const y = scaleLinear()
		.domain([Math.floor(lo - 2), Math.ceil(hi + 2)])
		.range([innerHeight, 0])
		.nice(5);
	const xOf = (date: number) => round2(x(dateIntToUtcMs(date)));
	const dots = points.map((point, index) => ({
		index,
		x: xOf(point.date),
		y: round2(y(point.bpm)),
		zone: point.zone,
		point
	}));
	const band: string[] = [];
	const median: string[] = [];
	for (const run of runs(points)) {
		const top = run.map((p) => `${xOf(p.date)},${round2(y(p.high ?? 0))}`);
		const bottom = run.map((p) => `${xOf(p.date)},${round2(y(p.low ?? 0))}`).reverse();
		band.push(`M${top.join('L')}L${bottom.join('L')}Z`);
		median.push(`M${run.map((p) => `${xOf(p.date)},${round2(y(p.median ?? 0))}`).join('L')}`);
	}
	return { x, y, yTicks: y.ticks(5), dots, band, median, from, to };
}

/** What a screen reader hears, and the tooltip says, for one day. */
export function heartDotText(point: BaselinePoint): string {
	const zone = point.zone === null ? 'no baseline yet' : heartZoneLabel[point.zone];
	const band =
		point.low === null || point.high === null
			? ''
			: ` (baseline ${Math.round(point.low)}–${Math.round(point.high)} bpm)`;
	return `${formatDay(point.date)}: ${point.bpm} bpm, ${zone}${band}`;
}

/** The numbers behind the chart: every day with its reading and baseline. */
export function heartTable(points: readonly BaselinePoint[]): ChartTable {
	const bpm = (value: number) => `${Math.round(value * 10) / 10} bpm`;
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'bpm', label: 'Resting heart rate', unit: 'bpm', format: bpm },
			{ key: 'median', label: 'Baseline median', unit: 'bpm', format: bpm },
			{ key: 'low', label: 'Baseline low', unit: 'bpm', format: bpm },
			{ key: 'high', label: 'Baseline high', unit: 'bpm', format: bpm },
			{ key: 'zone', label: 'Zone' }
		],
		rows: points.map((point) => ({
			date: formatDateInt(point.date),
			bpm: point.bpm,
			median: point.median,
			low: point.low,
			high: point.high,
			zone: point.zone === null ? 'no baseline yet' : heartZoneLabel[point.zone]
		}))
	};
}
