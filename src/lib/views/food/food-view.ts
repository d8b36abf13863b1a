// What the Food view shows, from its URL: a day, ISO week or month, and the words of its figures.
import type { GoalsV11, Meal, Move } from '$lib/api';
import { basisOf, type Coverage } from '$lib/coverage';
import { basisNote, formatInteger, formatQuantity } from '$lib/format';
import { energySplitTable } from '$lib/charts/energy-split/energy-split';
import { intakeTable } from '$lib/charts/intake-bars/intake-bars';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import {
	budgetOffset,
	caloriesBurned,
	dailyEnergy,
	dayIntake,
	energyAverages,
	MACROS,
	macroSplit,
	mealRows,
	type DayEnergy,
	type DayIntake,
	type EnergyAverages,
	type MacroPart,
	type MealRow
} from '$lib/metrics/food';
import { formatClock } from '$lib/time/zone';
import { MISSING } from '$lib/metrics/units';
import type { Span } from '$lib/views/controls/periods';
import { dateParam, choiceParam } from '$lib/views/url-state';

export type FoodSpan = Extract<Span, 'day' | 'week' | 'month'>;
export const FOOD_SPANS = [
	{ value: 'day', label: 'Day' },
	{ value: 'week', label: 'Week' },
	{ value: 'month', label: 'Month' }
] as const satisfies readonly { value: FoodSpan; label: string }[];

export interface FoodView {
	span: FoodSpan;
	/** The date shown, `YYYYMMDD`; null means the person's today (resolved by the page). */
	date: number | null;
}

/** `?span=week&date=2026-03-23`; the day view and today are the defaults. */
export function parseFoodView(url: URL): FoodView {
	const span = choiceParam(url, 'span', FOOD_SPANS, 'day');
	const date = dateParam(url, 'date', 0);
	return { span, date: date === 0 ? null : date };
}

/** What a change of span writes into the URL: the default is left out. */
export function spanParam(span: FoodSpan): FoodSpan | null {
	return span === 'day' ? null : span;
}

/** The rule the view states under its title. */
export const FOOD_RULE =
	'Each meal is shown at the time it was eaten, on the clock of the zone it was eaten in. The budget is what you burn, less (or plus) what your weight goal sets aside.';

import type { Figure } from '../controls/figure';
export type { Figure };

const kcal = (value: number | null) => (value === null ? MISSING : formatQuantity(value, 'kcal'));

/** What the day's eaten figure says when nothing was eaten on record: the day's state. */
function eatenValue(day: DayEnergy): string {
	if (day.eaten !== null) return kcal(day.eaten);
	switch (day.state) {
		case 'underway':
			return 'Nothing yet';
		case 'future':
			return 'Not yet';
		case 'unread':
			return 'Not read yet';
		case 'failed':
			return 'Couldn’t load';
		default:
			return 'No record';
	}
}

/**
 * The day's energy: eaten, budget, total burned (basal rate and the band's calories), and what is
 * left of the budget (or over it). Today's figures say they are so far, as of the last sync
 * (`asOf`, `HH:MM`).
 */
export function dayEnergyFigures(day: DayEnergy, asOf: string | null = null): Figure[] {
	const left = day.eaten === null || day.budget === null ? null : day.budget - day.eaten;
	const soFar =
		day.state === 'underway' ? (asOf === null ? 'so far' : `so far, as of ${asOf}`) : null;
	return [
		{ label: 'Eaten', value: eatenValue(day), note: soFar },
		{ label: 'Budget', value: kcal(day.budget) },
		{ label: 'Total burned', value: kcal(day.burned), note: day.burned === null ? null : soFar },
		{
			label: left !== null && left < 0 ? 'Over budget' : 'Left in budget',
			value: left === null ? MISSING : kcal(Math.abs(left)),
			note: left === null ? null : soFar
		}
	];
}

/** The day's macronutrients in grams (sodium in milligrams); a nutrient no meal states is left out. */
export function macroFigures(intake: DayIntake): Figure[] {
	return MACROS.flatMap(({ key, label, unit }) => {
		const value = intake.macros[key];
		if (value === null) return [];
		return [
			{ label, value: unit === 'mg' ? `${formatInteger(value)} mg` : `${value.toFixed(1)} g` }
		];
	});
}

/**
 * A week's or month's averages over its finished days with a record, what they rest on when the
 * span is not all read (`basis`: "so far: 12 of 26 days"), and the days left out: without a
 * record, and today, under way. Days to come are not named: they are no part of the span yet.
 */
export function averageFigures(averages: EnergyAverages, basis: string | null = null): Figure[] {
	const noRecord = averages.noRecord > 0 ? ` (${averages.noRecord} no record)` : '';
	return [
		{ label: 'Average eaten', value: kcal(averages.eaten), note: basis },
		{ label: 'Average budget', value: kcal(averages.budget), note: basis },
		{
			label:
				averages.overBudget !== null && averages.overBudget > 0 ? 'Over budget' : 'Under budget',
			value: averages.overBudget === null ? MISSING : `${kcal(Math.abs(averages.overBudget))} a day`
		},
		{
			label: 'Days averaged',
			value: `${formatInteger(averages.days)}${noRecord}`,
			note: averages.underway ? 'today, under way, left out' : null
		}
	];
}

/** The legend of a week's or month's chart: today's hollow bar is keyed while it shows. */
export function intakeLegend(days: readonly DayEnergy[]): LegendItem[] {
	return [
		{ label: 'Eaten', color: 'var(--steps)' },
		{ label: 'Eaten over budget', color: 'var(--warning)' },
		...(days.some((day) => day.state === 'underway')
			? [{ label: 'Today so far', color: 'var(--steps)', mark: 'ring' as const }]
			: []),
		{ label: 'Budget', color: 'var(--text)', dashed: true }
	];
}

/** The legend of a day's chart: eaten, over budget, and the three nutrients of the split. */
export const DAY_LEGEND: readonly LegendItem[] = [
	{ label: 'Eaten', color: 'var(--steps)' },
	{ label: 'Over budget', color: 'var(--warning)' },
	{ label: 'Protein', color: 'var(--protein)' },
	{ label: 'Carbohydrates', color: 'var(--carbohydrate)' },
	{ label: 'Fat', color: 'var(--fat)' }
];

/** What the page lays out for a day, week or month: every number already worked out. */
export interface FoodModel {
	/** Each day of the period (a day view has one), with its state. */
	days: DayEnergy[];
	table: ChartTable;
	legend: LegendItem[];
	/** The day shown in the day view, and its chart: eaten against budget, and the split. */
	day: DayEnergy;
	split: MacroPart[];
	dayTable: ChartTable;
	energy: Figure[];
	macros: Figure[];
	/** The day's meals in the order eaten, each with its row. */
	meals: { meal: Meal; row: MealRow }[];
	averages: Figure[];
}

/**
 * The Food view of `period` (the day `date` for a day view) from the cached meals and moves and
 * what the meals rest on (`coverage`, up to today). The budget of every day is its burn plus the
 * weight goal's offset, read from today's remainder.
 */
export function foodModel(input: {
	meals: readonly Meal[];
	moves: readonly Move[];
	coverage: Coverage;
	period: { from: number; to: number };
	date: number;
	today: number;
	/** The person's zone, for the time today is read up to. */
	tz: string;
	goals: Pick<GoalsV11, 'remaining_for_day'> | null;
	todayMeals: readonly Meal[];
	todayMoves: readonly Move[];
}): FoodModel {
	const offset = budgetOffset(
		input.goals,
		dayIntake(input.todayMeals, input.today).calories,
		caloriesBurned(input.todayMoves.find((move) => move.date === input.today))
	);
	const days = dailyEnergy(input.meals, input.moves, input.period, input.coverage, offset);
	const day = days.find((d) => d.dateInt === input.date) ?? {
		dateInt: input.date,
		eaten: null,
		burned: null,
		budget: null,
		state: input.date > input.today ? 'future' : 'unread'
	};
	const asOf = input.coverage.asOf === null ? null : formatClock(input.coverage.asOf, input.tz);
	const intake = dayIntake(input.meals, input.date);
	const split = macroSplit(intake);
	const byXid = new Map(input.meals.map((meal) => [meal.xid, meal]));
	return {
		days,
		table: intakeTable(days),
		legend: intakeLegend(days),
		day,
		split,
		dayTable: energySplitTable(day, split),
		energy: dayEnergyFigures(day, asOf),
		macros: macroFigures(intake),
		meals: mealRows(input.meals, input.date).flatMap((row) => {
			const meal = byXid.get(row.xid);
			return meal === undefined ? [] : [{ meal, row }];
		}),
		averages: averageFigures(energyAverages(days), basisNote(basisOf(input.coverage)))
	};
}
