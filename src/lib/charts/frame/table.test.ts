import { describe, expect, it } from 'vitest';
import { cellText } from './table';

describe('cellText', () => {
	const column = { key: 'v', label: 'Value', format: (value: number) => `${value} units` };

	it('formats numbers with the column format and shows a dash for missing values', () => {
		expect(cellText(column, 3)).toBe('3 units');
		expect(cellText(column, null)).toBe('–');
		expect(cellText(column, undefined)).toBe('–');
		expect(cellText(column, Number.NaN)).toBe('–');
		expect(cellText({ key: 'v', label: 'Value' }, 'Mon')).toBe('Mon');
	});
});
