import { describe, expect, it } from 'vitest';
import { ZoneNamer } from './zone-names';

const utc = (y: number, mo: number, d: number, h: number) => Date.UTC(y, mo - 1, d, h) / 1000;

describe('naming the zone of an imported record', () => {
	// The device named Berlin from 1 March 2024, New York from 1 June.
	const namer = new ZoneNamer([
		{ epoch: utc(2024, 6, 1, 12), tz: 'America/New_York' },
		{ epoch: utc(2024, 3, 1, 12), tz: 'Europe/Berlin' },
		{ epoch: utc(2024, 3, 20, 12), tz: 'Europe/Berlin' }
	]);

	it('names the device’s zone when it had the record’s offset, in winter and in summer', () => {
		expect(namer.name(utc(2024, 3, 30, 12), 60)).toBe('Europe/Berlin');
		expect(namer.name(utc(2024, 3, 31, 12), 120)).toBe('Europe/Berlin');
		expect(namer.name(utc(2024, 7, 1, 12), -240)).toBe('America/New_York');
	});

	it('keeps the fixed offset where the named zone had another (a trip)', () => {
		expect(namer.name(utc(2024, 4, 2, 23), -240)).toBe('GMT-0400');
	});

	it('reads records before the first naming by the first zone named', () => {
		expect(namer.name(utc(2023, 1, 1, 12), 60)).toBe('Europe/Berlin');
	});

	it('keeps every offset when no device named its zone', () => {
		expect(new ZoneNamer([]).name(utc(2024, 3, 30, 12), 60)).toBe('GMT+0100');
	});
});
