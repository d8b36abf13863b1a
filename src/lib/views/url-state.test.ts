import { describe, expect, it } from 'vitest';
import { choiceParam, dateParam, enumParam, intParam, withParams } from './url-state';

const url = new URL('http://127.0.0.1/activity?date=2026-03-29&span=week&n=12&bad=2026-02-30');

describe('view state in the URL', () => {
	it('reads typed parameters and falls back on missing or malformed ones', () => {
		expect(dateParam(url, 'date', 20260101)).toBe(20260329);
		expect(dateParam(url, 'bad', 20260101)).toBe(20260101);
		expect(dateParam(url, 'missing', 20260101)).toBe(20260101);
		expect(enumParam(url, 'span', ['day', 'week'] as const, 'day')).toBe('week');
		expect(enumParam(url, 'n', ['day', 'week'] as const, 'day')).toBe('day');
		expect(intParam(url, 'n', 1, 100, 30)).toBe(12);
		expect(intParam(url, 'n', 1, 10, 30)).toBe(30);
	});

	it('reads one of a control’s choices by its value, and falls back on any other', () => {
		const spans = [
			{ value: 'day', label: 'Day' },
			{ value: 'week', label: 'Week' }
		] as const;
		expect(choiceParam(url, 'span', spans, 'day')).toBe('week');
		expect(choiceParam(url, 'date', spans, 'day')).toBe('day');
		expect(choiceParam(url, 'missing', spans, 'week')).toBe('week');
	});

	it('writes updates, removes cleared values and keeps the rest in a stable order', () => {
		expect(withParams(url, { span: 'month', date: 20260401, bad: null, n: undefined })).toBe(
			'/activity?date=2026-04-01&span=month'
		);
		expect(withParams(new URL('http://127.0.0.1/sleep'), {})).toBe('/sleep');
	});
});
