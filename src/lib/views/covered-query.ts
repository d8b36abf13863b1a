// A query shown with a coverage worked out beside it (moods are read a day at a time, not as a range).
import type { QueryLike } from '$lib/cache/query.svelte';
import type { Coverage } from '$lib/coverage';

/** What QueryState takes: a query, and what its data rests on. */
export type CoveredQuery<T> = QueryLike<T> & { readonly coverage: Coverage };

/**
 * The query as it is, with `coverage` read from `cover` each time it is asked: both stay reactive,
 * so QueryState says the span's state ("Reading moods: 12 of 27 days so far.") as for a range.
 */
export function withCoverage<T>(query: QueryLike<T>, cover: () => Coverage): CoveredQuery<T> {
	return {
		get data() {
			return query.data;
		},
		get status() {
			return query.status;
		},
		get stale() {
			return query.stale;
		},
		get error() {
			return query.error;
		},
		get missingScope() {
			return query.missingScope;
		},
		get lastSynced() {
			return query.lastSynced;
		},
		get coverage() {
			return cover();
		},
		refresh: () => query.refresh()
	};
}
