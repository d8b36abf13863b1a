import { describe, expect, it } from 'vitest';
import { computedCoverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import { makeMeal, moveBurning } from '$lib/metrics/testing/food-fixtures';
import { at } from '$lib/metrics/testing/fixtures';
import { dayIntake } from '$lib/metrics/food';
import {
	averageFigures,
	dayEnergyFigures,
	foodModel,
	intakeLegend,
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
		const under = dayEnergyFigures({
			dateInt: 20260323,
			eaten: 1200,
			burned: 2000,
			budget: 1500,
			state: 'finished'
		});
		expect(under.map((f) => `${f.label}: ${f.value}`)).toEqual([
			'Eaten: 1,200 kcal',
			'Budget: 1,500 kcal',
			'Total burned: 2,000 kcal',
			'Left in budget: 300 kcal'
		]);
		expect(under.every((f) => !f.note)).toBe(true);
		const over = dayEnergyFigures({
			dateInt: 20260323,
			eaten: 1750,
			burned: 2000,
			budget: 1500,
			state: 'finished'
		});
		expect(over[3]).toMatchObject({ label: 'Over budget', value: '250 kcal' });
	});

	it('says no record for a past day without meals, and not yet for a day to come', () => {
		const none = dayEnergyFigures({
			dateInt: 20260323,
			eaten: null,
			burned: 2000,
			budget: 1500,
			state: 'none'
		});
		expect(none[0]).toMatchObject({ label: 'Eaten', value: 'No record' });
		expect(none[3]?.value).toBe('–');
		const future = dayEnergyFigures({
			dateInt: 20260328,
			eaten: null,
			burned: null,
			budget: null,
			state: 'future'
		});
		expect(future.map((f) => f.value)).toEqual(['Not yet', '–', '–', '–']);
	});

	it('says today’s figures are so far, as of the last sync', () => {
		const today = dayEnergyFigures(
			{ dateInt: 20260327, eaten: 400, burned: 1600, budget: 1300, state: 'underway' },
			'09:30'
		);
		expect(today.map((f) => [f.label, f.value, f.note ?? null])).toEqual([
			['Eaten', '400 kcal', 'so far, as of 09:30'],
			['Budget', '1,300 kcal', null],
			['Total burned', '1,600 kcal', 'so far, as of 09:30'],
			['Left in budget', '900 kcal', 'so far, as of 09:30']
		]);
	});

	it('lists the macronutrients in grams and sodium in milligrams, leaving out unknown ones', () => {
		const intake = dayIntake(
			[
				makeMeal({
					date: 20260323,
					hour: 8,
					calories: 400,
					details: { protein: 20.25, carbohydrate: 50, fat: 10, sodium: 1015.4 }
				})
			],
			20260323
		);
		expect(macroFigures(intake).map((f) => `${f.label} ${f.value}`)).toEqual([
			'Protein 20.3 g',
			'Carbohydrates 50.0 g',
			'Fat 10.0 g',
			'Sodium 1,015 mg'
		]);
	});

	it('states the days averaged, those without a record, and today left out', () => {
		const figures = averageFigures({
			days: 4,
			noRecord: 3,
			underway: true,
			unread: 0,
			failed: 0,
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
		expect(figures[3]?.note).toBe('today, under way, left out');
	});

	it('says what the averages rest on while the span is still read', () => {
		const figures = averageFigures(
			{
				days: 2,
				noRecord: 0,
				underway: false,
				unread: 5,
				failed: 0,
				eaten: 1600,
				budget: null,
				burned: null,
				overBudget: null
			},
			'so far: 2 of 7 days'
		);
		expect(figures[0]).toEqual({
			label: 'Average eaten',
			value: '1,600 kcal',
			note: 'so far: 2 of 7 days'
		});
		expect(figures[3]).toEqual({ label: 'Days averaged', value: '2', note: null });
	});
});

describe('foodModel', () => {
	const today = 20260327;
	const meals = [
		makeMeal({ date: 20260323, hour: 19, subType: 3, calories: 900 }),
		makeMeal({ date: 20260323, hour: 8, subType: 1, calories: 500 }),
		makeMeal({
			date: today,
			hour: 8,
			calories: 400,
			details: { protein: 20, carbohydrate: 50, fat: 10 }
		})
	];
	const moves = [moveBurning(20260323, 512), moveBurning(today, 312)];
	const week = {
		meals,
		moves,
		period: { from: 20260323, to: 20260329 },
		today,
		tz: 'Europe/Berlin',
		goals: { remaining_for_day: { intake_calories_remaining: 900 } },
		todayMeals: meals.filter((meal) => meal.date === today),
		todayMoves: moves.filter((move) => move.date === today)
	};

	it('gives every day of a week the budget read from today’s remainder, and lists a day’s meals in the order eaten', () => {
		// Today: burned 1,800, eaten 400, 900 left: budget 1,300, so the goal sets 500 aside.
		const model = foodModel({
			...week,
			coverage: readCoverage(20260323, today, today),
			date: 20260323
		});
		expect(model.days).toHaveLength(7);
		expect(model.days[0]).toEqual({
			dateInt: 20260323,
			eaten: 1400,
			burned: 2000,
			budget: 1500,
			state: 'finished'
		});
		expect(model.energy[1]).toMatchObject({ label: 'Budget', value: '1,500 kcal' });
		expect(model.meals.map(({ row }) => `${row.name} ${row.time}`)).toEqual([
			'Breakfast 08:00',
			'Dinner 19:00'
		]);
		// Monday is the one finished day with meals; Tuesday to Thursday have none; today is left out.
		expect(model.averages[0]).toMatchObject({ label: 'Average eaten', value: '1,400 kcal' });
		expect(model.averages[3]).toEqual({
			label: 'Days averaged',
			value: '1 (3 no record)',
			note: 'today, under way, left out'
		});
	});

	it('draws today’s day as under way, as of the time it was read, with its split', () => {
		const asOf = at(today, 9, 30, 'Europe/Berlin');
		const model = foodModel({
			...week,
			coverage: computedCoverage({
				from: 20260323,
				to: today,
				today,
				asOf,
				firstDate: null
			}),
			date: today
		});
		expect(model.day).toMatchObject({ eaten: 400, state: 'underway' });
		expect(model.energy[0]).toEqual({
			label: 'Eaten',
			value: '400 kcal',
			note: 'so far, as of 09:30'
		});
		expect(model.split.map((part) => [part.key, part.kcal])).toEqual([
			['protein', 80],
			['carbohydrate', 200],
			['fat', 90]
		]);
		expect(model.dayTable.rows[0]).toEqual({
			part: 'Eaten so far',
			kcal: 400,
			grams: null,
			share: null
		});
	});
});

describe('intakeLegend', () => {
	it('keys today’s hollow bar only while a day is under way', () => {
		const day = { dateInt: 20260323, eaten: 1200, burned: 2000, budget: 1500 };
		expect(intakeLegend([{ ...day, state: 'finished' }]).map((item) => item.label)).toEqual([
			'Eaten',
			'Eaten over budget',
			'Budget'
		]);
		expect(intakeLegend([{ ...day, state: 'underway' }])[2]).toEqual({
			label: 'Today so far',
			color: 'var(--steps)',
			mark: 'ring'
		});
	});
});
