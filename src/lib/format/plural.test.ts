import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('plural', () => {
	it('uses the singular for exactly one and the plural for every other count', () => {
		expect(plural(1, 'day')).toBe('day');
		expect(plural(0, 'day')).toBe('days');
		expect(plural(2, 'workout')).toBe('workouts');
		expect(plural(1.5, 'hour')).toBe('hours');
	});

	it('takes a plural that is not the singular with an s', () => {
		expect(plural(3, 'new or changed record', 'new or changed records')).toBe(
			'new or changed records'
		);
		expect(plural(2, 'entry', 'entries')).toBe('entries');
	});
});

describe('countOf', () => {
	it('writes the count, grouped by thousands, before its noun', () => {
		expect(countOf(1, 'night', 'nights')).toBe('1 night');
		expect(countOf(0, 'day', 'days')).toBe('0 days');
		expect(countOf(1796, 'record')).toBe('1,796 records');
	});
});
