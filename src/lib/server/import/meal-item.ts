// A meal item holding the nutrients of one logged food (or of a whole day, for the UP export).
import type { MealItem } from '$lib/api/records';
import { round } from './health-time';

export type Nutrient =
	'calories' | 'protein' | 'carbohydrate' | 'fat' | 'fiber' | 'sugar' | 'sodium';

/** A meal item holding one logged food's nutrients (grams; sodium in milligrams). */
export function mealItem(
	xid: string,
	name: string,
	amounts: Readonly<Record<Nutrient, number | null>>
): MealItem {
	const grams = (value: number | null) => (value === null ? null : round(value, 2));
	return {
		xid,
		food_xid: null,
		serving_xid: null,
		name,
		description: null,
		image: null,
		sub_type: null,
		health_score: null,
		multiplier_max: null,
		multiplier_min: null,
		measurement: null,
		type: null,
		amount: null,
		carbohydrate: grams(amounts.carbohydrate),
		trans_fat: null,
		saturated_fat: null,
		protein: grams(amounts.protein),
		sodium: grams(amounts.sodium),
		vitamin_c: null,
		vitamin_a: null,
		unsaturated_fat: null,
		sugar: grams(amounts.sugar),
		fiber: grams(amounts.fiber),
		potassium: null,
		fat: grams(amounts.fat),
		monounsaturated_fat: null,
		calories: amounts.calories === null ? null : round(amounts.calories, 1),
		polyunsaturated_fat: null,
		calcium: null,
		iron: null,
		cholesterol: null
	};
}
