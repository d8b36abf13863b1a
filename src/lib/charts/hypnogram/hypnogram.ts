// Layout of a hypnogram: phase rows against time in the sleep's own zone, latency as a shaded span.
import { scaleBand, scaleLinear } from 'd3-scale';
import type { ScaleBand, ScaleLinear } from 'd3-scale';
import type { Hypnogram, SleepPhase } from '$lib/metrics/types';
import { formatClock, zonedParts } from '$lib/time/zone';
import { formatDuration } from '$lib/format';
import { round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

/** Rows from top to bottom: awake above, deep sleep at the bottom, as sleep labs draw it. */
export const HYPNOGRAM_ROWS = ['awake', 'light', 'deep'] as const;
/** The rows of a night with REM (an imported watch's): REM between awake and light. */
export const HYPNOGRAM_ROWS_WITH_REM = ['awake', 'rem', 'light', 'deep'] as const;

export type HypnogramRow = (typeof HYPNOGRAM_ROWS_WITH_REM)[number];

export const phaseLabel: Record<SleepPhase, string> = {
	latency: 'Falling asleep',
	awake: 'Awake',
	rem: 'REM sleep',
	light: 'Light sleep',
	deep: 'Deep sleep'
};

export interface PhaseBlock {
	index: number;
	phase: SleepPhase;
	start: number;
	end: number;
	x: number;
	width: number;
	y: number;
	height: number;
}

export interface HypnogramLayout {
	x: ScaleLinear<number, number>;
	y: ScaleBand<number>;
	blocks: PhaseBlock[];
	/** The step line joining phase rows, precomputed once per night. */
	stepPath: string;
	/** Whole local hours of the sleep's zone that fall inside the night. */
	hourTicks: number[];
	/** The phase rows from top to bottom: with a REM row only for a night that has REM. */
	rows: readonly HypnogramRow[];
}

/**
 * Instants of whole local hours in `tz` between `start` and `end`, keeping every `every`-th
 * hour of the wall clock. Walking instant by instant (not wall-clock hour by hour) means a
 * spring-forward night simply has no 02:00 tick and an autumn night has two.
 */
export function hourTicksInZone(start: number, end: number, tz: string, every = 1): number[] {
	const first = zonedParts(start, tz);
	let instant = start - first.minute * 60 - first.second;
	if (instant < start) instant += 3600;
	const ticks: number[] = [];
	for (; instant <= end; instant += 3600) {
		if (zonedParts(instant, tz).hour % every === 0) ticks.push(instant);
	}
	return ticks;
}

/**
 * The SVG path of a step line that holds each value until the next point: the path d3's
 * `line().curve(curveStepAfter).digits(2)` draws (its tests compare the two), written out because
 * d3-shape's line and path machinery would add about 2 KB gzipped to Today for this one path.
 */
export function stepAfterPath(points: ReadonlyArray<readonly [number, number]>): string {
	const [first, ...rest] = points;
	if (!first) return '';
	let path = `M${round2(first[0])},${round2(first[1])}`;
	let previousY = first[1];
	for (const [x, y] of rest) {
		path += `L${round2(x)},${round2(previousY)}L${round2(x)},${round2(y)}`;
		previousY = y;
	}
	return path;
}

export function hypnogramLayout(
	night: Hypnogram,
	innerWidth: number,
	innerHeight: number
): HypnogramLayout {
	const rows: readonly HypnogramRow[] = night.segments.some((segment) => segment.phase === 'rem')
		? HYPNOGRAM_ROWS_WITH_REM
		: HYPNOGRAM_ROWS;
	const rowOf = (phase: SleepPhase) => (phase === 'latency' ? 0 : rows.indexOf(phase));
	const x = scaleLinear().domain([night.bedtime, night.wake]).range([0, innerWidth]);
	const y = scaleBand<number>()
		.domain(rows.map((_, index) => index))
		.range([0, innerHeight])
		.paddingInner(0.12);
	const blocks = night.segments.map((segment, index): PhaseBlock => {
		const left = x(segment.start);
		const right = x(segment.end);
		// Latency has no sleep depth: it is shaded across every row instead of sitting in one.
		const top = segment.phase === 'latency' ? 0 : (y(rowOf(segment.phase)) ?? 0);
		return {
			index,
			phase: segment.phase,
			start: segment.start,
			end: segment.end,
			x: round2(left),
			width: round2(Math.max(0, right - left)),
			y: round2(top),
			height: round2(segment.phase === 'latency' ? innerHeight : y.bandwidth())
		};
	});
	const sleeping = night.segments.filter((segment) => segment.phase !== 'latency');
	const last = sleeping[sleeping.length - 1];
	const points: Array<[number, number]> = sleeping.map((segment) => [
		x(segment.start),
		(y(rowOf(segment.phase)) ?? 0) + y.bandwidth() / 2
	]);
	if (last) points.push([x(last.end), (y(rowOf(last.phase)) ?? 0) + y.bandwidth() / 2]);
	const stepPath = stepAfterPath(points);
	const hours = (night.wake - night.bedtime) / 3600;
	const every = [1, 2, 3, 4, 6].find((step) => (innerWidth / hours) * step >= 44) ?? 6;
	return {
		x,
		y,
		blocks,
		stepPath,
		hourTicks: hourTicksInZone(night.bedtime, night.wake, night.tz, every),
		rows
	};
}

/** What a screen reader hears for one phase: `Deep sleep 00:50–01:49 (59 min)`. */
export function phaseBlockLabel(block: PhaseBlock, tz: string): string {
	return `${phaseLabel[block.phase]} ${formatClock(block.start, tz)}–${formatClock(block.end, tz)} (${formatDuration(block.end - block.start)})`;
}

export function hypnogramTable(night: Hypnogram): ChartTable {
	return {
		columns: [
			{ key: 'phase', label: 'Phase' },
			{ key: 'start', label: `From (${night.tz})` },
			{ key: 'end', label: `To (${night.tz})` },
			{ key: 'seconds', label: 'Duration', unit: 'seconds', format: formatDuration }
		],
		rows: night.segments.map((segment) => ({
			phase: phaseLabel[segment.phase],
			start: formatClock(segment.start, night.tz),
			end: formatClock(segment.end, night.tz),
			seconds: segment.end - segment.start
		}))
	};
}
