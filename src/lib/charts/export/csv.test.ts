import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, toCsv } from './csv';

describe('csv', () => {
	it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
		expect(csvField('plain')).toBe('plain');
		expect(csvField('a,b')).toBe('"a,b"');
		expect(csvField('say "hi"')).toBe('"say ""hi"""');
		expect(csvField('two\nlines')).toBe('"two\nlines"');
		expect(csvField('cr\rhere')).toBe('"cr\rhere"');
	});

	it('writes numbers as plotted, and missing values as empty fields', () => {
		expect(csvField(1234.5)).toBe('1234.5');
		expect(csvField(-3600)).toBe('-3600');
		expect(csvField(null)).toBe('');
		expect(csvField(undefined)).toBe('');
		expect(csvField(Number.NaN)).toBe('');
	});

	it('defuses text a spreadsheet would run as a formula', () => {
		expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
		expect(csvField('@x')).toBe("'@x");
	});

	it('puts units in the header and ends every record with CRLF', () => {
		expect(csvHeader({ key: 's', label: 'Steps', unit: 'steps' })).toBe('Steps (steps)');
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
});
