import { describe, expect, it } from 'vitest';
import { goalGauges, headlineFigures } from '$lib/metrics';
import { goalsAllScopes, makeMove, makeSleep, at, BERLIN } from '$lib/metrics/fixtures';
import { addDays } from '$lib/time/zone';
import { goalFigures, headlineCards, headlineRange } from './today';

describe('goal remainders in words', () => {
	it('says what is left, what is exceeded and how a calorie budget stands', () => {
		const figures = goalFigures(goalGauges(goalsAllScopes).gauges);
		expect(figures.map((figure) => [figure.name, figure.text, figure.target])).toEqual([
			['Steps', '1,840 steps to go', 'of 10,000 steps'],
			['Sleep', 'Exceeded by 25 min', 'of 7 h 30 min'],
			['Calories eaten', '313 kcal left in today’s budget', null]
		]);
	});

	it('warns when the calorie budget is passed', () => {
		const over = goalGauges({
			...goalsAllScopes,
			remaining_for_day: { ...goalsAllScopes.remaining_for_day, intake_calories_remaining: -529.6 }
		});
		const calories = goalFigures(over.gauges).find((figure) => figure.goal === 'intake_calories');
		expect(calories?.text).toBe('530 kcal over today’s budget');
		expect(calories?.remaining).toBe(-529.6);
	});
});

describe('headline cards', () => {
	const today = 20260330;
	const moves = [0, 1, 2].map((back) =>
		makeMove({ date: addDays(today, -back), steps: [1000 * (back + 1)] })
	);
	const night = makeSleep({
		bedtime: at(20260329, 23, 0, BERLIN),
		wake: at(20260330, 7, 0, BERLIN),
		phases: [[30, 2]]
	}).sleep;

	it('sets today against the mean of the days before, in the user’s units', () => {
		const cards = headlineCards(headlineFigures(moves, [night], today), 'imperial');
		const steps = cards.find((card) => card.label === 'Steps');
		expect(steps?.value).toBe('1,000');
		expect(steps?.average).toBe('2,500 average over 2 days');
		expect(steps?.change).toBe('-60% vs 7-day average');
		expect(steps?.direction).toBe(-1);
		const distance = cards.find((card) => card.label === 'Distance');
		expect(distance?.value).toMatch(/ mi$/);
		const sleep = cards.find((card) => card.label === 'Last night’s sleep');
		expect(sleep?.value).toBe('7 h 30 min');
		expect(sleep?.average).toBe('No data in the last 7 days');
		expect(sleep?.change).toBeNull();
	});

	it('reads the seven days before today', () => {
		expect(headlineRange(today)).toEqual({ from: 20260323, to: 20260330 });
	});
});
