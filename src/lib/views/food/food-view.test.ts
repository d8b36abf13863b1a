import { describe, expect, it } from 'vitest';
import { makeMeal, moveBurning } from '$lib/metrics/testing/food-fixtures';
import { dayIntake } from '$lib/metrics/food';
import {
	averageFigures,
	dayEnergyFigures,
	foodModel,
	macroFigures,
	parseFoodView
} from './food-view';

const url = (search: string) => new URL(`http://app.test/food${search}`);

describe('parseFoodView', () => {
	it('opens on the person’s today, one day', () => {
		expect(parseFoodView(url(''))).toEqual({ span: 'day', date: null });
	});

	it('reads the span and the date from the URL', () => {
		expect(parseFoodView(url('?span=week&date=2026-03-25'))).toEqual({
			span: 'week',
			date: 20260325
		});
		expect(parseFoodView(url('?span=month&date=2026-02-01'))).toEqual({
			span: 'month',
			date: 20260201
		});
	});

	it('falls back to a day and today for a span or date it does not know', () => {
		expect(parseFoodView(url('?span=year&date=2026-02-30'))).toEqual({ span: 'day', date: null });
	});
});

describe('the Food view’s figures', () => {
	it('says how much of the day’s budget is left, or how far over it', () => {
		const under = dayEnergyFigures({ dateInt: 20260323, eaten: 1200, burned: 2000, budget: 1500 });
		expect(under.map((f) => `${f.label}: ${f.value}`)).toEqual([
			'Eaten: 1,200 kcal',
			'Budget: 1,500 kcal',
			'Burned: 2,000 kcal',
			'Left in budget: 300 kcal'
		]);
		const over = dayEnergyFigures({ dateInt: 20260323, eaten: 1750, burned: 2000, budget: 1500 });
		expect(over[3]).toEqual({ label: 'Over budget', value: '250 kcal' });
	});

	it('says no record for a day without meals', () => {
		const none = dayEnergyFigures({ dateInt: 20260323, eaten: null, burned: 2000, budget: 1500 });
		expect(none[0]).toEqual({ label: 'Eaten', value: 'No record' });
		expect(none[3]?.value).toBe('–');
	});

	it('lists the macronutrients in grams and sodium in milligrams, leaving out unknown ones', () => {
		const intake = dayIntake(
			[
				makeMeal({
					date: 20260323,
					hour: 8,
					calories: 400,
					details: { protein: 20.25, carbohydrate: 50, fat: 10, sodium: 412.6 }
				})
			],
			20260323
		);
		expect(macroFigures(intake).map((f) => `${f.label} ${f.value}`)).toEqual([
			'Protein 20.3 g',
			'Carbohydrates 50.0 g',
			'Fat 10.0 g',
			'Sodium 413 mg'
		]);
	});

	it('states the days averaged and the days without a record', () => {
		const figures = averageFigures({
			days: 4,
			noRecord: 3,
			eaten: 1600,
			budget: 1500,
			burned: 2000,
			overBudget: 100
		});
		expect(figures.map((f) => `${f.label}: ${f.value}`)).toEqual([
			'Average eaten: 1,600 kcal',
			'Average budget: 1,500 kcal',
			'Over budget: 100 kcal a day',
			'Days averaged: 4 (3 no record)'
		]);
	});
});

describe('foodModel', () => {
	it('gives every day of a week the budget read from today’s remainder, and lists a day’s meals in the order eaten', () => {
		const today = 20260327;
		const meals = [
			makeMeal({ date: 20260323, hour: 19, subType: 3, calories: 900 }),
			makeMeal({ date: 20260323, hour: 8, subType: 1, calories: 500 }),
			makeMeal({ date: today, hour: 8, calories: 400 })
		];
		const moves = [moveBurning(20260323, 512), moveBurning(today, 312)];
		// Today: burned 1,800, eaten 400, 900 left: budget 1,300, so the goal sets 500 aside.
		const model = foodModel({
			meals,
			moves,
			period: { from: 20260323, to: 20260329 },
			date: 20260323,
			today,
			goals: { remaining_for_day: { intake_calories_remaining: 900 } },
			todayMeals: meals.filter((meal) => meal.date === today),
			todayMoves: moves.filter((move) => move.date === today)
		});
		expect(model.days).toHaveLength(7);
		expect(model.days[0]).toEqual({ dateInt: 20260323, eaten: 1400, burned: 2000, budget: 1500 });
		expect(model.energy[1]).toEqual({ label: 'Budget', value: '1,500 kcal' });
		expect(model.meals.map(({ row }) => `${row.name} ${row.time}`)).toEqual([
			'Breakfast 08:00',
			'Dinner 19:00'
		]);
		expect(model.averages[3]).toEqual({ label: 'Days averaged', value: '2 (5 no record)' });
	});
});
