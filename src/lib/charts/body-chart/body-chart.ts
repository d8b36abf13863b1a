// Layout of the body chart: each weigh-in a dot on its date, the smoothed trend as a line, the goal as a level line.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import type { ScaleTime } from 'd3-scale';
import type { WeighIn } from '$lib/metrics/body';
import { formatDateInt } from '$lib/time/zone';
import { formatDay } from '$lib/format';
import { dateSpanScale } from '../frame/date-span';
import { dateIntToUtcMs, round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

/** A measure the body chart can show. */
export type BodyMeasure = 'weight' | 'bodyFat' | 'leanMass' | 'bmi';

export const bodyMeasureLabel: Record<BodyMeasure, string> = {
	weight: 'Weight',
	bodyFat: 'Body fat',
	leanMass: 'Lean mass',
	bmi: 'BMI'
};

/** One weigh-in's value of the measure shown, in the unit shown, with the trend there. */
export interface BodyPoint {
	date: number;
	value: number;
	/** The smoothed trend at this weigh-in, or null when the measure has none. */
	trend: number | null;
	entry: WeighIn;
}

export interface BodyDot {
	index: number;
	x: number;
	y: number;
	point: BodyPoint;
}

export interface BodyChartLayout {
	x: ScaleTime<number, number>;
	y: LinearScale;
	yTicks: number[];
	dots: BodyDot[];
	/** The trend through the weigh-ins, or '' with fewer than two. */
	trend: string;
	/** Where the goal's level line sits, or null without a goal. */
	goalY: number | null;
	from: number;
	to: number;
}

/** Smallest value span of the axis, per unit: a steady month is not drawn as a cliff. */
function minimumSpan(unit: string): number {
	switch (unit) {
		case 'kg':
			return 2;
		case 'lb':
			return 4;
		case '%':
			return 4;
		default:
			return 2;
	}
}

export function bodyChartLayout(
	points: readonly BodyPoint[],
	goal: number | null,
	unit: string,
	fromDate: number,
	toDate: number,
	innerWidth: number,
	innerHeight: number
): BodyChartLayout {
	const { x, from, to } = dateSpanScale(fromDate, toDate, innerWidth);
	const values = points.flatMap((p) => (p.trend === null ? [p.value] : [p.value, p.trend]));
	if (goal !== null) values.push(goal);
	let lo = values.length > 0 ? Math.min(...values) : 0;
	let hi = values.length > 0 ? Math.max(...values) : 1;
	const span = minimumSpan(unit);
	if (hi - lo < span) {
		const middle = (hi + lo) / 2;
		lo = middle - span / 2;
		hi = middle + span / 2;
	}
	const pad = (hi - lo) * 0.08;
	const y = scaleLinear()
		.domain([lo - pad, hi + pad])
		.range([innerHeight, 0])
		.nice(5);
	const xOf = (date: number) => round2(x(dateIntToUtcMs(date)));
	const dots = points.map((point, index) => ({
		index,
		x: xOf(point.date),
		y: round2(y(point.value)),
		point
	}));
	const trendPoints = points.filter((p) => p.trend !== null);
	const trend =
		trendPoints.length < 2
			? ''
			: `M${trendPoints.map((p) => `${xOf(p.date)},${round2(y(p.trend ?? 0))}`).join('L')}`;
	return {
		x,
		y,
		yTicks: y.ticks(5),
		dots,
		trend,
		goalY: goal === null ? null : round2(y(goal)),
		from,
		to
	};
}

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/** A value with its unit: `72.4 kg`, `28.9%`, `BMI 24.4`. */
export function bodyValueText(value: number, unit: string): string {
	if (unit === '%') return `${oneDecimal(value)}%`;
	if (unit === '') return oneDecimal(value);
	return `${oneDecimal(value)} ${unit}`;
}

/** What a screen reader hears, and the tooltip's first line says, for one weigh-in. */
export function bodyDotText(point: BodyPoint, measure: BodyMeasure, unit: string): string {
	const trend = point.trend === null ? '' : `, trend ${bodyValueText(point.trend, unit)}`;
	return `${formatDay(point.date)}: ${bodyMeasureLabel[measure]} ${bodyValueText(point.value, unit)}${trend}`;
}

/**
 * Every weigh-in with every measure recorded: weight and its trend in the user's unit, body fat
 * and lean mass in percent, BMI.
 */
export function bodyTable(
	entries: readonly WeighIn[],
	trend: readonly number[],
	toUnit: (kg: number) => number,
	unit: string
): ChartTable {
	const weight = (value: number) => `${oneDecimal(value)} ${unit}`;
	const percent = (value: number) => `${oneDecimal(value)}%`;
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'weight', label: 'Weight', unit, format: weight },
			{ key: 'trend', label: 'Trend', unit, format: weight },
			{ key: 'bodyFat', label: 'Body fat', unit: '%', format: percent },
			{ key: 'leanMass', label: 'Lean mass', unit: '%', format: percent },
			{ key: 'bmi', label: 'BMI', format: oneDecimal }
		],
		rows: entries.map((entry, index) => {
			const smoothed = trend[index];
			return {
				date: formatDateInt(entry.date),
				weight: Math.round(toUnit(entry.weightKg) * 100) / 100,
				trend: smoothed === undefined ? null : Math.round(toUnit(smoothed) * 100) / 100,
				bodyFat: entry.bodyFat,
				leanMass: entry.leanMass,
				bmi: entry.bmi
			};
		})
	};
}
