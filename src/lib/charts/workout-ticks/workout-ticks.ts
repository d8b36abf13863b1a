// Layout of one workout's ticks over its elapsed time: speed or pace as a line (faster is up
// either way) and steps per minute as a stepped area, each bucket as wide as its timestamps say.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max, quantileSorted } from 'd3-array';
import type { UnitSystem } from '$lib/metrics/units';
import { formatPace, paceIn, speedIn, type TickSpan } from '$lib/metrics/workouts';
import { formatClock } from '$lib/time/zone';
import { round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

export type Reading = 'pace' | 'speed';

/** The unit of a reading: `km/h`/`mph` for speed, `min/km`/`min/mi` for pace. */
export function readingUnit(reading: Reading, system: UnitSystem): string {
	const per = system === 'imperial' ? 'mi' : 'km';
	return reading === 'pace' ? `min/${per}` : system === 'imperial' ? 'mph' : 'km/h';
}

/** A reading as text: `5:07 /km` or `24.3 km/h`; "–" without one. */
export function formatReading(value: number | null, reading: Reading, system: UnitSystem): string {
	if (value === null) return '–';
	return reading === 'pace'
		? formatPace(value, system)
		: `${value.toFixed(1)} ${readingUnit(reading, system)}`;
}

/** Seconds elapsed as `1:05:09` or `5:09`. */
export function formatElapsed(seconds: number): string {
	const total = Math.max(0, Math.round(seconds));
	const hours = Math.floor(total / 3600);
	const minutes = Math.floor((total % 3600) / 60);
	const rest = String(total % 60).padStart(2, '0');
	return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export interface TickMark {
	index: number;
	span: TickSpan;
	/** Speed (km/h or mph) or pace (seconds per km or mile); null when not moving. */
	reading: number | null;
	/** Centre, start and end of the bucket, px. */
	x: number;
	x0: number;
	x1: number;
	/** Where the reading sits (null without one), and the top of the steps area. */
	yReading: number | null;
	yCadence: number;
}

export interface WorkoutTicksLayout {
	x: LinearScale;
	/** The reading's scale (left); the cadence scale when there is no reading. */
	y: LinearScale;
	/** Steps per minute (right), when there are both a reading and steps. */
	y2: LinearScale | null;
	xTicks: number[];
	/** Whole-minute ticks of a pace axis; null to let the scale choose. */
	yTicks: number[] | null;
	marks: TickMark[];
	/** The reading line, broken where the workout paused or stood still; '' without a reading. */
	line: string;
	/** The steps-per-minute area; '' without steps. */
	steps: string;
	hasReading: boolean;
	hasSteps: boolean;
}

function readingOf(span: TickSpan, reading: Reading, system: UnitSystem): number | null {
	if (span.speed === null || span.speed <= 0) return null;
	return reading === 'pace' ? paceIn(span.speed, system) : speedIn(span.speed, system);
}

// Elapsed-time tick steps: whole minutes under two hours; half hours and hours above, so an
// axis in hours reads 0.5, 1, 1.5 and never 0.25.
const SHORT_STEPS = [60, 120, 300, 600, 900, 1800, 3600];
const LONG_STEPS = [1800, 3600, 7200, 10800, 21600];

/** Ticks for an elapsed-time axis of `total` seconds, at most about `count` of them. */
export function elapsedTicks(total: number, count: number): number[] {
	const steps = total < 7200 ? SHORT_STEPS : LONG_STEPS;
	const step =
		steps.find((candidate) => total / candidate <= count) ?? steps[steps.length - 1] ?? 3600;
	const ticks: number[] = [];
	for (let tick = 0; tick <= total; tick += step) ticks.push(tick);
	return ticks;
}

/**
 * The x axis runs over elapsed seconds from the first tick to the last tick's end, with ticks at
 * whole minutes or half hours. `show` leaves out the reading (a workout without a distance) or
 * the steps (a ride's few steps). Pace is drawn with faster (smaller) values at the top, and its axis
 * stops at twice the median pace so a walk to the car does not flatten the run.
 */
export function workoutTicksLayout(
	spans: readonly TickSpan[],
	reading: Reading,
	system: UnitSystem,
	innerWidth: number,
	innerHeight: number,
	show: { reading?: boolean; steps?: boolean } = {}
): WorkoutTicksLayout {
	const first = spans[0]?.start ?? 0;
	const total = Math.max(60, (spans.at(-1)?.end ?? first) - first);
	const x = scaleLinear().domain([0, total]).range([0, innerWidth]);
	const xTicks = elapsedTicks(total, Math.max(4, Math.floor(innerWidth / 55)));
	const readings = spans.map((span) => readingOf(span, reading, system));
	const present = readings.filter((value): value is number => value !== null);
	const hasReading = (show.reading ?? true) && present.length > 0;
	const hasSteps = (show.steps ?? true) && spans.some((span) => span.steps > 0);
	const cadenceTop = max(spans, (span) => span.cadence) ?? 0;
	// Under a reading, steps sit in the lower part of the plot so the reading's line stays readable above them.
	const cadence = scaleLinear()
		.domain([0, cadenceTop > 0 ? cadenceTop * (hasReading ? 1.6 : 1) : 1])
		.nice(4)
		.range([innerHeight, 0]);
	let y = cadence;
	let yTicks: number[] | null = null;
	if (hasReading) {
		const sorted = [...present].sort((a, b) => a - b);
		if (reading === 'pace') {
			const median = quantileSorted(sorted, 0.5) ?? 0;
			const slowest = Math.min(sorted.at(-1) ?? 0, median * 2);
			const fastest = sorted[0] ?? 0;
			// Whole minutes; slow at the bottom, fast at the top.
			const low = Math.floor(fastest / 60) * 60;
			const high = Math.max(Math.ceil(slowest / 60) * 60, low + 60);
			y = scaleLinear().domain([high, low]).range([innerHeight, 0]).clamp(true);
			const step = 60 * Math.max(1, Math.ceil((high - low) / 60 / 4));
			yTicks = [];
			for (let tick = low; tick <= high; tick += step) yTicks.push(tick);
		} else {
			y = scaleLinear()
				.domain([0, sorted.at(-1) ?? 1])
				.nice(4)
				.range([innerHeight, 0]);
		}
	}
	const marks = spans.map((span, index): TickMark => {
		const value = readings[index] ?? null;
		const x0 = x(span.start - first);
		const x1 = x(span.end - first);
		return {
			index,
			span,
			reading: value,
			x: round2((x0 + x1) / 2),
			x0: round2(x0),
			x1: round2(x1),
			yReading: value === null || !hasReading ? null : round2(y(value)),
			yCadence: round2(cadence(span.cadence))
		};
	});
	let line = '';
	let open = false;
	for (const mark of marks) {
		if (mark.yReading === null || mark.span.afterGap) open = false;
		if (mark.yReading === null) continue;
		line += `${open ? 'L' : 'M'}${mark.x},${mark.yReading}`;
		open = true;
	}
	let steps = '';
	if (hasSteps) {
		const base = round2(innerHeight);
		// Neighbouring buckets of equal height share one edge: only changes of height are points.
		let end: number | null = null;
		let level = base;
		for (const mark of marks) {
			if (end === null || mark.x0 !== end) {
				if (end !== null) steps += `L${end},${level}L${end},${base}Z`;
				steps += `M${mark.x0},${base}L${mark.x0},${mark.yCadence}`;
			} else if (mark.yCadence !== level) {
				steps += `L${mark.x0},${level}L${mark.x0},${mark.yCadence}`;
			}
			level = mark.yCadence;
			end = mark.x1;
		}
		if (end !== null) steps += `L${end},${level}L${end},${base}Z`;
	}
	return {
		x,
		y,
		y2: hasReading && hasSteps ? cadence : null,
		xTicks,
		yTicks,
		marks,
		line,
		steps,
		hasReading,
		hasSteps
	};
}

/** The sentence a screen reader hears for one tick. */
export function tickText(mark: TickMark, reading: Reading, system: UnitSystem, tz: string): string {
	const parts = [
		`${formatElapsed(mark.span.elapsed)} in, at ${formatClock(mark.span.start, tz)}`,
		formatReading(mark.reading, reading, system),
		`${Math.round(mark.span.cadence)} steps/min`
	];
	return parts.join(', ');
}

/** One row per tick with its clock time in the workout's zone; CSV gets plain units. */
export function workoutTicksTable(
	spans: readonly TickSpan[],
	reading: Reading,
	system: UnitSystem,
	tz: string
): ChartTable {
	const unit = readingUnit(reading, system);
	return {
		columns: [
			{ key: 'elapsed', label: 'Elapsed', unit: 'seconds', format: formatElapsed },
			{ key: 'clock', label: 'Clock' },
			{ key: 'seconds', label: 'Width', unit: 's' },
			{
				key: 'reading',
				label: reading === 'pace' ? 'Pace' : 'Speed',
				unit: reading === 'pace' ? `s/${system === 'imperial' ? 'mi' : 'km'}` : unit,
				format: (value) => formatReading(value, reading, system)
			},
			{ key: 'distance', label: 'Distance', unit: 'm' },
			{ key: 'steps', label: 'Steps' }
		],
		rows: spans.map((span) => {
			const value = readingOf(span, reading, system);
			return {
				elapsed: span.elapsed,
				clock: formatClock(span.start, tz),
				seconds: span.end - span.start,
				reading: value === null ? null : Math.round(value * 10) / 10,
				distance: span.distance,
				steps: span.steps
			};
		})
	};
}
