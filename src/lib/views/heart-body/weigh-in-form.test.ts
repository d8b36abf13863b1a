import { describe, expect, it } from 'vitest';
import { checkWeighIn, weighInDraftAt, withComposition } from './weigh-in-form';

/** 30 March 2026, 18:00 UTC: 20:00 in Berlin (CEST), 14:00 in New York (EDT). */
const NOW = Date.UTC(2026, 2, 30, 18, 0) / 1000;

describe('weighInDraftAt', () => {
	it("starts at now on the person's clock, not the machine's", () => {
		expect(weighInDraftAt(NOW, 'Europe/Berlin')).toEqual({
			weight: '',
			bodyFat: '',
			date: '2026-03-30',
			time: '20:00'
		});
		expect(weighInDraftAt(NOW, 'America/New_York')).toMatchObject({
			date: '2026-03-30',
			time: '14:00'
		});
		expect(weighInDraftAt(Date.UTC(2026, 2, 30, 23, 30) / 1000, 'Europe/Berlin')).toMatchObject({
			date: '2026-03-31',
			time: '01:30'
		});
	});
});

describe('checkWeighIn', () => {
	const draft = { weight: '63.8', bodyFat: '', date: '2026-03-30', time: '07:15' };

	it('reads the date and time in the zone given, across the DST change', () => {
		expect(checkWeighIn(draft, 'metric', 'Europe/Berlin', NOW)).toEqual({
			ok: true,
			weighIn: {
				weight: 63.8,
				time_created: Date.UTC(2026, 2, 30, 5, 15) / 1000,
				tz: 'Europe/Berlin'
			}
		});
		// 28 March is still winter time in Berlin (UTC+1).
		expect(
			checkWeighIn({ ...draft, date: '2026-03-28' }, 'metric', 'Europe/Berlin', NOW)
		).toMatchObject({
			weighIn: { time_created: Date.UTC(2026, 2, 28, 6, 15) / 1000 }
		});
	});

	it('takes pounds for imperial units and body fat when given', () => {
		// 150 lb × 0.45359237 = 68.0389 kg.
		expect(
			checkWeighIn({ ...draft, weight: '150', bodyFat: '22,5 %' }, 'imperial', 'Europe/Berlin', NOW)
		).toMatchObject({ ok: true, weighIn: { weight: 68.039, body_fat: 22.5 } });
	});

	it('says what is wrong with each field', () => {
		expect(
			checkWeighIn(
				{ weight: '', bodyFat: '90', date: '30/03/2026', time: '7.15' },
				'metric',
				'Europe/Berlin',
				NOW
			)
		).toEqual({
			ok: false,
			errors: {
				weight: 'Enter your weight.',
				bodyFat: 'Body fat is between 2 and 75 %.',
				date: 'Enter the date as YYYY-MM-DD.',
				time: 'Enter the time on a 24-hour clock, as 07:30.'
			}
		});
		expect(checkWeighIn({ ...draft, weight: '5' }, 'metric', 'Europe/Berlin', NOW)).toMatchObject({
			errors: { weight: 'A weight is between 20 and 300 kg.' }
		});
		expect(
			checkWeighIn({ ...draft, weight: 'heavy' }, 'imperial', 'Europe/Berlin', NOW)
		).toMatchObject({
			errors: { weight: 'Enter your weight as a number of lb.' }
		});
	});

	it('refuses a time still to come', () => {
		// 21:00 in Berlin is 19:00 UTC, an hour after now.
		expect(checkWeighIn({ ...draft, time: '21:00' }, 'metric', 'Europe/Berlin', NOW)).toMatchObject(
			{
				errors: { time: 'A weigh-in cannot be logged for a time still to come.' }
			}
		);
	});
});

describe('withComposition', () => {
	const weighIn = { weight: 70.2, time_created: 1_774_850_000, tz: 'Europe/Berlin' };

	it('adds the BMI of the weight at the person’s height, and lean mass from body fat', () => {
		// 70.2 / 1.72² = 23.73.
		expect(withComposition({ ...weighIn, body_fat: 21.4 }, 1.72)).toEqual({
			...weighIn,
			body_fat: 21.4,
			lean_mass: 78.6,
			bmi: 23.7
		});
	});

	it('adds no BMI without a height, and no lean mass without body fat', () => {
		expect(withComposition(weighIn, null)).toEqual(weighIn);
		expect(withComposition(weighIn, 0)).toEqual(weighIn);
		expect(withComposition(weighIn, 1.8)).toEqual({ ...weighIn, bmi: 21.7 });
	});
});
