import { describe, expect, it } from 'vitest';
import { computedCoverage } from '$lib/coverage';
import { periodPresets } from '$lib/metrics';
import { at, BERLIN, makeMove } from '$lib/metrics/testing/fixtures';
import { compareModel, elapsedCut } from './compare-model';

// Friday 27 November 2026, 09:30 in Berlin.
const TODAY = 20261127;
const AS_OF = at(TODAY, 9, 30, BERLIN);
const week = periodPresets(TODAY).find((pair) => pair.id === 'week');
if (!week) throw new Error('no week preset');
const hours = (early: number, late: number) =>
	Array.from({ length: 24 }, (_, hour) => (hour === 8 ? early : hour === 18 ? late : 0));
const moves = [
	makeMove({ date: 20261120, steps: hours(400, 6000) }),
	makeMove({ date: TODAY, steps: hours(300, 0) })
];
const read = computedCoverage({
	from: 20261116,
	to: 20261129,
	today: TODAY,
	asOf: AS_OF,
	firstDate: 20200101
});
const input = {
	moves,
	sleeps: [],
	movesCoverage: read,
	sleepsCoverage: read,
	pair: week,
	view: {
		preset: 'week' as const,
		a: week.a.from,
		b: week.b.from,
		days: 7,
		metric: 'steps' as const,
		align: 'weekday' as const
	},
	metricLabel: 'Steps',
	today: TODAY,
	tz: BERLIN,
	system: 'metric' as const
};

describe('elapsedCut', () => {
	it('reads today up to the start of the hour the data reaches, on the record’s clock', () => {
		expect(elapsedCut(moves, TODAY, AS_OF, BERLIN)).toEqual({ today: TODAY, hour: 9 });
		expect(elapsedCut(moves, TODAY, null, BERLIN)).toEqual({ today: TODAY, hour: null });
	});
});

describe('compareModel', () => {
	const shown = compareModel(input);

	it('compares Friday up to 09:00 with last Friday up to 09:00', () => {
		const steps = shown.rows.find((row) => row.id === 'move.steps');
		expect(steps?.cells.slice(0, 2)).toEqual(['300 steps', '400 steps']);
		expect(steps?.changeText).toBe('\u221225%');
		expect(shown.judged).toMatch(/^Same part of each: Monday to Friday up to 09:00 of each week/);
		expect(shown.timingCaption).toBe(
			'Bedtime and wake time: this week against last week, the nights woken on 23\u00a0– 27 Nov 2026 against 16\u00a0– 20 Nov 2026, the same part of each, since this week is not over.'
		);
	});

	it('draws today hollow and names the periods in the comparison’s title, for its picture', () => {
		expect(shown.hollow).toEqual([TODAY]);
		expect(shown.tableTitle).toBe('Period comparison: this week against last week');
		expect(shown.tableSubtitle).toMatch(/^23\u00a0– 29 Nov 2026 against 16\u00a0– 22 Nov 2026 · /);
	});

	it('says the figures rest on the days read so far while the history loads', () => {
		const loading = {
			...read,
			states: read.states.map((s, i) => (i < 3 ? 'unread' : s)),
			status: { kind: 'loading' as const },
			pending: true
		};
		expect(compareModel({ ...input, movesCoverage: loading }).judged).toMatch(
			/ Rests on so far: 8 of 11 days\.$/
		);
	});
});
