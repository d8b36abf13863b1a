import { describe, expect, it } from 'vitest';
import { utcFormat } from 'd3-time-format';
import { formatDay, formatMonth, formatShortDay } from './dates';

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
