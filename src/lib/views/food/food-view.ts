// What the Food view shows, from its URL: a day, ISO week or month, and the words of its figures.
import type { GoalsV11, Meal, Move } from '$lib/api';
import { formatQuantity } from '$lib/format';
import { intakeTable } from '$lib/charts/intake-bars/intake-bars';
import type { ChartTable } from '$lib/charts/frame/table';
import {
	budgetOffset,
	caloriesBurned,
	dailyEnergy,
	dayIntake,
	energyAverages,
	MACROS,
	mealRows,
	type DayEnergy,
	type DayIntake,
	type EnergyAverages,
	type MealRow
} from '$lib/metrics/food';
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

/** The day's energy: eaten, budget, burned, and what is left of the budget (or over it). */
export function dayEnergyFigures(energy: DayEnergy): Figure[] {
	const left =
		energy.eaten === null || energy.budget === null ? null : energy.budget - (energy.eaten ?? 0);
	return [
		{ label: 'Eaten', value: energy.eaten === null ? 'No record' : kcal(energy.eaten) },
		{ label: 'Budget', value: kcal(energy.budget) },
		{ label: 'Burned', value: kcal(energy.burned) },
		{
			label: left !== null && left < 0 ? 'Over budget' : 'Left in budget',
			value: left === null ? MISSING : kcal(Math.abs(left))
		}
	];
}

/** The day's macronutrients in grams (sodium in milligrams); a nutrient no meal states is left out. */
export function macroFigures(intake: DayIntake): Figure[] {
	return MACROS.flatMap(({ key, label, unit }) => {
		const value = intake.macros[key];
		if (value === null) return [];
		return [{ label, value: unit === 'mg' ? `${Math.round(value)} mg` : `${value.toFixed(1)} g` }];
	});
}

/** A week's or month's averages over the days with a record, and how many had none. */
export function averageFigures(averages: EnergyAverages): Figure[] {
	return [
		{ label: 'Average eaten', value: kcal(averages.eaten) },
		{ label: 'Average budget', value: kcal(averages.budget) },
		{
			label:
				averages.overBudget !== null && averages.overBudget > 0 ? 'Over budget' : 'Under budget',
			value: averages.overBudget === null ? MISSING : `${kcal(Math.abs(averages.overBudget))} a day`
		},
		{
			label: 'Days averaged',
			value: `${averages.days} (${averages.noRecord} no record)`
		}
	];
}

/** What the page lays out for a day, week or month: every number already worked out. */
export interface FoodModel {
	/** Each day of the period (a day view has one). */
	days: DayEnergy[];
	table: ChartTable;
	energy: Figure[];
	macros: Figure[];
	/** The day's meals in the order eaten, each with its row. */
	meals: { meal: Meal; row: MealRow }[];
	averages: Figure[];
}

/**
 * The Food view of `period` (the day `date` for a day view) from the cached meals and moves.
 * The budget of every day is its burn plus the weight goal's offset, read from today's remainder.
 */
export function foodModel(input: {
	meals: readonly Meal[];
	moves: readonly Move[];
	period: { from: number; to: number };
	date: number;
	today: number;
	goals: Pick<GoalsV11, 'remaining_for_day'> | null;
	todayMeals: readonly Meal[];
	todayMoves: readonly Move[];
}): FoodModel {
	const offset = budgetOffset(
		input.goals,
		dayIntake(input.todayMeals, input.today).calories,
		caloriesBurned(input.todayMoves.find((move) => move.date === input.today))
	);
	const days = dailyEnergy(input.meals, input.moves, input.period, input.today, offset);
	const day = days.find((d) => d.dateInt === input.date) ?? {
		dateInt: input.date,
		eaten: null,
		burned: null,
		budget: null
	};
	const byXid = new Map(input.meals.map((meal) => [meal.xid, meal]));
	return {
		days,
		table: intakeTable(days),
		energy: dayEnergyFigures(day),
		macros: macroFigures(dayIntake(input.meals, input.date)),
		meals: mealRows(input.meals, input.date).flatMap((row) => {
			const meal = byXid.get(row.xid);
			return meal === undefined ? [] : [{ meal, row }];
		}),
		averages: averageFigures(energyAverages(days))
	};
}
