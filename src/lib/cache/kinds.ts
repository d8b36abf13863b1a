// One table of the record kinds the cache keeps by date: what each needs to be read, stored and synced.
import type { ListItems, ListKind } from '$lib/client';
import type { QueryMemo } from './query-memo';
import type { RangeQuery } from './range-query.svelte';
import type { RecordTable } from './schema';

/** What the cache and the sync need to know of one list kind. */
export interface KindEntry {
	/** The read scope a token needs (the specification's scope list). */
	readonly scope: string;
	/** What a person calls its records in a sentence ("Couldn't load sleep"). */
	readonly label: string;
	/**
	 * The version of the cache database that added its store. The first kinds came with version 1;
	 * a new kind takes the next version and its store is created by that upgrade (idb-store.ts).
	 */
	readonly since: number;
	/** "Last synced" waits for it: the kinds every token reads (the others need their own scope). */
	readonly core: boolean;
	/** Of v.1.0 only: an upstream speaking v.1.0 has it, and the embedded API beside v.1.1. */
	readonly v10Only: boolean;
	/**
	 * Backfill window widths in days (sync.ts): over the recent four weeks, about one page of
	 * records each; beyond them, wider windows that walk their pages.
	 */
	readonly windowDays: number;
	readonly olderWindowDays: number;
}

/** Every list kind the cache keeps. Adding a kind: an entry here, its schema, its view (docs/guide.md). */
export const RECORD_KINDS: Readonly<Record<ListKind, KindEntry>> = {
	// One move a day: 10-day windows fill every page and stay narrow.
	moves: {
		scope: 'move_read',
		label: 'activity',
		since: 1,
		core: true,
		v10Only: false,
		windowDays: 10,
		olderWindowDays: 10
	},
	// A night plus the odd nap; older history in long windows that walk their pages.
	sleeps: {
		scope: 'sleep_read',
		label: 'sleep',
		since: 1,
		core: true,
		v10Only: false,
		windowDays: 9,
		olderWindowDays: 120
	},
	// A workout every few days.
	workouts: {
		scope: 'move_read',
		label: 'workouts',
		since: 1,
		core: true,
		v10Only: false,
		windowDays: 27,
		olderWindowDays: 120
	},
	// At most one resting heart rate a day: narrow windows, many in parallel.
	heartrates: {
		scope: 'heartrate_read',
		label: 'heart rate',
		since: 6,
		core: false,
		v10Only: false,
		windowDays: 10,
		olderWindowDays: 10
	},
	// A weigh-in a week or so: a window of 120 days is about two pages.
	bodyEvents: {
		scope: 'weight_read',
		label: 'weigh-ins',
		since: 6,
		core: false,
		v10Only: false,
		windowDays: 63,
		olderWindowDays: 120
	},
	// Blood pressure readings, taken by hand now and then.
	cardiacEvents: {
		scope: 'heartrate_read',
		label: 'blood pressure',
		since: 6,
		core: false,
		v10Only: true,
		windowDays: 63,
		olderWindowDays: 120
	},
	// Two to four meals a day: three days are about a page.
	meals: {
		scope: 'meal_read',
		label: 'meals',
		since: 8,
		core: false,
		v10Only: false,
		windowDays: 3,
		olderWindowDays: 30
	}
};

function isListKind(key: string): key is ListKind {
	return Object.hasOwn(RECORD_KINDS, key);
}

/** Every list kind, in the table's order. */
export const LIST_KINDS: readonly ListKind[] = Object.keys(RECORD_KINDS).filter(isListKind);

/** The kinds "last synced" waits for. */
export const CORE_LIST_KINDS: readonly ListKind[] = LIST_KINDS.filter(
	(kind) => RECORD_KINDS[kind].core
);

/** What a sync fetches unless told otherwise: every kind v.1.1 has. */
export const DEFAULT_SYNC_KINDS: readonly ListKind[] = LIST_KINDS.filter(
	(kind) => !RECORD_KINDS[kind].v10Only
);

/** What the cache keeps per kind, each typed by the kind's own records. */
export interface PerKind<K extends ListKind> {
	/** A store's table of the kind's records. */
	records: RecordTable<ListItems[K]>;
	/** The range queries of the kind, by dates. */
	ranges: QueryMemo<RangeQuery<ListItems[K]>>;
}

/**
 * One value per kind, each made for the kind's own records: the one place, beside the table,
 * that names every kind (the stores build their tables and the layer its query memos through it).
 */
export function perKind<N extends keyof PerKind<ListKind>>(make: {
	<K extends ListKind>(kind: K): PerKind<K>[N];
}): { [K in ListKind]: PerKind<K>[N] } {
	return {
		moves: make('moves'),
		sleeps: make('sleeps'),
		workouts: make('workouts'),
		heartrates: make('heartrates'),
		bodyEvents: make('bodyEvents'),
		cardiacEvents: make('cardiacEvents'),
		meals: make('meals')
	};
}

export type { ListItems, ListKind };
