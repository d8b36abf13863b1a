// What a trends answer rests on when the service cannot be reached: the series this browser
// stored (stale, as of when it was computed), or none for a span never asked for online.
import type { QueryLike } from '$lib/cache/query.svelte';
import type { SpanStatus } from '$lib/coverage';

/** The trends query as Trends reads it: its data, whether it is the stored copy, and when computed. */
type TrendsRead = Pick<QueryLike<unknown>, 'data' | 'stale' | 'error' | 'lastSynced'>;

/**
 * The span's status: stale (what is stored, as of when it was computed) while offline or when a
 * refresh failed with the stored series shown; complete otherwise.
 */
export function trendsStatus(query: TrendsRead, offline: boolean): SpanStatus {
	return offline || (query.stale && query.error !== null)
		? { kind: 'stale', since: query.lastSynced }
		: { kind: 'complete' };
}

/** Whether the span asked for was never stored and the service cannot be reached to compute it. */
export function notStored(query: TrendsRead, offline: boolean): boolean {
	return offline && query.data === undefined;
}

/** What Trends say in place of a chart they cannot have offline: not an error, a fact. */
export const NOT_STORED_TEXT =
	'Trends are worked out by the data service, and this span is not stored in this browser yet. It shows once you are online again; the spans you opened online show offline too.';
