// Named fixtures for the Food view's chart: an unfinished week with a day not logged and one over budget.
import type { DayEnergy } from '$lib/metrics/food';

/** Mon 23 – Sun 29 Mar 2026 seen on Friday: Thursday not logged, Tuesday over budget, the weekend to come. */
export const intakeWeek: DayEnergy[] = [
	{ dateInt: 20260323, eaten: 1820, burned: 2150, budget: 1650 },
	{ dateInt: 20260324, eaten: 2240, burned: 2310, budget: 1810 },
	{ dateInt: 20260325, eaten: 1710, burned: 2080, budget: 1580 },
	{ dateInt: 20260326, eaten: null, burned: 2120, budget: 1620 },
	{ dateInt: 20260327, eaten: 640, burned: 1990, budget: 1490 },
	{ dateInt: 20260328, eaten: null, burned: null, budget: null },
	{ dateInt: 20260329, eaten: null, burned: null, budget: null }
];
