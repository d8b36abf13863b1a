// What an importer hands to a store (API records with their ticks), the sink contract, and the summary every format answers.
import type {
	BodyEvent,
	CardiacEventV10,
	HeartRate,
	MealWithItems,
	Move,
	MoveTick,
	Sleep,
	SleepTick,
	Workout
} from '$lib/api/records';

/**
 * The record kinds an import produces, named as the API's list paths name them. Blood pressure
 * goes into the v.1.0 cardiac events, the only records of the API that carry it.
 */
export type ImportKind =
	'moves' | 'sleeps' | 'workouts' | 'body_events' | 'meals' | 'heartrates' | 'cardiac_events';

export const IMPORT_KINDS: readonly ImportKind[] = [
	'moves',
	'sleeps',
	'workouts',
	'body_events',
	'meals',
	'heartrates',
	'cardiac_events'
];

/** One imported record, with the ticks the ticks endpoints will answer for it. */
export type ImportedRecord =
	| { kind: 'moves'; record: Move; ticks: MoveTick[] }
	| { kind: 'sleeps'; record: Sleep; ticks: SleepTick[] }
	| { kind: 'workouts'; record: Workout }
	| { kind: 'body_events'; record: BodyEvent }
	| { kind: 'meals'; record: MealWithItems }
	| { kind: 'heartrates'; record: HeartRate }
	| { kind: 'cardiac_events'; record: CardiacEventV10 };

/** Counts per record kind. */
export type KindCounts = Record<ImportKind, number>;

export function emptyCounts(): KindCounts {
	return {
		moves: 0,
		sleeps: 0,
		workouts: 0,
		body_events: 0,
		meals: 0,
		heartrates: 0,
		cardiac_events: 0
	};
}

/**
 * Where an import's records go: a transaction. `add` stages a record (nothing is visible yet),
 * `commit` makes the whole file's records visible at once, `abort` throws the staged ones away.
 * An importer calls exactly one of `commit` or `abort`, after the whole file has been read, or
 * neither when it staged nothing (a file recognised as imported before).
 */
export interface ImportSink {
	add(item: ImportedRecord): void | Promise<void>;
	/**
	 * Makes everything staged visible; answers what was new, per kind, when the sink can tell. A
	 * store keeps what `details` says of the file: the account's zone, and the file's digest with
	 * its summary, by which the same file is recognised next time.
	 */
	commit(details?: CommitDetails): Promise<SinkOutcome | null>;
	abort(reason: Error): Promise<void>;
	/**
	 * Earlier imports into this sink of a file whose content has `bytes` bytes (a sink that keeps
	 * none has no such method): the importer then reads the file once for its digest and, when it
	 * matches one, answers that import's summary without reading the file again.
	 */
	priorImports?(bytes: number): Promise<PriorImport[]>;
	/**
	 * True when the sink checks every record against the API's schemas itself and refuses one
	 * that fails, as the embedded API's store does (`ownAccountWriter`): the collector then leaves
	 * the check to it rather than run every record through the same schemas twice.
	 */
	readonly checksRecords?: boolean;
}

/** What a commit keeps beside the records. */
export interface CommitDetails {
	/** The zone the person lived in at the file's latest record: the account's zone, if newer. */
	zone: { tz: string; asOf: number } | null;
	/** The file's content digest, so an unchanged file is recognised when it comes again. */
	digest: PriorImport | null;
}

/** A file imported before: its content's SHA-256 and size, and the summary it gave. */
export interface PriorImport {
	sha256: string;
	bytes: number;
	/** Epoch seconds of the import. */
	at: number;
	summary: FileSummary;
}

/** What a store-backed sink found on commit: new records, changed ones, identical ones. */
export interface SinkOutcome {
	added: KindCounts;
	updated: KindCounts;
	unchanged: KindCounts;
}

/** The formats the importers read; `formats.ts` tells them apart (a vendor's zip by its files). */
export type ImportFormat =
	'apple-health-xml' | 'apple-health-zip' | 'up-csv' | 'fitbit-zip' | 'garmin-zip' | 'oura-zip';

/**
 * The zone an import placed the person in, and what it rests on: the zone the export's device
 * named for its latest records (`device`), the offset of its latest records (`offsets`), the zone
 * the person gave (`given`), a zone column of the file (`column`), the zone the export's profile
 * names (`profile`, Fitbit's Profile.csv), or UTC for want of any (`default`).
 */
export interface ImportZone {
	tz: string;
	basis: 'device' | 'offsets' | 'given' | 'column' | 'profile' | 'default';
}

/** What a file held, whatever the sink made of it. */
export interface FileSummary {
	format: ImportFormat;
	/** Records the file yielded, per kind (each validated against the API's schemas). */
	records: KindCounts;
	/**
	 * Things in the file that could not become a record, with why: a night with only "in bed", a
	 * record dated after the export was made, a value no scale could show.
	 */
	skipped: Record<string, number>;
	/**
	 * Records of kinds the API has no place for, by what they are ("flights climbed",
	 * "heart-rate samples"), with their counts: nothing of the file vanishes without a word.
	 */
	notImported: Record<string, number>;
	/** The person's zone per the file (null when the file holds no record at all). */
	zone: ImportZone | null;
	/** Bytes of the file's content read (the export inside a zip). */
	bytes: number;
}

/** What an import answers: what the file held, and what the sink made of it. */
export interface ImportSummary extends FileSummary {
	/** What the sink reported on commit (null for a sink that cannot tell, such as a file). */
	outcome: SinkOutcome | null;
	/**
	 * Set when the file was recognised by its digest as one imported before: nothing was read
	 * past the digest and nothing changed; the counts are that import's.
	 */
	repeatOf: { at: number } | null;
}

export interface ImportOptions {
	/** Called as the input is read: bytes done, and the total when known. */
	onProgress?: (done: number, total: number | null) => void;
	/**
	 * The zone for formats that carry none (the UP export): an Olson name or `GMT±hhmm`.
	 * Default 'UTC'. Apple Health dates carry their own offsets and ignore it.
	 */
	tz?: string;
	/** Epoch ms; records dated after it are skipped. Default Date.now. */
	now?: () => number;
	/** Import even a file recognised as imported before. */
	again?: boolean;
}

/** A file the importer could not read: the message names where (line, column or element) and what. */
export class ImportError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ImportError';
	}
}
