// Everything the Compare page shows for two periods, from their records and what they rest on.
import type { Move, Sleep } from '$lib/api';
import type { ChartTable } from '$lib/charts/frame/table';
import type { GapText } from '$lib/charts/line-chart/line-chart';
import { basisOf, jointCoverage, type Coverage } from '$lib/coverage';
import { basisNote } from '$lib/format';
import type { PeriodPair } from '$lib/metrics/compare';
import type { Series } from '$lib/metrics/types';
import type { UnitSystem } from '$lib/metrics/units';
import { byThisHour } from '$lib/views/today/by-this-hour';
import { coverageText, gapWords, isNightSeries, periodSlots } from './compare-days';
import type { ElapsedCut } from './compare-elapsed';
import type { CompareState } from './compare-state';
import {
	comparePeriodRecords,
	judgedSpanText,
	metricCsvTable,
	metricRows,
	overlayAxis,
	overlaySeries,
	overlayTable,
	overlayTitle,
	pairText,
	periodNames,
	rangeText,
	seriesIdOf,
	timingRows,
	type CompareRow,
	type OverlayAxis
} from './compare-view';

/**
 * How far today is read: up to the start of the hour the last sync reached, on the clock of
 * today's record (or the person's zone before it has one); null when today is not read.
 */
export function elapsedCut(
	moves: readonly Move[],
	today: number,
	asOf: number | null,
	tz: string
): ElapsedCut {
	return {
		today,
		hour: asOf === null ? null : byThisHour(moves, today, asOf, tz, 'steps', 0).hour
	};
}

export interface CompareModelInput {
	moves: readonly Move[];
	sleeps: readonly Sleep[];
	/** What the moves and sleeps of the span loaded rest on. */
	movesCoverage: Coverage;
	sleepsCoverage: Coverage;
	pair: PeriodPair;
	view: CompareState;
	/** The chart metric's name in the picker. */
	metricLabel: string;
	today: number;
	/** The person's zone, for today's hour before today has a record. */
	tz: string;
	system: UnitSystem;
}

/** What the Compare page draws and lists. */
export interface CompareModel {
	overlay: Series[];
	axis: OverlayAxis;
	title: string;
	/** Each period's days: with data, today so far, not yet. */
	coverage: string;
	/** Today's point of this period, drawn hollow while it is under way. */
	hollow: number[];
	/** Why an overlaid point is empty. */
	gapText: GapText;
	overlayTable: ChartTable;
	/** The comparison card's title and subtitle, naming the periods (the exported picture too). */
	tableTitle: string;
	tableSubtitle: string;
	/** What the table compares, and what it rests on while days are still read. */
	judged: string;
	/** What the sleep timing table compares: the nights of the same part of each period. */
	timingCaption: string;
	rows: CompareRow[];
	csv: ChartTable;
	timing: CompareRow[];
}

export function compareModel(input: CompareModelInput): CompareModel {
	const { pair, view, today, system } = input;
	const cut = elapsedCut(input.moves, today, input.movesCoverage.asOf, input.tz);
	const result = comparePeriodRecords(input.moves, input.sleeps, pair, cut);
	const id = seriesIdOf(view.metric);
	const seriesA = result.seriesA.find((series) => series.id === id);
	const seriesB = result.seriesB.find((series) => series.id === id);
	const night = isNightSeries(id);
	const coverage = night ? input.sleepsCoverage : input.movesCoverage;
	const overlay =
		seriesA && seriesB ? overlaySeries(seriesA, seriesB, pair, view.align, system) : [];
	const axis = overlayAxis(overlay, pair, view.align);
	const gap = gapWords(pair, coverage);
	const basis = basisNote(basisOf(jointCoverage(input.movesCoverage, input.sleepsCoverage)));
	const names = periodNames(pair);
	return {
		overlay,
		axis,
		title: overlayTitle(input.metricLabel, pair),
		coverage:
			seriesA && seriesB
				? coverageText(
						pair,
						periodSlots(pair.a, coverage, seriesA),
						periodSlots(pair.b, coverage, seriesB)
					)
				: '',
		hollow: !night && today >= pair.a.from && today <= pair.a.to ? [today] : [],
		gapText: gap,
		overlayTable: overlayTable(overlay, pair, axis, gap),
		tableTitle: `Period comparison: ${pairText(pair).replace(/^./, (c) => c.toLowerCase())}`,
		tableSubtitle:
			`${rangeText(pair.a)} against ${rangeText(pair.b)} · daily means and totals over days ` +
			'with records; change of the daily mean',
		judged: `${judgedSpanText(result.span, pair, result.cut)}${basis === null ? '' : ` Rests on ${basis}.`}`,
		timingCaption:
			result.span === null
				? `${overlayTitle('Bedtime and wake time', pair)}, whole periods.`
				: `${overlayTitle('Bedtime and wake time', pair)}, the nights woken on ` +
					`${rangeText(result.span.pair.a)} against ${rangeText(result.span.pair.b)}, the same ` +
					`part of each, since ${pair.id === 'custom' ? 'period A' : pair.id === 'week' ? 'this week' : 'this month'} is not over.`,
		rows: metricRows(result.comparisons, system),
		csv: metricCsvTable(result.comparisons, names),
		timing: timingRows(result.timing)
	};
}
