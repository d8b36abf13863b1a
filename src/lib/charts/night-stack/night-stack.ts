// Layout of the range view of sleep: one stacked bar of phase durations per night (wake date).
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max } from 'd3-array';
import { scaleBand } from 'd3-scale';
import { stack } from 'd3-shape';
import type { ScaleBand } from 'd3-scale';
import type { NightPhaseTotals, SleepPhase } from '$lib/metrics/types';
import { formatDay, formatDuration } from '$lib/format';
import { phaseLabel } from '../hypnogram/hypnogram';
import { round2, barInBand } from '../frame/scales';
import { formatDateInt } from '$lib/time/zone';
import type { ChartTable } from '../frame/table';
import type { DaySlot } from '$lib/metrics/day-slots';
import { slotGaps, withGapRows, type SlotGap } from '../daily-bars/daily-bars';

/** Stack order from the baseline up: deep sleep at the bottom, time to fall asleep on top. */
export const STACK_PHASES = [
	'deep',
	'light',
	'awake',
	'latency'
] as const satisfies readonly SleepPhase[];
/** The stack of nights some of which have REM (an imported watch's): REM above light sleep. */
export const STACK_PHASES_WITH_REM = [
	'deep',
	'light',
	'rem',
	'awake',
	'latency'
] as const satisfies readonly SleepPhase[];

/** The phases to stack: REM only when one of the nights has some. */
export function stackPhases(nights: readonly NightPhaseTotals[]): readonly SleepPhase[] {
	return nights.some((night) => night.rem > 0) ? STACK_PHASES_WITH_REM : STACK_PHASES;
}

export interface StackPiece {
	phase: SleepPhase;
	seconds: number;
	y: number;
	height: number;
}

export interface NightColumn {
	index: number;
	dateInt: number;
	x: number;
	width: number;
	/** Top of the whole stack, for the tooltip anchor. */
	top: number;
	total: number;
	pieces: StackPiece[];
}

export interface NightStackLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	columns: NightColumn[];
	/** Wake dates of the slots with no night, drawn as labelled gaps. */
	gaps: SlotGap[];
	/** The phases stacked, from the baseline up. */
	phases: readonly SleepPhase[];
}

/**
 * One column per wake date. With `slots` (every date of the week or month), each date keeps its
 * place: a date without a night is a "no record" gap and a date still to come stays empty;
 * without them, only the dates that have nights get a column.
 */
export function nightStackLayout(
	nights: readonly NightPhaseTotals[],
	innerWidth: number,
	innerHeight: number,
	slots?: readonly DaySlot[]
): NightStackLayout {
	const x = scaleBand<number>()
		.domain(slots ? slots.map((slot) => slot.dateInt) : nights.map((night) => night.dateInt))
		.range([0, innerWidth])
		.padding(0.2);
	const phases = stackPhases(nights);
	const series = stack<NightPhaseTotals, SleepPhase>().keys(phases)([...nights]);
	const top = max(series, (layer) => max(layer, (point) => point[1])) ?? 0;
	const hours = Math.ceil(Math.max(top, 3600) / 3600);
	const y = scaleLinear()
		.domain([0, hours * 3600])
		.range([innerHeight, 0]);
	const columns = nights.map((night, index): NightColumn => {
		const pieces = series.map((layer): StackPiece => {
			const [low, high] = layer[index] ?? [0, 0];
			return {
				phase: layer.key,
				seconds: high - low,
				y: round2(y(high)),
				height: round2(y(low) - y(high))
			};
		});
		const total = night.latency + night.awake + night.rem + night.light + night.deep;
		const bar = barInBand(x(night.dateInt) ?? 0, x.bandwidth());
		return {
			index,
			dateInt: night.dateInt,
			x: round2(bar.x),
			width: round2(bar.width),
			top: round2(y(total)),
			total,
			pieces
		};
	});
	return { x, y, columns, gaps: slots ? slotGaps(slots, x) : [], phases };
}

/** Hour ticks for a seconds axis: every hour, or every 2 or 3 when the axis is crowded. */
export function hourTickValues(maxSeconds: number, innerHeight: number): number[] {
	const hours = Math.floor(maxSeconds / 3600);
	const step = [1, 2, 3, 4, 6].find((s) => (innerHeight / Math.max(hours, 1)) * s >= 22) ?? 6;
	const ticks: number[] = [];
	for (let hour = 0; hour <= hours; hour += step) ticks.push(hour * 3600);
	return ticks;
}

export function nightColumnLabel(column: NightColumn): string {
	const parts = [...column.pieces]
		.reverse()
		.map((piece) => `${phaseLabel[piece.phase]} ${formatDuration(piece.seconds)}`);
	return `Night ending ${formatDay(column.dateInt)}: ${formatDuration(column.total)} in bed; ${parts.join(', ')}`;
}

/** Seconds per phase by ISO wake date; with `slots`, a row for each date without a night too. */
export function nightStackTable(
	nights: readonly NightPhaseTotals[],
	slots?: readonly DaySlot[]
): ChartTable {
	const duration = { unit: 'seconds', format: formatDuration };
	const rem = stackPhases(nights).includes('rem');
	return {
		columns: [
			{ key: 'date', label: 'Wake date' },
			{ key: 'latency', label: phaseLabel.latency, ...duration },
			{ key: 'awake', label: phaseLabel.awake, ...duration },
			...(rem ? [{ key: 'rem', label: phaseLabel.rem, ...duration }] : []),
			{ key: 'light', label: phaseLabel.light, ...duration },
			{ key: 'deep', label: phaseLabel.deep, ...duration },
			...(slots ? [{ key: 'record', label: 'Record' }] : [])
		],
		rows: withGapRows(
			nights.map((night) => ({
				date: formatDateInt(night.dateInt),
				latency: night.latency,
				awake: night.awake,
				...(rem ? { rem: night.rem } : {}),
				light: night.light,
				deep: night.deep
			})),
			slots
		)
	};
}
