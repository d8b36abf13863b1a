// Apple Health's names and units, mapped to the API's sub_types and units.

/** Workout activity type → the API's workout `sub_type` (table in the specification's Workout section). */
export const WORKOUT_SUB_TYPES: Readonly<Record<string, number>> = {
	HKWorkoutActivityTypeWalking: 1,
	HKWorkoutActivityTypeRunning: 2,
	HKWorkoutActivityTypeTraditionalStrengthTraining: 3,
	HKWorkoutActivityTypeFunctionalStrengthTraining: 3,
	HKWorkoutActivityTypeCrossTraining: 4,
	HKWorkoutActivityTypeYoga: 6,
	HKWorkoutActivityTypePilates: 7,
	HKWorkoutActivityTypeCoreTraining: 8,
	HKWorkoutActivityTypeHighIntensityIntervalTraining: 9,
	HKWorkoutActivityTypeCardioDance: 11,
	HKWorkoutActivityTypeSwimming: 13,
	HKWorkoutActivityTypeCycling: 14,
	HKWorkoutActivityTypeHandCycling: 14,
	HKWorkoutActivityTypeElliptical: 15,
	HKWorkoutActivityTypeBarre: 16,
	HKWorkoutActivityTypeTennis: 18,
	HKWorkoutActivityTypeTableTennis: 18,
	HKWorkoutActivityTypeBasketball: 19,
	HKWorkoutActivityTypeGolf: 20,
	HKWorkoutActivityTypeSoccer: 21,
	HKWorkoutActivityTypeDownhillSkiing: 22,
	HKWorkoutActivityTypeSnowboarding: 22,
	HKWorkoutActivityTypeSnowSports: 22,
	HKWorkoutActivityTypeDance: 23,
	HKWorkoutActivityTypeSocialDance: 23,
	HKWorkoutActivityTypeDanceInspiredTraining: 23,
	HKWorkoutActivityTypeHiking: 24,
	HKWorkoutActivityTypeCrossCountrySkiing: 25,
	HKWorkoutActivityTypeMixedCardio: 27,
	HKWorkoutActivityTypeMixedMetabolicCardioTraining: 27,
	HKWorkoutActivityTypeStairClimbing: 27,
	HKWorkoutActivityTypeStairs: 27,
	HKWorkoutActivityTypeJumpRope: 27,
	HKWorkoutActivityTypeRowing: 27,
	HKWorkoutActivityTypeStepTraining: 27,
	HKWorkoutActivityTypePlay: 28,
	HKWorkoutActivityTypeFitnessGaming: 28
};
/** Stationary bike: a cycling workout marked indoor. */
export const STATIONARY_BIKE = 26;
export const OTHER_WORKOUT = 29;

/** Titles of the sub_types, as the companion app names them. */
export const WORKOUT_TITLES: Readonly<Record<number, string>> = {
	1: 'Walk',
	2: 'Run',
	3: 'Lift weights',
	4: 'Cross train',
	6: 'Yoga',
	7: 'Pilates',
	8: 'Body weight exercise',
	9: 'High-intensity conditioning',
	11: 'Dance fitness',
	13: 'Swim',
	14: 'Bike',
	15: 'Elliptical',
	16: 'Barre',
	18: 'Tennis',
	19: 'Basketball',
	20: 'Golf',
	21: 'Soccer',
	22: 'Ski / snowboard',
	23: 'Dance',
	24: 'Hike',
	25: 'Cross-country skiing',
	26: 'Stationary bike',
	27: 'Cardio',
	28: 'Game',
	29: 'Workout'
};

/** Meters per unit of distance; undefined for a unit the importer does not know. */
export const METERS: Readonly<Record<string, number>> = {
	m: 1,
	km: 1000,
	cm: 0.01,
	mi: 1609.344,
	yd: 0.9144,
	ft: 0.3048
};

/** Kilocalories ("calories" in the API) per unit of energy. */
export const KILOCALORIES: Readonly<Record<string, number>> = {
	kcal: 1,
	Cal: 1,
	kJ: 1 / 4.184,
	cal: 0.001,
	J: 1 / 4184
};

/** Kilograms per unit of mass. */
export const KILOGRAMS: Readonly<Record<string, number>> = {
	kg: 1,
	g: 0.001,
	lb: 0.45359237,
	st: 6.35029318,
	oz: 0.028349523125
};

/** Grams per unit of a nutrient's mass. */
export const GRAMS: Readonly<Record<string, number>> = {
	g: 1,
	mg: 0.001,
	mcg: 0.000001,
	µg: 0.000001,
	kg: 1000,
	oz: 28.349523125
};

/** Seconds per unit of a workout's duration. */
export const SECONDS: Readonly<Record<string, number>> = {
	s: 1,
	min: 60,
	hr: 3600,
	h: 3600
};

/** Millimetres of mercury per unit of a blood pressure (Health writes mmHg; kPa where set so). */
export const MMHG: Readonly<Record<string, number>> = {
	mmHg: 1,
	kPa: 7.50061683
};
