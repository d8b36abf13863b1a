// The Body view: its URL state, what it shows of a span's weigh-ins (each figure with what it rests on), and the weigh-ins logged from the dashboard.
import type { BodyEvent } from '$lib/api';
import {
	bodyMeasureLabel,
	bodyTable,
	bodyValueText,
	type BodyMeasure,
	type BodyPoint
} from '$lib/charts/body-chart/body-chart';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import { basisOf, coverageWithin, type Coverage } from '$lib/coverage';
import { basisNote, countOf, formatDay } from '$lib/format';
import {
	latestOf,
	trendVerdict,
	weighIns,
	weightGoalText,
	weightTrend,
	type WeighIn,
	type WeightGoal,
	type WeightIntent
} from '$lib/metrics/body';
import type { Figure } from '../controls/figure';
import { trailingLabel } from './trailing';
import { weightIn, type UnitSystem } from '$lib/metrics/units';
import { formatClock, normalizeTz } from '$lib/time/zone';
import { choiceParam } from '$lib/views/url-state';
import { TRAILING_SPANS, type TrailingSpan } from './trailing';

export type Composition = Exclude<BodyMeasure, 'weight'>;
export const COMPOSITION: readonly { value: Composition; label: string }[] = [
	{ value: 'bodyFat', label: 'Body fat' },
	{ value: 'leanMass', label: 'Lean mass' },
	{ value: 'bmi', label: 'BMI' }
];

/** What the Body URL says: `?period=year&measure=bmi`. */
export interface BodyView {
	span: TrailingSpan;
	/** The measure the composition chart shows. */
	measure: Composition;
}

export function parseBodyView(url: URL): BodyView {
	return {
		span: choiceParam(url, 'period', TRAILING_SPANS, 'quarter'),
		measure: choiceParam(url, 'measure', COMPOSITION, 'bodyFat')
	};
}

/** One weigh-in logged from the dashboard, as its row in the list. */
export interface LoggedRow {
	xid: string;
	date: number;
	/** `Mon 30 Mar, 07:15` on the clock of the weigh-in's own zone. */
	when: string;
	weight: string;
	bodyFat: string | null;
	/** What the remove button says to a screen reader. */
	removeLabel: string;
}

/** The weigh-ins among `records` that the dashboard logged, newest first. */
export function loggedRows(
	records: readonly BodyEvent[],
	logged: readonly string[],
	system: UnitSystem
): LoggedRow[] {
	const mine = new Set(logged);
	return records
		.filter((record) => mine.has(record.xid) && record.weight !== null)
		.sort((a, b) => b.time_created - a.time_created)
		.map((record) => {
			const tz = normalizeTz(record.details.tz);
			const when = `${formatDay(record.date)}, ${formatClock(record.time_created, tz)}`;
			const { value, unit } = weightIn(record.weight ?? 0, system);
			const weight = bodyValueText(value, unit);
			return {
				xid: record.xid,
				date: record.date,
				when,
				weight,
				bodyFat: record.body_fat === null ? null : bodyValueText(record.body_fat, '%'),
				removeLabel: `Remove the weigh-in of ${weight} on ${when}`
			};
		});
}

/** What the Body view shows of the weigh-ins of a span, weights in the person's unit. */
export interface BodyDisplay {
	/** Weigh-ins of the span with their trend (warmed up on the ones before the span). */
	points: BodyPoint[];
	/** The span's weigh-ins (kilograms) and their trend, for the table. */
	shown: WeighIn[];
	shownTrend: number[];
	latest: BodyPoint | null;
	/** How far the trend moved over the span, and whether that is the way the goal wants. */
	change: { text: string; verdict: string } | null;
	/** The chosen composition measure at each weigh-in of the span that recorded it. */
	composition: BodyPoint[];
	/** The latest body fat, lean mass and BMI of the span, where recorded. */
	latestComposition: { value: Composition; label: string; date: number; text: string }[];
	/** Whether any weigh-in of the span recorded body fat, lean mass or BMI. */
	hasComposition: boolean;
}

export function bodyDisplay(
	records: readonly BodyEvent[],
	from: number,
	measure: Composition,
	system: UnitSystem,
	intent: WeightIntent | null
): BodyDisplay {
	const toUnit = (kg: number) => weightIn(kg, system).value;
	const unit = weightIn(1, system).unit;
	const all = weighIns(records);
	const trend = weightTrend(all);
	const points = all.flatMap((entry, index) => {
		if (entry.date < from) return [];
		const smoothed = trend[index];
		return [
			{
				date: entry.date,
				value: toUnit(entry.weightKg),
				trend: smoothed === undefined ? null : toUnit(smoothed),
				entry
			}
		];
	});
	const shown = all.filter((entry) => entry.date >= from);
	const composition = shown.flatMap((entry) => {
		const value = entry[measure];
		return value === null ? [] : [{ date: entry.date, value, trend: null, entry }];
	});
	const latestComposition = COMPOSITION.flatMap((item) => {
		const last = latestOf(shown, item.value);
		return last === null
			? []
			: [
					{
						...item,
						date: last.date,
						text: bodyValueText(last.value, item.value === 'bmi' ? '' : '%')
					}
				];
	});
	return {
		points,
		shown,
		shownTrend: trend.slice(all.length - shown.length),
		latest: points.at(-1) ?? null,
		change: trendChange(points, toUnit(1), unit, intent),
		composition,
		latestComposition,
		hasComposition: shown.some(
			(entry) => entry.bodyFat !== null || entry.leanMass !== null || entry.bmi !== null
		)
	};
}

/** How far the trend moved over the points (in the person's unit), and in words against the aim. */
function trendChange(
	points: readonly BodyPoint[],
	perKg: number,
	unit: string,
	intent: WeightIntent | null
): { text: string; verdict: string } | null {
	const first = points[0]?.trend ?? null;
	const last = points.at(-1)?.trend ?? null;
	if (first === null || last === null || points.length < 2) return null;
	const change = last - first;
	// The verdict's thresholds are in kilograms; the values here are in the person's unit.
	const verdict = trendVerdict(change / perKg, intent);
	const direction = Math.abs(change) < 0.05 ? 'steady' : change < 0 ? 'down' : 'up';
	const amount = direction === 'steady' ? '' : ` ${bodyValueText(Math.abs(change), unit)}`;
	const words =
		verdict === 'better' ? 'the way you aim' : verdict === 'worse' ? 'against your aim' : '';
	return { text: `${direction}${amount}`, verdict: words };
}

/** What the Body view lays out for a span: every figure in words, the charts' data and tables. */
export interface BodyModel {
	display: BodyDisplay;
	figures: Figure[];
	/** `28 Aug – 27 Nov 2026 · 13 weigh-ins` */
	subtitle: string;
	legend: LegendItem[];
	/** The weight goal in the person's unit, for the chart's line; null without one. */
	goal: number | null;
	table: ChartTable;
	/** The composition chart's title words and unit (`BMI` has none). */
	compositionLabel: string;
	compositionUnit: string;
	/** `No lean mass recorded in this span.` */
	compositionEmpty: string;
	/** What the span's days rest on (the trend's lead-in left out). */
	coverage: Coverage;
	/** No weigh-in in the span. */
	empty: boolean;
}

/**
 * The span `period` of weigh-ins read from the trend's lead-in on (`coverage` is the query's,
 * lead-in included): the latest weigh-in, how far the trend moved (and what that rests on while
 * days are still read, or offline), the goal, and the latest body fat, lean mass and BMI.
 */
export function bodyModel(input: {
	records: readonly BodyEvent[];
	coverage: Coverage;
	period: { from: number; to: number };
	measure: Composition;
	system: UnitSystem;
	goal: WeightGoal;
}): BodyModel {
	const { period, system, goal } = input;
	const unit = weightIn(1, system).unit;
	const toUnit = (kg: number) => weightIn(kg, system).value;
	const display = bodyDisplay(input.records, period.from, input.measure, system, goal.intent);
	const coverage = coverageWithin(input.coverage, period.from, period.to);
	const basis = basisNote(basisOf(coverage));
	const figures: Figure[] = [];
	const latest = display.latest;
	if (latest !== null) {
		figures.push({
			label: 'Latest weigh-in',
			value: bodyValueText(latest.value, unit),
			note: [
				formatDay(latest.date),
				latest.trend === null ? null : `trend ${bodyValueText(latest.trend, unit)}`
			]
				.filter((part) => part !== null)
				.join(', ')
		});
	}
	if (display.change !== null) {
		figures.push({
			label: 'Trend over the span',
			value: display.change.text,
			note:
				[basis, display.change.verdict || null].filter((part) => part !== null).join(' · ') || null
		});
	}
	const goalStated = weightGoalText(goal, (kg) => bodyValueText(toUnit(kg), unit));
	figures.push({ label: 'Weight goal', value: goalStated.value, note: goalStated.detail });
	for (const item of display.latestComposition) {
		figures.push({ label: item.label, value: item.text, note: formatDay(item.date) });
	}
	return {
		display,
		figures,
		subtitle: `${trailingLabel(period)} · ${countOf(display.shown.length, 'weigh-in')}`,
		legend: [
			{ label: 'Weigh-in', color: 'var(--weight)' },
			{ label: 'Trend', color: 'var(--weight-trend)' },
			...(goal.weightKg === null ? [] : [{ label: 'Goal', color: 'var(--goal)', dashed: true }])
		],
		goal: goal.weightKg === null ? null : toUnit(goal.weightKg),
		table: bodyTable(display.shown, display.shownTrend, toUnit, unit),
		compositionLabel: bodyMeasureLabel[input.measure],
		compositionUnit: input.measure === 'bmi' ? '' : '%',
		compositionEmpty: `No ${bodyMeasureLabel[input.measure].toLowerCase()} recorded in this span.`,
		coverage,
		empty: display.shown.length === 0
	};
}
