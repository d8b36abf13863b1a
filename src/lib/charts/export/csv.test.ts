import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';
import { csvNumber, csvUnit } from './csv-numbers';

describe('csv', () => {
	it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
		expect(csvField('plain')).toBe('plain');
		expect(csvField('a,b')).toBe('"a,b"');
		expect(csvField('say "hi"')).toBe('"say ""hi"""');
		expect(csvField('two\nlines')).toBe('"two\nlines"');
		expect(csvField('cr\rhere')).toBe('"cr\rhere"');
	});

	it('writes missing values as empty fields', () => {
		expect(csvField(1234.5)).toBe('1234.5');
		expect(csvField(null)).toBe('');
		expect(csvField(undefined)).toBe('');
		expect(csvField(Number.NaN)).toBe('');
	});

	it('defuses text a spreadsheet would run as a formula', () => {
		expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
		expect(csvField('@x')).toBe("'@x");
	});

	it('puts plain units in the header and ends every record with CRLF', () => {
		const csv = toCsv({
			columns: [
				{ key: 'date', label: 'Date' },
				{ key: 'steps', label: 'Steps', unit: 'steps', format: (v) => `${v} steps` },
				{ key: 'note', label: 'Note, free text' }
			],
			rows: [
				{ date: '2026-03-30', steps: 10234, note: 'walk, then "run"' },
				{ date: '2026-03-31', steps: null, note: null }
			]
		});
		expect(csv).toBe(
			'Date,Steps (steps),"Note, free text"\r\n' +
				'2026-03-30,10234,"walk, then ""run"""\r\n' +
				'2026-03-31,,\r\n'
		);
	});

	it('rounds steps to integers, durations to minutes with one decimal, distances to the metre', () => {
		const csv = toCsv({
			columns: [
				{ key: 'hour', label: 'Hour' },
				{ key: 'usual', label: 'Usual steps', unit: 'steps' },
				{ key: 'active', label: 'Active time', unit: 'seconds' },
				{ key: 'distance', label: 'Distance', unit: 'm' },
				{ key: 'miles', label: 'Distance', unit: 'mi' },
				{ key: 'share', label: 'Share of goal', unit: '%' }
			],
			rows: [
				{
					hour: '07:00',
					usual: 1234.6667,
					active: 1234,
					distance: 803.6,
					miles: 0.49938,
					share: 83.333
				},
				{ hour: '08:00', usual: 0.25, active: 60, distance: 0, miles: 0, share: -0.01 }
			]
		});
		expect(csv.split('\r\n')).toEqual([
			'Hour,Usual steps (steps),Active time (min),Distance (m),Distance (mi),Share of goal (%)',
			'07:00,1235,20.6,804,0.50,83.3',
			'08:00,0,1.0,0,0.00,0.0',
			''
		]);
	});

	it('writes a clock time as HH:MM beside its seconds from midnight', () => {
		// Bedtime at 23:05 the evening before the wake date, asleep at 00:40 after it.
		const csv = toCsv({
			columns: [
				{ key: 'date', label: 'Wake date' },
				{ key: 'bedtime', label: 'Bedtime', unit: 'seconds from midnight' },
				{ key: 'asleep', label: 'Asleep', unit: 'seconds from midnight' }
			],
			rows: [
				{ date: '2026-03-30', bedtime: -3300, asleep: 2400.4 },
				{ date: '2026-03-31', bedtime: null, asleep: null }
			]
		});
		expect(csv.split('\r\n')).toEqual([
			'Wake date,Bedtime (HH:MM),Bedtime (seconds from midnight),Asleep (HH:MM),Asleep (seconds from midnight)',
			'2026-03-30,23:05,-3300,00:40,2400',
			'2026-03-31,,,,',
			''
		]);
	});

	it('gives a number and its unit as the CSV writes them, for tables that mix units by row', () => {
		expect(csvUnit('seconds')).toBe('min');
		expect(csvUnit('kcal')).toBe('kcal');
		expect(csvNumber(27_000, 'seconds')).toBe(450);
		expect(csvNumber(1.44, 'count')).toBe(1.4);
		expect(csvNumber(70.456, 'kg')).toBe(70.5);
		expect(csvNumber(3.14159, 'bpm')).toBe(3.14);
		expect(csvNumber(null, 'steps')).toBeNull();
		expect(csvNumber(Number.POSITIVE_INFINITY, 'steps')).toBeNull();
	});
});
