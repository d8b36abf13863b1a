import { describe, expect, it } from 'vitest';
import {
	basisOf,
	bucketCoverage,
	computedCoverage,
	coverageWithin,
	mayJudge,
	settledDates,
	spanCoverage,
	stateOn,
	type Reads,
	type SpanInput
} from './coverage';

const utc = (y: number, m: number, d: number, h = 0, min = 0) =>
	Date.UTC(y, m - 1, d, h, min) / 1000;

// Berlin in November is UTC+1: local midnight of 27 Nov is 26 Nov 23:00 UTC.
const BERLIN = 'Europe/Berlin';
const TODAY = 20261127;
const NOW_0930 = utc(2026, 11, 27, 8, 30);

function input(overrides: Partial<SpanInput>): SpanInput {
	return {
		from: 20261123,
		to: 20261129,
		today: TODAY,
		tz: BERLIN,
		reads: { read: [], failed: [] },
		recorded: new Set(),
		offline: false,
		lastSynced: null,
		...overrides
	};
}

describe('spanCoverage', () => {
	it('calls past days finished or no record, today under way as of the sync, and later days not yet', () => {
		const coverage = spanCoverage(
			input({
				reads: { read: [{ start: utc(2026, 10, 1), end: NOW_0930 }], failed: [] },
				recorded: new Set([20261123, 20261124, 20261126, 20261127])
			})
		);
		expect(coverage.states).toEqual([
			'finished',
			'finished',
			'none',
			'finished',
			'underway',
			'future',
			'future'
		]);
		expect(coverage.asOf).toBe(NOW_0930);
		expect(coverage.status).toEqual({ kind: 'complete' });
		expect(coverage.total).toBe(5);
		expect(coverage.read).toBe(5);
		expect(mayJudge(coverage)).toBe(true);
		expect(basisOf(coverage)).toEqual({ whole: true, days: 4 });
		expect([...settledDates(coverage)]).toEqual([20261123, 20261124, 20261125, 20261126]);
	});

	it('reads a day only once the span reaches back to the evening before it', () => {
		// Read from local midnight of 24 Nov: a night dated 24 Nov (begun on the 23rd) may be missing.
		const from24 = utc(2026, 11, 23, 23);
		const coverage = spanCoverage(
			input({ reads: { read: [{ start: from24, end: NOW_0930 }], failed: [] } })
		);
		expect(stateOn(coverage, 20261123)).toBe('unread');
		expect(stateOn(coverage, 20261124)).toBe('unread');
		expect(stateOn(coverage, 20261125)).toBe('none');
		expect(coverage.status).toEqual({ kind: 'loading' });
		expect(mayJudge(coverage)).toBe(false);
		expect(basisOf(coverage)).toEqual({ whole: false, days: 2, of: 4, why: 'loading' });
		// The same span's figures of 25 Nov onwards rest on whole days.
		expect(basisOf(coverage, 20261125, 20261129)).toEqual({ whole: true, days: 2 });
		expect(basisOf(coverage, 20261124, 20261126)).toEqual({
			whole: false,
			days: 2,
			of: 3,
			why: 'loading'
		});
	});

	it('marks the days of a window that failed in the middle of a backfill, with its reason', () => {
		// Newest window 24–27 Nov read, 17–24 Nov failed, 10–17 Nov read.
		const reads: Reads = {
			read: [
				{ start: utc(2026, 11, 9, 23), end: utc(2026, 11, 16, 23) },
				{ start: utc(2026, 11, 22, 23), end: NOW_0930 }
			],
			failed: [
				{ start: utc(2026, 11, 16, 23), end: utc(2026, 11, 22, 23), reason: 'Server error (500)' }
			]
		};
		const coverage = spanCoverage(input({ from: 20261110, to: 20261127, reads }));
		// 10 Nov needs the evening of the 9th: read from 9 Nov 23:00 UTC = midnight of the 10th.
		expect(stateOn(coverage, 20261110)).toBe('unread');
		expect(stateOn(coverage, 20261111)).toBe('none');
		expect(stateOn(coverage, 20261116)).toBe('none');
		// A record dated 17 Nov may have started on the 16th, which lies partly in the failed window.
		for (const date of [20261117, 20261120, 20261122, 20261123]) {
			expect(stateOn(coverage, date)).toBe('failed');
		}
		expect(stateOn(coverage, 20261124)).toBe('none');
		expect(stateOn(coverage, 20261127)).toBe('underway');
		expect(coverage.status).toEqual({ kind: 'failed', reason: 'Server error (500)' });
		// 10 Nov is still unread: nothing is judged until the backfill is over.
		expect(coverage.pending).toBe(true);
		expect(mayJudge(coverage)).toBe(false);
	});

	it('counts a day of 23 hours (the spring clock change) as read when its own midnight is', () => {
		// Berlin springs forward on 29 Mar 2026: that day runs from 28 Mar 23:00 to 29 Mar 22:00 UTC.
		const coverage = spanCoverage(
			input({
				from: 20260329,
				to: 20260329,
				today: 20260330,
				reads: { read: [{ start: utc(2026, 3, 27, 23), end: utc(2026, 3, 29, 22) }], failed: [] }
			})
		);
		// Read, and without a record: a day taken as 24 hours would still be waiting for 23:00.
		expect(coverage.states).toEqual(['none']);
	});

	it('leaves a travel day unread until the evening before it is read, whatever zone its records were in', () => {
		// New York (UTC-5): a day that began in Berlin started six hours before New York's midnight.
		const nyMidnight = utc(2026, 11, 20, 5);
		const justMidnight = spanCoverage(
			input({
				from: 20261120,
				to: 20261120,
				tz: 'America/New_York',
				reads: { read: [{ start: nyMidnight, end: NOW_0930 }], failed: [] }
			})
		);
		expect(justMidnight.states).toEqual(['unread']);
		const eveningBefore = spanCoverage(
			input({
				from: 20261120,
				to: 20261120,
				tz: 'America/New_York',
				reads: { read: [{ start: nyMidnight - 86_400, end: NOW_0930 }], failed: [] },
				recorded: new Set([20261120])
			})
		);
		expect(eveningBefore.states).toEqual(['finished']);
	});

	it('offline, states what is stored and since when, and may judge it with that basis', () => {
		const coverage = spanCoverage(
			input({
				reads: { read: [{ start: utc(2026, 11, 24, 23), end: utc(2026, 11, 26, 20) }], failed: [] },
				recorded: new Set([20261125]),
				offline: true,
				lastSynced: utc(2026, 11, 26, 20)
			})
		);
		expect(coverage.states.slice(0, 5)).toEqual([
			'unread',
			'unread',
			'finished',
			'unread',
			'unread'
		]);
		expect(coverage.status).toEqual({ kind: 'stale', since: utc(2026, 11, 26, 20) });
		expect(mayJudge(coverage)).toBe(true);
		expect(basisOf(coverage)).toEqual({ whole: false, days: 1, of: 4, why: 'stored' });
	});

	it('calls every unread day failed when the query failed with nothing to show', () => {
		const coverage = spanCoverage(
			input({ error: 'The data service cannot be reached right now.' })
		);
		expect(coverage.states).toEqual([
			'failed',
			'failed',
			'failed',
			'failed',
			'failed',
			'future',
			'future'
		]);
		expect(coverage.status).toEqual({
			kind: 'failed',
			reason: 'The data service cannot be reached right now.'
		});
	});

	it('shows a day that holds stored records even when it lies outside what was read', () => {
		const coverage = spanCoverage(input({ recorded: new Set([20261124]) }));
		expect(stateOn(coverage, 20261124)).toBe('finished');
		expect(stateOn(coverage, 20261123)).toBe('unread');
	});
});

describe('bucketCoverage', () => {
	// Records from 27 Nov 2024; today 27 Nov 2026.
	const years = computedCoverage({
		from: 20240101,
		to: 20261231,
		today: TODAY,
		asOf: NOW_0930,
		firstDate: 20241127
	});

	it('counts a first year that began with the first record as part of a year', () => {
		// 27–30 Nov and 31 days of December.
		expect(bucketCoverage(years, 20240101, 20241231, 20241127)).toEqual({
			days: 35,
			of: 366,
			underway: false,
			whole: false
		});
	});

	it('counts a whole year whole', () => {
		expect(bucketCoverage(years, 20250101, 20251231, 20241127)).toEqual({
			days: 365,
			of: 365,
			underway: false,
			whole: true
		});
	});

	it('counts the year under way up to yesterday', () => {
		// January to October is 304 days, and 26 days of November.
		expect(bucketCoverage(years, 20260101, 20261231, 20241127)).toEqual({
			days: 330,
			of: 365,
			underway: true,
			whole: false
		});
	});
});

describe('coverageWithin', () => {
	// Read back to Tuesday 24 Nov only: Monday and the week before still load.
	const loading = spanCoverage(
		input({
			from: 20261116,
			to: 20261129,
			reads: { read: [{ start: utc(2026, 11, 23, 23), end: NOW_0930 }], failed: [] },
			recorded: new Set([20261125, 20261127])
		})
	);

	it('keeps the days of the part, their counts and what is still on its way', () => {
		const week = coverageWithin(loading, 20261123, 20261129);
		expect(week.states).toEqual([
			'unread',
			'unread',
			'finished',
			'none',
			'underway',
			'future',
			'future'
		]);
		expect([week.from, week.to, week.total, week.read, week.pending]).toEqual([
			20261123,
			20261129,
			5,
			3,
			true
		]);
		expect(week.status).toEqual({ kind: 'loading' });
		expect(week.asOf).toBe(NOW_0930);
	});

	it('calls a part read to its end complete while older days of the whole still load', () => {
		const recent = coverageWithin(loading, 20261125, 20261129);
		expect(recent.status).toEqual({ kind: 'complete' });
		expect(recent.pending).toBe(false);
		expect(basisOf(recent)).toEqual({ whole: true, days: 2 });
		// A part before today has no time of today to be read up to.
		expect(coverageWithin(loading, 20261116, 20261122).asOf).toBeNull();
	});

	it('keeps a failure only where the part holds a day that failed', () => {
		const failing = spanCoverage(
			input({
				from: 20261116,
				to: 20261129,
				reads: {
					read: [{ start: utc(2026, 11, 23, 23), end: NOW_0930 }],
					failed: [{ start: utc(2026, 11, 14), end: utc(2026, 11, 23, 23), reason: 'Broken.' }]
				}
			})
		);
		expect(coverageWithin(failing, 20261116, 20261122).status).toEqual({
			kind: 'failed',
			reason: 'Broken.'
		});
		expect(coverageWithin(failing, 20261125, 20261129).status).toEqual({ kind: 'complete' });
	});
});
