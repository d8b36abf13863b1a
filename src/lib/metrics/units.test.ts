import { describe, expect, it } from 'vitest';
import {
	MISSING,
	distanceIn,
	distancesIn,
	formatDistance,
	formatDuration,
	formatPercent,
	formatSteps,
	metersIn,
	unitSystem,
	weightIn
} from './units';

describe('unitSystem', () => {
	it('reads metric 1 as metric, 0 as imperial, and unknown as metric', () => {
		expect(unitSystem({ metric: 1 })).toBe('metric');
		expect(unitSystem({ metric: 0 })).toBe('imperial');
		expect(unitSystem({ metric: null })).toBe('metric');
		expect(unitSystem(null)).toBe('metric');
	});
});

describe('conversions', () => {
	it('converts meters to km or miles and kg to pounds', () => {
		expect(distanceIn(8046.72, 'imperial').value).toBeCloseTo(5, 6);
		expect(distanceIn(8046.72, 'metric')).toEqual({ value: 8.04672, unit: 'km' });
		expect(weightIn(72.4, 'imperial').value).toBeCloseTo(159.6147, 4);
		expect(weightIn(72.4, 'metric')).toEqual({ value: 72.4, unit: 'kg' });
	});

	it('shows hourly distances in miles for imperial users and leaves metric rows alone', () => {
		const rows = [
			{ hour: 8, distance: 1609.344, steps: 2100 },
			{ hour: 9, distance: null, steps: null }
		];
		const imperial = distancesIn(rows, 'imperial');
		expect(imperial[0]?.distance).toBeCloseTo(1, 9);
		expect(imperial[0]?.steps).toBe(2100);
		expect(imperial[1]?.distance).toBeNull();
		expect(rows[0]?.distance).toBe(1609.344);
		expect(distancesIn(rows, 'metric')).toBe(rows);
		expect(metersIn(804.672, 'imperial')).toBeCloseTo(0.5, 9);
		expect(metersIn(804.672, 'metric')).toBe(804.672);
	});
});

describe('formatDuration', () => {
	it('writes hours and minutes rounded to the minute', () => {
		expect(formatDuration(7 * 3600 + 32 * 60)).toBe('7 h 32 min');
		expect(formatDuration(7 * 3600 + 31 * 60 + 31)).toBe('7 h 32 min');
		expect(formatDuration(8 * 3600)).toBe('8 h');
		expect(formatDuration(45 * 60)).toBe('45 min');
		expect(formatDuration(29)).toBe('0 min');
		expect(formatDuration(-(3600 + 5 * 60))).toBe('-1 h 5 min');
		expect(formatDuration(null)).toBe(MISSING);
	});
});

describe('number formatters', () => {
	it('groups steps by the locale, en-GB by default', () => {
		expect(formatSteps(12345)).toBe('12,345');
		expect(formatSteps(12345.6, 'de-DE')).toBe('12.346');
		expect(formatSteps(null)).toBe(MISSING);
	});

	it('writes ratios as percentages, signed for changes', () => {
		expect(formatPercent(0.8)).toBe('80%');
		expect(formatPercent(0.125, 'en-GB', { fractionDigits: 1 })).toBe('12.5%');
		expect(formatPercent(0.125, 'en-GB', { fractionDigits: 1, signed: true })).toBe('+12.5%');
		expect(formatPercent(-0.05, 'en-GB', { signed: true })).toBe('-5%');
		expect(formatPercent(Number.NaN)).toBe(MISSING);
	});

	it('writes distance in the user system with one decimal', () => {
		expect(formatDistance(8412, 'metric')).toBe('8.4 km');
		expect(formatDistance(8046.72, 'imperial')).toBe('5.0 mi');
		expect(formatDistance(8412, 'metric', 'de-DE')).toBe('8,4 km');
	});
});
