// Garmin's activity type keys (and FIT sports), mapped to the API's workout sub_types.

/** `activityType` of a summarized activity (a FIT session's sport, lower-cased) → sub_type. */
export const GARMIN_WORKOUTS: Readonly<Record<string, number>> = {
	walking: 1,
	casual_walking: 1,
	speed_walking: 1,
	running: 2,
	street_running: 2,
	track_running: 2,
	trail_running: 2,
	treadmill_running: 2,
	strength_training: 3,
	training: 4,
	yoga: 6,
	pilates: 7,
	hiit: 9,
	lap_swimming: 13,
	open_water_swimming: 13,
	swimming: 13,
	cycling: 14,
	road_biking: 14,
	mountain_biking: 14,
	gravel_cycling: 14,
	elliptical: 15,
	tennis: 18,
	basketball: 19,
	golf: 20,
	soccer: 21,
	resort_skiing_snowboarding: 22,
	resort_skiing: 22,
	resort_snowboarding: 22,
	alpine_skiing: 22,
	snowboarding: 22,
	dance: 23,
	hiking: 24,
	cross_country_skiing: 25,
	cross_country_classic_skiing: 25,
	cross_country_skate_skiing: 25,
	indoor_cycling: 26,
	cardio: 27,
	indoor_cardio: 27,
	indoor_rowing: 27,
	rowing: 27,
	stair_climbing: 27,
	floor_climbing: 27
};
export const OTHER_WORKOUT = 29;

/** Kilojoules per kilocalorie: summarized activities write their energy in kJ. */
export const KJ_PER_KCAL = 4.184;
