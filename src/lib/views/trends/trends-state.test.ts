import { describe, expect, it } from 'vitest';
import { withParams } from '../url-state';
import {
	addMonths,
	DEFAULT_BUCKETS,
	readTrendsState,
	shiftEnd,
	trendsParams,
	type TrendsState
} from './trends-state';

const TODAY = 20260330;
const at = (search: string) => new URL(`http://app.test/trends${search}`);

describe('readTrendsState', () => {
	it('defaults to 90 days of steps ending today', () => {
		expect(readTrendsState(at(''), TODAY)).toEqual({
			metric: 'm_steps',
			metric2: null,
			bucket: 'd',
			end: TODAY,
			n: 90
		});
	});

	it('reads every choice from the query', () => {
		const state = readTrendsState(
			at('?metric=s_duration&metric2=m_steps&bucket=w&end=2025-12-31&n=120'),
			TODAY
		);
		expect(state).toEqual({
			metric: 's_duration',
			metric2: 'm_steps',
			bucket: 'w',
			end: 20251231,
			n: 120
		});
	});

	it('reads a v.1.0 field name such as s_deep as its v.1.1 metric', () => {
		expect(readTrendsState(at('?metric=s_deep&metric2=n_deep'), TODAY)).toMatchObject({
			metric: 's_sound',
			metric2: 'n_sound'
		});
	});

	it('falls back on unknown metrics, bucket sizes, bad dates and out-of-range counts', () => {
		const state = readTrendsState(
			at('?metric=nope&metric2=also_nope&bucket=q&end=2026-02-31&n=5000'),
			TODAY
		);
		expect(state).toEqual({ metric: 'm_steps', metric2: null, bucket: 'd', end: TODAY, n: 90 });
	});

	it('drops a second metric equal to the first', () => {
		expect(readTrendsState(at('?metric=m_steps&metric2=m_steps'), TODAY).metric2).toBeNull();
	});

	it('uses the default span of the bucket size', () => {
		expect(readTrendsState(at('?bucket=m'), TODAY).n).toBe(DEFAULT_BUCKETS.m);
		expect(readTrendsState(at('?bucket=y'), TODAY).n).toBe(DEFAULT_BUCKETS.y);
	});

	it('has no end until today is known, unless the URL gives one', () => {
		expect(readTrendsState(at(''), null).end).toBeNull();
		expect(readTrendsState(at('?end=2025-06-01'), null).end).toBe(20250601);
	});
});

describe('trendsParams', () => {
	it('round-trips a state through the URL', () => {
		const state: TrendsState = {
			metric: 's_sound',
			metric2: 'm_active_time',
			bucket: 'm',
			end: 20251130,
			n: 18
		};
		const href = withParams(at('?other=1'), trendsParams(state, TODAY), ['end']);
		expect(href).toBe(
			'/trends?bucket=m&end=2025-11-30&metric=s_sound&metric2=m_active_time&n=18&other=1'
		);
		expect(readTrendsState(at(href.slice('/trends'.length)), TODAY)).toEqual(state);
	});

	it('leaves out an end of today and the default span so the link keeps following today', () => {
		const state = readTrendsState(at(''), TODAY);
		expect(withParams(at(''), trendsParams(state, TODAY), ['end'])).toBe(
			'/trends?bucket=d&metric=m_steps'
		);
	});
});

describe('addMonths', () => {
	it('clamps the day to the end of a shorter month', () => {
		expect(addMonths(20260131, 1)).toBe(20260228);
		expect(addMonths(20240131, 1)).toBe(20240229);
		expect(addMonths(20260330, -1)).toBe(20260228);
	});

	it('crosses years both ways', () => {
		expect(addMonths(20261115, 3)).toBe(20270215);
		expect(addMonths(20260115, -13)).toBe(20241215);
	});
});

describe('shiftEnd', () => {
	it('moves a daily span by days and a weekly span by weeks', () => {
		expect(shiftEnd(TODAY, 'd', -90, null)).toBe(20251230);
		expect(shiftEnd(TODAY, 'w', -2, null)).toBe(20260316);
	});

	it('moves monthly and yearly spans by calendar months and years', () => {
		expect(shiftEnd(TODAY, 'm', -24, null)).toBe(20240330);
		expect(shiftEnd(20240229, 'y', 1, null)).toBe(20250228);
	});

	it('never goes past the latest date', () => {
		expect(shiftEnd(20260301, 'd', 90, TODAY)).toBe(TODAY);
	});
});
