import { describe, expect, it } from 'vitest';
import type { Series } from '$lib/metrics/types';
import type { TrendBucket } from './trend-buckets';
import { seriesSummary } from './trend-summary';

function day(date: number, state: 'whole' | 'today'): TrendBucket {
	return {
		date,
		last: date,
		coverage: {
			days: state === 'whole' ? 1 : 0,
			of: 1,
			underway: state === 'today',
			whole: state === 'whole'
		},
		days: 1
	};
}

const bedtimes: Series = {
	id: 's_bedtime',
	label: 'Bedtime',
	unit: 'clock',
	points: [
		{ dateInt: 20260328, value: -3600 },
		{ dateInt: 20260329, value: 600 },
		{ dateInt: 20260330, value: -1800 }
	]
};

describe('seriesSummary', () => {
	it('reads times of day as earliest and latest, and a night of today as whole once ended', () => {
		const buckets = [day(20260328, 'whole'), day(20260329, 'whole'), day(20260330, 'whole')];
		expect(seriesSummary(bedtimes, buckets, 'd')).toBe(
			'Bedtime: mean 23:33 over 3 whole days with data; earliest 23:00 (Sat 28 Mar 2026), ' +
				'latest 00:10 (Sun 29 Mar 2026); most recent 23:30 (Mon 30 Mar 2026).'
		);
	});

	it('gives today so far alone when no whole day has data', () => {
		const steps: Series = {
			...bedtimes,
			label: 'Steps',
			unit: 'steps',
			points: [{ dateInt: 20260330, value: 900 }]
		};
		expect(seriesSummary(steps, [day(20260330, 'today')], 'd')).toBe(
			'Steps: no whole day with data yet; today so far 900 steps.'
		);
	});

	it('says so when the span has no data', () => {
		const empty: Series = {
			id: 'x',
			label: 'Protein',
			unit: 'g',
			points: [{ dateInt: 20260330, value: null }]
		};
		expect(seriesSummary(empty, [day(20260330, 'whole')], 'd')).toBe(
			'Protein: no data in this span.'
		);
	});
});
