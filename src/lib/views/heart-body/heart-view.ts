// The Heart view: its URL state, and what it shows of a span's resting heart rate, each figure with what it rests on.
import type { CardiacEventV10, HeartRate } from '$lib/api';
import { basisOf, coverageWithin, mayJudge, type Coverage } from '$lib/coverage';
import { basisNote, countOf, formatDay, formatDecimal } from '$lib/format';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import { heartTable } from '$lib/charts/heart-chart/heart-chart';
import {
	heartBaseline,
	heartReadings,
	heartSummary,
	heartZoneLabel,
	type BaselinePoint
} from '$lib/metrics/heart';
import { formatClock, normalizeTz } from '$lib/time/zone';
import { choiceParam } from '$lib/views/url-state';
import type { Figure } from '../controls/figure';
import { TRAILING_SPANS, type TrailingSpan } from './trailing';

/** What the Heart URL says: `?period=year`. */
export interface HeartView {
	span: TrailingSpan;
}

export function parseHeartView(url: URL): HeartView {
	return {
		span: choiceParam(url, 'period', TRAILING_SPANS, 'month')
	};
}

/** The chart's legend: red only for a reading well above the baseline. */
export const HEART_LEGEND: readonly LegendItem[] = [
	{ label: 'Well above your baseline', color: 'var(--heart-above)' },
	{ label: 'A little higher than usual', color: 'var(--heart-higher)' },
	{ label: 'Within your baseline', color: 'var(--heart-within)' },
	{ label: 'Below your baseline', color: 'var(--heart-below)' },
	{ label: 'Baseline band', color: 'var(--heart-band)' },
	{ label: 'Baseline median', color: 'var(--heart-within)', dashed: true }
];

/** What the Heart view lays out for a span: every number already in words. */
export interface HeartModel {
	/** The span's readings with their baselines (each judged on the 28 days before it). */
	points: BaselinePoint[];
	figures: Figure[];
	table: ChartTable;
	/** The span shown, and what its days rest on (the baseline's lead-in left out). */
	period: { from: number; to: number };
	coverage: Coverage;
}

/** "shown once every day is read": what an extreme says while days are still on their way. */
export const HELD_BACK = 'shown once every day is read';

/**
 * The span `period` of resting heart rates read from its baseline's lead-in on (`coverage` is
 * the query's, lead-in included). The average and the counts say what they rest on when days
 * are missing; the lowest and highest wait until every day of the span is read.
 */
export function heartModel(input: {
	records: readonly HeartRate[];
	coverage: Coverage;
	period: { from: number; to: number };
}): HeartModel {
	const { period } = input;
	const points = heartBaseline(heartReadings(input.records)).filter(
		(point) => point.date >= period.from && point.date <= period.to
	);
	const coverage = coverageWithin(input.coverage, period.from, period.to);
	const basis = basisNote(basisOf(coverage));
	const judged = mayJudge(coverage);
	const summary = heartSummary(points);
	const latest = summary.latest;
	const zones = summary.zones;
	const figures: Figure[] = [];
	if (latest !== null) {
		figures.push({
			label: 'Latest',
			value: `${latest.bpm} bpm`,
			note: `${formatDay(latest.date)}, ${latest.zone === null ? 'no baseline yet' : heartZoneLabel[latest.zone]}`
		});
	}
	figures.push(
		{
			label: 'Average',
			value: summary.average === null ? '–' : `${formatDecimal(summary.average)} bpm`,
			note: basis ?? `over ${countOf(summary.count, 'reading')}`
		},
		{
			label: 'Lowest – highest',
			value:
				!judged || summary.lowest === null || summary.highest === null
					? '–'
					: `${summary.lowest} – ${summary.highest} bpm`,
			note: judged ? basis : HELD_BACK
		},
		{
			label: 'Days well above your baseline',
			value: String(zones.above),
			note: [`${zones.higher} a little higher, ${zones.within} within, ${zones.below} below`, basis]
				.filter((part) => part !== null)
				.join(' · ')
		}
	);
	return { points, figures, table: heartTable(points), period, coverage };
}

/** One blood pressure reading as its row: on the clock of the zone it was taken in. */
export interface PressureRow {
	xid: string;
	date: string;
	time: string;
	pressure: string;
	pulse: string;
}

/** The readings of cardiac events, newest first; a value not taken reads "–", never zero. */
export function pressureRows(events: readonly CardiacEventV10[]): PressureRow[] {
	return [...events]
		.sort((a, b) => b.time_created - a.time_created)
		.map((event) => ({
			xid: event.xid,
			date: formatDay(event.date),
			time: formatClock(event.time_created, normalizeTz(event.details.tz)),
			pressure: `${event.systolic ?? '–'}/${event.diastolic ?? '–'} mmHg`,
			pulse: event.heart_rate === null ? '–' : `${event.heart_rate} bpm`
		}));
}
