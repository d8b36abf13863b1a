// Layout of a day's energy: eaten against the budget (what is over drawn past it), and the split of protein, carbohydrates and fat.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { DayEnergy, MacroPart } from '$lib/metrics/food';
import { dayStateWords, formatPercent, formatQuantity } from '$lib/format';
import { round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

/**
 * Each row, from its top: the row's name on a line of its own, the 14 px track, and the words
 * under the track (the status, or each part of the split): nothing shares a line with the name,
 * so a phone's width never runs them together.
 */
const TRACK = 14;
const NAME_BASELINE = 13;
const TRACK_TOP = 20;
const UNDER_BASELINE = TRACK_TOP + TRACK + 14;
/** Height a row needs for its three lines. */
export const ROW_HEIGHT = UNDER_BASELINE + 8;
/** A part of the split narrower than this has its words in the legend and tooltip only. */
const MIN_LABELLED_WIDTH = 96;

/** The first row: eaten against the budget. */
export interface EnergyBar {
	index: 0;
	kind: 'energy';
	/** Baseline of the row's name, and of the status under the track. */
	labelY: number;
	statusY: number;
	trackY: number;
	/** Eaten up to the budget (or all of it, without one). */
	fillWidth: number;
	/** Eaten past the budget, drawn on from `fillWidth`; 0 within it. */
	overflowWidth: number;
	/** Where the budget ends; null without one. */
	budgetX: number | null;
	status: string;
}

/** One part of the second row: protein, carbohydrates or fat, by its share of their energy. */
export interface SplitSegment {
	index: number;
	kind: 'macro';
	part: MacroPart;
	x: number;
	width: number;
	labelY: number;
	trackY: number;
	/** Whether its words fit under it. */
	labelled: boolean;
}

export type EnergySplitMark = EnergyBar | SplitSegment;

export interface EnergySplitLayout {
	x: LinearScale;
	y: ScaleBand<number>;
	energy: EnergyBar;
	segments: SplitSegment[];
	/** Baseline of the split row's name. */
	splitLabelY: number;
	/** Every mark in reading order: the energy bar, then each part of the split. */
	marks: EnergySplitMark[];
}

/**
 * `207 kcal left of a 1,450 kcal budget`, `150 kcal over a 1,450 kcal budget`, `1,243 kcal, no
 * budget known`; today's says "so far"; a day without a record, or still to come, says so.
 */
export function energyStatus(day: DayEnergy): string {
	if (day.eaten === null) {
		return day.state === 'underway' ? 'Nothing logged yet today' : upperFirst(stateWords(day));
	}
	const eaten = formatQuantity(day.eaten, 'kcal');
	const soFar = day.state === 'underway' ? ' so far' : '';
	if (day.budget === null) return `${eaten} eaten${soFar}, no budget known`;
	const budget = formatQuantity(day.budget, 'kcal');
	const left = day.budget - day.eaten;
	if (left < 0) return `${formatQuantity(-left, 'kcal')} over a ${budget} budget${soFar}`;
	return `${eaten} eaten${soFar}, ${formatQuantity(left, 'kcal')} left of a ${budget} budget`;
}

function stateWords(day: DayEnergy): string {
	return dayStateWords(day.state) || 'no record';
}

function upperFirst(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Protein 60 g, 22%`: a part of the split in words. */
export function splitText(part: MacroPart): string {
	return `${part.label} ${formatQuantity(part.grams, 'g')}, ${formatPercent(part.share)}`;
}

/**
 * Two rows across the width: eaten on a scale that holds the budget (a day over it is drawn past
 * the budget's end, in the warning colour), and the split of the three nutrients' energy, each
 * part as wide as its share.
 */
export function energySplitLayout(
	day: DayEnergy,
	split: readonly MacroPart[],
	innerWidth: number,
	innerHeight: number
): EnergySplitLayout {
	const y = scaleBand<number>().domain([0, 1]).range([0, innerHeight]);
	const top = (row: number) => y(row) ?? 0;
	const trackY = (row: number) => round2(top(row) + TRACK_TOP);
	const labelY = (row: number) => round2(top(row) + NAME_BASELINE);
	const underY = (row: number) => round2(top(row) + UNDER_BASELINE);
	const eaten = day.eaten ?? 0;
	const budget = day.budget;
	const x = scaleLinear()
		.domain([0, Math.max(eaten, budget ?? 0, 1)])
		.range([0, innerWidth]);
	const within = budget === null ? eaten : Math.min(eaten, budget);
	const energy: EnergyBar = {
		index: 0,
		kind: 'energy',
		labelY: labelY(0),
		statusY: underY(0),
		trackY: trackY(0),
		fillWidth: round2(x(within)),
		overflowWidth: round2(budget !== null && eaten > budget ? x(eaten) - x(budget) : 0),
		budgetX: budget === null ? null : round2(x(budget)),
		status: energyStatus(day)
	};
	let left = 0;
	const segments = split.map((part, i): SplitSegment => {
		const width = part.share * innerWidth;
		const segment: SplitSegment = {
			index: i + 1,
			kind: 'macro',
			part,
			x: round2(left),
			width: round2(width),
			labelY: underY(1),
			trackY: trackY(1),
			labelled: width >= MIN_LABELLED_WIDTH
		};
		left += width;
		return segment;
	});
	return { x, y, energy, segments, splitLabelY: labelY(1), marks: [energy, ...segments] };
}

/** The mark under a point of the plot: the energy row, or the part of the split under it. */
export function markAt(layout: EnergySplitLayout, px: number, py: number): number | null {
	const step = layout.y.step();
	if (step <= 0) return null;
	if (py < step || layout.segments.length === 0) return 0;
	const segment = layout.segments.find((s) => px >= s.x && px <= s.x + s.width);
	return segment?.index ?? layout.segments.at(-1)?.index ?? 0;
}

/** What a mark says to a screen reader and in the tooltip. */
export function energySplitLabel(mark: EnergySplitMark): string {
	return mark.kind === 'energy' ? `Eaten: ${mark.status}` : splitText(mark.part);
}

/**
 * The numbers behind the chart: eaten, budget and total burned in kcal, then each nutrient in
 * grams, its energy and its share of the three.
 */
export function energySplitTable(day: DayEnergy, split: readonly MacroPart[]): ChartTable {
	const kcal = (value: number) => formatQuantity(value, 'kcal');
	const round = (value: number | null) => (value === null ? null : Math.round(value));
	return {
		columns: [
			{ key: 'part', label: 'Part' },
			{ key: 'kcal', label: 'Energy', unit: 'kcal', format: kcal },
			{ key: 'grams', label: 'Weight', unit: 'g', format: (g) => formatQuantity(g, 'g') },
			{ key: 'share', label: 'Share of protein, carbohydrates and fat', unit: '%' }
		],
		rows: [
			{
				part: day.state === 'underway' ? 'Eaten so far' : 'Eaten',
				kcal: round(day.eaten),
				grams: null,
				share: null
			},
			{ part: 'Budget', kcal: round(day.budget), grams: null, share: null },
			{ part: 'Total burned', kcal: round(day.burned), grams: null, share: null },
			...split.map((part) => ({
				part: part.label,
				kcal: Math.round(part.kcal),
				grams: Math.round(part.grams * 10) / 10,
				share: Math.round(part.share * 100)
			}))
		]
	};
}
