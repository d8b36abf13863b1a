import { describe, expect, it } from 'vitest';
import { withParams } from '../url-state';
import {
	compareParams,
	customFrom,
	parseCompareView,
	periodPairOf,
	readCompareState,
	type CompareState
} from './compare-state';

// Monday 30 March 2026, the e2e "today".
const TODAY = 20260330;
const at = (search: string) => new URL(`http://app.test/compare${search}`);

describe('parseCompareView', () => {
	it('reads the URL without knowing today, leaving absent starts null', () => {
		expect(parseCompareView(at('?preset=month&metric=awake'))).toEqual({
			preset: 'month',
			a: null,
			b: null,
			days: 7,
			metric: 'awake',
			align: 'day'
		});
		expect(parseCompareView(at('?preset=custom&a=2026-03-01&days=400')).a).toBe(20260301);
		expect(parseCompareView(at('?preset=custom&a=2026-03-01&days=400')).days).toBe(7);
	});
});

describe('readCompareState', () => {
	it('defaults to this week against last week, steps, Mondays facing Mondays', () => {
		expect(readCompareState(at(''), TODAY)).toEqual({
			preset: 'week',
			a: 20260324,
			b: 20260317,
			days: 7,
			metric: 'steps',
			align: 'weekday'
		});
	});

	it('aligns months by day of period unless the URL says otherwise', () => {
		expect(readCompareState(at('?preset=month'), TODAY).align).toBe('day');
		expect(readCompareState(at('?preset=year&align=weekday'), TODAY).align).toBe('weekday');
	});

	it('reads a custom pair', () => {
		const state = readCompareState(
			at('?preset=custom&a=2026-03-01&b=2025-03-01&days=14&metric=deep&align=day'),
			TODAY
		);
		expect(state).toEqual({
			preset: 'custom',
			a: 20260301,
			b: 20250301,
			days: 14,
			metric: 'deep',
			align: 'day'
		});
	});

	it('falls back on unknown presets, metrics and out-of-range lengths', () => {
		const state = readCompareState(at('?preset=decade&metric=mood&days=400'), TODAY);
		expect(state).toMatchObject({ preset: 'week', metric: 'steps', days: 7 });
	});
});

describe('compareParams', () => {
	it('writes the custom pair only under the custom preset', () => {
		const state = readCompareState(at('?preset=month'), TODAY);
		expect(withParams(at(''), compareParams(state), ['a', 'b'])).toBe('/compare?preset=month');
	});

	it('round-trips a custom state through the URL', () => {
		const state: CompareState = {
			preset: 'custom',
			a: 20260301,
			b: 20260201,
			days: 10,
			metric: 'asleep',
			align: 'weekday'
		};
		const href = withParams(at(''), compareParams(state), ['a', 'b']);
		expect(href).toBe(
			'/compare?a=2026-03-01&align=weekday&b=2026-02-01&days=10&metric=asleep&preset=custom'
		);
		expect(readCompareState(at(href.slice('/compare'.length)), TODAY)).toEqual(state);
	});
});

describe('periodPairOf', () => {
	const state = (search: string) => readCompareState(at(search), TODAY);

	it('maps the presets onto ISO weeks and calendar months', () => {
		expect(periodPairOf(state('?preset=week'), TODAY)).toMatchObject({
			id: 'week',
			a: { from: 20260330, to: 20260405 },
			b: { from: 20260323, to: 20260329 }
		});
		expect(periodPairOf(state('?preset=month'), TODAY)).toMatchObject({
			a: { from: 20260301, to: 20260331 },
			b: { from: 20260201, to: 20260228 }
		});
		expect(periodPairOf(state('?preset=year'), TODAY)).toMatchObject({
			id: 'month-last-year',
			b: { from: 20250301, to: 20250331 }
		});
	});

	it('gives custom periods the same length', () => {
		expect(
			periodPairOf(state('?preset=custom&a=2026-02-20&b=2025-02-20&days=10'), TODAY)
		).toMatchObject({
			id: 'custom',
			a: { from: 20260220, to: 20260301 },
			b: { from: 20250220, to: 20250301 }
		});
	});
});

describe('customFrom', () => {
	it('starts a custom pair from the preset on screen, trimmed to the shorter period', () => {
		const current = readCompareState(at('?preset=month'), TODAY);
		const custom = customFrom(periodPairOf(current, TODAY), current);
		expect(custom).toMatchObject({ preset: 'custom', a: 20260301, b: 20260201, days: 28 });
	});
});
