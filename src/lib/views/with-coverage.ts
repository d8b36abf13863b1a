// A query read as a range query is: its data and states, with the coverage of what it shows, so
// QueryState says what it rests on (stale, loading, failed) above it. Several range queries shown
// as one (steps and sleep) pass their joint coverage and refresh together.
import type { QueryLike } from '$lib/cache/query.svelte';
import { jointCoverage, type Coverage } from '$lib/coverage';

/**
 * `query` with `coverage()` beside it; `refresh` asks again for everything shown (default: the
 * query alone).
 */
export function withCoverage<T>(
	query: QueryLike<T>,
	coverage: () => Coverage | null,
	refresh: () => Promise<void> = () => query.refresh()
): QueryLike<T> & { readonly coverage?: Coverage } {
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
			return coverage() ?? undefined;
		},
		refresh
	};
}

/** A range query: its records and what they rest on. */
type Covered<T> = QueryLike<T> & { readonly coverage: Coverage };

/**
 * Several range queries of one span shown as one (a year of steps and sleep): `main`'s data and
 * states, the coverage they share (a day settled only when every kind has it), and Retry asking
 * all of them again.
 */
export function jointQuery<T>(
	main: Covered<T>,
	...others: ReadonlyArray<Covered<unknown>>
): QueryLike<T> & { readonly coverage?: Coverage } {
	return withCoverage(
		main,
		() => jointCoverage(main.coverage, ...others.map((other) => other.coverage)),
		async () => {
			await Promise.all([main, ...others].map((query) => query.refresh()));
		}
	);
}
