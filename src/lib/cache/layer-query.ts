// How the data layer makes a query over the cache: read it there, else fetch it (and store it) fresh.
import type { Account } from './account.svelte';
import { Query, type QuerySource, type Stamped } from './query.svelte';
import type { CacheStore } from './schema';

/** A query over the cache of the person shown. */
export interface LayerQuerySource<T> {
	cached: (store: CacheStore) => Promise<Stamped<T> | undefined>;
	/**
	 * Asks the API. The cache is handed as a promise: on a first visit it opens after the answer
	 * has come, and an answer that needs nothing from it shows without waiting (`keepLater`).
	 */
	fresh: (store: Promise<CacheStore>, signal: AbortSignal) => Promise<Stamped<T>>;
	/**
	 * Forgets the query once nothing has read it for the gc time (query.svelte.ts); without
	 * it the query lives as long as the layer.
	 */
	release?: (query: Query<T>) => void;
}

/**
 * The queries of one layer: each reads the cache shown at the time, fetches only for someone
 * signed in, and a 401 ends the grant (the page then asks to sign in).
 */
export function layerQueries(options: {
	account: Account;
	store: () => Promise<CacheStore>;
	gcTimeMs?: number;
}): <T>(source: LayerQuerySource<T>) => Query<T> {
	return <T>(source: LayerQuerySource<T>): Query<T> => {
		const querySource: QuerySource<T> = {
			cached: async () => source.cached(await options.store()),
			fresh: async (signal) => {
				const session = await options.account.current();
				if (!session.signedIn) throw new Error('Sign in to load your data.');
				try {
					return await source.fresh(options.store(), signal);
				} catch (error) {
					options.account.failed(error);
					throw error;
				}
			}
		};
		const query: Query<T> = new Query(querySource, {
			onRelease: source.release && (() => source.release?.(query)),
			gcTimeMs: options.gcTimeMs
		});
		return query;
	};
}

/**
 * Keeps a fresh answer in the cache once the cache is open, without holding the answer back. A
 * write that fails loses only the offline copy (a full disk is said by the store itself).
 */
export function keepLater(write: Promise<unknown>): void {
	write.catch(() => {});
}
