// What the Data page says about the offline copy: the sync status, progress and counts in plain words.
import type { SyncPhase } from '$lib/cache/sync-status.svelte';
import type { SyncProgress } from '$lib/cache/sync';
import type { CacheUsage } from '$lib/cache/schema';
import { countOf, formatShortDay } from '$lib/format';
import { localDateInt } from '$lib/time/zone';

export interface StatusInput {
	phase: SyncPhase;
	error: string | null;
	/** Server time of the last successful sync, or null (never synced, or cleared since). */
	lastSynced: number | null;
	backfilling: boolean;
}

/**
 * The status line. With nothing cached (never synced here, or just cleared), it says so rather
 * than "Up to date": an empty copy is not a current one.
 */
export function syncStatusText(status: StatusInput): string {
	switch (status.phase) {
		case 'starting':
			return 'Opening the offline copy…';
		case 'syncing':
			return status.backfilling ? 'Fetching your history…' : 'Checking for new data…';
		case 'idle':
			if (status.error !== null) return status.error;
			return status.lastSynced === null ? 'No data cached in this browser' : 'Up to date';
		case 'offline':
			return status.lastSynced === null
				? 'Offline, and no data cached in this browser yet'
				: 'Offline: showing the data from the last sync';
		case 'error':
			return `Sync failed: ${status.error ?? 'unknown error'}. Showing the data from the last sync.`;
		case 'signed-out':
			return 'Sign in to load your data.';
	}
}

/**
 * Progress as a share of the run's work, with the dates it covers when it fills history:
 * `34% of 30 Mar 2024 to 30 Mar 2026`.
 */
export function syncProgressText(progress: SyncProgress, zone: string): string {
	const share = progress.windowsTotal === 0 ? 1 : progress.windowsDone / progress.windowsTotal;
	const percent = `${Math.floor(share * 100)}%`;
	if (progress.from === undefined || progress.to === undefined) return `${percent} done`;
	const from = localDateInt(progress.from, zone);
	const to = localDateInt(progress.to, zone);
	return `${percent} of ${dayWithYear(from)} to ${dayWithYear(to)}`;
}

function dayWithYear(dateInt: number): string {
	return `${formatShortDay(dateInt)} ${Math.floor(dateInt / 10000)}`;
}

/** Every record the copy holds (days of activity, sleeps and naps, workouts). */
export function cachedRecords(usage: CacheUsage): number {
	return usage.moves + usage.sleeps + usage.workouts;
}

/**
 * The line after a sync: how many records this run fetched, and how many the browser holds in
 * all, so the two numbers are never mistaken for each other.
 */
export function syncSummaryText(fetched: number, usage: CacheUsage | undefined): string {
	const run =
		fetched === 0
			? 'Sync finished: nothing new since the last sync'
			: `Sync finished: ${countOf(fetched, 'new or changed record', 'new or changed records')} fetched`;
	if (usage === undefined) return `${run}.`;
	return `${run}; this browser now holds ${countOf(cachedRecords(usage), 'record', 'records')} in all.`;
}
