import { describe, expect, it } from 'vitest';
import { makeMove, makeSleep, at, BERLIN } from '$lib/metrics/testing/fixtures';
import { addDays } from '$lib/time/zone';
import { eatenOn, headlineCards, headlineRange, latestDayPointer } from './today';

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
});

describe('headline cards', () => {
	const today = 20260330;
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
	const night = makeSleep({
		bedtime: at(20260329, 23, 0, BERLIN),
		wake: at(20260330, 7, 0, BERLIN),
		phases: [[30, 2]]
	}).sleep;
	const inputs = {
		moves,
		sleeps: [night],
		dateInt: today,
		asOf: at(today, 18, 5, BERLIN),
		zone: BERLIN,
		system: 'imperial' as const
	};

	it('sets today so far against the usual by the same hour of the same weekday', () => {
		const steps = headlineCards(inputs).find((card) => card.id === 'move.steps');
		expect(steps).toEqual({
			id: 'move.steps',
			label: 'Steps by 18:00',
			value: '1,000',
			average: 'Usually 3,000 by this hour (median of 3 Mondays in the last 4 weeks)',
			change: '-67% vs usual',
			direction: -1
		});
	});

	it('shows distance in the person’s units and last night against the week before', () => {
		const cards = headlineCards(inputs);
		expect(cards.map((card) => card.label)).toEqual([
			'Steps by 18:00',
			'Active time by 18:00',
			'Distance by 18:00',
			'Last night’s sleep'
		]);
		expect(cards[2]?.value).toMatch(/ mi$/);
		expect(cards[3]?.value).toBe('7 h 30 min');
		expect(cards[3]?.average).toBe('No data in the last 7 days');
	});

	it('says so when it is too early to compare or there is nothing to compare with', () => {
		const early = headlineCards({ ...inputs, asOf: at(today, 0, 40, BERLIN) })[0];
		expect(early).toMatchObject({ label: 'Steps', average: 'Too early in the day to compare' });
		const alone = headlineCards({ ...inputs, moves: moves.slice(0, 1) })[0];
		expect(alone?.average).toBe('No Mondays recorded in the last 4 weeks');
		expect(alone?.change).toBeNull();
	});

	it('reads the seven days before today', () => {
		expect(headlineRange(today)).toEqual({ from: 20260323, to: 20260330 });
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
