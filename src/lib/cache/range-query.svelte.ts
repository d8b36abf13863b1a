// A range query's answer: the records of a span of dates, and what they rest on day by day.
import { spanCoverage, type Coverage, type Reads } from '$lib/coverage';
import type { Query, QueryStatus } from './query.svelte';

/** What a range query holds: the records, and the reads noted just before they were read. */
export interface RangeValue<T> {
	records: T[];
	reads: Reads;
}

/** What the coverage of a range needs from outside the query, read reactively. */
export interface RangeContext {
	/** The person's today and zone now. */
	today(): number;
	tz(): string;
	/** Whether the service cannot be reached, and when the last sync was. */
	offline(): boolean;
	lastSynced(): number | null;
}

/** The date a record is filed under: a move's day, a night's wake date. */
interface Dated {
	date: number;
}

/**
 * The records of `from..to` with their coverage. It reads like a Query of records (so
 * `QueryState` and the pages take it as one) and adds `coverage`: every day of the span
 * finished, under way, not yet, no record, not read yet or failed, and the span complete,
 * loading, stale or failed. The coverage rests on the reads noted with the records shown, so a
 * day is never called empty while its records are on their way.
 */
export class RangeQuery<T extends Dated> {
	readonly #query: Query<RangeValue<T>>;
	readonly #context: RangeContext;
	readonly from: number;
	readonly to: number;
	readonly #coverage: Coverage;

	constructor(query: Query<RangeValue<T>>, from: number, to: number, context: RangeContext) {
		this.#query = query;
		this.from = from;
		this.to = to;
		this.#context = context;
		this.#coverage = $derived.by(() => this.#cover());
	}

	/** The records dated `from..to`, oldest first. */
	get data(): T[] | undefined {
		return this.#query.data?.records;
	}

	/** What the records rest on, day by day and as a whole. */
	get coverage(): Coverage {
		return this.#coverage;
	}

	get status(): QueryStatus {
		return this.#query.status;
	}
	get stale(): boolean {
		return this.#query.stale;
	}
	get error(): string | null {
		return this.#query.error;
	}
	get missingScope(): string | null {
		return this.#query.missingScope;
	}
	get lastSynced(): number | null {
		return this.#query.lastSynced;
	}
	get fromCache(): boolean {
		return this.#query.fromCache;
	}
	get settled(): Promise<void> {
		return this.#query.settled;
	}
	get started(): boolean {
		return this.#query.started;
	}
	refresh(): Promise<void> {
		return this.#query.refresh();
	}
	reload(): Promise<void> {
		return this.#query.reload();
	}
	restart(): Promise<void> {
		return this.#query.restart();
	}
	dispose(): void {
		this.#query.dispose();
	}

	/**
	 * Whether these reads (the ledger's now, ahead of the records shown) would leave no day of the
	 * span waiting to be read, while the coverage shown still waits on some.
	 */
	completedBy(reads: Reads): boolean {
		if (!this.#coverage.pending) return false;
		return !spanCoverage({
			from: this.from,
			to: this.to,
			today: this.#context.today(),
			tz: this.#context.tz(),
			reads,
			recorded: [],
			offline: false,
			lastSynced: null,
			error: null
		}).pending;
	}

	#cover(): Coverage {
		const value = this.#query.data;
		const records = value?.records ?? [];
		const failedEmpty = this.#query.status === 'error' && value === undefined;
		return spanCoverage({
			from: this.from,
			to: this.to,
			today: this.#context.today(),
			tz: this.#context.tz(),
			reads: value?.reads ?? { read: [], failed: [] },
			recorded: records.map((record) => record.date),
			// Offline, or a refresh that failed with stored data shown: what shows is what is stored.
			offline: this.#context.offline() || (this.#query.stale && this.#query.error !== null),
			lastSynced: this.#context.lastSynced(),
			error: failedEmpty ? (this.#query.error ?? 'The service did not answer.') : null
		});
	}
}
