// Layout and wording of goal gauges: how much of each goal is done, what remains, what is exceeded.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { GoalGauge } from '$lib/metrics/types';
import { csvNumber, csvUnit } from '../export/csv-numbers';
import { formatInteger, formatQuantity } from '$lib/format';
import { formatDuration } from '$lib/metrics/units';
import { round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

/** A goal's name: today's steps, and the night that ended this morning (it is over, not "to go"). */
export const goalLabel: Record<GoalGauge['goal'], string> = {
	steps: 'Steps',
	sleep: 'Sleep last night',
	intake_calories: 'Calories eaten'
};

export interface GaugeRow {
	index: number;
	gauge: GoalGauge;
	/** Share of the target achieved, capped at 1 for the fill; null without a target. */
	progress: number | null;
	y: number;
	/** Baseline of the goal name and status line, just above the track. */
	labelY: number;
	trackY: number;
	trackHeight: number;
	/** The achieved part up to the target (or budget). */
	fillWidth: number;
	/** Energy eaten past the budget, drawn on from `fillWidth` in the warning colour; 0 within it. */
	overflowWidth: number;
	status: string;
}

export interface GoalGaugesLayout {
	x: LinearScale;
	y: ScaleBand<number>;
	rows: GaugeRow[];
}

/**
 * What is done against the goal first: today's steps so far and what is left (`8,160 of 10,000
 * steps, 1,840 to go`, `12,400 of 10,000 steps, goal met`), last night's sleep as the finished
 * night it is (`7 h 12 min of 8 h`, never "to go"), or that no night has ended today. Eating is a budget rather than a target (the
 * API gives what is left of it, not its size): `620 kcal left today` or `150 kcal over budget`.
 * Without a target, what remains alone.
 */
export function goalStatus(gauge: GoalGauge): string {
	if (gauge.goal === 'intake_calories') {
		const size = formatQuantity(Math.abs(gauge.remaining), gauge.unit);
		return gauge.remaining < 0 ? `${size} over budget` : `${size} left today`;
	}
	const { achieved, target } = gauge;
	if (gauge.goal === 'sleep') {
		// The whole goal left: no night has ended today (at 04:45 the person may still be asleep),
		// which is not a night of 0 min.
		if (gauge.remaining === target && target !== null) return 'No night recorded yet today';
		if (achieved !== null && target !== null)
			return `${formatDuration(achieved)} of ${formatDuration(target)}`;
		return gauge.remaining <= 0
			? `Goal met by ${formatDuration(-gauge.remaining)}`
			: `${formatDuration(gauge.remaining)} short of the goal`;
	}
	const left = gauge.remaining <= 0 ? 'goal met' : `${formatInteger(gauge.remaining)} to go`;
	if (achieved !== null && target !== null)
		return `${formatInteger(achieved)} of ${formatQuantity(target, gauge.unit)}, ${left}`;
	return gauge.remaining <= 0 ? 'Goal met' : `${formatQuantity(gauge.remaining, gauge.unit)} to go`;
}

export function goalGaugesLayout(
	gauges: readonly GoalGauge[],
	innerWidth: number,
	innerHeight: number
): GoalGaugesLayout {
	const x = scaleLinear().domain([0, 1]).range([0, innerWidth]).clamp(true);
	const y = scaleBand<number>()
		.domain(gauges.map((_, index) => index))
		.range([0, innerHeight])
		.paddingInner(0.25);
	const rows = gauges.map((gauge, index): GaugeRow => {
		const progress =
			gauge.target !== null && gauge.target > 0 && gauge.achieved !== null
				? gauge.achieved / gauge.target
				: null;
		// A calorie budget passed shrinks the budget to fit, so the part over it shows as its own
		// length instead of a bar stuck at full; other goals cap at a full track.
		const over = gauge.goal === 'intake_calories' && progress !== null && progress > 1;
		const budgetWidth = over ? innerWidth / progress : x(Math.min(progress ?? 0, 1));
		const top = y(index) ?? 0;
		// The band holds the label line above a 10 px track.
		const trackHeight = 10;
		return {
			index,
			gauge,
			progress,
			y: round2(top),
			labelY: round2(top + y.bandwidth() - trackHeight - 6),
			trackY: round2(top + y.bandwidth() - trackHeight),
			trackHeight,
			fillWidth: round2(progress === null ? 0 : budgetWidth),
			overflowWidth: round2(over ? innerWidth - budgetWidth : 0),
			status: goalStatus(gauge)
		};
	});
	return { x, y, rows };
}

export function gaugeLabel(row: GaugeRow): string {
	const { gauge } = row;
	// Steps and sleep say what was done in their status; the budget's size is said here.
	const done =
		gauge.achieved === null || gauge.target === null || gauge.goal !== 'intake_calories'
			? ''
			: `: ${formatQuantity(gauge.achieved, gauge.unit)} eaten of a ${formatQuantity(gauge.target, gauge.unit)} budget`;
	// Starts with the words the gauge shows (name, then status), so speech input can name it.
	return `${goalLabel[gauge.goal]} ${exceededMark(gauge)}${row.status}${done}`;
}

/** The sign before an exceeded goal's status: eating more than the intake goal is a warning. */
export function exceededMark(gauge: GoalGauge): string {
	return !gauge.exceeded ? '' : gauge.goal === 'intake_calories' ? '! ' : '✓ ';
}

/** Each goal in its own plain unit (sleep in minutes), its numbers rounded to that unit. */
export function goalGaugesTable(gauges: readonly GoalGauge[]): ChartTable {
	return {
		columns: [
			{ key: 'goal', label: 'Goal' },
			{ key: 'unit', label: 'Unit' },
			{ key: 'achieved', label: 'Achieved' },
			{ key: 'target', label: 'Target' },
			{ key: 'remaining', label: 'Remaining (negative = exceeded)' }
		],
		rows: gauges.map((gauge) => ({
			goal: goalLabel[gauge.goal],
			unit: csvUnit(gauge.unit),
			achieved: csvNumber(gauge.achieved, gauge.unit),
			target: csvNumber(gauge.target, gauge.unit),
			remaining: csvNumber(gauge.remaining, gauge.unit)
		}))
	};
}
