import { describe, expect, it } from 'vitest';
import { notImportedList, notImportedName } from './not-imported';

describe('naming what was not imported', () => {
	it('names known types in plain words and others from their identifier', () => {
		expect(notImportedName('HKQuantityTypeIdentifierFlightsClimbed')).toBe('flights climbed');
		expect(notImportedName('HKQuantityTypeIdentifierDietaryZinc')).toBe('dietary zinc records');
		expect(notImportedName('HKCategoryTypeIdentifierHandwashingEvent')).toBe(
			'handwashing event records'
		);
	});

	it('lists the largest counts first, in the singular for one', () => {
		expect(
			notImportedList({ 'stand hours': 1, 'flights climbed': 1170, 'heart-rate samples': 2 })
		).toBe('1,170 flights climbed, 2 heart-rate samples, 1 stand hour');
		expect(notImportedList({ 'flights climbed': 1 })).toBe('1 flight climbed');
	});
});
