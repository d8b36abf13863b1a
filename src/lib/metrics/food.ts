// Energy eaten against the budget and burned, macronutrients per day, and a day's meals on their own clocks.
import type { GoalsV11, Meal, MealItem, Move } from '$lib/api';
import { addDays, formatClock, normalizeTz } from '$lib/time/zone';

/** The nutrients the Food view shows, with their unit (the API's meal totals). */
export const MACROS = [
	{ key: 'protein', label: 'Protein', unit: 'g' },
	{ key: 'carbohydrate', label: 'Carbohydrates', unit: 'g' },
	{ key: 'fat', label: 'Fat', unit: 'g' },
	{ key: 'fiber', label: 'Fibre', unit: 'g' },
	{ key: 'sugar', label: 'Sugar', unit: 'g' },
	{ key: 'sodium', label: 'Sodium', unit: 'mg' }
] as const satisfies readonly { key: keyof Meal['details']; label: string; unit: string }[];
export type MacroKey = (typeof MACROS)[number]['key'];

/** One day's intake: sums over the meals the API files under that date. */
export interface DayIntake {
	dateInt: number;
	/** How many meals were logged; 0 means no record for the day. */
	meals: number;
	/** Calories eaten; null when no meal was logged (no record, not zero). */
	calories: number | null;
	/** Each nutrient summed over the meals that state it; null when none does. */
	macros: Record<MacroKey, number | null>;
}

/** Sums the values that are present; null when none is. */
function sumPresent(values: readonly (number | null | undefined)[]): number | null {
	let total: number | null = null;
	for (const value of values) {
		if (value === null || value === undefined || !Number.isFinite(value)) continue;
		total = (total ?? 0) + value;
	}
	return total;
}

/**
 * The intake of `dateInt`: the meals whose own `date` is that day (the API dates a meal on the
 * clock of the zone it was eaten in, so a day's meals need no zone arithmetic here).
 */
export function dayIntake(meals: readonly Meal[], dateInt: number): DayIntake {
	const day = meals.filter((meal) => meal.date === dateInt);
	const macros = Object.fromEntries(
		MACROS.map(({ key }) => [key, sumPresent(day.map((meal) => meal.details[key]))])
	) as Record<MacroKey, number | null>;
	return {
		dateInt,
		meals: day.length,
		calories: day.length === 0 ? null : (sumPresent(day.map((m) => m.details.calories)) ?? 0),
		macros
	};
}

/**
 * Calories burned over a day: the day's basal rate plus the band's calories outside workouts plus
 * the workouts' (the same burn the API weighs today's eating budget against). Null without a move.
 */
export function caloriesBurned(move: Move | undefined): number | null {
	if (move === undefined) return null;
	const { bmr_day, bg_calories, wo_calories } = move.details;
	return sumPresent([bmr_day, bg_calories, wo_calories]);
}

/**
 * What the API adds to (or takes from) a day's burn for the weight goal, read from today's
 * remainder: budget = eaten + remaining, so offset = eaten + remaining - burned. Null when today's
 * remainder, burn or meals are not known (then no day has a budget).
 */
export function budgetOffset(
	goals: Pick<GoalsV11, 'remaining_for_day'> | null,
	eatenToday: number | null,
	burnedToday: number | null
): number | null {
	const remaining = goals?.remaining_for_day?.intake_calories_remaining;
	if (remaining === null || remaining === undefined || !Number.isFinite(remaining)) return null;
	if (burnedToday === null) return null;
	return (eatenToday ?? 0) + remaining - burnedToday;
}

/** One day of the energy chart. */
export interface DayEnergy {
	dateInt: number;
	/** Calories eaten; null = no record (no meal logged, or a day still to come). */
	eaten: number | null;
	burned: number | null;
	/** Burned plus the weight goal's offset; null when either is unknown. */
	budget: number | null;
}

/** Every date of `from..to`, oldest first. */
export function datesOf(from: number, to: number): number[] {
	const dates: number[] = [];
	for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
	return dates;
}

/**
 * Each day of a period: eaten, burned and budget. Days after `today` are no record, never zero,
 * and so are past days without a logged meal.
 */
export function dailyEnergy(
	meals: readonly Meal[],
	moves: readonly Move[],
	period: { from: number; to: number },
	today: number,
	offset: number | null
): DayEnergy[] {
	const moveOf = new Map(moves.map((move) => [move.date, move]));
	return datesOf(period.from, period.to).map((dateInt) => {
		if (dateInt > today) return { dateInt, eaten: null, burned: null, budget: null };
		const burned = caloriesBurned(moveOf.get(dateInt));
		return {
			dateInt,
			eaten: dayIntake(meals, dateInt).calories,
			burned,
			budget: burned === null || offset === null ? null : burned + offset
		};
	});
}

/** Averages of a period over the days with a record only. */
export interface EnergyAverages {
	/** Days with meals logged: the days averaged. */
	days: number;
	/** Days of the period without a record (no meals, or still to come). */
	noRecord: number;
	eaten: number | null;
	/** The budget averaged over the same days (those that have one). */
	budget: number | null;
	burned: number | null;
	/** Average eaten minus average budget: above zero is over budget. */
	overBudget: number | null;
}

function mean(values: readonly number[]): number | null {
	return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

export function energyAverages(days: readonly DayEnergy[]): EnergyAverages {
	const recorded = days.filter((day): day is DayEnergy & { eaten: number } => day.eaten !== null);
	const withBudget = recorded.filter(
		(day): day is typeof day & { budget: number } => day.budget !== null
	);
	const eaten = mean(recorded.map((day) => day.eaten));
	const budget = mean(withBudget.map((day) => day.budget));
	const eatenWithBudget = mean(withBudget.map((day) => day.eaten));
	return {
		days: recorded.length,
		noRecord: days.length - recorded.length,
		eaten,
		budget,
		burned: mean(recorded.flatMap((day) => (day.burned === null ? [] : [day.burned]))),
		overBudget: eatenWithBudget === null || budget === null ? null : eatenWithBudget - budget
	};
}

const MEAL_NAMES: Record<1 | 2 | 3, string> = { 1: 'Breakfast', 2: 'Lunch', 3: 'Dinner' };

/** A meal as the day's list shows it: on the clock of the zone it was eaten in. */
export interface MealRow {
	xid: string;
	/** Breakfast, Lunch, Dinner, or the meal's own title. */
	name: string;
	/** `HH:MM` in `tz`. */
	time: string;
	tz: string;
	calories: number | null;
	/** When it was eaten, epoch seconds (the list's order). */
	at: number;
}

/** The meals of `dateInt` in the order they were eaten, each at its local time in its own zone. */
export function mealRows(meals: readonly Meal[], dateInt: number): MealRow[] {
	return meals
		.filter((meal) => meal.date === dateInt)
		.sort((a, b) => a.time_created - b.time_created)
		.map((meal) => {
			const tz = normalizeTz(meal.details.tz);
			return {
				xid: meal.xid,
				name: meal.sub_type === null ? meal.title : MEAL_NAMES[meal.sub_type],
				time: formatClock(meal.time_created, tz),
				tz,
				calories: meal.details.calories,
				at: meal.time_created
			};
		});
}

/** A food or drink of a meal, as listed under it. */
export interface MealItemRow {
	xid: string;
	name: string;
	/** `1.5 cup`, or null when the amount is not given. */
	amount: string | null;
	calories: number | null;
}

export function mealItemRows(items: readonly MealItem[]): MealItemRow[] {
	return items.map((item) => ({
		xid: item.xid,
		name: item.name,
		amount:
			item.amount === null
				? null
				: `${Math.round(item.amount * 100) / 100}${item.measurement ? ` ${item.measurement}` : ''}`,
		calories: item.calories
	}));
}
