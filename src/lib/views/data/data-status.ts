// What the Data page says about the offline copy: the sync status, progress, each kind's coverage and the counts, in plain words.
import type { SyncPhase } from '$lib/cache/sync-status.svelte';
import type { SyncProgress } from '$lib/cache/sync';
import type { CacheUsage } from '$lib/cache/schema';
import { LIST_KINDS, RECORD_KINDS, type ListKind } from '$lib/cache/kinds';
import { spanCoverage, type Reads } from '$lib/coverage';
import { countOf, formatInteger, formatShortDay } from '$lib/format';
import { addDays, localDateInt } from '$lib/time/zone';

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

/**
 * The line after a sync: how many records this run fetched (of every kind), and what the browser
 * holds of the three kinds it counts, named, so neither number is taken for the other.
 */
export function syncSummaryText(fetched: number, usage: CacheUsage | undefined): string {
	const run =
		fetched === 0
			? 'Sync finished: nothing new since the last sync'
			: `Sync finished: ${countOf(fetched, 'new or changed record', 'new or changed records')} fetched`;
	if (usage === undefined) return `${run}.`;
	const held = [
		countOf(usage.moves, 'day of activity', 'days of activity'),
		countOf(usage.sleeps, 'sleep', 'sleeps'),
		countOf(usage.workouts, 'workout', 'workouts')
	];
	return `${run}; this browser now holds ${held[0]}, ${held[1]} and ${held[2]}.`;
}

/**
 * Days back from today the Data page judges each kind over: the days whose records a two-year
 * sync (731 days back from its moment) reads whole, a day's records starting the evening before.
 */
export const HELD_DAYS = 728;

/** One kind of record as the Data page lists it: how much is read, and its state in words. */
export interface KindRow {
	kind: string;
	/** `Heart rate` */
	name: string;
	/** `712 of 731 days`, or `–` for a kind the sign-in may not read. */
	days: string;
	/** `All read`, `Still reading`, `Offline: as stored`, `Couldn’t load: …`, `Not granted (meal_read)`. */
	state: string;
	tone: 'ok' | 'busy' | 'stale' | 'failed' | 'off';
}

/** A kind of record the cache keeps, as the Data page needs it. */
export interface KindInfo {
	kind: string;
	/** What a person calls its records in a sentence ("heart rate"). */
	label: string;
	scope: string;
	reads: Reads;
}

/**
 * Each kind's share of the last two years read, and its state: in the coverage model's words, so
 * the Data page says plainly which kind failed, which is still read, and which the sign-in does
 * not allow.
 */
export function kindRows(input: {
	kinds: readonly KindInfo[];
	today: number;
	tz: string;
	/** The scopes granted; null or empty lists none, which grants all. */
	scopes: readonly string[] | null;
	offline: boolean;
	lastSynced: number | null;
}): KindRow[] {
	const { today, scopes } = input;
	return input.kinds.map(({ kind, label, scope, reads }) => {
		const name = label.charAt(0).toUpperCase() + label.slice(1);
		if (scopes !== null && scopes.length > 0 && !scopes.includes(scope)) {
			return { kind, name, days: '–', state: `Not granted (${scope})`, tone: 'off' };
		}
		const coverage = spanCoverage({
			from: addDays(today, -HELD_DAYS),
			to: today,
			today,
			tz: input.tz,
			reads,
			recorded: [],
			offline: input.offline,
			lastSynced: input.lastSynced
		});
		const days = `${formatInteger(coverage.read)} of ${countOf(coverage.total, 'day')}`;
		const status = coverage.status;
		switch (status.kind) {
			case 'complete':
				return { kind, name, days, state: 'All read', tone: 'ok' };
			case 'loading':
				return { kind, name, days, state: 'Still reading', tone: 'busy' };
			case 'stale':
				return { kind, name, days, state: 'Offline: as stored', tone: 'stale' };
			case 'failed':
				return { kind, name, days, state: `Couldn’t load: ${status.reason}`, tone: 'failed' };
		}
	});
}

/**
 * The kinds the cache keeps for this upstream (v.1.0's blood pressure only from a v.1.0 one), in
 * the kinds table's order, with what has been read of each.
 */
export function keptKinds(legacy: boolean, readsOf: (kind: ListKind) => Reads): KindInfo[] {
	return LIST_KINDS.filter((kind) => legacy || !RECORD_KINDS[kind].v10Only).map((kind) => ({
		kind,
		label: RECORD_KINDS[kind].label,
		scope: RECORD_KINDS[kind].scope,
		reads: readsOf(kind)
	}));
}

/**
 * What this browser keeps of a detail fetched on demand, as a count of what is stored and when it
 * comes: `1 night, fetched when you open a night`, `none yet, fetched when you zoom into a day`.
 */
export function detailCount(count: number, one: string, many: string, when: string): string {
	return `${count === 0 ? 'none yet' : countOf(count, one, many)}, fetched when you ${when}`;
}
