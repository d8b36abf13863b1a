// The shape of the browser cache: what each store holds, shared by the IndexedDB and in-memory backends.
import type { DBSchema } from 'idb';
import type { GoalsV11, Mood, MoveTick, Settings, SleepTick, User } from '$lib/api';
import type { ListItems, ListKind, TrendSeries } from '$lib/client';

/** A list record as cached: the validated record plus what the cache needs to find and age it. */
export interface CachedRecord<T> {
	xid: string;
	/** The record's `date` (for a sleep, its wake date), `YYYYMMDD`. */
	date: number;
	/** When it was fetched, server epoch seconds. */
	fetchedAt: number;
	record: T;
}

/** The phases of a sleep or the ticks of a move, fetched on demand and kept with their parent. */
export interface CachedTicks<T> {
	/** The parent record's xid. */
	xid: string;
	/** The parent's date, so eviction can drop the oldest first. */
	date: number;
	fetchedAt: number;
	/** The parent's `time_completed` when fetched: a newer parent means the ticks changed. */
	sourceVersion: number;
	items: T[];
}

export type TickKind = 'sleepPhases' | 'moveTicks';
export interface TickItems {
	sleepPhases: SleepTick;
	moveTicks: MoveTick;
}

/** Records the API has exactly one of (per user). */
export type DocKind = 'goals' | 'settings' | 'user';
export interface DocValues {
	goals: GoalsV11;
	settings: Settings;
	user: User;
}
export interface CachedDoc<T> {
	key: 'current';
	fetchedAt: number;
	value: T;
}

export interface CachedTrends {
	/** `${endDate}|${bucketSize}|${numBuckets}` */
	key: string;
	fetchedAt: number;
	value: TrendSeries;
}

/**
 * One day's answer of the mood read (`GET /users/@me/mood?date=`): the day's last mood, or null
 * for a day the API answered empty, so that day is not asked again.
 */
export interface CachedMoodDay {
	/** `YYYYMMDD`, the key. */
	date: number;
	/** When the API answered for this day, server epoch seconds. */
	fetchedAt: number;
	mood: Mood | null;
	/** Logged from this dashboard (so it may delete it); kept while the day's mood is the same. */
	loggedHere?: boolean;
}

/** The days of moods: read and written by date, and read as a range. */
export interface MoodDayTable extends KeyedTable<CachedMoodDay, number> {
	/** Days `fromDate..toDate` (inclusive) the cache has an answer for, oldest first. */
	between(fromDate: number, toDate: number): Promise<CachedMoodDay[]>;
	/** Forgets a day's answer, so the next read asks the API again. */
	delete(date: number): Promise<void>;
}

/**
 * What the cache holds of one list kind. `coveredFrom..coveredTo` (server epoch seconds) is one
 * interval with no holes: backfill only ever extends it at an edge, so "is this range cached?" is
 * a comparison, not a scan.
 */
export interface SyncState {
	kind: ListKind;
	coveredFrom: number;
	coveredTo: number;
	/** Server time at the start of the last successful sync of this kind. */
	lastSyncedAt: number;
}

/** One store per kind; list records carry a date index (range queries) and a fetch-time index. */
export interface CacheSchema extends DBSchema {
	moves: RecordStore<ListItems['moves']>;
	sleeps: RecordStore<ListItems['sleeps']>;
	workouts: RecordStore<ListItems['workouts']>;
	heartrates: RecordStore<ListItems['heartrates']>;
	bodyEvents: RecordStore<ListItems['bodyEvents']>;
	cardiacEvents: RecordStore<ListItems['cardiacEvents']>;
	meals: RecordStore<ListItems['meals']>;
	sleepPhases: TickStore<SleepTick>;
	moveTicks: TickStore<MoveTick>;
	goals: DocStore<GoalsV11>;
	settings: DocStore<Settings>;
	user: DocStore<User>;
	trends: { key: string; value: CachedTrends };
	moods: { key: number; value: CachedMoodDay };
	meta: { key: ListKind; value: SyncState };
}

interface RecordStore<T> {
	key: string;
	value: CachedRecord<T>;
	indexes: { 'by-date': number; 'by-fetched': number };
}

interface TickStore<T> {
	key: string;
	value: CachedTicks<T>;
	indexes: { 'by-date': number };
}

interface DocStore<T> {
	key: 'current';
	value: CachedDoc<T>;
}

export const LIST_KINDS: readonly ListKind[] = [
	'moves',
	'sleeps',
	'workouts',
	'heartrates',
	'bodyEvents',
	'cardiacEvents',
	'meals'
];
/** The kinds cached since the first version; "last synced" waits for all of them. */
export const CORE_LIST_KINDS: readonly ListKind[] = ['moves', 'sleeps', 'workouts'];
/** The kinds added in database version 6 (heart and body); each needs its own scope. */
export const HEART_BODY_KINDS: readonly ListKind[] = ['heartrates', 'bodyEvents', 'cardiacEvents'];
/** The kinds added after the first version, each behind its own scope: they count once synced. */
export const LATER_LIST_KINDS: readonly ListKind[] = [...HEART_BODY_KINDS, 'meals'];
/** Kinds of v.1.0 only: an upstream speaking v.1.0 has them, and the embedded API beside v.1.1. */
export const V10_ONLY_KINDS: readonly ListKind[] = ['cardiacEvents'];
/** What a sync fetches unless told otherwise: every kind v.1.1 has. */
export const DEFAULT_SYNC_KINDS: readonly ListKind[] = LIST_KINDS.filter(
	(kind) => !V10_ONLY_KINDS.includes(kind)
);

/** The read scope a token needs for each list kind (the API specification's scope list). */
export const LIST_KIND_SCOPES: Readonly<Record<ListKind, string>> = {
	moves: 'move_read',
	sleeps: 'sleep_read',
	workouts: 'move_read',
	heartrates: 'heartrate_read',
	bodyEvents: 'weight_read',
	cardiacEvents: 'heartrate_read',
	meals: 'meal_read'
};
export const TICK_KINDS: readonly TickKind[] = ['sleepPhases', 'moveTicks'];
export const DOC_KINDS: readonly DocKind[] = ['goals', 'settings', 'user'];

/** How many records of each kind the cache holds (for the Data page). */
export interface CacheUsage {
	moves: number;
	sleeps: number;
	workouts: number;
	sleepPhases: number;
	moveTicks: number;
	/** Bytes the origin uses, when the browser reports it. */
	bytes: number | null;
	/** Oldest and newest cached move/sleep date, `YYYYMMDD`. */
	oldestDate: number | null;
	newestDate: number | null;
}

/** What an eviction removed, for the notice shown to the user. */
export interface Eviction {
	/** Records and tick sets removed. */
	removed: number;
	/** Everything dated before this `YYYYMMDD` is gone. */
	before: number;
}

/** The dated records of one list kind. */
export interface RecordTable<T> {
	put(rows: CachedRecord<T>[]): Promise<void>;
	/** Records dated `fromDate..toDate` (inclusive), oldest first. */
	between(fromDate: number, toDate: number): Promise<T[]>;
	/** Forgets one record (the API confirmed its deletion); nothing happens when it is not held. */
	remove(xid: string): Promise<void>;
}

/** A store read and written by key. */
export interface KeyedTable<V, Key> {
	get(key: Key): Promise<V | undefined>;
	put(value: V): Promise<void>;
}

/**
 * The storage the data layer talks to; one implementation over IndexedDB, one in memory. Tables
 * sit in mapped types so that `store.records[kind]` keeps the item type for a generic kind.
 */
export interface CacheStore {
	readonly backend: 'indexeddb' | 'memory';
	readonly records: { [K in ListKind]: RecordTable<ListItems[K]> };
	readonly ticks: { [K in TickKind]: KeyedTable<CachedTicks<TickItems[K]>, string> };
	readonly docs: { [K in DocKind]: KeyedTable<CachedDoc<DocValues[K]>, 'current'> };
	readonly trends: KeyedTable<CachedTrends, string>;
	readonly moods: MoodDayTable;
	readonly syncState: KeyedTable<SyncState, ListKind>;
	/** Frees space: the oldest tick sets first, then the oldest tenth of the dated records. */
	evictOldest(): Promise<Eviction | null>;
	usage(): Promise<CacheUsage>;
	/** Empties every store (the database itself stays, so other tabs keep a valid connection). */
	clear(): Promise<void>;
	close(): void;
}
