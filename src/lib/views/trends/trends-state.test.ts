import { describe, expect, it } from 'vitest';
import { withParams } from '../url-state';
import {
	addMonths,
	bucketEnd,
	bucketStart,
	DEFAULT_BUCKETS,
	parseTrendsView,
	readCount,
	readTrendsState,
	readZoom,
	shiftEnd,
	trendsParams,
	zoomDomain,
	zoomFromDomain,
	zoomParams,
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
			n: 90,
			average: false
		});
	});

	it('reads every choice from the query', () => {
		const state = readTrendsState(
			at('?metric=s_duration&metric2=m_steps&bucket=w&end=2025-12-31&n=120&avg=1'),
			TODAY
		);
		expect(state).toEqual({
			metric: 's_duration',
			metric2: 'm_steps',
			bucket: 'w',
			end: 20251231,
			n: 120,
			average: true
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
		expect(state).toEqual({
			metric: 'm_steps',
			metric2: null,
			bucket: 'd',
			end: TODAY,
			n: 90,
			average: false
		});
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
			n: 18,
			average: true
		};
		const href = withParams(at('?other=1'), trendsParams(state, TODAY), ['end']);
		expect(href).toBe(
			'/trends?avg=1&bucket=m&end=2025-11-30&metric=s_sound&metric2=m_active_time&n=18&other=1'
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

describe('parseTrendsView', () => {
	it('leaves the end null when the URL gives none, for the page to follow today', () => {
		expect(parseTrendsView(at(''))).toEqual({
			metric: 'm_steps',
			metric2: null,
			bucket: 'd',
			end: null,
			n: 90,
			average: false,
			zoom: null,
			countProblem: null
		});
	});

	it('reads a zoom and a count out of range together with the other choices', () => {
		const view = parseTrendsView(at('?bucket=w&n=0&from=2026-01-05&to=2026-02-23&end=2026-03-29'));
		expect(view.end).toBe(20260329);
		expect(view.zoom).toEqual([20260105, 20260223]);
		expect(view.n).toBe(DEFAULT_BUCKETS.w);
		expect(view.countProblem).toEqual({
			raw: '0',
			message: 'Enter a whole number of weeks from 1 to 1000; showing 52 weeks.'
		});
	});
});

describe('readCount', () => {
	it('takes a whole number from 1 to 1000', () => {
		expect(readCount('1', 'd')).toEqual({ n: 1, problem: null });
		expect(readCount('1000', 'm')).toEqual({ n: 1000, problem: null });
		expect(readCount(null, 'y')).toEqual({ n: DEFAULT_BUCKETS.y, problem: null });
	});

	it('refuses a count out of range, or not a whole number, and says what it shows instead', () => {
		for (const raw of ['0', '1001', '-3', '2.5', 'many']) {
			const { n, problem } = readCount(raw, 'd');
			expect(n).toBe(90);
			expect(problem?.raw).toBe(raw);
			expect(problem?.message).toBe(
				'Enter a whole number of days from 1 to 1000; showing 90 days.'
			);
		}
	});
});

describe('readZoom', () => {
	it('reads both dates of a zoom, in either order', () => {
		expect(readZoom(at('?from=2026-01-05&to=2026-02-23'))).toEqual([20260105, 20260223]);
		expect(readZoom(at('?from=2026-02-23&to=2026-01-05'))).toEqual([20260105, 20260223]);
	});

	it('ignores a zoom missing a date or with an impossible one', () => {
		expect(readZoom(at('?from=2026-01-05'))).toBeNull();
		expect(readZoom(at('?from=2026-02-30&to=2026-03-05'))).toBeNull();
	});
});

describe('zoom in the URL', () => {
	it('turns a dragged domain into the first and last day drawn in it, and back', () => {
		const jan5 = Date.UTC(2026, 0, 5);
		const feb23 = Date.UTC(2026, 1, 23);
		// A drag from late on 4 January to mid-23 February shows the points of 5 Jan to 23 Feb.
		const zoom = zoomFromDomain([jan5 - 3 * 3600_000, feb23 + 7 * 3600_000]);
		expect(zoom).toEqual([20260105, 20260223]);
		expect(zoomDomain(zoom)).toEqual([jan5, feb23]);
		expect(zoomFromDomain(zoomDomain(zoom))).toEqual(zoom);
	});

	it('keeps the days a drag touches when it holds no midnight', () => {
		const jan5 = Date.UTC(2026, 0, 5);
		expect(zoomFromDomain([jan5 + 3600_000, jan5 + 5 * 3600_000])).toEqual([20260105, 20260106]);
		expect(zoomFromDomain(null)).toBeNull();
	});

	it('writes a zoom as two ISO dates that survive a reload, and clears them with no zoom', () => {
		const href = withParams(at('?bucket=w'), zoomParams([20260105, 20260223]), ['from', 'to']);
		expect(href).toBe('/trends?bucket=w&from=2026-01-05&to=2026-02-23');
		expect(parseTrendsView(at(href.slice('/trends'.length))).zoom).toEqual([20260105, 20260223]);
		expect(withParams(at(href.slice(7)), zoomParams(null))).toBe('/trends?bucket=w');
	});

	it('drops the zoom when another choice changes the span', () => {
		const state = readTrendsState(at('?from=2026-01-05&to=2026-02-23'), TODAY);
		const href = withParams(
			at('?from=2026-01-05&to=2026-02-23'),
			trendsParams({ ...state, bucket: 'w' }, TODAY)
		);
		expect(href).not.toMatch(/from=|to=/);
	});
});

describe('bucketStart and bucketEnd', () => {
	it('gives the calendar bounds of a week, month and year bucket', () => {
		expect(bucketStart(20260329, 'w')).toBe(20260323);
		expect(bucketEnd(20260323, 'w')).toBe(20260329);
		expect(bucketStart(20240215, 'm')).toBe(20240201);
		expect(bucketEnd(20240201, 'm')).toBe(20240229);
		expect(bucketStart(20260330, 'y')).toBe(20260101);
		expect(bucketEnd(20260101, 'y')).toBe(20261231);
		expect(bucketEnd(20260330, 'd')).toBe(20260330);
	});
});
