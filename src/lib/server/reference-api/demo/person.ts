// Who the demo person is: profile constants, her slowly drifting weight, and her basal metabolic rate.

import { daysBetween, parseDateInt } from '$lib/time/zone';
import { round } from './random';

export const DEMO_PERSON = {
	first: 'Lena',
	last: 'Hartmann',
	/** 1 female, 0 male (the v.1.1 trends convention). */
	gender: 1,
	birthDate: 19900417,
	heightM: 1.68,
	startWeightKg: 72.4,
	goalWeightKg: 66,
	/** 0 lose, 1 maintain, 2 gain. */
	weightIntent: 0,
	stepGoal: 10000,
	sleepGoalSec: 28800
} as const;

/** Age in whole years on a date. */
export function ageOn(dateInt: number): number {
	const birth = parseDateInt(DEMO_PERSON.birthDate);
	const now = parseDateInt(dateInt);
	const hadBirthday = now.month * 100 + now.day >= birth.month * 100 + birth.day;
	return now.year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * Her underlying weight on a date, `daysIn` days after the data starts: a slow, tapering loss
 * toward the goal, a little back on over the Christmas weeks, rounded to 10 g.
 */
export function weightTrend(dateInt: number, daysIn: number): number {
	const loss = 4.8 * (1 - Math.exp(-daysIn / 420));
	const { year, month } = parseDateInt(dateInt);
	const christmas = year * 10000 + 1224;
	const sinceChristmas =
		month === 1 ? daysBetween((year - 1) * 10000 + 1224, dateInt) : daysBetween(christmas, dateInt);
	const festive =
		sinceChristmas >= 0 && sinceChristmas < 45 ? 0.9 * (1 - Math.abs(sinceChristmas - 12) / 33) : 0;
	return round(DEMO_PERSON.startWeightKg - loss + Math.max(0, festive), 2);
}

/** Mifflin–St Jeor basal metabolic rate, kcal per day. */
export function bmrDay(weightKg: number, dateInt: number): number {
	const heightCm = DEMO_PERSON.heightM * 100;
	return round(10 * weightKg + 6.25 * heightCm - 5 * ageOn(dateInt) - 161, 2);
}
