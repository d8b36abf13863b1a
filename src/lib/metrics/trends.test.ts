import { describe, expect, it } from 'vitest';
import type { TrendsV11 } from '$lib/api';
import { trendsV10, trendsV11 } from './testing/fixtures';
import { TREND_METRICS, hiddenByScope, trendMetric, trendSeries } from './trends';

// Every value field of both versions, as the spec lists them.
const SPEC_FIELDS = [
	'weight',
	'height',
	'gender',
	'age',
	'bmr',
	'body_fat',
	'goal_body_weight_intent',
	'goal_body_weight',
	'm_steps',
	'm_calories',
	'm_total_calories',
	'm_active_time',
	'm_workout_time',
	'm_distance',
	'e_calories',
	'e_carbs',
	'e_protein',
	'e_unsat_fat',
	'e_sat_fat',
	'e_sugar',
	'e_fiber',
	'e_cholesterol',
	'e_calcium',
	'e_sodium',
	's_bedtime',
	's_asleep_time',
	's_awake_time',
	's_awakenings',
	's_light',
	's_awake',
	's_duration',
	's_quality',
	'n_bedtime',
	'n_asleep_time',
	'n_awake_time',
	'n_awakenings',
	'n_light',
	'n_awake',
	'n_duration',
	'n_quality'
];

describe('TREND_METRICS', () => {
	it('covers every trend value field of both versions exactly once, and the REM extension', () => {
		const v11 = TREND_METRICS.map((m) => m.fields['v.1.1']).filter((f) => f !== null);
		const v10 = TREND_METRICS.map((m) => m.fields['v.1.0']).filter((f) => f !== null);
		// s_rem and n_rem: the embedded API's REM of imported nights, in no version of the API.
		const rem = ['s_rem', 'n_rem'];
		expect(new Set(v11)).toEqual(new Set([...SPEC_FIELDS, 's_sound', 'n_sound', ...rem]));
		expect(new Set(v10)).toEqual(
			new Set([...SPEC_FIELDS.filter((f) => !f.startsWith('goal_')), 's_deep', 'n_deep', ...rem])
		);
		expect(new Set(TREND_METRICS.map((m) => m.key)).size).toBe(TREND_METRICS.length);
	});

	it('files each family under the scope the spec names', () => {
		for (const metric of TREND_METRICS) {
			if (metric.key.startsWith('m_')) expect(metric.scope).toBe('move_read');
			if (metric.key.startsWith('e_')) expect(metric.scope).toBe('meal_read');
			if (/^[sn]_/.test(metric.key)) expect(metric.scope).toBe('sleep_read');
		}
	});

	it('names time asleep and time in bed as the Today view does', () => {
		expect(trendMetric('s_duration')?.label).toBe('Asleep');
		expect(trendMetric('s_in_bed')?.label).toBe('In bed');
	});

	it('finds a metric by its v.1.0 name too', () => {
		expect(trendMetric('s_deep')?.key).toBe('s_sound');
		expect(trendMetric('nope')).toBeUndefined();
	});
});

describe('trendSeries', () => {
	it('turns one field into a series, oldest first', () => {
		expect(trendSeries(trendsV11, 'm_steps')).toEqual({
			id: 'm_steps',
			label: 'Steps',
			unit: 'steps',
			points: [
				{ dateInt: 20260321, value: null },
				{ dateInt: 20260322, value: 6200 },
				{ dateInt: 20260323, value: 10560 }
			]
		});
	});

	it('reads deep sleep as s_sound in v.1.1 and s_deep in v.1.0', () => {
		const v11 = trendSeries(trendsV11, 's_sound').points.map((p) => p.value);
		const v10 = trendSeries(trendsV10, 's_sound').points.map((p) => p.value);
		expect(v11).toEqual([null, 6000, 7800]);
		expect(v10).toEqual([6000, 7800]);
		expect(trendSeries(trendsV10, 's_deep').id).toBe('s_sound');
	});

	it('works out time in bed from the bedtime to the wake time of the same bucket', () => {
		const trends = {
			earliest: 20260329,
			data: [
				[20260330, { s_bedtime: -3600, s_awake_time: 25200 }],
				[20260329, { s_bedtime: 600, s_awake_time: null }]
			] satisfies Array<[number, Record<string, number | null>]>
		};
		expect(trendSeries(trends, 's_in_bed').points).toEqual([
			{ dateInt: 20260329, value: null },
			{ dateInt: 20260330, value: 8 * 3600 }
		]);
	});

	it('reads gender as 1 / 0 from both the v.1.1 number and the v.1.0 boolean', () => {
		expect(trendSeries(trendsV11, 'gender').points.at(-1)?.value).toBe(1);
		expect(trendSeries(trendsV10, 'gender').points.map((p) => p.value)).toEqual([0, 1]);
	});

	it('gives null points for a field the version lacks or the scope hid', () => {
		expect(trendSeries(trendsV10, 'goal_body_weight').points.every((p) => p.value === null)).toBe(
			true
		);
		expect(trendSeries(trendsV11, 'e_calories').points.every((p) => p.value === null)).toBe(true);
	});

	it('gives an empty series for empty trends and refuses an unknown metric', () => {
		const empty: TrendsV11 = { earliest: null, data: [] };
		expect(trendSeries(empty, 'm_steps').points).toEqual([]);
		expect(() => trendSeries(empty, 'm_nothing')).toThrow(RangeError);
	});
});

describe('hiddenByScope', () => {
	it('lists the metrics whose scope the token lacks', () => {
		const hidden = hiddenByScope(['m_steps', 's_sound', 'e_calories', 'unknown'], ['move_read']);
		expect(hidden.map((m) => [m.key, m.scope])).toEqual([
			['s_sound', 'sleep_read'],
			['e_calories', 'meal_read']
		]);
		expect(hiddenByScope(['m_steps'], new Set(['move_read']))).toEqual([]);
		expect(hiddenByScope([], [])).toEqual([]);
	});
});
