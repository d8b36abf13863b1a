import { describe, expect, it } from 'vitest';
import type { Coverage } from '$lib/coverage';
import { basisNote, dayStateWords, spanNote } from './coverage';

const base: Omit<Coverage, 'status' | 'read' | 'pending'> = {
	from: 20251128,
	to: 20261127,
	today: 20261127,
	asOf: null,
	states: [],
	total: 365
};

describe('coverage words', () => {
	it('names every day state, and nothing for a finished day', () => {
		expect(dayStateWords('finished')).toBe('');
		expect(dayStateWords('none')).toBe('no record');
		expect(dayStateWords('future')).toBe('not yet');
		expect(dayStateWords('underway')).toBe('under way');
		expect(dayStateWords('unread')).toBe('not read yet');
		expect(dayStateWords('failed')).toBe('could not be loaded');
	});

	it('says what a figure rests on when it is not the whole span', () => {
		expect(basisNote({ whole: true, days: 364 })).toBeNull();
		expect(basisNote({ whole: false, days: 48, of: 362, why: 'loading' })).toBe(
			'so far: 48 of 362 days'
		);
		expect(basisNote({ whole: false, days: 29, of: 364, why: 'stored' })).toBe(
			'based on the 29 days stored in this browser'
		);
		expect(basisNote({ whole: false, days: 1, of: 1200, why: 'failed' })).toBe(
			'1 of 1,200 days; the rest could not be loaded'
		);
	});

	it('says in one sentence why a span is not complete', () => {
		expect(
			spanNote({ ...base, status: { kind: 'complete' }, read: 365, pending: false }, 'sleep', 'UTC')
		).toBeNull();
		expect(
			spanNote({ ...base, status: { kind: 'loading' }, read: 48, pending: true }, 'activity', 'UTC')
		).toEqual({ tone: 'busy', text: 'Reading activity: 48 of 365 days so far.' });
		// 08:30 UTC is 09:30 in Berlin.
		expect(
			spanNote(
				{
					...base,
					status: { kind: 'stale', since: Date.UTC(2026, 10, 27, 8, 30) / 1000 },
					read: 29,
					pending: false
				},
				'activity',
				'Europe/Berlin'
			)
		).toEqual({
			tone: 'stale',
			text: 'Offline: showing the 29 days of 365 stored in this browser, as of 09:30.'
		});
		expect(
			spanNote(
				{
					...base,
					status: { kind: 'failed', reason: 'The data service answered 500.' },
					read: 0,
					pending: false
				},
				'sleep',
				'UTC'
			)
		).toEqual({ tone: 'failed', text: 'Couldn’t load sleep: the data service answered 500.' });
	});
});
