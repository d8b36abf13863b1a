// Fitbit's activity names and sleep levels, mapped to the API's workout sub_types and sleep stages.
import type { Stage } from '../archive/vendor-records';

/** `activityName` of an exercise log → the API's workout `sub_type` (29, other, for the rest). */
export const FITBIT_WORKOUTS: Readonly<Record<string, number>> = {
	walk: 1,
	'outdoor walk': 1,
	treadmill: 2,
	run: 2,
	'outdoor run': 2,
	weights: 3,
	'weight training': 3,
	'circuit training': 4,
	'cross training': 4,
	yoga: 6,
	pilates: 7,
	'interval workout': 9,
	hiit: 9,
	swim: 13,
	swimming: 13,
	bike: 14,
	'outdoor bike': 14,
	biking: 14,
	elliptical: 15,
	tennis: 18,
	basketball: 19,
	golf: 20,
	soccer: 21,
	skiing: 22,
	dancing: 23,
	dance: 23,
	hike: 24,
	hiking: 24,
	spinning: 26,
	'stationary bike': 26,
	'aerobic workout': 27,
	'aerobic step': 27,
	rowing: 27,
	'stair climber': 27,
	sport: 28
};
export const OTHER_WORKOUT = 29;

/**
 * `levels.data` levels: "stages" nights (wake, light, deep, rem) and "classic" nights of trackers
 * without heart rate (asleep, restless, awake), where restless counts as awake.
 */
export const FITBIT_LEVELS: Readonly<Record<string, Stage>> = {
	wake: 'awake',
	awake: 'awake',
	restless: 'awake',
	light: 'light',
	asleep: 'light',
	deep: 'deep',
	rem: 'rem'
};

/** Metres per unit of an exercise's `distanceUnit`. */
export const FITBIT_DISTANCE_UNITS: Readonly<Record<string, number>> = {
	Kilometer: 1000,
	Mile: 1609.344,
	Meter: 1
};
