// What has been read of each list kind (and what failed), for the coverage every range query carries.
import type { FailedSpan, ReadSpan, Reads } from '$lib/coverage';
import { NO_READS } from '$lib/coverage';
import type { ListKind } from '$lib/client';
import type { SyncState } from './schema';

/** Spans read, merged where they touch or overlap, oldest first. */
export function mergeSpans(spans: readonly ReadSpan[]): ReadSpan[] {
	const sorted = [...spans].sort((a, b) => a.start - b.start);
	const merged: ReadSpan[] = [];
	for (const span of sorted) {
		const last = merged.at(-1);
		if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
		else merged.push({ start: span.start, end: span.end });
	}
	return merged;
}

/**
 * The reads of every kind: the span the cache holds with no holes (its sync state), the windows a
 * sync has read since (beyond a failed one they are read but not yet part of that span), and the
 * latest failure of each span not read. A window counts as read only once its records are
 * stored, so a query that notes the reads before it reads its records never calls a day empty
 * whose records are on their way.
 */
export class ReadLedger {
	#reads = $state.raw<Readonly<Partial<Record<ListKind, Reads>>>>({});

	/** What has been read of `kind`. */
	of(kind: ListKind): Reads {
		return this.#reads[kind] ?? NO_READS;
	}

	/** The span the cache holds of `kind` (on opening it, and after each sync). */
	held(kind: ListKind, state: SyncState | undefined): void {
		if (state === undefined) return;
		this.read(kind, { start: state.coveredFrom, end: state.coveredTo });
	}

	/** Records of `kind` that started in `span` are stored. */
	read(kind: ListKind, span: ReadSpan): void {
		const before = this.of(kind);
		const read = mergeSpans([...before.read, span]);
		// A failure the new read covers entirely is over.
		const failed = before.failed.filter(
			(failure) => !read.some((done) => done.start <= failure.start && failure.end <= done.end)
		);
		this.#set(kind, { read, failed });
	}

	/** Reading `kind` over `span` failed. */
	failed(kind: ListKind, span: FailedSpan): void {
		const before = this.of(kind);
		const failed = [
			...before.failed.filter((old) => old.start !== span.start || old.end !== span.end),
			span
		].sort((a, b) => a.start - b.start);
		this.#set(kind, { read: before.read, failed });
	}

	/** Nothing is read any more (another person's cache, or the cache was emptied). */
	clear(): void {
		this.#reads = {};
	}

	#set(kind: ListKind, reads: Reads): void {
		this.#reads = { ...this.#reads, [kind]: reads };
	}
}
