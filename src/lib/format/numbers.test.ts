import { describe, expect, it } from 'vitest';
import { formatChange } from './numbers';

describe('formatChange', () => {
	it('writes a loss with a real minus sign, never a hyphen', () => {
		expect(formatChange(-19.1)).toBe('\u221219.1%');
		expect(formatChange(-33.6, 0)).toBe('\u221234%');
		expect(formatChange(0.4, 0)).toBe('0%');
		expect(formatChange(-19.1)).not.toContain('-');
	});

	it('writes a gain with a plus and one decimal at most', () => {
		expect(formatChange(79.24)).toBe('+79.2%');
		expect(formatChange(23)).toBe('+23%');
		expect(formatChange(1234.5)).toBe('+1,234.5%');
	});

	it('writes no sign for what rounds to zero', () => {
		expect(formatChange(-0.04)).toBe('0%');
		expect(formatChange(0)).toBe('0%');
	});
});
