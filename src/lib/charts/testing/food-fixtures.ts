// Named fixtures for the Food view's charts: an unfinished week with a day not logged and one over budget, a week still read, and a day's energy.
import type { DayEnergy, MacroPart } from '$lib/metrics/food';

/**
 * Mon 23 – Sun 29 Mar 2026 seen on Friday morning: Thursday not logged, Tuesday over budget,
 * Friday under way (breakfast so far), the weekend to come.
 */
export const intakeWeek: DayEnergy[] = [
	{ dateInt: 20260323, eaten: 1820, burned: 2150, budget: 1650, state: 'finished' },
	{ dateInt: 20260324, eaten: 2240, burned: 2310, budget: 1810, state: 'finished' },
	{ dateInt: 20260325, eaten: 1710, burned: 2080, budget: 1580, state: 'finished' },
	{ dateInt: 20260326, eaten: null, burned: 2120, budget: 1620, state: 'none' },
	{ dateInt: 20260327, eaten: 640, burned: 1990, budget: 1490, state: 'underway' },
	{ dateInt: 20260328, eaten: null, burned: null, budget: null, state: 'future' },
	{ dateInt: 20260329, eaten: null, burned: null, budget: null, state: 'future' }
];

/**
 * The same week on a first visit while history loads: Monday and Tuesday not read yet, Wednesday's
 * read failed, Thursday read, Friday under way.
 */
export const intakeWeekReading: DayEnergy[] = [
	{ dateInt: 20260323, eaten: null, burned: null, budget: null, state: 'unread' },
	{ dateInt: 20260324, eaten: null, burned: null, budget: null, state: 'unread' },
	{ dateInt: 20260325, eaten: null, burned: 2080, budget: 1580, state: 'failed' },
	{ dateInt: 20260326, eaten: 1950, burned: 2120, budget: 1620, state: 'finished' },
	{ dateInt: 20260327, eaten: 640, burned: 1990, budget: 1490, state: 'underway' },
	{ dateInt: 20260328, eaten: null, burned: null, budget: null, state: 'future' },
	{ dateInt: 20260329, eaten: null, burned: null, budget: null, state: 'future' }
];

/** Tuesday 24 Mar: 2,240 kcal eaten of a 1,810 kcal budget, 2,310 burned. */
export const dayOver: DayEnergy = {
	dateInt: 20260324,
	eaten: 2240,
	burned: 2310,
	budget: 1810,
	state: 'finished'
};

/** Friday 27 Mar at breakfast: 640 kcal so far of a 1,490 kcal budget. */
export const dayUnderway: DayEnergy = {
	dateInt: 20260327,
	eaten: 640,
	burned: 1990,
	budget: 1490,
	state: 'underway'
};

/** Tuesday's protein 90 g, carbohydrates 250 g, fat 80 g: 360 + 1,000 + 720 = 2,080 kcal. */
export const daySplit: MacroPart[] = [
	{ key: 'protein', label: 'Protein', grams: 90, kcal: 360, share: 360 / 2080 },
	{ key: 'carbohydrate', label: 'Carbohydrates', grams: 250, kcal: 1000, share: 1000 / 2080 },
	{ key: 'fat', label: 'Fat', grams: 80, kcal: 720, share: 720 / 2080 }
];
