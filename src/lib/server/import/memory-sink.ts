// A sink that keeps records in memory, keyed by kind and xid: the contract a store-backed sink follows.
import {
	emptyCounts,
	IMPORT_KINDS,
	type ImportedRecord,
	type ImportKind,
	type ImportSink,
	type SinkOutcome
} from './types';

/**
 * Stages records and applies them on commit: a record whose xid is new is added, one whose
 * content changed replaces the old one (a later export knows more about that day), an identical
 * one changes nothing. A failed import (abort) leaves the committed records untouched.
 */
export class MemorySink implements ImportSink {
	readonly records = new Map<ImportKind, Map<string, ImportedRecord>>(
		IMPORT_KINDS.map((kind) => [kind, new Map()])
	);
	#staged: ImportedRecord[] = [];

	add(item: ImportedRecord): void {
		this.#staged.push(item);
	}

	commit(): Promise<SinkOutcome> {
		const outcome: SinkOutcome = {
			added: emptyCounts(),
			updated: emptyCounts(),
			unchanged: emptyCounts()
		};
		for (const item of this.#staged) {
			const stored = this.records.get(item.kind);
			if (!stored) continue;
			const previous = stored.get(item.record.xid);
			if (previous === undefined) outcome.added[item.kind]++;
			else if (JSON.stringify(previous) === JSON.stringify(item)) outcome.unchanged[item.kind]++;
			else outcome.updated[item.kind]++;
			stored.set(item.record.xid, item);
		}
		this.#staged = [];
		return Promise.resolve(outcome);
	}

	abort(): Promise<void> {
		this.#staged = [];
		return Promise.resolve();
	}

	/** The committed records of one kind, in xid order. */
	list(kind: ImportKind): ImportedRecord[] {
		const stored = this.records.get(kind);
		return stored
			? [...stored.values()].sort((a, b) => (a.record.xid < b.record.xid ? -1 : 1))
			: [];
	}
}
