// A reactive, stale-while-revalidate view of one piece of cached data, for pages to read.
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
	#controller: AbortController | null = null;
	#running: Promise<void> | null = null;
	/** Bumped by `restart()`: a read begun before it shows nothing when it lands. */
	#epoch = 0;

	constructor(source: QuerySource<T>, options: { revalidate?: boolean } = {}) {
		this.#source = source;
		this.#running = this.#run(options.revalidate ?? true);
	}

	/** The latest value: cached at first, then fresh. */
	get data(): T | undefined {
		return this.#data;
	}
	get status(): QueryStatus {
		return this.#status;
	}
	/** True while the value shown comes from the cache and a fresh one has not (yet) arrived. */
	get stale(): boolean {
		return this.#stale;
	}
	/** When the value shown was fetched from the API (server epoch seconds). */
	get lastSynced(): number | null {
		return this.#lastSynced;
	}
	get error(): string | null {
		return this.#error;
	}
	/** The scope the token lacks when the API refused with 403. */
	get missingScope(): string | null {
		return this.#missingScope;
	}
	/** Whether the current value was read from the cache (not yet replaced by a fresh one). */
	get fromCache(): boolean {
		return this.#fromCache;
	}

	/** Settles when the current load (cache read and revalidation) is done. */
	get settled(): Promise<void> {
		return this.#running ?? Promise.resolve();
	}

	/** Fetches again; the value shown stays until the new one arrives. */
	refresh(): Promise<void> {
		this.#controller?.abort();
		this.#running = this.#revalidate();
		return this.#running;
	}

	/**
	 * Re-reads the cache only (after a sync stored records this query shows). An emptied cache
	 * (Clear cached data) takes the query back to loading, with nothing shown.
	 */
	async reload(): Promise<void> {
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
	}

	async #run(revalidate: boolean): Promise<void> {
		const epoch = this.#epoch;
		try {
			const cached = await this.#source.cached();
			if (epoch !== this.#epoch) return;
			if (cached) {
				this.#show(cached, true);
				this.#fromCache = true;
			}
		} catch (error) {
			if (epoch !== this.#epoch) return;
			// A cache that cannot be read is not fatal: the network may still answer.
			this.#error = messageOf(error);
		}
		if (revalidate) await this.#revalidate();
		else if (this.#data !== undefined) this.#stale = false;
	}

	async #revalidate(): Promise<void> {
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
