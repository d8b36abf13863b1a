// Energy eaten against the budget and burned, macronutrients per day, and a day's meals on their own clocks.
import type { GoalsV11, Meal, MealItem, Move } from '$lib/api';
import type { Coverage, DayState } from '$lib/coverage';
import { addDays, formatClock, normalizeTz } from '$lib/time/zone';
import { daySlots } from './day-slots';

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

/** Energy a gram gives (the Atwater factors): what the split of a day's energy rests on. */
export const KCAL_PER_GRAM = { protein: 4, carbohydrate: 4, fat: 9 } as const;
export type SplitKey = keyof typeof KCAL_PER_GRAM;

/** One of protein, carbohydrates and fat as a share of the energy the three gave. */
export interface MacroPart {
	key: SplitKey;
	label: string;
	grams: number;
	kcal: number;
	/** Of the three's energy, 0–1. */
	share: number;
}

/**
 * The day's protein, carbohydrates and fat as shares of the energy they gave (4, 4 and 9 kcal a
 * gram). Empty when the meals state none of them, or state only zeros (water): no split to draw.
 */
export function macroSplit(intake: DayIntake): MacroPart[] {
	const parts = MACROS.flatMap(({ key, label }) => {
		if (key !== 'protein' && key !== 'carbohydrate' && key !== 'fat') return [];
		const grams = intake.macros[key];
		return grams === null ? [] : [{ key, label, grams, kcal: grams * KCAL_PER_GRAM[key] }];
	});
	const total = parts.reduce((sum, part) => sum + part.kcal, 0);
	if (total <= 0) return [];
	return parts.map((part) => ({ ...part, share: part.kcal / total }));
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
	/** Calories eaten (today's so far); null when the day shows none (its `state` says why). */
	eaten: number | null;
	burned: number | null;
	/** Burned plus the weight goal's offset; null when either is unknown. */
	budget: number | null;
	/**
	 * What the day rests on: finished, no record (read, no meal logged), under way (today so far),
	 * not yet (still to come), not read yet, or failed.
	 */
	state: DayState;
}

/** Every date of `from..to`, oldest first. */
export function datesOf(from: number, to: number): number[] {
	const dates: number[] = [];
	for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
	return dates;
}

/**
 * Each day of a period: eaten, burned and budget, with the day's state from the meals' coverage
 * (which may stop at today). Days to come are "not yet" and hold nothing; a past day read without
 * a logged meal has no record, never zero; today holds what was eaten so far.
 */
export function dailyEnergy(
	meals: readonly Meal[],
	moves: readonly Move[],
	period: { from: number; to: number },
	coverage: Coverage,
	offset: number | null
): DayEnergy[] {
	const moveOf = new Map(moves.map((move) => [move.date, move]));
	const eaten = datesOf(period.from, period.to).map((dateInt) => ({
		dateInt,
		value: dayIntake(meals, dateInt).calories
	}));
	return daySlots(period.from, period.to, coverage, eaten).map((slot) => {
		if (slot.state === 'future') {
			return { dateInt: slot.dateInt, eaten: null, burned: null, budget: null, state: 'future' };
		}
		const burned = caloriesBurned(moveOf.get(slot.dateInt));
		return {
			dateInt: slot.dateInt,
			eaten: slot.value,
			burned,
			budget: burned === null || offset === null ? null : burned + offset,
			state: slot.state
		};
	});
}

/** Averages of a period over its finished days with a record only, and what they rest on. */
export interface EnergyAverages {
	/** Finished days with meals logged: the days averaged. */
	days: number;
	/** Past days read without a logged meal. */
	noRecord: number;
	/** Whether today, under way, is in the period (and so left out). */
	underway: boolean;
	/** Days not read yet, and days whose read failed. */
	unread: number;
	failed: number;
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

/**
 * The period's averages over finished days only: today, under way, would pull an average down
 * with a day that has only breakfast so far; days to come and days without a record are no day
 * eaten at all.
 */
export function energyAverages(days: readonly DayEnergy[]): EnergyAverages {
	const finished = days.filter(
		(day): day is DayEnergy & { eaten: number } => day.state === 'finished' && day.eaten !== null
	);
	const withBudget = finished.filter(
		(day): day is typeof day & { budget: number } => day.budget !== null
	);
	const eaten = mean(finished.map((day) => day.eaten));
	const budget = mean(withBudget.map((day) => day.budget));
	const eatenWithBudget = mean(withBudget.map((day) => day.eaten));
	const count = (state: DayState) => days.filter((day) => day.state === state).length;
	return {
		days: finished.length,
		noRecord: count('none'),
		underway: count('underway') > 0,
		unread: count('unread'),
		failed: count('failed'),
		eaten,
		budget,
		burned: mean(finished.flatMap((day) => (day.burned === null ? [] : [day.burned]))),
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
	/** `1 bowl`, `30 g`, `1 glass (500 ml)`, or null when the amount is not given. */
	amount: string | null;
	calories: number | null;
}

/** Measurements that are units of their own: the amount is a quantity of them (`30 g`). */
const UNITS = new Set(['g', 'kg', 'mg', 'ml', 'l', 'oz', 'fl oz', 'lb']);
/**
 * Above this, an amount of a container (`glass`, `bottle`, `cup`) is not a count of containers
 * in one meal item but what the container held: millilitres, the way drinks are poured.
 */
const MOST_CONTAINERS = 10;

/**
 * A serving in words: a quantity of a unit (`30 g`), a count of pieces (`1 bowl`, `2 pieces`),
 * or a container with what it held (`1 glass (500 ml)` for the API's amount 500 of a glass,
 * which no meal holds five hundred of).
 */
export function servingText(amount: number, measurement: string | null): string {
	const rounded = Math.round(amount * 100) / 100;
	const unit = measurement?.trim() ?? '';
	if (unit === '') return String(rounded);
	if (UNITS.has(unit.toLowerCase())) return `${rounded} ${unit}`;
	if (rounded > MOST_CONTAINERS) return `1 ${unit} (${Math.round(rounded)} ml)`;
	return `${rounded} ${rounded === 1 ? unit : pluralOf(unit)}`;
}

function pluralOf(noun: string): string {
	if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
	return `${noun}s`;
}

export function mealItemRows(items: readonly MealItem[]): MealItemRow[] {
	return items.map((item) => ({
		xid: item.xid,
		name: item.name,
		amount: item.amount === null ? null : servingText(item.amount, item.measurement),
		calories: item.calories
	}));
}
