import { describe, expect, it } from 'vitest';
import type { Move } from '$lib/api';
import { spanCoverage, type Coverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import { makeMove, makeSleep, at, BERLIN } from '$lib/metrics/testing/fixtures';
import { addDays, startOfLocalDay } from '$lib/time/zone';
import {
	eatenOn,
	headlineRange,
	latestDayPointer,
	lastNightCard,
	todayTotals,
	todayView,
	usualCards,
	type TodayInputs
} from './today';

const today = 20260330;

describe('calories eaten', () => {
	it('reads today’s bucket of a daily trends series, and nothing when it is missing', () => {
		const series = {
			earliest: 20260101,
			buckets: [
				[20260330, { e_calories: 1687 }],
				[20260329, { e_calories: 2400 }]
			] satisfies [number, { e_calories: number }][]
		};
		expect(eatenOn(series, 20260330)).toBe(1687);
		expect(eatenOn(series, 20260328)).toBeNull();
		expect(eatenOn({ earliest: 20260101, buckets: [[20260330, {}]] }, 20260330)).toBeNull();
		expect(eatenOn(null, 20260330)).toBeNull();
	});

	it('reads the seven days before today', () => {
		expect(headlineRange(today)).toEqual({ from: 20260323, to: 20260330 });
	});
});

/** A move whose records carry no distance and no energy, as a phone that counts only steps. */
function withoutDistanceOrEnergy(move: Move): Move {
	return {
		...move,
		details: {
			...move.details,
			distance: null,
			calories: null,
			hourly_totals: Object.fromEntries(
				Object.entries(move.details.hourly_totals).map(([key, total]) => [
					key,
					{ ...total, distance: null, calories: null }
				])
			)
		}
	};
}

describe('today’s totals so far', () => {
	// 09:00 300 steps, 10:00 1,200: 1,500 steps, 1,110 m, 825 s active, 75.5 + 116 kcal.
	const move = makeMove({
		date: today,
		steps: [null, null, null, null, null, null, null, null, null, 300, 1200]
	});

	it('leads with the steps against the goal, then distance, active time and active calories', () => {
		expect(todayTotals([move], today, 10000, 'metric')).toEqual({
			note: null,
			cards: [
				{ id: 'steps', label: 'Steps', value: '1,500', detail: 'of 10,000 steps' },
				{ id: 'distance', label: 'Distance', value: '1.1 km', detail: null },
				{ id: 'active_time', label: 'Active time', value: '14 min', detail: null },
				{ id: 'calories', label: 'Active calories', value: '192 kcal', detail: null }
			]
		});
	});

	it('reads a distance or energy the record does not carry as "–", and steps alone without a goal', () => {
		const cards = todayTotals([withoutDistanceOrEnergy(move)], today, null, 'metric').cards;
		expect(cards.map((card) => [card.value, card.detail])).toEqual([
			['1,500', 'steps'],
			['–', null],
			['14 min', null],
			['–', null]
		]);
	});

	it('says when nothing is recorded yet today', () => {
		const totals = todayTotals([], today, 10000, 'metric');
		expect(totals.note).toBe('Nothing recorded yet today.');
		expect(totals.cards.map((card) => card.value)).toEqual(['–', '–', '–', '–']);
	});
});

describe('today against the usual by this hour', () => {
	const hours = (before: number, after: number) =>
		Array.from({ length: 24 }, (_, hour) => (hour === 9 ? before : hour === 20 ? after : null));
	// Today 1,000 steps before 18:00; the Mondays before 4,000, 2,000 and 3,000 (and much more
	// in the evening, which a comparison at 18:00 must not count).
	const moves = [
		makeMove({ date: today, steps: hours(1000, 0) }),
		...[4000, 2000, 3000].map((before, index) =>
			makeMove({ date: addDays(today, -7 * (index + 1)), steps: hours(before, 9000) })
		),
		makeMove({ date: addDays(today, -1), steps: hours(20000, 20000) })
	];
	const read = readCoverage(addDays(today, -28), today, today);
	const asOf = at(today, 18, 5, BERLIN);

	it('sets today so far against the usual by the same hour of the same weekday', () => {
		const [steps, active, distance] = usualCards(moves, read, today, asOf, BERLIN, 'imperial');
		expect(steps).toEqual({
			id: 'move.steps',
			source: 'moves',
			label: 'Steps by 18:00',
			value: '1,000',
			detail: null,
			average: 'Usually 3,000 by this hour (median of 3 Mondays in the last 4 weeks)',
			change: '\u221267% vs usual',
			direction: -1
		});
		expect(active?.label).toBe('Active time by 18:00');
		expect(distance?.value).toBe('0.5 mi');
	});

	it('waits for the weeks still being read before saying what is usual', () => {
		// The history from 2 March is still on its way: only today and yesterday are read.
		const loading = spanCoverage({
			from: addDays(today, -28),
			to: today,
			today,
			tz: BERLIN,
			reads: {
				read: [{ start: startOfLocalDay(addDays(today, -2), BERLIN), end: asOf }],
				failed: []
			},
			recorded: [today],
			offline: false,
			lastSynced: asOf
		});
		const [steps] = usualCards(moves.slice(0, 1), loading, today, asOf, BERLIN, 'metric');
		expect(steps).toMatchObject({
			value: '1,000',
			average: 'Reading the last 4 weeks…',
			change: null,
			direction: null
		});
	});

	it('names the weeks that could not be loaded and makes no change of the rest', () => {
		const failed: Coverage = {
			...read,
			states: read.states.map((state, index) => (index === 0 ? 'failed' : state)),
			status: { kind: 'failed', reason: 'The data service answered 500.' }
		};
		// 2 March (the fourth Monday back) failed: three Mondays remain.
		const [steps] = usualCards(moves, failed, today, asOf, BERLIN, 'metric');
		expect(steps).toMatchObject({
			average:
				'Usually 3,000 by this hour (median of 3 Mondays in the last 4 weeks; the rest could not be loaded)',
			change: null
		});
		const [alone] = usualCards(moves.slice(0, 1), failed, today, asOf, BERLIN, 'metric');
		expect(alone?.average).toBe('Couldn’t load the last 4 weeks to compare with');
	});

	it('never says "Usually 0.0 km" of records without distance', () => {
		const bare = moves.map(withoutDistanceOrEnergy);
		const distance = usualCards(bare, read, today, asOf, BERLIN, 'metric')[2];
		expect(distance).toMatchObject({
			value: '–',
			average: 'No Mondays recorded in the last 4 weeks',
			change: null
		});
	});

	it('says so when it is too early to compare or there is nothing to compare with', () => {
		const [early] = usualCards(moves, read, today, at(today, 0, 40, BERLIN), BERLIN, 'metric');
		expect(early).toMatchObject({ label: 'Steps', average: 'Too early in the day to compare' });
		const [alone] = usualCards(moves.slice(0, 1), read, today, asOf, BERLIN, 'metric');
		expect(alone?.average).toBe('No Mondays recorded in the last 4 weeks');
		expect(alone?.change).toBeNull();
	});
});

describe('last night', () => {
	const night = (date: number, hours: number) =>
		makeSleep({
			bedtime: at(addDays(date, -1), 23, 0, BERLIN),
			wake: at(addDays(date, -1), 23, 0, BERLIN) + hours * 3600,
			phases: [[0, 2]]
		}).sleep;
	const week = readCoverage(addDays(today, -7), today, today);
	// Last night 7 h 12 min asleep; the three nights before it 8 h, 7 h and 6 h.
	const sleeps = [
		night(today, 7.2),
		night(addDays(today, -1), 8),
		night(addDays(today, -2), 7),
		night(addDays(today, -3), 6)
	];

	it('reads last night against the goal and the week before, never as time to go', () => {
		expect(lastNightCard(sleeps, week, today, 8 * 3600)).toEqual({
			id: 'sleep',
			source: 'sleeps',
			label: 'Last night',
			value: '7 h 12 min',
			detail: 'of 8 h',
			average: '7 h on average over 3 nights of the 7 days before',
			change: '+3% vs the week before',
			direction: 1
		});
	});

	it('says "no night recorded" only of days read', () => {
		const card = lastNightCard([], week, today, null);
		expect(card).toMatchObject({
			value: '–',
			detail: 'No night recorded that ended today',
			average: 'No night recorded in the 7 days before',
			change: null
		});
	});

	it('names the days still read, or failed, and keeps the change for a whole week', () => {
		const partly = (state: 'unread' | 'failed'): Coverage => ({
			...week,
			// The first three days of the week before.
			states: week.states.map((day, index) => (index < 3 ? state : day)),
			status:
				state === 'failed'
					? { kind: 'failed', reason: 'The data service answered 500.' }
					: { kind: 'loading' },
			pending: state === 'unread'
		});
		expect(lastNightCard(sleeps, partly('unread'), today, 8 * 3600)).toMatchObject({
			average: '7 h on average over 3 nights of the 7 days before (so far: 4 of 7 days)',
			change: null,
			direction: null
		});
		expect(lastNightCard([], partly('unread'), today, null).average).toBe(
			'Reading the 7 days before…'
		);
		const failed = partly('failed');
		expect(lastNightCard([], failed, today, null).average).toBe(
			'Couldn’t load the 7 days before to compare with'
		);
		expect(lastNightCard(sleeps, failed, today, null).average).toBe(
			'7 h on average over 3 nights of the 7 days before (4 of 7 days; the rest could not be loaded)'
		);
	});
});

describe('the Today view', () => {
	const inputs = (overrides: Partial<TodayInputs> = {}): TodayInputs => ({
		dateInt: today,
		zone: BERLIN,
		asOf: at(today, 9, 30, BERLIN),
		moves: {
			records: [makeMove({ date: today })],
			coverage: readCoverage(addDays(today, -28), today, today)
		},
		sleeps: { records: [], coverage: readCoverage(addDays(today, -7), today, today) },
		stepsGoal: 10000,
		sleepGoal: 8 * 3600,
		system: 'metric',
		...overrides
	});

	it('gives the totals, the time they stand at and a card for each figure against the usual', () => {
		const view = todayView(inputs());
		expect(view.lead).toBe('Mon 30 Mar 2026, in Europe/Berlin');
		expect(view.asOf).toBe('as of 09:30');
		expect(view.totals?.cards).toHaveLength(4);
		expect(view.usual.map((part) => [part.id, part.source, part.title, part.card?.label])).toEqual([
			['move.steps', 'moves', 'Steps', 'Steps by 09:00'],
			['move.active_time', 'moves', 'Active time', 'Active time by 09:00'],
			['move.distance', 'moves', 'Distance', 'Distance by 09:00'],
			['sleep', 'sleeps', 'Last night', 'Last night']
		]);
	});

	it('keeps the cards of one read when the other has nothing yet', () => {
		const view = todayView(
			inputs({ sleeps: { records: undefined, coverage: readCoverage(today, today, today) } })
		);
		expect(view.usual.map((part) => part.card !== null)).toEqual([true, true, true, false]);
		const noMoves = todayView(
			inputs({ moves: { records: undefined, coverage: readCoverage(today, today, today) } })
		);
		expect(noMoves.totals).toBeNull();
		expect(noMoves.usual.map((part) => part.card !== null)).toEqual([false, false, false, true]);
	});
});

describe('a today without records', () => {
	it('points to the latest day that has some, on Activity', () => {
		expect(latestDayPointer(20261115, 20261112)).toEqual({
			text: 'Nothing recorded today. Your latest records are from Thu 12 Nov 2026, 3 days ago.',
			activityDate: '2026-11-12',
			linkText: 'Show Thu 12 Nov 2026 in Activity'
		});
		expect(latestDayPointer(20260101, 20251231)?.text).toBe(
			'Nothing recorded today. Your latest records are from Wed 31 Dec 2025, yesterday.'
		);
	});

	it('points nowhere when today has records or there are none at all', () => {
		expect(latestDayPointer(20261115, null)).toBeNull();
		expect(latestDayPointer(20261115, 20261115)).toBeNull();
	});
});
