import { describe, expect, it } from 'vitest';
import { mealItemSchema } from '$lib/api';
import {
	budgetOffset,
	caloriesBurned,
	dailyEnergy,
	dayIntake,
	energyAverages,
	mealItemRows,
	macroSplit,
	mealRows,
	servingText
} from './food';
import { makeMeal, moveBurning } from './testing/food-fixtures';
import { at, BERLIN, NEW_YORK } from './testing/fixtures';
import { spanCoverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';

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
			['Oats', '1.5 cups'],
			['Tea', null]
		]);
	});

	it('writes a serving people can read: a unit, a count, or a container with what it held', () => {
		expect(servingText(30, 'g')).toBe('30 g');
		expect(servingText(1, 'bowl')).toBe('1 bowl');
		expect(servingText(2, 'piece')).toBe('2 pieces');
		expect(servingText(1, 'box')).toBe('1 box');
		expect(servingText(3, 'box')).toBe('3 boxes');
		// The API's "500 glass" of sparkling water: one glass that held 500 ml.
		expect(servingText(500, 'glass')).toBe('1 glass (500 ml)');
		expect(servingText(330, 'bottle')).toBe('1 bottle (330 ml)');
		expect(servingText(0.5, null)).toBe('0.5');
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
	// Monday to Wednesday logged, Thursday not, today is Friday with breakfast only.
	const today = 20260327;
	const period = { from: MONDAY, to: 20260329 };
	// The meals' coverage reaches as far as today.
	const week = readCoverage(MONDAY, today, today);
	const meals = [
		makeMeal({ date: 20260323, hour: 12, calories: 1800 }),
		makeMeal({ date: 20260324, hour: 12, calories: 2200 }),
		makeMeal({ date: 20260325, hour: 12, calories: 2000 }),
		makeMeal({ date: 20260327, hour: 8, calories: 400 })
	];
	const moves = [20260323, 20260324, 20260325, 20260326, 20260327].map((date) =>
		moveBurning(date, 512)
	);

	it('gives each day its eaten, burned and budget, and its state: no record, under way, not yet', () => {
		const days = dailyEnergy(meals, moves, period, week, -500);
		expect(days.map((day) => day.eaten)).toEqual([1800, 2200, 2000, null, 400, null, null]);
		expect(days.map((day) => day.state)).toEqual([
			'finished',
			'finished',
			'finished',
			'none',
			'underway',
			'future',
			'future'
		]);
		expect(days[0]).toEqual({
			dateInt: MONDAY,
			eaten: 1800,
			burned: 2000,
			budget: 1500,
			state: 'finished'
		});
		// Thursday has a move but no meals: burned and budget, no record of eating.
		expect(days[3]).toEqual({
			dateInt: 20260326,
			eaten: null,
			burned: 2000,
			budget: 1500,
			state: 'none'
		});
		expect(days[6]).toEqual({
			dateInt: 20260329,
			eaten: null,
			burned: null,
			budget: null,
			state: 'future'
		});
	});

	it('averages an unfinished week over its finished days, leaving today (breakfast only) out', () => {
		const averages = energyAverages(dailyEnergy(meals, moves, period, week, -500));
		expect(averages).toMatchObject({
			days: 3,
			noRecord: 1,
			underway: true,
			unread: 0,
			failed: 0
		});
		expect(averages.eaten).toBe((1800 + 2200 + 2000) / 3);
		expect(averages.budget).toBe(1500);
		expect(averages.overBudget).toBe(2000 - 1500);
	});

	it('counts days not read yet apart from days without a record, and averages what is read', () => {
		// Read from Wednesday on: Monday's and Tuesday's meals are still on their way.
		const stored = meals.slice(2);
		const reading = spanCoverage({
			from: MONDAY,
			to: today,
			today,
			tz: BERLIN,
			reads: {
				read: [{ start: at(20260324, 0, 0, BERLIN), end: at(today, 9, 30, BERLIN) }],
				failed: []
			},
			recorded: stored.map((meal) => meal.date),
			offline: false,
			lastSynced: null
		});
		const days = dailyEnergy(stored, moves, period, reading, -500);
		expect(days.map((day) => day.state)).toEqual([
			'unread',
			'unread',
			'finished',
			'none',
			'underway',
			'future',
			'future'
		]);
		expect(energyAverages(days)).toMatchObject({ days: 1, unread: 2, noRecord: 1, eaten: 2000 });
	});

	it('has no budget when the offset is unknown, and no averages without a record', () => {
		const days = dailyEnergy(meals, moves, period, week, null);
		expect(days.every((day) => day.budget === null)).toBe(true);
		expect(energyAverages(days)).toMatchObject({ budget: null, overBudget: null });
		expect(energyAverages(dailyEnergy([], [], period, week, -500))).toMatchObject({
			days: 0,
			noRecord: 4,
			underway: true,
			eaten: null
		});
	});
});

describe('macroSplit', () => {
	it('splits the energy of protein, carbohydrates and fat at 4, 4 and 9 kcal a gram', () => {
		const intake = dayIntake(
			[
				makeMeal({
					date: MONDAY,
					hour: 8,
					calories: 600,
					details: { protein: 25, carbohydrate: 50, fat: 20 }
				})
			],
			MONDAY
		);
		// 100 + 200 + 180 = 480 kcal from the three.
		expect(macroSplit(intake)).toEqual([
			{ key: 'protein', label: 'Protein', grams: 25, kcal: 100, share: 100 / 480 },
			{ key: 'carbohydrate', label: 'Carbohydrates', grams: 50, kcal: 200, share: 200 / 480 },
			{ key: 'fat', label: 'Fat', grams: 20, kcal: 180, share: 180 / 480 }
		]);
	});

	it('has nothing to split on a day of water only, or without the nutrients', () => {
		const water = makeMeal({
			date: MONDAY,
			hour: 8,
			calories: 0,
			details: { protein: 0, carbohydrate: 0, fat: 0 }
		});
		expect(macroSplit(dayIntake([water], MONDAY))).toEqual([]);
		expect(
			macroSplit(dayIntake([makeMeal({ date: MONDAY, hour: 8, calories: 300 })], MONDAY))
		).toEqual([]);
	});
});
