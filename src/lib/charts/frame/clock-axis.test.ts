import { describe, expect, it } from 'vitest';
import { clockOfOffset } from '$lib/time/zone';
import { clockAxis } from './clock-axis';

const H = 3600;

describe('clockAxis', () => {
	it('runs from evening to morning across midnight without a jump', () => {
		// Bedtimes from 21:10 to 00:50, in seconds from the wake date's midnight.
		const { domain, ticks } = clockAxis(-(2 * H + 50 * 60), 50 * 60, 5);
		expect(ticks.map(clockOfOffset)).toEqual(['21:00', '22:00', '23:00', '00:00', '01:00']);
		expect(domain).toEqual([-3 * H, H]);
		// One step apart each: the axis never wraps from 23:00 back to 00:00 as a day's drop.
		expect(new Set(ticks.slice(1).map((t, i) => t - (ticks[i] ?? 0)))).toEqual(new Set([H]));
	});

	it('puts a 02:00 bedtime three hours after a 23:00 one, not a day before it', () => {
		const { domain, ticks } = clockAxis(-H, 2 * H, 5);
		expect(domain[0]).toBeLessThanOrEqual(-H);
		expect(domain[1]).toBeGreaterThanOrEqual(2 * H);
		expect(domain[1] - domain[0]).toBeLessThan(6 * H);
		expect(ticks.map(clockOfOffset)).toEqual(['23:00', '00:00', '01:00', '02:00']);
	});

	it('takes two-hour steps over a whole night, labelled like 21:00, 23:00, 01:00', () => {
		const { ticks } = clockAxis(-3 * H, 7 * H + 20 * 60, 6);
		expect(ticks.map(clockOfOffset)).toEqual([
			'20:00',
			'22:00',
			'00:00',
			'02:00',
			'04:00',
			'06:00',
			'08:00'
		]);
	});

	it('gives a single time an hour either side instead of a zero-height axis', () => {
		const { domain, ticks } = clockAxis(-H, -H, 5);
		expect(domain).toEqual([-2 * H, 0]);
		expect(ticks.map(clockOfOffset)).toEqual(['22:00', '23:00', '00:00']);
	});
});
