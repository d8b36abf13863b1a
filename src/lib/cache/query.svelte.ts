// A reactive, stale-while-revalidate view of one piece of cached data, for pages to read.
import { createSubscriber } from 'svelte/reactivity';
import { ApiError, isAbortError } from '$lib/client';

export type QueryStatus = 'loading' | 'ready' | 'error';

/** A value and when it was fetched (server epoch seconds). */
export interface Stamped<T> {
	value: T;
	fetchedAt: number | null;
}

export interface QuerySource<T> {
	/** What the cache holds, or undefined when it holds nothing yet. */
	cached(): Promise<Stamped<T> | undefined>;
	/** Fetches from the API, stores, and answers the fresh value. */
	fresh(signal: AbortSignal): Promise<Stamped<T>>;
}

export interface QueryOptions {
	/** Whether the first load also fetches (default), or only reads the cache. */
	revalidate?: boolean;
	/**
	 * Called once nothing has read the query for `gcTimeMs`: the layer then forgets it (and the
	 * records it holds). Without it the query lives as long as whoever holds it.
	 */
	onRelease?: () => void;
	/** Default `QUERY_GC_TIME_MS`. */
	gcTimeMs?: number;
}

/** What a page reads of any query to show its state (a Query, or a range query with coverage). */
export interface QueryLike<T> {
	readonly data: T | undefined;
	readonly status: QueryStatus;
	readonly stale: boolean;
	readonly error: string | null;
	readonly missingScope: string | null;
	readonly lastSynced: number | null;
	refresh(): Promise<void>;
}

/** What the layer does with any query it handed out: restart it for another person, refresh it. */
export interface Restartable {
	readonly started: boolean;
	reload(): Promise<void>;
	refresh(): Promise<void>;
	restart(): Promise<void>;
}

/** How long a query no page shows is kept, so going back to a page shows it at once. */
export const QUERY_GC_TIME_MS = 5 * 60_000;

/**
 * Starts nothing when created: the first read of its data (or of `settled`) starts the cache
 * read and the fetch, so a page may create queries in `$derived` without side effects. While an
 * effect (a component's template, say) reads it, it stays; once none has for `gcTimeMs`, it is
 * released.
 */
export class Query<T> {
	// Raw state: records are replaced whole, never mutated, and deep proxies over two years of
	// moves would cost more than the page needs.
	#data = $state.raw<T | undefined>(undefined);
	#status = $state<QueryStatus>('loading');
	#stale = $state(false);
	#lastSynced = $state<number | null>(null);
	#error = $state<string | null>(null);
	#missingScope = $state<string | null>(null);
	#fromCache = $state(false);

	readonly #source: QuerySource<T>;
	readonly #revalidateFirst: boolean;
	readonly #onRelease: (() => void) | undefined;
	readonly #gcTimeMs: number;
	#controller: AbortController | null = null;
	#running: Promise<void> | null = null;
	#started = false;
	/** Whether an effect reads it now (counted by `createSubscriber`). */
	#observed = false;
	#gcTimer: ReturnType<typeof setTimeout> | null = null;
	readonly #subscribe = createSubscriber(() => {
		this.#observed = true;
		this.#cancelGc();
		return () => {
			this.#observed = false;
			this.#scheduleGc();
		};
	});
	/** Bumped by `restart()`: a read begun before it shows nothing when it lands. */
	#epoch = 0;

	constructor(source: QuerySource<T>, options: QueryOptions = {}) {
		this.#source = source;
		this.#revalidateFirst = options.revalidate ?? true;
		this.#onRelease = options.onRelease;
		this.#gcTimeMs = options.gcTimeMs ?? QUERY_GC_TIME_MS;
		// Created and never read: released like one no page shows any more.
		this.#scheduleGc();
	}

	/** The latest value: cached at first, then fresh. */
	get data(): T | undefined {
		this.#read();
		return this.#data;
	}
	get status(): QueryStatus {
		this.#read();
		return this.#status;
	}
	/** True while the value shown comes from the cache and a fresh one has not (yet) arrived. */
	get stale(): boolean {
		this.#read();
		return this.#stale;
	}
	/** When the value shown was fetched from the API (server epoch seconds). */
	get lastSynced(): number | null {
		this.#read();
		return this.#lastSynced;
	}
	get error(): string | null {
		this.#read();
		return this.#error;
	}
	/** The scope the token lacks when the API refused with 403. */
	get missingScope(): string | null {
		this.#read();
		return this.#missingScope;
	}
	/** Whether the current value was read from the cache (not yet replaced by a fresh one). */
	get fromCache(): boolean {
		this.#read();
		return this.#fromCache;
	}

	/** Settles when the current load (cache read and revalidation) is done; starts it if need be. */
	get settled(): Promise<void> {
		this.#read();
		return this.#running ?? Promise.resolve();
	}

	/** Whether anything has read it yet (and so started its load). */
	get started(): boolean {
		return this.#started;
	}

	/** Fetches again; the value shown stays until the new one arrives. */
	refresh(): Promise<void> {
		if (!this.#started) return this.settled;
		this.#controller?.abort();
		this.#running = this.#revalidate();
		return this.#running;
	}

	/**
	 * Re-reads the cache only (after a sync stored records this query shows). An emptied cache
	 * (Clear cached data) takes the query back to loading, with nothing shown.
	 */
	async reload(): Promise<void> {
		// Not read yet: its first read will find what the cache holds then.
		if (!this.#started) return;
		const epoch = this.#epoch;
		const cached = await this.#source.cached();
		if (epoch !== this.#epoch) return;
		if (cached) {
			this.#show(cached, this.#stale);
			return;
		}
		this.#data = undefined;
		this.#lastSynced = null;
		this.#stale = false;
		this.#status = 'loading';
	}

	/**
	 * Forgets what it shows and loads again from the start: the cache behind it now belongs to
	 * someone else (or to nobody), and nothing read before may show.
	 */
	restart(): Promise<void> {
		if (!this.#started) return Promise.resolve();
		this.#controller?.abort();
		this.#epoch++;
		this.#data = undefined;
		this.#status = 'loading';
		this.#stale = false;
		this.#lastSynced = null;
		this.#error = null;
		this.#missingScope = null;
		this.#fromCache = false;
		this.#running = this.#run(true);
		return this.#running;
	}

	/** Stops any request in flight. */
	dispose(): void {
		this.#controller?.abort();
		this.#cancelGc();
	}

	/** A read of its state: counts who observes it, and starts the first load. */
	#read(): void {
		this.#subscribe();
		if (!this.#observed) this.#scheduleGc();
		if (this.#started) return;
		this.#started = true;
		this.#running = this.#run(this.#revalidateFirst);
	}

	#scheduleGc(): void {
		if (this.#onRelease === undefined) return;
		this.#cancelGc();
		this.#gcTimer = setTimeout(() => {
			this.#gcTimer = null;
			if (this.#observed) return;
			this.dispose();
			this.#onRelease?.();
		}, this.#gcTimeMs);
	}

	#cancelGc(): void {
		if (this.#gcTimer === null) return;
		clearTimeout(this.#gcTimer);
		this.#gcTimer = null;
	}

	async #run(revalidate: boolean): Promise<void> {
		// The API is asked while the cache is read: on a first visit the cache takes longer to
		// open than the answer takes to come, and a value read from the cache never replaces one
		// that came from the API.
		const cacheRead = this.#readCache(this.#epoch);
		if (revalidate) await this.#revalidate(cacheRead);
		await cacheRead;
		if (!revalidate && this.#data !== undefined) this.#stale = false;
	}

	async #readCache(epoch: number): Promise<void> {
		try {
			const cached = await this.#source.cached();
			if (epoch !== this.#epoch) return;
			if (cached && this.#data === undefined) {
				this.#show(cached, true);
				this.#fromCache = true;
			}
		} catch (error) {
			if (epoch !== this.#epoch) return;
			// A cache that cannot be read is not fatal: the network may still answer.
			if (this.#data === undefined && this.#error === null) this.#error = messageOf(error);
		}
	}

	/** Asks the API; a failure is said once `cacheRead` is over, so a kept copy shows (stale) instead. */
	async #revalidate(cacheRead: Promise<void> = Promise.resolve()): Promise<void> {
		const controller = new AbortController();
		this.#controller = controller;
		try {
			const fresh = await this.#source.fresh(controller.signal);
			if (controller.signal.aborted) return;
			this.#show(fresh, false);
			this.#fromCache = false;
			this.#error = null;
			this.#missingScope = null;
		} catch (error) {
			if (isAbortError(error) || controller.signal.aborted) return;
			await cacheRead;
			if (controller.signal.aborted) return;
			this.#error = messageOf(error);
			this.#missingScope = error instanceof ApiError ? (error.missingScope ?? null) : null;
			// The last good copy stays on screen, marked stale; without one the query has failed.
			if (this.#data === undefined) this.#status = 'error';
			else this.#stale = true;
		}
	}

	#show(stamped: Stamped<T>, stale: boolean): void {
		this.#data = stamped.value;
		this.#lastSynced = stamped.fetchedAt;
		this.#stale = stale;
		this.#status = 'ready';
	}
}

/** A sentence for the page from whatever was thrown. */
export function messageOf(error: unknown): string {
	if (error instanceof ApiError) {
		if (error.status === 401) return 'Sign in to load your data.';
		if (error.missingScope) return `Access to this data was not granted (${error.missingScope}).`;
		if (error.isUnreachable) return 'The data service cannot be reached right now.';
		return error.detail;
	}
	return error instanceof Error ? error.message : String(error);
}
