import { describe, expect, it } from 'vitest';
import { utcFormat } from 'd3-time-format';
import {
	formatDate,
	formatDateRange,
	formatDay,
	formatDayInYear,
	formatMonth,
	formatShortDay
} from './dates';

describe('date labels', () => {
	it('labels a date as a calendar day, not an instant', () => {
		expect(formatDay(20260330)).toBe('Mon 30 Mar');
	});

	it('read as d3 writes them, for every day of a leap year and its neighbours', () => {
		const day = utcFormat('%a %-d %b');
		const short = utcFormat('%-d %b');
		const month = utcFormat('%b %Y');
		for (let ms = Date.UTC(2023, 11, 25); ms <= Date.UTC(2025, 0, 5); ms += 86_400_000) {
			const date = new Date(ms);
			const dateInt =
				date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
			expect(formatDay(dateInt)).toBe(day(date));
			expect(formatShortDay(dateInt)).toBe(short(date));
			expect(formatMonth(dateInt)).toBe(month(date));
		}
	});
});

describe('dates with their year', () => {
	it('names a day with its year where a span runs over a year', () => {
		expect(formatDate(20250823)).toBe('23 Aug 2025');
		expect(formatDayInYear(20250823)).toBe('Sat 23 Aug 2025');
	});

	it('writes a span once in one style, its dash held to the date before it', () => {
		expect(formatDateRange(20261123, 20261129)).toBe('23\u00a0– 29 Nov 2026');
		expect(formatDateRange(20260228, 20260306)).toBe('28 Feb\u00a0– 6 Mar 2026');
		expect(formatDateRange(20251229, 20260104)).toBe('29 Dec 2025\u00a0– 4 Jan 2026');
		expect(formatDateRange(20260330, 20260330)).toBe('30 Mar 2026');
	});
});
