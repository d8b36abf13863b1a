import { describe, expect, it } from 'vitest';
import { formatDuration, formatHours } from './durations';
import { axisNumber, formatQuantity } from './units';

describe('format', () => {
	it('writes durations as hours and zero-padded minutes', () => {
		expect(formatDuration(7 * 3600 + 5 * 60)).toBe('7 h 05 min');
		expect(formatDuration(45 * 60)).toBe('45 min');
		expect(formatDuration(-25 * 60)).toBe('-25 min');
		expect(formatDuration(29)).toBe('0 min');
	});

	it('writes quantities in their unit', () => {
		expect(formatQuantity(10234.4, 'steps')).toBe('10,234 steps');
		expect(formatQuantity(1500, 'seconds')).toBe('25 min');
		expect(formatQuantity(1840, 'm')).toBe('1.8 km');
		expect(formatQuantity(740, 'm')).toBe('740 m');
		expect(formatQuantity(2200, 'kcal')).toBe('2,200 kcal');
	});

	it('writes milligrams whole, thousands separated: a food label’s sodium, not a measurement', () => {
		expect(formatQuantity(1015.4, 'mg')).toBe('1,015 mg');
		expect(formatQuantity(42.6, 'g')).toBe('42.6 g');
	});

	it('labels duration axes in minutes or hours and other axes compactly', () => {
		expect(axisNumber('seconds')(1800)).toBe('30 min');
		expect(axisNumber('seconds')(7.5 * 3600)).toBe('7.5 h');
		expect(axisNumber('steps')(12000)).toBe('12k');
		expect(axisNumber('steps')(500)).toBe('500');
		expect(axisNumber('mi')(0.5)).toBe('0.5');
		expect(axisNumber('mi')(1.25)).toBe('1.25');
		expect(formatHours(3 * 3600)).toBe('3 h');
	});
});
