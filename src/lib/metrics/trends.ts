// The catalogue of every trends value field (label, unit, scope, aggregation, name per version) and series built from it.
import type { TrendsV10, TrendsV11 } from '$lib/api';
import type { Series, SeriesPoint } from './types';

/** Scopes that unlock trend fields. */
export type TrendScope = 'move_read' | 'sleep_read' | 'meal_read' | 'weight_read' | 'basic_read';

/** How buckets of a metric combine over a period: summed, averaged, or the latest value. */
export type TrendAggregation = 'sum' | 'mean' | 'last';

export interface TrendMetric {
	/** Stable key: the v.1.1 field name. */
	key: string;
	label: string;
	/**
	 * 'seconds' durations, 'clock' seconds from the wake date's midnight, 'm' meters, 'kg',
	 * 'kcal', 'g', 'mg', 'steps', '%', 'years', 'count', 'code' (an enumeration such as gender).
	 */
	unit: string;
	scope: TrendScope;
	aggregation: TrendAggregation;
	/** The field's name in each version; null where the version lacks it. */
	fields: { 'v.1.0': string | null; 'v.1.1': string | null };
}

function metric(
	key: string,
	label: string,
	unit: string,
	scope: TrendScope,
	aggregation: TrendAggregation,
	v10: string | null = key
): TrendMetric {
	const v11 = DERIVED[key] ? null : key;
	return { key, label, unit, scope, aggregation, fields: { 'v.1.0': v10, 'v.1.1': v11 } };
}

/**
 * Metrics the API has no field for, worked out from two fields of the same bucket: time in bed
 * runs from the bedtime to the wake time (both seconds from the wake date's midnight).
 */
const DERIVED: Readonly<Record<string, (values: object) => number | null>> = {
	s_in_bed: (values) => {
		const bed = readNumber(values, 's_bedtime');
		const wake = readNumber(values, 's_awake_time');
		return bed === null || wake === null || wake < bed ? null : wake - bed;
	}
};

/**
 * Every trends value field, and time in bed worked out from two of them. Scopes: the spec says meal_read gives nutrition (e_*), sleep_read
 * sleep (s_*, n_*), move_read activity (m_*); it is silent on the body fields, so this project
 * files weight, body fat and the weight goal under weight_read, and height, age, gender and BMR
 * (profile facts) under basic_read.
 */
export const TREND_METRICS: readonly TrendMetric[] = [
	metric('weight', 'Weight', 'kg', 'weight_read', 'last'),
	metric('height', 'Height', 'm', 'basic_read', 'last'),
	metric('gender', 'Gender', 'code', 'basic_read', 'last'),
	metric('age', 'Age', 'years', 'basic_read', 'last'),
	metric('bmr', 'Basal metabolic rate', 'kcal', 'basic_read', 'mean'),
	metric('body_fat', 'Body fat', '%', 'weight_read', 'last'),
	metric('goal_body_weight_intent', 'Weight goal intent', 'code', 'weight_read', 'last', null),
	metric('goal_body_weight', 'Weight goal', 'kg', 'weight_read', 'last', null),
	metric('m_steps', 'Steps', 'steps', 'move_read', 'sum'),
	metric('m_calories', 'Active calories', 'kcal', 'move_read', 'sum'),
	metric('m_total_calories', 'Total calories burned', 'kcal', 'move_read', 'sum'),
	metric('m_active_time', 'Active time', 'seconds', 'move_read', 'sum'),
	metric('m_workout_time', 'Workout time', 'seconds', 'move_read', 'sum'),
	metric('m_distance', 'Distance', 'm', 'move_read', 'sum'),
	metric('e_calories', 'Calories eaten', 'kcal', 'meal_read', 'sum'),
	metric('e_carbs', 'Carbohydrates', 'g', 'meal_read', 'sum'),
	metric('e_protein', 'Protein', 'g', 'meal_read', 'sum'),
	metric('e_unsat_fat', 'Unsaturated fat', 'g', 'meal_read', 'sum'),
	metric('e_sat_fat', 'Saturated fat', 'g', 'meal_read', 'sum'),
	metric('e_sugar', 'Sugar', 'g', 'meal_read', 'sum'),
	metric('e_fiber', 'Fiber', 'g', 'meal_read', 'sum'),
	metric('e_cholesterol', 'Cholesterol', 'mg', 'meal_read', 'sum'),
	metric('e_calcium', 'Calcium', 'mg', 'meal_read', 'sum'),
	metric('e_sodium', 'Sodium', 'mg', 'meal_read', 'sum'),
	metric('s_bedtime', 'Bedtime', 'clock', 'sleep_read', 'mean'),
	metric('s_asleep_time', 'Fell asleep', 'clock', 'sleep_read', 'mean'),
	metric('s_awake_time', 'Woke up', 'clock', 'sleep_read', 'mean'),
	metric('s_awakenings', 'Awakenings', 'count', 'sleep_read', 'mean'),
	metric('s_light', 'Light sleep', 'seconds', 'sleep_read', 'mean'),
	metric('s_sound', 'Deep sleep', 'seconds', 'sleep_read', 'mean', 's_deep'),
	// Not an API field: the embedded API's extension for imported nights that recorded REM.
	metric('s_rem', 'REM sleep', 'seconds', 'sleep_read', 'mean'),
	metric('s_awake', 'Awake in bed', 'seconds', 'sleep_read', 'mean'),
	// Named as the Today view's night card names them: time asleep, and time in bed beside it.
	metric('s_duration', 'Asleep', 'seconds', 'sleep_read', 'mean'),
	metric('s_in_bed', 'In bed', 'seconds', 'sleep_read', 'mean', null),
	metric('s_quality', 'Sleep quality', '%', 'sleep_read', 'mean'),
	metric('n_bedtime', 'Nap start', 'clock', 'sleep_read', 'mean'),
	metric('n_asleep_time', 'Nap asleep', 'clock', 'sleep_read', 'mean'),
	metric('n_awake_time', 'Nap end', 'clock', 'sleep_read', 'mean'),
	metric('n_awakenings', 'Nap awakenings', 'count', 'sleep_read', 'mean'),
	metric('n_light', 'Nap light sleep', 'seconds', 'sleep_read', 'mean'),
	metric('n_sound', 'Nap deep sleep', 'seconds', 'sleep_read', 'mean', 'n_deep'),
	metric('n_rem', 'Nap REM sleep', 'seconds', 'sleep_read', 'mean'),
	metric('n_awake', 'Nap awake', 'seconds', 'sleep_read', 'mean'),
	metric('n_duration', 'Nap duration', 'seconds', 'sleep_read', 'mean'),
	metric('n_quality', 'Nap quality', '%', 'sleep_read', 'mean')
];

const METRIC_BY_KEY = new Map<string, TrendMetric>(TREND_METRICS.map((m) => [m.key, m]));

/** The catalogue entry of a key (a v.1.0 name such as `s_deep` finds `s_sound`); undefined if unknown. */
export function trendMetric(key: string): TrendMetric | undefined {
	return (
		METRIC_BY_KEY.get(key) ?? TREND_METRICS.find((candidate) => candidate.fields['v.1.0'] === key)
	);
}

/** A bucket's value of one field as a number: booleans (v.1.0 gender) read 1 / 0; else null. */
function readNumber(values: object, field: string | null): number | null {
	if (field === null || !Object.hasOwn(values, field)) return null;
	const raw: unknown = Reflect.get(values, field);
	if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
	if (typeof raw === 'boolean') return raw ? 1 : 0;
	return null;
}

/**
 * One metric of a trends record of either version as a series sorted by date ascending (trends
 * run backwards). The v.1.1 field name is read first, then the v.1.0 one, so `s_sound` finds a
 * v.1.0 `s_deep`. A bucket without the field (scope missing, no data) gives a null point.
 * Throws a RangeError for a key the catalogue does not know.
 */
export function trendSeries(trends: TrendsV10 | TrendsV11, metricKey: string): Series {
	const entry = trendMetric(metricKey);
	if (!entry) throw new RangeError(`Unknown trend metric: ${metricKey}`);
	const derive = DERIVED[entry.key];
	const points: SeriesPoint[] = trends.data.map(([dateInt, values]) => ({
		dateInt,
		value: derive
			? derive(values)
			: (readNumber(values, entry.fields['v.1.1']) ?? readNumber(values, entry.fields['v.1.0']))
	}));
	points.sort((a, b) => a.dateInt - b.dateInt);
	return { id: entry.key, label: entry.label, unit: entry.unit, points };
}

/**
 * The metrics among `metricKeys` the token's scopes do not unlock, with the scope each needs, so
 * the UI can say why a chart is missing. Unknown keys are ignored.
 */
export function hiddenByScope(
	metricKeys: readonly string[],
	scopes: Iterable<string>
): TrendMetric[] {
	const granted = new Set(scopes);
	const hidden: TrendMetric[] = [];
	for (const key of metricKeys) {
		const entry = trendMetric(key);
		if (entry && !granted.has(entry.scope)) hidden.push(entry);
	}
	return hidden;
}
