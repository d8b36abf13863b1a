// Layout of daily goal attainment: bars of value over target, a 100% line, met days marked.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max } from 'd3-array';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { DaySlotState } from '$lib/metrics/day-slots';
import type { DailyAttainment } from '$lib/metrics/types';
import { dayStateWords, formatDay, formatPercent, formatQuantity } from '$lib/format';
import { columnBox, round2 } from '../frame/scales';
import { formatDateInt } from '$lib/time/zone';
import type { ChartTable } from '../frame/table';

/**
 * A day against its goal, and what it rests on: a finished day is judged, today under way is
 * drawn hollow and not judged yet, a day to come is left empty, a day without a record (or not
 * read, or failed) is named. Without a state, a day is finished.
 */
export type AttainmentDay = DailyAttainment & { state?: DaySlotState };

export interface AttainmentBar {
	index: number;
	day: AttainmentDay;
	x: number;
	width: number;
	y: number;
	height: number;
	/** Centre of the band, for the met marker and the tooltip. */
	cx: number;
	/** Where the met marker sits, just above the bar. */
	markY: number;
}

export interface AttainmentLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	bars: AttainmentBar[];
	/** Vertical position of the 100% line. */
	targetY: number;
}

export function attainmentLayout(
	days: readonly AttainmentDay[],
	innerWidth: number,
	innerHeight: number
): AttainmentLayout {
	const x = scaleBand<number>()
		.domain(days.map((day) => day.dateInt))
		.range([0, innerWidth])
		.padding(0.2);
	// Leave head-room above 100% so the line and the met markers never touch the top edge.
	const top = Math.max(1.2, (max(days, (day) => day.ratio ?? 0) ?? 0) * 1.08);
	const y = scaleLinear().domain([0, top]).nice().range([innerHeight, 0]);
	const bars = days.map((day, index): AttainmentBar => {
		const top = y(day.ratio ?? 0);
		const column = columnBox(x(day.dateInt) ?? 0, x.bandwidth(), top, innerHeight);
		return { index, day, ...column, markY: round2(top - 6) };
	});
	return { x, y, bars, targetY: round2(y(1)) };
}

/** Whether a day is drawn hollow: today, under way, with its value so far. */
export function isUnderway(day: AttainmentDay): boolean {
	return day.state === 'underway' && day.value !== null;
}

/** A day without a bar, in words: no record, not yet, not read yet, could not be loaded. */
function missingWords(day: AttainmentDay): string {
	return (day.state === undefined ? '' : dayStateWords(day.state)) || 'no record';
}

/** A day's value against the goal as the tooltip says it: `12,000 steps of 10,000 steps (120%), goal met`. */
export function attainmentText(day: AttainmentDay, unit: string): string {
	if (day.ratio === null || day.value === null) return missingWords(day);
	const target = day.target === null ? '' : ` of ${formatQuantity(day.target, unit)}`;
	const met = isUnderway(day) ? ' so far, under way' : day.met ? ', goal met' : '';
	return `${formatQuantity(day.value, unit)}${target} (${formatPercent(day.ratio)})${met}`;
}

/** The sentence a screen reader hears for one day. */
export function attainmentLabel(day: AttainmentDay, unit: string): string {
	return `${formatDay(day.dateInt)}: ${attainmentText(day, unit)}`;
}

/** Every day of the span, the days without a value named by their state (`no record`, `not yet`…). */
export function attainmentTable(days: readonly AttainmentDay[], unit: string): ChartTable {
	const show = (value: number) => formatQuantity(value, unit);
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'value', label: 'Value', unit, format: show },
			{ key: 'target', label: 'Target', unit, format: show },
			{
				key: 'percent',
				label: 'Attainment',
				unit: '%',
				format: (value) => `${Math.round(value)}%`
			},
			{ key: 'met', label: 'Met' }
		],
		rows: days.map((day) => ({
			date: formatDateInt(day.dateInt),
			value: day.value,
			target: day.target,
			percent: day.ratio === null ? null : round2(day.ratio * 100),
			met:
				day.value === null
					? missingWords(day)
					: isUnderway(day)
						? 'under way'
						: day.met === null
							? null
							: day.met
								? 'yes'
								: 'no'
		}))
	};
}
