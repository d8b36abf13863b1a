import { describe, expect, it } from 'vitest';
import type { Mood } from '$lib/api';
import { ordinaryNight, workdayMove } from '$lib/metrics/testing/fixtures';
import { moodCoverage, moodLegend, moodModel, parseMoodView } from './mood-view';

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

/** A month read to its end on the 25th. */
function readMonth(logged: number[], answered?: number[]): ReturnType<typeof moodCoverage> {
	return moodCoverage({
		from: 20260301,
		to: 20260325,
		today: 20260325,
		answered: new Set(answered ?? Array.from({ length: 25 }, (_, i) => 20260301 + i)),
		logged: new Set(logged),
		offline: false,
		error: null,
		lastSynced: 1_774_450_000
	});
}

describe('moodCoverage', () => {
	it('calls a day answered with a mood finished, one answered without none, today under way', () => {
		const coverage = readMonth([20260323]);
		expect(coverage.status).toEqual({ kind: 'complete' });
		expect(coverage.states[22]).toBe('finished');
		expect(coverage.states[0]).toBe('none');
		expect(coverage.states[24]).toBe('underway');
		expect([coverage.read, coverage.total, coverage.pending]).toEqual([25, 25, false]);
		expect(coverage.asOf).toBe(1_774_450_000);
	});

	it('keeps a day not answered "not read yet" while the range is read', () => {
		const coverage = readMonth([], [20260324, 20260325]);
		expect(coverage.states.slice(0, 2)).toEqual(['unread', 'unread']);
		expect(coverage.states.slice(23)).toEqual(['none', 'underway']);
		expect(coverage.status).toEqual({ kind: 'loading' });
		expect([coverage.read, coverage.total, coverage.pending]).toEqual([2, 25, true]);
	});

	it('offline, shows what is stored as stale, the days never read still not read yet', () => {
		const coverage = moodCoverage({
			from: 20260301,
			to: 20260331,
			today: 20260325,
			answered: new Set([20260310]),
			logged: new Set([20260310]),
			offline: true,
			error: 'The data service cannot be reached right now.',
			lastSynced: 1_774_400_000
		});
		expect(coverage.status).toEqual({ kind: 'stale', since: 1_774_400_000 });
		expect(coverage.states[9]).toBe('finished');
		expect(coverage.states[0]).toBe('unread');
		expect(coverage.states[30]).toBe('future');
		expect(coverage.pending).toBe(false);
		expect(coverage.asOf).toBeNull();
	});

	it('calls the days a failed read did not answer failed, with the reason', () => {
		const coverage = moodCoverage({
			from: 20260301,
			to: 20260303,
			today: 20260303,
			answered: new Set([20260303]),
			logged: new Set(),
			offline: false,
			error: 'Broken.',
			lastSynced: null
		});
		expect(coverage.states).toEqual(['failed', 'failed', 'underway']);
		expect(coverage.status).toEqual({ kind: 'failed', reason: 'Broken.' });
	});
});

describe('moodModel', () => {
	const base = {
		sleeps: [],
		moves: [],
		period: { from: 20260301, to: 20260331 },
		today: 20260325,
		label: 'Mar 2026'
	};

	it('sets each day beside its night and steps, and lists only the days so far', () => {
		const model = moodModel({
			...base,
			moods: [{ mood: mood(20260323, 8, 'Good'), loggedHere: false }],
			sleeps: [ordinaryNight.sleep],
			moves: [workdayMove],
			day: 20260323,
			coverage: readMonth([20260323])
		});
		expect(model.days).toHaveLength(31);
		expect(model.rows).toHaveLength(25);
		expect(model.logged).toBe(1);
		expect(model.subtitle).toBe('Mar 2026 · 1 of 25 days with a mood');
		// The night to Monday 23 March: 425 minutes asleep (ordinaryNight in metrics/testing/fixtures.ts).
		expect(model.chosen?.row).toMatchObject({
			date: 20260323,
			asleep: 425 * 60,
			steps: workdayMove.details.steps
		});
		expect(model.chosen).toMatchObject({
			heading: 'Mon 23 Mar 2026',
			asleep: '7 h 05 min',
			deletable: false
		});
		const row = model.table.rows[22];
		expect(row).toEqual({
			date: '2026-03-23',
			mood: 'Good',
			score: 5,
			title: 'Good',
			asleep: 425,
			steps: workdayMove.details.steps
		});
		expect(model.table.rows[0]).toMatchObject({ mood: 'no mood logged', score: null, steps: null });
	});

	it('scores moods 8 for Amazing down to 1 for Totally Done, as the legend says', () => {
		const model = moodModel({
			...base,
			moods: [
				{ mood: mood(20260301, 1, 'Amazing'), loggedHere: false },
				{ mood: mood(20260302, 7, 'Totally Done'), loggedHere: false }
			],
			day: null,
			coverage: readMonth([20260301, 20260302])
		});
		expect(model.table.rows.slice(0, 2).map((row) => row.score)).toEqual([8, 1]);
		expect(model.table.columns[2]?.label).toBe('Score (8 Amazing … 1 Totally Done)');
		expect(moodLegend(false).map((item) => item.label)).toEqual([
			'Amazing (8)',
			'Pumped (7)',
			'Energized (6)',
			'Good (5)',
			'Meh (4)',
			'Dragging (3)',
			'Exhausted (2)',
			'Totally Done (1)',
			'No mood logged'
		]);
		expect(moodLegend(true).at(-1)?.label).toBe('Not read yet');
	});

	it('writes a titled mood with its name apart, at its own clock time', () => {
		const titled = { ...mood(20260323, 2, 'test mood'), time_created: 1_774_300_380 };
		const model = moodModel({
			...base,
			moods: [{ mood: titled, loggedHere: true }],
			day: 20260323,
			coverage: readMonth([20260323])
		});
		// 1,774,300,380 is 22:13 on 23 March in Berlin (UTC+1).
		expect(model.chosen?.mood).toBe('test mood (Pumped) at 22:13');
		expect(model.chosen?.deletable).toBe(true);
	});

	it('chooses no day after today or outside the period', () => {
		const coverage = readMonth([]);
		expect(moodModel({ ...base, moods: [], day: 20260328, coverage }).chosen).toBeNull();
		expect(moodModel({ ...base, moods: [], day: 20260228, coverage }).chosen).toBeNull();
	});

	it('says "not read yet" for days still being read, apart from "no mood logged"', () => {
		const answered = Array.from({ length: 23 }, (_, i) => 20260303 + i);
		const model = moodModel({
			...base,
			moods: [],
			day: 20260302,
			coverage: readMonth([], answered)
		});
		expect(model.table.rows.slice(0, 3).map((row) => row.mood)).toEqual([
			'not read yet',
			'not read yet',
			'no mood logged'
		]);
		expect(model.chosen).toMatchObject({ mood: 'Not read yet', row: { unread: true } });
		expect(model.days.filter((day) => day.unread)).toHaveLength(2);
		// 3 to 25 March read: 23 days counted, none with a mood.
		expect([model.logged, model.counted, model.unread]).toEqual([0, 23, true]);
	});
});
