import { describe, expect, it } from 'vitest';
import type { CacheUsage } from '$lib/cache/schema';
import {
	detailCount,
	keptKinds,
	kindRows,
	syncProgressText,
	syncStatusText,
	syncSummaryText
} from './data-status';

// 2026-03-30T18:00:00Z: 20:00 in Berlin; 2024-03-29T23:30:00Z is already 30 March in Berlin.
const NOW = Date.UTC(2026, 2, 30, 18) / 1000;
const TWO_YEARS_BACK = Date.UTC(2024, 2, 29, 23, 30) / 1000;

const usage = (moves: number, sleeps: number, workouts: number): CacheUsage => ({
	moves,
	sleeps,
	workouts,
	sleepPhases: 1,
	moveTicks: 0,
	bytes: null,
	oldestDate: null,
	newestDate: null
});

describe('syncStatusText', () => {
	it('says the browser holds no data after a clear, not that it is up to date', () => {
		const text = syncStatusText({
			phase: 'idle',
			error: null,
			lastSynced: null,
			backfilling: false
		});
		expect(text).toBe('No data cached in this browser');
	});

	it('says up to date once a sync has finished', () => {
		const text = syncStatusText({
			phase: 'idle',
			error: null,
			lastSynced: NOW,
			backfilling: false
		});
		expect(text).toBe('Up to date');
	});

	it('does not promise data from a last sync that never happened when offline', () => {
		expect(
			syncStatusText({ phase: 'offline', error: null, lastSynced: null, backfilling: false })
		).toBe('Offline, and no data cached in this browser yet');
	});
});

describe('syncProgressText', () => {
	it('gives a backfill as a percentage with the dates it covers, in the user’s zone', () => {
		const progress = { windowsDone: 6, windowsTotal: 92, records: 120, backfilling: true };
		expect(syncProgressText({ ...progress, from: TWO_YEARS_BACK, to: NOW }, 'Europe/Berlin')).toBe(
			'6% of 30 Mar 2024 to 30 Mar 2026'
		);
		expect(syncProgressText({ ...progress, from: TWO_YEARS_BACK, to: NOW }, 'UTC')).toBe(
			'6% of 29 Mar 2024 to 30 Mar 2026'
		);
	});

	it('gives a catch-up run without dates as a plain percentage', () => {
		expect(
			syncProgressText({ windowsDone: 1, windowsTotal: 4, records: 3, backfilling: false }, 'UTC')
		).toBe('25% done');
	});
});

describe('syncSummaryText', () => {
	it('names the records this run fetched apart from all the browser holds', () => {
		expect(syncSummaryText(899, usage(731, 1047, 18))).toBe(
			'Sync finished: 899 new or changed records fetched; this browser now holds 731 days of activity, 1,047 sleeps and 18 workouts.'
		);
	});

	it('says when a sync found nothing new', () => {
		expect(syncSummaryText(0, undefined)).toBe('Sync finished: nothing new since the last sync.');
	});
});

describe('kindRows', () => {
	// Friday 27 Nov 2026 in Berlin, 09:30.
	const today = 20261127;
	const now = Date.UTC(2026, 10, 27, 8, 30) / 1000;
	// What a two-year sync reads: from 731 days before its moment.
	const twoYears = { start: now - 731 * 86_400, end: now };
	const base = { today, tz: 'Europe/Berlin', scopes: null, offline: false, lastSynced: now };

	it('says each kind’s days read of the two years, and its state in the coverage’s words', () => {
		const rows = kindRows({
			...base,
			kinds: [
				{
					kind: 'moves',
					label: 'activity',
					scope: 'move_read',
					reads: { read: [twoYears], failed: [] }
				},
				{
					kind: 'heartrates',
					label: 'heart rate',
					scope: 'heartrate_read',
					reads: {
						read: [{ start: Date.UTC(2026, 10, 20) / 1000, end: now }],
						failed: [
							{
								start: Date.UTC(2024, 10, 20) / 1000,
								end: Date.UTC(2026, 10, 20) / 1000,
								reason: 'Injected server error.'
							}
						]
					}
				},
				{ kind: 'meals', label: 'meals', scope: 'meal_read', reads: { read: [], failed: [] } }
			]
		});
		// 29 Nov 2024 to 27 Nov 2026: 729 days. Heart rate is read from 20 Nov 00:00 UTC (01:00 in
		// Berlin); a day's records may start the evening before, so 22 to 27 November are read: 6 days.
		expect(rows).toEqual([
			{ kind: 'moves', name: 'Activity', days: '729 of 729 days', state: 'All read', tone: 'ok' },
			{
				kind: 'heartrates',
				name: 'Heart rate',
				days: '6 of 729 days',
				state: 'Couldn’t load: Injected server error.',
				tone: 'failed'
			},
			{ kind: 'meals', name: 'Meals', days: '0 of 729 days', state: 'Still reading', tone: 'busy' }
		]);
	});

	it('names a kind the sign-in may not read, and says offline what is stored', () => {
		const kinds = [
			{
				kind: 'meals',
				label: 'meals',
				scope: 'meal_read',
				reads: { read: [twoYears], failed: [] }
			},
			{ kind: 'moves', label: 'activity', scope: 'move_read', reads: { read: [], failed: [] } }
		];
		expect(kindRows({ ...base, kinds, scopes: ['move_read'] })[0]).toMatchObject({
			days: '–',
			state: 'Not granted (meal_read)',
			tone: 'off'
		});
		expect(kindRows({ ...base, kinds, offline: true })[1]).toMatchObject({
			days: '0 of 729 days',
			state: 'Offline: as stored',
			tone: 'stale'
		});
	});
});

describe('detailCount', () => {
	it('counts what is stored and says when more comes, never as missing data', () => {
		expect(detailCount(1, 'night', 'nights', 'open a night')).toBe(
			'1 night, fetched when you open a night'
		);
		expect(detailCount(0, 'day', 'days', 'zoom into a day')).toBe(
			'none yet, fetched when you zoom into a day'
		);
	});
});

describe('keptKinds', () => {
	it('lists every kind the cache keeps, blood pressure only from a v.1.0 upstream', () => {
		const none = () => ({ read: [], failed: [] });
		expect(keptKinds(false, none).map((kind) => kind.label)).toEqual([
			'activity',
			'sleep',
			'workouts',
			'heart rate',
			'weigh-ins',
			'meals'
		]);
		expect(keptKinds(true, none).map((kind) => kind.kind)).toContain('cardiacEvents');
	});
});
