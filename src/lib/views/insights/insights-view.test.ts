import { describe, expect, it } from 'vitest';
import type { Coverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import type { Finding } from '$lib/metrics/insights';
import { HELD_TEXT, insightCard } from './insights-view';

// A week for the year, today Friday 27 November 2026: four days gone by.
const whole = readCoverage(20261123, 20261129, 20261127);
const loading: Coverage = {
	...whole,
	states: ['unread', 'unread', 'none', 'none', 'underway', 'future', 'future'],
	status: { kind: 'loading' },
	pending: true
};
const stored: Coverage = {
	...whole,
	states: ['unread', 'none', 'none', 'none', 'underway', 'future', 'future'],
	status: { kind: 'stale', since: 1_795_000_000 }
};

const most: Finding = {
	id: 'most-steps',
	title: 'Most steps in a day',
	text: '18,630 steps on Sat 14 Nov 2026.',
	basis: 'n = 48 days',
	enough: true
};
const tooFew: Finding = {
	id: 'steps-after-sleep',
	title: 'Steps after 7 h or more of sleep',
	text: 'Not enough days yet to compare: 3 days after long nights and 1 after short ones; each side needs 14.',
	basis: 'n = 3 vs 1',
	enough: false
};

describe('insightCard', () => {
	it('holds "most steps" back while the year is read, saying how far the read has come', () => {
		expect(insightCard(most, { moves: loading, sleeps: whole, moods: whole })).toEqual({
			...most,
			text: HELD_TEXT,
			basis: '',
			held: true,
			note: 'so far: 2 of 4 days'
		});
	});

	it('holds "not enough days yet" back too, until the days on their way are in', () => {
		const card = insightCard(tooFew, { moves: whole, sleeps: loading, moods: whole });
		expect(card.held).toBe(true);
		expect(card.text).toBe(HELD_TEXT);
	});

	it('states a finding with the days stored in this browser while offline', () => {
		expect(insightCard(most, { moves: stored, sleeps: whole, moods: whole })).toEqual({
			...most,
			held: false,
			note: 'based on the 3 days stored in this browser'
		});
	});

	it('states nothing, not even "not enough days", offline with none of its days stored', () => {
		const nothing: Coverage = {
			...stored,
			states: ['unread', 'unread', 'unread', 'unread', 'underway', 'future', 'future']
		};
		expect(insightCard(tooFew, { moves: whole, sleeps: nothing, moods: whole })).toEqual({
			...tooFew,
			text: 'None of these days is stored in this browser yet; it shows once you are online.',
			basis: '',
			held: true,
			note: 'based on the 0 days stored in this browser'
		});
	});

	it('says nothing more of a finding resting on a whole year', () => {
		const card = insightCard(most, { moves: whole, sleeps: loading, moods: loading });
		expect(card).toEqual({ ...most, held: false, note: null });
	});
});
