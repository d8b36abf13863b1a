import { describe, expect, it } from 'vitest';
import type { CacheUsage } from '$lib/cache/schema';
import { syncProgressText, syncStatusText, syncSummaryText } from './data-status';

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
			'Sync finished: 899 new or changed records fetched; this browser now holds 1,796 records in all.'
		);
	});

	it('says when a sync found nothing new', () => {
		expect(syncSummaryText(0, undefined)).toBe('Sync finished: nothing new since the last sync.');
	});
});
