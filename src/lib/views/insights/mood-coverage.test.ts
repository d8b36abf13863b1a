import { describe, expect, it } from 'vitest';
import { basisOf, mayJudge } from '$lib/coverage';
import { moodCoverage } from './mood-coverage';

// Monday 23 to Sunday 29 November 2026, today Friday 27.
const span = { from: 20261123, to: 20261129, today: 20261127, lastSynced: 1_795_000_000 };
const mood = (date: number) => ({ mood: { date } });

describe('moodCoverage', () => {
	it('calls every day unread before the first answer, and the span loading', () => {
		const coverage = moodCoverage({
			...span,
			days: undefined,
			unread: undefined,
			error: null,
			offline: false
		});
		expect(coverage.states).toEqual([
			'unread',
			'unread',
			'unread',
			'unread',
			'unread',
			'future',
			'future'
		]);
		expect(mayJudge(coverage)).toBe(false);
	});

	it('reads the days answered so far, with or without a mood, and today under way', () => {
		const coverage = moodCoverage({
			...span,
			days: [mood(20261125)],
			unread: new Set([20261123]),
			error: null,
			offline: false
		});
		expect(coverage.states).toEqual([
			'unread',
			'none',
			'finished',
			'none',
			'underway',
			'future',
			'future'
		]);
		expect(coverage.status).toEqual({ kind: 'loading' });
		expect(basisOf(coverage)).toEqual({ whole: false, days: 3, of: 4, why: 'loading' });
	});

	it('is stale offline, and failed when the read failed online', () => {
		const offline = moodCoverage({
			...span,
			days: undefined,
			unread: undefined,
			error: 'Failed to fetch',
			offline: true
		});
		expect(offline.status).toEqual({ kind: 'stale', since: 1_795_000_000 });
		expect(offline.pending).toBe(false);
		// Nothing stored: no day is called a day without a mood.
		expect(offline.states.slice(0, 4)).toEqual(['unread', 'unread', 'unread', 'unread']);
		expect(basisOf(offline)).toEqual({ whole: false, days: 0, of: 4, why: 'stored' });
		const failed = moodCoverage({
			...span,
			days: [],
			unread: new Set([20261123, 20261124]),
			error: 'The data service answered 500.',
			offline: false
		});
		expect(failed.states.slice(0, 2)).toEqual(['failed', 'failed']);
		expect(failed.status).toEqual({ kind: 'failed', reason: 'The data service answered 500.' });
	});
});
