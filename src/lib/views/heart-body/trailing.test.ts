import { describe, expect, it } from 'vitest';
import { trailingLabel, trailingPeriod } from './trailing';

describe('trailingPeriod', () => {
	it('ends today and starts the day after the same date one, three or twelve months before', () => {
		expect(trailingPeriod(20260330, 'month')).toEqual({ from: 20260301, to: 20260330 });
		expect(trailingPeriod(20260330, 'quarter')).toEqual({ from: 20251231, to: 20260330 });
		expect(trailingPeriod(20260330, 'year')).toEqual({ from: 20250331, to: 20260330 });
	});

	it('clamps a month back from the 31st to the end of a shorter month', () => {
		expect(trailingPeriod(20260331, 'month')).toEqual({ from: 20260301, to: 20260331 });
		expect(trailingPeriod(20240331, 'month')).toEqual({ from: 20240301, to: 20240331 });
	});
});

describe('trailingLabel', () => {
	it('names both ends and the year once', () => {
		expect(trailingLabel({ from: 20260301, to: 20260330 })).toMatch(/^\S+.* – .*2026$/);
		expect(trailingLabel({ from: 20260301, to: 20260330 })).toContain('30');
	});
});
