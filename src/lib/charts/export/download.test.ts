import { describe, expect, it } from 'vitest';
import { exportFileName } from './download';

describe('exportFileName', () => {
	it('slugs the title and suffix into a file name', () => {
		expect(exportFileName('Steps per hour', 'png', '2026-03-30')).toBe(
			'steps-per-hour-2026-03-30.png'
		);
		expect(exportFileName('Schlaf: Übersicht (März)', 'csv')).toBe('schlaf-ubersicht-marz.csv');
	});

	it('falls back to a generic name when the title has no letters', () => {
		expect(exportFileName('—', 'svg')).toBe('chart.svg');
	});
});
