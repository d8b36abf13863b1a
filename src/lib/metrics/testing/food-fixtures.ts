// Meals for the Food view's tests and chart snapshot: totals chosen by hand, eaten at a wall-clock time in a zone.
import type { Meal, MealDetails } from '$lib/api';
import { at, BERLIN, makeMove } from './fixtures';
import type { Move } from '$lib/api';

export interface MealOptions {
	date: number;
	hour: number;
	minute?: number;
	tz?: string;
	/** 1 breakfast, 2 lunch, 3 dinner, null for an untyped snack. */
	subType?: 1 | 2 | 3 | null;
	calories: number | null;
	/** Nutrient totals given; the rest are null (the API leaves unknown nutrients null). */
	details?: Partial<MealDetails>;
	xid?: string;
}

export function makeMeal(options: MealOptions): Meal {
	const tz = options.tz ?? BERLIN;
	const eaten = at(options.date, options.hour, options.minute ?? 0, tz);
	const subType = options.subType === undefined ? 2 : options.subType;
	return {
		xid: options.xid ?? `meal-${options.date}-${options.hour}${options.minute ?? 0}`,
		title: subType === null ? 'Snack' : 'Meal',
		note: null,
		type: 'meal',
		sub_type: subType,
		time_created: eaten,
		time_updated: eaten + 600,
		time_completed: eaten + 1200,
		date: options.date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		details: {
			num_drinks: 0,
			num_foods: 1,
			calories: options.calories,
			fiber: null,
			protein: null,
			fat: null,
			carbohydrate: null,
			saturated_fat: null,
			unsaturated_fat: null,
			polyunsaturated_fat: null,
			monounsaturated_fat: null,
			sugar: null,
			potassium: null,
			sodium: null,
			calcium: null,
			cholesterol: null,
			vitamin_c: null,
			vitamin_a: null,
			iron: null,
			tz,
			...options.details
		}
	};
}

/** A move whose day burned `bmr_day` 1488 + `bgCalories` (workouts none). */
export function moveBurning(date: number, bgCalories: number, tz = BERLIN): Move {
	const move = makeMove({ date, tz });
	return { ...move, details: { ...move.details, bg_calories: bgCalories, wo_calories: 0 } };
}
