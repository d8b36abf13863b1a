// A sink that writes a file's records into a store as they come, in one transaction the store keeps open.
import { Pace } from './pace';
import { readFileSummary } from './prior-import';
import {
	emptyCounts,
	ImportError,
	IMPORT_KINDS,
	type CommitDetails,
	type ImportedRecord,
	type ImportKind,
	type ImportSink,
	type PriorImport,
	type SinkOutcome
} from './types';

/** What a store answers per kind: records new to it, changed ones, identical ones. */
export interface StoreCounts {
	added: number;
	updated: number;
	unchanged: number;
}

/**
 * One file's import into a store, open until `commit` or `abort`: `add` writes a record (a
 * record with ticks arrives with a `ticks` field beside its own) into one transaction, nothing of
 * which anyone else sees before `commit`; a record the store refuses throws and rolls it all
 * back. The embedded API's `beginImport` of the person's own account answers one (see
 * `ownAccountWriter`).
 */
export interface StoreImport {
	add(kind: ImportKind, record: unknown): void;
	/** `details` as the sink got them: the store keeps the zone and the digest with the records. */
	commit(
		details?: CommitDetails
	): Partial<Record<ImportKind, StoreCounts>> | Promise<Partial<Record<ImportKind, StoreCounts>>>;
	abort(): void | Promise<void>;
}

/** A file the store remembers importing: its digest, size, time and summary as stored. */
export interface StoredImport {
	sha256: string;
	bytes: number;
	at: number;
	summary: unknown;
}

/**
 * Opens a store import; called once per file, when its first record is ready. A store that
 * remembers the files imported into it also answers `priorImports`.
 */
export interface StoreWriter {
	(): Promise<StoreImport>;
	priorImports?: (bytes: number) => Promise<StoredImport[]>;
	/** True when the store checks each record against the API's schemas (`ImportSink.checksRecords`). */
	checksRecords?: boolean;
}

/**
 * What `ownAccountWriter` needs of the reference API: the module (its own account's id and the
 * error its store throws for a record it refuses) and one API made from it. The caller loads the
 * module, lazily or not: the import module stays free of the store, and the store of the import
 * module.
 */
export interface ImportingApiModule {
	OWN_ACCOUNT: string;
	ImportError: abstract new (...args: never[]) => Error;
}
export interface ImportingApi {
	beginImport(account: string): Promise<StoreImport>;
	priorImports?(account: string, bytes: number): Promise<StoredImport[]>;
}

/**
 * Imports into the person's own account of `api`: each file opens one import transaction, whose
 * refusals (a record that fails the store's schema, a store busy with another writer) are
 * ImportErrors, reported like a malformed file. The embedded API checks every record it is
 * given against the API's schemas (`checksRecords`).
 */
export function ownAccountWriter(api: ImportingApi, module: ImportingApiModule): StoreWriter {
	const reported = (error: unknown): unknown =>
		error instanceof module.ImportError ? new ImportError(error.message) : error;
	const open = async (): Promise<StoreImport> => {
		let transaction: StoreImport;
		try {
			// A store another process is writing to refuses to open an import, in words.
			transaction = await api.beginImport(module.OWN_ACCOUNT);
		} catch (error) {
			throw reported(error);
		}
		return {
			add: (kind, record) => {
				try {
					transaction.add(kind, record);
				} catch (error) {
					throw reported(error);
				}
			},
			// Awaited, so a store that answers its commit later is reported the same way.
			commit: async (details) => {
				try {
					return await transaction.commit(details);
				} catch (error) {
					throw reported(error);
				}
			},
			abort: () => transaction.abort()
		};
	};
	const writer: StoreWriter = Object.assign(open, { checksRecords: true });
	return api.priorImports === undefined
		? writer
		: Object.assign(writer, {
				priorImports: async (bytes: number) =>
					(await api.priorImports?.(module.OWN_ACCOUNT, bytes)) ?? []
			});
}

/**
 * Hands each record to the store as it arrives (never holding the file's records in memory) and
 * commits once at the end: a failure anywhere (a bad file, a record the store refuses) leaves the
 * store as it was. Between records it lets the event loop turn (Pace), so a server importing a
 * big file keeps answering. A record the store refuses fails the commit with the store's message.
 */
export class StoreSink implements ImportSink {
	readonly #open: StoreWriter;
	readonly #pace = new Pace();
	#store: StoreImport | null = null;
	#failure: Error | null = null;
	/** Records are written in order, one after the other, even when `add` is not awaited. */
	#tail: Promise<void> = Promise.resolve();

	constructor(open: StoreWriter) {
		this.#open = open;
	}

	get checksRecords(): boolean {
		return this.#open.checksRecords === true;
	}

	add(item: ImportedRecord): Promise<void> {
		const record = 'ticks' in item ? { ...item.record, ticks: item.ticks } : item.record;
		this.#tail = this.#tail.then(() => this.#write(item.kind, record));
		return this.#tail;
	}

	async #write(kind: ImportKind, record: unknown): Promise<void> {
		if (this.#failure) return;
		try {
			this.#store ??= await this.#open();
			this.#store.add(kind, record);
		} catch (error) {
			this.#failure = error instanceof Error ? error : new Error(String(error));
			await this.#abortStore();
			return;
		}
		await this.#pace.breathe();
	}

	/** Files imported before with content of this size (none when the store keeps no record). */
	async priorImports(bytes: number): Promise<PriorImport[]> {
		const stored = (await this.#open.priorImports?.(bytes)) ?? [];
		return stored.flatMap(({ sha256, bytes: size, at, summary }) => {
			const read = readFileSummary(summary);
			return read === null ? [] : [{ sha256, bytes: size, at, summary: read }];
		});
	}

	async commit(details?: CommitDetails): Promise<SinkOutcome> {
		await this.#tail;
		if (this.#failure) throw this.#failure;
		// A file with no record at all still leaves its zone and digest in the store.
		this.#store ??= details === undefined ? null : await this.#open();
		const store = this.#store;
		this.#store = null;
		const counts = store === null ? {} : await store.commit(details);
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

	async abort(): Promise<void> {
		await this.#tail;
		await this.#abortStore();
	}

	async #abortStore(): Promise<void> {
		const store = this.#store;
		this.#store = null;
		await store?.abort();
	}
}
