// The registry of detail queries: one record's ticks or foods, the person's documents, trend series.
import type { GoalsV11, Meal, MealItem, Settings, Sleep, SleepTick, User } from '$lib/api';
import type { Move, MoveTick, Workout, WorkoutTick } from '$lib/api';
import type { ApiClient, TrendSeries, TrendsQuery } from '$lib/client';
import { keepLater, type LayerQuerySource } from './layer-query';
import { QueryMemo } from './query-memo';
import { Query, type Restartable, type Stamped } from './query.svelte';
import type { CacheStore, CacheUsage, DocKind, DocValues, TickItems, TickKind } from './schema';

export interface DetailsOptions {
	client: ApiClient;
	query: <T>(source: LayerQuerySource<T>) => Query<T>;
	store: () => Promise<CacheStore>;
	serverNow: () => number;
	/** When the cache was last synced, for the cache usage's stamp. */
	lastSynced: () => number | null;
}

/** A record whose details are asked by its id, and fetched again when it grew. */
interface Parent {
	xid: string;
	date: number;
	time_completed: number;
}

/**
 * Queries of one thing each: the phases of a sleep, the ticks of a move or a workout, the foods of
 * a meal, the goals, settings and user, a trend series. The same arguments return the same Query
 * while something reads it (and for its gc time after).
 */
export class Details {
	readonly #sleepPhases = new QueryMemo<Query<SleepTick[]>>();
	readonly #moveTicks = new QueryMemo<Query<MoveTick[]>>();
	readonly #workoutTicks = new QueryMemo<Query<WorkoutTick[]>>();
	readonly #mealItems = new QueryMemo<Query<MealItem[]>>();
	readonly #trends = new QueryMemo<Query<TrendSeries>>();
	#goals: Query<GoalsV11> | null = null;
	#settings: Query<Settings> | null = null;
	#user: Query<User> | null = null;
	readonly #options: DetailsOptions;

	constructor(options: DetailsOptions) {
		this.#options = options;
	}

	/** Every detail query handed out and still kept. */
	queries(): Restartable[] {
		return [
			this.#goals,
			this.#settings,
			this.#user,
			...this.#trends.values(),
			...this.#sleepPhases.values(),
			...this.#moveTicks.values(),
			...this.#workoutTicks.values(),
			...this.#mealItems.values()
		].filter((query) => query !== null);
	}

	/** The phases of one sleep (fetched on first use, then served from the cache). */
	sleepPhases(sleep: Sleep): Query<SleepTick[]> {
		const key = `${sleep.xid}@${sleep.time_completed}`;
		return this.#sleepPhases.get(key, () =>
			this.#ticks('sleepPhases', sleep, this.#sleepPhases, key, (xid, signal) =>
				this.#options.client.sleepTicks(xid, { signal })
			)
		);
	}

	/** The minute ticks of one move (fetched on first use; refetched when the move has grown). */
	moveTicks(move: Move): Query<MoveTick[]> {
		const key = `${move.xid}@${move.time_completed}`;
		return this.#moveTicks.get(key, () =>
			this.#ticks('moveTicks', move, this.#moveTicks, key, (xid, signal) =>
				this.#options.client.moveTicks(xid, { signal })
			)
		);
	}

	/**
	 * The ticks of one workout, fetched on first use and kept for the session (not stored in
	 * IndexedDB: a workout is opened one at a time, and its ticks are fetched again when it grew).
	 */
	workoutTicks(workout: Workout): Query<WorkoutTick[]> {
		const key = `${workout.xid}@${workout.time_completed}`;
		return this.#workoutTicks.get(key, () =>
			this.#kept(this.#workoutTicks, key, (signal) =>
				this.#options.client.workoutTicks(workout.xid, { signal })
			)
		);
	}

	/**
	 * The foods and drinks of one meal: one request per meal, so a page asks only for the meals of
	 * the day it shows. Kept for the session (not stored in IndexedDB), and fetched again when the
	 * meal was edited since.
	 */
	mealItems(meal: Meal): Query<MealItem[]> {
		const key = `${meal.xid}@${meal.time_updated}`;
		return this.#mealItems.get(key, () =>
			this.#kept(this.#mealItems, key, async (signal) => {
				const full = await this.#options.client.meal(meal.xid, { signal });
				return full.items.items;
			})
		);
	}

	goals(): Query<GoalsV11> {
		this.#goals ??= this.#doc(
			'goals',
			(signal) => this.#options.client.goals({ signal }),
			(q) => {
				if (this.#goals === q) this.#goals = null;
			}
		);
		return this.#goals;
	}

	settings(): Query<Settings> {
		this.#settings ??= this.#doc(
			'settings',
			(signal) => this.#options.client.settings({ signal }),
			(q) => {
				if (this.#settings === q) this.#settings = null;
			}
		);
		return this.#settings;
	}

	user(): Query<User> {
		this.#user ??= this.#doc(
			'user',
			(signal) => this.#options.client.user({ signal }),
			(q) => {
				if (this.#user === q) this.#user = null;
			}
		);
		return this.#user;
	}

	/** Re-reads the goals from the cache at once, then asks the API for the goals and settings. */
	async refreshGoals(): Promise<void> {
		await this.#goals?.reload();
		// The fresh goals carry today's remainders against the new goal; settings repeat them.
		await Promise.all([this.#goals?.refresh(), this.#settings?.refresh()]);
	}

	/** A trends series; more than 100 buckets are fetched by following `links.next`. */
	trends(query: TrendsQuery): Query<TrendSeries> {
		const key = `${query.endDate ?? 'today'}|${query.bucketSize}|${query.numBuckets}`;
		return this.#trends.get(key, () =>
			this.#options.query({
				release: (released) => this.#trends.delete(key, released),
				cached: async (store) => {
					const entry = await store.trends.get(key);
					return entry && { value: entry.value, fetchedAt: entry.fetchedAt };
				},
				fresh: async (store, signal) => {
					const value = await this.#options.client.trends(query, { signal });
					const fetchedAt = this.#options.serverNow();
					keepLater(store.then((opened) => opened.trends.put({ key, fetchedAt, value })));
					return { value, fetchedAt };
				}
			})
		);
	}

	/** How much the cache holds (read from the cache only; `refresh()` counts again). */
	cacheUsage(): Query<CacheUsage> {
		const read = async (): Promise<Stamped<CacheUsage>> => {
			const store = await this.#options.store();
			return { value: await store.usage(), fetchedAt: this.#options.lastSynced() };
		};
		return new Query<CacheUsage>({ cached: read, fresh: read }, { revalidate: false });
	}

	/** A query whose value is fetched once and kept for the session (not stored). */
	#kept<T>(
		memo: QueryMemo<Query<T>>,
		key: string,
		fetchValue: (signal: AbortSignal) => Promise<T>
	): Query<T> {
		let kept: Stamped<T> | undefined;
		return this.#options.query<T>({
			cached: () => Promise.resolve(kept),
			fresh: async (_store, signal) => {
				if (kept) return kept;
				kept = { value: await fetchValue(signal), fetchedAt: this.#options.serverNow() };
				return kept;
			},
			release: (query) => memo.delete(key, query)
		});
	}

	#ticks<K extends TickKind>(
		kind: K,
		parent: Parent,
		memo: QueryMemo<Query<TickItems[K][]>>,
		key: string,
		fetchTicks: (xid: string, signal: AbortSignal) => Promise<TickItems[K][]>
	): Query<TickItems[K][]> {
		return this.#options.query<TickItems[K][]>({
			release: (query) => memo.delete(key, query),
			cached: async (store) => {
				const entry = await store.ticks[kind].get(parent.xid);
				return entry && { value: entry.items, fetchedAt: entry.fetchedAt };
			},
			fresh: async (opening, signal) => {
				const store = await opening;
				// Ticks of a finished record never change: the cached copy is fresh while its parent
				// has not grown since (a move of today keeps growing; its time_completed says so).
				const entry = await store.ticks[kind].get(parent.xid);
				if (entry && entry.sourceVersion === parent.time_completed) {
					return { value: entry.items, fetchedAt: entry.fetchedAt };
				}
				const items = await fetchTicks(parent.xid, signal);
				const fetchedAt = this.#options.serverNow();
				await store.ticks[kind].put({
					xid: parent.xid,
					date: parent.date,
					fetchedAt,
					sourceVersion: parent.time_completed,
					items
				});
				return { value: items, fetchedAt };
			}
		});
	}

	#doc<K extends DocKind>(
		kind: K,
		fetchDoc: (signal: AbortSignal) => Promise<DocValues[K]>,
		release: (query: Query<DocValues[K]>) => void
	): Query<DocValues[K]> {
		return this.#options.query<DocValues[K]>({
			release,
			cached: async (store) => {
				const entry = await store.docs[kind].get('current');
				return entry && { value: entry.value, fetchedAt: entry.fetchedAt };
			},
			fresh: async (store, signal) => {
				const value = await fetchDoc(signal);
				const fetchedAt = this.#options.serverNow();
				keepLater(
					store.then((opened) => opened.docs[kind].put({ key: 'current', fetchedAt, value }))
				);
				return { value, fetchedAt };
			}
		});
	}
}
