import { describe, expect, it } from 'vitest';
import { gmtZone, localDateAt, localHourKey, parseHealthDate } from './health-time';

describe('Apple Health dates', () => {
	it('reads an instant and the offset it was written with', () => {
		// 01:59 at +0100 is 00:59 UTC.
		expect(parseHealthDate('2024-03-31 01:59:00 +0100')).toEqual({
			epoch: Date.UTC(2024, 2, 31, 0, 59) / 1000,
			offset: 60
		});
		expect(parseHealthDate('2024-04-02 19:00:00 -0400')).toEqual({
			epoch: Date.UTC(2024, 3, 2, 23, 0) / 1000,
			offset: -240
		});
		expect(parseHealthDate('2024-01-01 12:00:00 +0530')?.offset).toBe(330);
	});

	it('refuses text that is no date', () => {
		for (const text of [
			'2024-02-30 08:00:00 +0100',
			'2024-03-30 25:00:00 +0100',
			'2024-03-30 08:00:00',
			'2024-03-30T08:00:00 +0100',
			'2024-3-30 08:00:00 +0100',
			''
		])
			expect(parseHealthDate(text), text).toBeNull();
	});

	it('names fixed offsets the way the API writes them', () => {
		expect(gmtZone(60)).toBe('GMT+0100');
		expect(gmtZone(-240)).toBe('GMT-0400');
		expect(gmtZone(330)).toBe('GMT+0530');
		expect(gmtZone(0)).toBe('GMT+0000');
	});

	it('reads the local date and hour at an instant for an offset', () => {
		const instant = Date.UTC(2024, 3, 2, 23, 0) / 1000;
		expect(localDateAt(instant, -240)).toBe(20240402);
		expect(localHourKey(instant, -240)).toBe('2024040219');
		expect(localDateAt(instant, 120)).toBe(20240403);
		expect(localHourKey(instant, 120)).toBe('2024040301');
	});
});
