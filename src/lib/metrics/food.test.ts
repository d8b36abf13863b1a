import { describe, expect, it } from 'vitest';
import { mealItemSchema } from '$lib/api';
import {
	budgetOffset,
	caloriesBurned,
	dailyEnergy,
	dayIntake,
	energyAverages,
	mealItemRows,
	mealRows
} from './food';
import { makeMeal, moveBurning } from './testing/food-fixtures';
import { BERLIN, NEW_YORK } from './testing/fixtures';

const MONDAY = 20260323;
const NUTRIENTS = [
	'carbohydrate',
	'trans_fat',
	'saturated_fat',
	'protein',
	'sodium',
	'vitamin_c',
	'vitamin_a',
	'unsaturated_fat',
	'sugar',
	'fiber',
	'potassium',
	'fat',
	'monounsaturated_fat',
	'calories',
	'polyunsaturated_fat',
	'calcium',
	'iron',
	'cholesterol'
];

describe('dayIntake', () => {
	it('adds up the calories and nutrients of the meals dated that day only', () => {
		const meals = [
			makeMeal({
				date: MONDAY,
				hour: 8,
				subType: 1,
				calories: 420,
				details: { protein: 18.5, carbohydrate: 55, fat: 12, fiber: 6, sugar: 9, sodium: 380 }
			}),
			makeMeal({
				date: MONDAY,
				hour: 13,
				calories: 650,
				details: { protein: 32, carbohydrate: 70, fat: 21.5, fiber: 8, sugar: 11, sodium: 940 }
			}),
			makeMeal({ date: 20260324, hour: 8, calories: 999, details: { protein: 99 } })
		];
		const intake = dayIntake(meals, MONDAY);
		expect(intake.meals).toBe(2);
		expect(intake.calories).toBe(1070);
		expect(intake.macros).toEqual({
			protein: 50.5,
			carbohydrate: 125,
			fat: 33.5,
			fiber: 14,
			sugar: 20,
			sodium: 1320
		});
	});

	it('leaves a nutrient no meal states unknown, and sums the ones that state it', () => {
		const meals = [
			makeMeal({ date: MONDAY, hour: 8, calories: 300, details: { protein: 10 } }),
			makeMeal({ date: MONDAY, hour: 12, calories: 500, details: { protein: null } })
		];
		const intake = dayIntake(meals, MONDAY);
		expect(intake.macros.protein).toBe(10);
		expect(intake.macros.sodium).toBeNull();
	});

	it('says no record, not zero, for a day without meals', () => {
		expect(dayIntake([], MONDAY)).toMatchObject({ meals: 0, calories: null });
	});

	it('counts the meals of a day that changed to summer time under that day', () => {
		// 29 Mar 2026: Berlin's clocks jump from 02:00 to 03:00; a late dinner at 23:30 is 21:30 UTC.
		const dstDay = 20260329;
		const meals = [
			makeMeal({ date: dstDay, hour: 0, minute: 30, subType: null, calories: 150 }),
			makeMeal({ date: dstDay, hour: 23, minute: 30, subType: 3, calories: 700 }),
			makeMeal({ date: 20260330, hour: 0, minute: 15, subType: null, calories: 80 })
		];
		expect(dayIntake(meals, dstDay).calories).toBe(850);
		expect(mealRows(meals, dstDay).map((row) => row.time)).toEqual(['00:30', '23:30']);
	});
});

describe('mealRows', () => {
	it('shows each meal of a travel day on the clock of the zone it was eaten in, in the order eaten', () => {
		const travelDay = 20260325;
		const meals = [
			// Dinner in New York at 19:00 (00:00 UTC the next day), filed under the travel day.
			makeMeal({ date: travelDay, hour: 19, subType: 3, calories: 800, tz: NEW_YORK }),
			makeMeal({ date: travelDay, hour: 7, minute: 45, subType: 1, calories: 400, tz: BERLIN }),
			makeMeal({ date: travelDay, hour: 12, subType: 2, calories: 500, tz: BERLIN })
		];
		expect(
			mealRows(meals, travelDay).map((row) => [row.name, row.time, row.tz, row.calories])
		).toEqual([
			['Breakfast', '07:45', BERLIN, 400],
			['Lunch', '12:00', BERLIN, 500],
			['Dinner', '19:00', NEW_YORK, 800]
		]);
		expect(dayIntake(meals, travelDay).calories).toBe(1700);
	});

	it('names an untyped meal by its title', () => {
		const [row] = mealRows(
			[makeMeal({ date: MONDAY, hour: 16, subType: null, calories: 90 })],
			MONDAY
		);
		expect(row?.name).toBe('Snack');
	});
});

describe('mealItemRows', () => {
	it('writes the amount with its unit and leaves it out when unknown', () => {
		const nutrients = Object.fromEntries(NUTRIENTS.map((key) => [key, null]));
		const item = (xid: string, name: string, amount: number | null, measurement: string | null) =>
			mealItemSchema.parse({
				...nutrients,
				xid,
				name,
				amount,
				measurement,
				food_xid: null,
				serving_xid: null,
				description: null,
				image: null,
				sub_type: null,
				health_score: null,
				multiplier_max: null,
				multiplier_min: null,
				type: null
			});
		const rows = mealItemRows([item('a', 'Oats', 1.5, 'cup'), item('b', 'Tea', null, null)]);
		expect(rows.map((row) => [row.name, row.amount])).toEqual([
			['Oats', '1.5 cup'],
			['Tea', null]
		]);
	});
});

describe('calories burned and the budget', () => {
	it('burns the basal rate plus the calories outside and in workouts', () => {
		expect(caloriesBurned(moveBurning(MONDAY, 512))).toBe(1488 + 512);
		expect(caloriesBurned(undefined)).toBeNull();
	});

	it('reads the weight goal’s offset from today’s remainder', () => {
		// Burned 2,000, eaten 1,200, 300 left: the budget is 1,500, 500 under the burn.
		const goals = { remaining_for_day: { intake_calories_remaining: 300 } };
		expect(budgetOffset(goals, 1200, 2000)).toBe(-500);
		// Nothing eaten yet today: the whole budget is left.
		expect(budgetOffset(goals, null, 2000)).toBe(-1700);
		expect(budgetOffset({ remaining_for_day: {} }, 1200, 2000)).toBeNull();
		expect(budgetOffset(goals, 1200, null)).toBeNull();
	});
});

describe('dailyEnergy and energyAverages', () => {
	const week = { from: MONDAY, to: 20260329 };
	// Monday to Wednesday logged, Thursday not, today is Friday with breakfast only.
	const today = 20260327;
	const meals = [
		makeMeal({ date: 20260323, hour: 12, calories: 1800 }),
		makeMeal({ date: 20260324, hour: 12, calories: 2200 }),
		makeMeal({ date: 20260325, hour: 12, calories: 2000 }),
		makeMeal({ date: 20260327, hour: 8, calories: 400 })
	];
	const moves = [20260323, 20260324, 20260325, 20260326, 20260327].map((date) =>
		moveBurning(date, 512)
	);

	it('gives each day its eaten, burned and budget, and no record after today or without meals', () => {
		const days = dailyEnergy(meals, moves, week, today, -500);
		expect(days.map((day) => day.eaten)).toEqual([1800, 2200, 2000, null, 400, null, null]);
		expect(days[0]).toEqual({ dateInt: MONDAY, eaten: 1800, burned: 2000, budget: 1500 });
		// Thursday has a move but no meals: burned and budget, no record of eating.
		expect(days[3]).toEqual({ dateInt: 20260326, eaten: null, burned: 2000, budget: 1500 });
		expect(days[6]).toEqual({ dateInt: 20260329, eaten: null, burned: null, budget: null });
	});

	it('averages an unfinished week over the days with a record, not over seven', () => {
		const averages = energyAverages(dailyEnergy(meals, moves, week, today, -500));
		expect(averages.days).toBe(4);
		expect(averages.noRecord).toBe(3);
		expect(averages.eaten).toBe((1800 + 2200 + 2000 + 400) / 4);
		expect(averages.budget).toBe(1500);
		expect(averages.overBudget).toBe(1600 - 1500);
	});

	it('has no budget when the offset is unknown, and no averages without a record', () => {
		const days = dailyEnergy(meals, moves, week, today, null);
		expect(days.every((day) => day.budget === null)).toBe(true);
		expect(energyAverages(days)).toMatchObject({ budget: null, overBudget: null });
		expect(energyAverages(dailyEnergy([], [], week, today, -500))).toMatchObject({
			days: 0,
			noRecord: 7,
			eaten: null
		});
	});
});
