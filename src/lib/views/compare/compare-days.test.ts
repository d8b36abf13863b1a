import { describe, expect, it } from 'vitest';
import { computedCoverage, spanCoverage } from '$lib/coverage';
import { periodPresets } from '$lib/metrics';
import type { Series } from '$lib/metrics/types';
import { coverageText, gapWords, periodDaysText, periodSlots } from './compare-days';

// Friday 27 November 2026: this week is Monday 23 to Sunday 29, last week 16 to 22.
const TODAY = 20261127;
const week = periodPresets(TODAY).find((pair) => pair.id === 'week');
if (!week) throw new Error('no week preset');
const read = computedCoverage({
	from: 20261116,
	to: 20261129,
	today: TODAY,
	asOf: null,
	firstDate: 20200101
});

function steps(from: number, values: (number | null)[]): Series {
	return {
		id: 'move.steps',
		label: 'Steps',
		unit: 'steps',
		points: values.map((value, i) => ({ dateInt: from + i, value }))
	};
}

describe('periodDaysText', () => {
	it('counts this week’s whole days apart from today, and names the days to come', () => {
		const slots = periodSlots(
			week.a,
			read,
			steps(20261123, [5000, 6000, null, 7000, 900, null, null])
		);
		expect(periodDaysText('This week', slots)).toBe(
			'This week: 3 of 4 whole days with data, today so far; Sat 28\u00a0– Sun 29 Nov not yet'
		);
	});

	it('says only "today so far" on the first day of a period', () => {
		const monday = computedCoverage({
			from: 20261123,
			to: 20261129,
			today: 20261123,
			asOf: null,
			firstDate: 20200101
		});
		const slots = periodSlots(
			week.a,
			monday,
			steps(20261123, [900, null, null, null, null, null, null])
		);
		expect(periodDaysText('This week', slots)).toBe(
			'This week: today so far; Tue 24\u00a0– Sun 29 Nov not yet'
		);
	});

	it('says a finished week plainly, and a night dated today counts whole', () => {
		const lastWeek = periodSlots(week.b, read, steps(20261116, [1, 2, 3, 4, 5, 6, 7]));
		const asleep = { ...steps(20261123, [1, 2, 3, 4, 5, null, null]), id: 'sleep.asleep' };
		expect(coverageText(week, periodSlots(week.a, read, asleep), lastWeek)).toBe(
			'This week: 5 of 5 whole days with data; Sat 28\u00a0– Sun 29 Nov not yet. Last week: 7 of 7 days with data.'
		);
	});

	it('names the days not read yet while the history loads', () => {
		const loading = spanCoverage({
			from: 20261116,
			to: 20261129,
			today: TODAY,
			tz: 'Europe/Berlin',
			reads: { read: [], failed: [] },
			recorded: [],
			offline: false,
			lastSynced: null
		});
		const slots = periodSlots(
			week.b,
			loading,
			steps(20261116, [null, null, null, null, null, null, null])
		);
		expect(periodDaysText('Last week', slots)).toBe(
			'Last week: 0 of 7 days with data; 7 days not read yet'
		);
	});
});

describe('gapWords', () => {
	it('says why a point is empty: not yet, no record, or no such day in that period', () => {
		const words = gapWords(week, read);
		expect(words({ dateInt: 20261128, order: 0 })).toBe('not yet');
		expect(words({ dateInt: 20261125, order: 0 })).toBe('no record');
		expect(words({ dateInt: 20261127, order: 0 })).toBe('under way');
		expect(words({ dateInt: 20261130, order: 0 })).toBe('no such day');
		expect(words({ dateInt: null, order: 1 })).toBe('no such day');
	});
});
