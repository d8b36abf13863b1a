// A sink that writes a file's records into a store in one transaction, through one function the store offers.
import {
	emptyCounts,
	IMPORT_KINDS,
	type ImportedRecord,
	type ImportKind,
	type ImportSink,
	type SinkOutcome
} from './types';

/** What a store answers per kind: records new to it, changed ones, identical ones. */
export interface StoreCounts {
	added: number;
	updated: number;
	unchanged: number;
}

/**
 * Writes records of several kinds in one transaction (all or nothing) and counts them per kind.
 * A record with ticks arrives with a `ticks` field beside its own. The embedded API's
 * `importKinds` bound to the person's own account is one: the import module stays free of the
 * store, and the store of the import module.
 */
export type StoreWriter = (
	batches: [ImportKind, unknown[]][]
) => Promise<Partial<Record<ImportKind, StoreCounts>>>;

/**
 * Stages a file's records and hands them all to the store on commit, in one write: a failure
 * anywhere (a bad file, a record the store refuses) leaves the store as it was.
 */
export class StoreSink implements ImportSink {
	readonly #write: StoreWriter;
	#staged = new Map<ImportKind, unknown[]>(IMPORT_KINDS.map((kind) => [kind, []]));

	constructor(write: StoreWriter) {
		this.#write = write;
	}

	add(item: ImportedRecord): void {
		const record = 'ticks' in item ? { ...item.record, ticks: item.ticks } : item.record;
		this.#staged.get(item.kind)?.push(record);
	}

	async commit(): Promise<SinkOutcome> {
		const batches = [...this.#staged].filter(([, records]) => records.length > 0);
		this.#drop();
		const counts = await this.#write(batches);
		const outcome: SinkOutcome = {
			added: emptyCounts(),
			updated: emptyCounts(),
			unchanged: emptyCounts()
		};
		for (const kind of IMPORT_KINDS) {
			const found = counts[kind];
			if (found === undefined) continue;
			outcome.added[kind] = found.added;
			outcome.updated[kind] = found.updated;
			outcome.unchanged[kind] = found.unchanged;
		}
		return outcome;
	}

	abort(): Promise<void> {
		this.#drop();
		return Promise.resolve();
	}

	#drop(): void {
		this.#staged = new Map(IMPORT_KINDS.map((kind) => [kind, []]));
	}
}
