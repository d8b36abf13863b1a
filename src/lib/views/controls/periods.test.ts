import { describe, expect, it } from 'vitest';
import { addMonths, clipToToday, isLatest, periodLabel, periodOf, stepDate } from './periods';

describe('calendar periods of a view', () => {
	it('takes the ISO week from Monday to Sunday around a Sunday', () => {
		expect(periodOf(20260329, 'week')).toEqual({ from: 20260323, to: 20260329 });
		expect(periodOf(20260330, 'week')).toEqual({ from: 20260330, to: 20260405 });
	});

	it('takes whole calendar months, February of a leap year included', () => {
		expect(periodOf(20260315, 'month')).toEqual({ from: 20260301, to: 20260331 });
		expect(periodOf(20280210, 'month')).toEqual({ from: 20280201, to: 20280229 });
	});

	it('takes the twelve months ending with the date’s month as a year', () => {
		expect(periodOf(20260330, 'year')).toEqual({ from: 20250401, to: 20260331 });
		expect(periodOf(20260115, 'year')).toEqual({ from: 20250201, to: 20260131 });
	});

	it('steps by one span and clamps the day of month', () => {
		expect(stepDate(20260331, 'month', -1)).toBe(20260228);
		expect(stepDate(20260301, 'day', -1)).toBe(20260228);
		expect(stepDate(20260330, 'week', 1)).toBe(20260406);
		expect(stepDate(20240229, 'year', 1)).toBe(20250228);
		expect(addMonths(20261115, 3)).toBe(20270215);
	});

	it('knows when the next period would lie wholly after today', () => {
		expect(isLatest(20260330, 'day', 20260330)).toBe(true);
		expect(isLatest(20260329, 'day', 20260330)).toBe(false);
		expect(isLatest(20260330, 'week', 20260330)).toBe(true);
		expect(isLatest(20260220, 'month', 20260330)).toBe(false);
	});

	it('labels periods as a person reads them', () => {
		expect(periodLabel(periodOf(20260330, 'day'), 'day')).toBe('Mon 30 Mar 2026');
		expect(periodLabel(periodOf(20260329, 'week'), 'week')).toBe('23 Mar – 29 Mar 2026');
		expect(periodLabel(periodOf(20260329, 'month'), 'month')).toBe('Mar 2026');
		expect(periodLabel(periodOf(20260329, 'year'), 'year')).toBe('Apr 2025 – Mar 2026');
	});

	it('clips a period to today without ending before it starts', () => {
		expect(clipToToday({ from: 20260330, to: 20260405 }, 20260330)).toEqual({
			from: 20260330,
			to: 20260330
		});
		expect(clipToToday({ from: 20260401, to: 20260430 }, 20260330)).toEqual({
			from: 20260401,
			to: 20260401
		});
	});
});
