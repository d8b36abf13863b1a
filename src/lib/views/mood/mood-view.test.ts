import { describe, expect, it } from 'vitest';
import type { Mood } from '$lib/api';
import { ordinaryNight, workdayMove } from '$lib/metrics/testing/fixtures';
import { moodModel, parseMoodView } from './mood-view';

function mood(date: number, subType: Mood['sub_type'], title: string): Mood {
	return {
		xid: `mood-${date}`,
		title,
		type: 'mood',
		sub_type: subType,
		time_created: 1_774_296_000,
		time_updated: 1_774_296_000,
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		details: { tz: 'Europe/Berlin' }
	};
}

describe('parseMoodView', () => {
	it('reads the span, the date and the chosen day, a month of today by default', () => {
		expect(parseMoodView(new URL('http://x/mood'))).toEqual({
			span: 'month',
			date: null,
			day: null
		});
		expect(
			parseMoodView(new URL('http://x/mood?span=year&date=2026-03-01&day=2026-03-23'))
		).toEqual({ span: 'year', date: 20260301, day: 20260323 });
		expect(parseMoodView(new URL('http://x/mood?span=week&day=nope')).span).toBe('month');
	});
});

describe('moodModel', () => {
	it('sets each day beside its night and steps, and lists only the days so far', () => {
		const model = moodModel({
			moods: [{ mood: mood(20260323, 8, 'Good'), loggedHere: false }],
			sleeps: [ordinaryNight.sleep],
			moves: [workdayMove],
			period: { from: 20260301, to: 20260331 },
			today: 20260325,
			day: 20260323
		});
		expect(model.days).toHaveLength(31);
		expect(model.rows).toHaveLength(25);
		expect(model.logged).toBe(1);
		// The night to Monday 23 March: 425 minutes asleep (ordinaryNight in metrics/testing/fixtures.ts).
		expect(model.chosen).toMatchObject({
			date: 20260323,
			asleep: 425 * 60,
			steps: workdayMove.details.steps
		});
		const row = model.table.rows[22];
		expect(row).toEqual({
			date: 'Mon 23 Mar',
			mood: 'Good',
			rank: 4,
			title: 'Good',
			asleep: 425,
			steps: workdayMove.details.steps
		});
		expect(model.table.rows[0]).toMatchObject({ mood: 'no mood logged', rank: null, steps: null });
	});

	it('chooses no day after today or outside the period', () => {
		const base = {
			moods: [],
			sleeps: [],
			moves: [],
			period: { from: 20260301, to: 20260331 },
			today: 20260325
		};
		expect(moodModel({ ...base, day: 20260328 }).chosen).toBeNull();
		expect(moodModel({ ...base, day: 20260228 }).chosen).toBeNull();
	});

	it('says "not read yet" in the table for days still being read, apart from "no mood logged"', () => {
		const model = moodModel({
			moods: [],
			sleeps: [],
			moves: [],
			period: { from: 20260301, to: 20260331 },
			today: 20260325,
			day: 20260302,
			unread: new Set([20260301, 20260302])
		});
		expect(model.table.rows.slice(0, 3).map((row) => row.mood)).toEqual([
			'not read yet',
			'not read yet',
			'no mood logged'
		]);
		expect(model.chosen).toMatchObject({ date: 20260302, unread: true, mood: null });
		expect(model.days.filter((day) => day.unread)).toHaveLength(2);
		// 3 to 25 March read: 23 days counted, none with a mood.
		expect([model.logged, model.counted]).toEqual([0, 23]);
	});
});
