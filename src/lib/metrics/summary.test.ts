import { describe, expect, it } from 'vitest';
import { addDays } from '$lib/time/zone';
import {
	BERLIN,
	at,
	makeMove,
	makeSleep,
	ordinaryNight,
	springForwardNight
} from './testing/fixtures';
import { headlineFigures } from './summary';

const today = 20260323;
// The week before: five days with a move (two missing), step totals 6000, 7000, ... 10000.
const week = [1, 2, 4, 5, 7].map((back, i) =>
	makeMove({ date: addDays(today, -back), steps: [(6 + i) * 1000] })
);
const todayMove = makeMove({ date: today, steps: [9600] });
// Two nights earlier in the week and one older than the window.
const nights = [20260320, 20260321, 20260310].map(
	(wakeDate, i) =>
		makeSleep({
			bedtime: at(addDays(wakeDate, -1), 23, 0, BERLIN),
			wake: at(wakeDate, 6 + i, 0, BERLIN),
			phases: [[0, 2]]
		}).sleep
);

describe('headlineFigures', () => {
	it('sets today against the mean of the days with data among the 7 before it', () => {
		const figures = headlineFigures([todayMove, ...week], [ordinaryNight.sleep, ...nights], today);
		expect(figures.dateInt).toBe(today);
		expect(figures.steps).toEqual({
			id: 'move.steps',
			label: 'Steps',
			unit: 'steps',
			value: 9600,
			average: 8000,
			averageDays: 5,
			delta: 1600,
			deltaPct: 20
		});
		expect(figures.distance.value).toBe(todayMove.details.distance);
		expect(figures.activeTime.averageDays).toBe(5);
	});

	it('takes last night as the sleep that woke up today', () => {
		const figures = headlineFigures([], [ordinaryNight.sleep, ...nights], today);
		// 425 minutes asleep against nights of 7 h and 8 h (all light sleep).
		expect(figures.sleep).toMatchObject({
			value: 425 * 60,
			average: 7.5 * 3600,
			averageDays: 2
		});
	});

	it('counts the spring-forward night by its real length, whatever the input order', () => {
		const figures = headlineFigures(
			[],
			[...nights].reverse().concat(springForwardNight.sleep),
			20260329
		);
		expect(figures.sleep.value).toBe(
			(springForwardNight.sleep.details.light ?? 0) + (springForwardNight.sleep.details.deep ?? 0)
		);
		// 10 minutes awake and 15 to fall asleep out of 7 real hours.
		expect(figures.sleep.value).toBe((420 - 10 - 15) * 60);
	});

	it('has null values and averages for no data', () => {
		const figures = headlineFigures([], [], today);
		for (const headline of [figures.steps, figures.activeTime, figures.distance, figures.sleep]) {
			expect(headline).toMatchObject({
				value: null,
				average: null,
				averageDays: 0,
				delta: null,
				deltaPct: null
			});
		}
	});
});
