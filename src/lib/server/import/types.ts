// What an importer hands to a store: API records (v.1.1 shapes) with their ticks, and the sink contract.
import type {
	BodyEvent,
	HeartRate,
	MealWithItems,
	Move,
	MoveTick,
	Sleep,
	SleepTick,
	Workout
} from '$lib/api/records';

/** The record kinds an import produces, named as the API's list paths name them. */
export type ImportKind = 'moves' | 'sleeps' | 'workouts' | 'body_events' | 'meals' | 'heartrates';

export const IMPORT_KINDS: readonly ImportKind[] = [
	'moves',
	'sleeps',
	'workouts',
	'body_events',
	'meals',
	'heartrates'
];

/** One imported record, with the ticks the ticks endpoints will answer for it. */
export type ImportedRecord =
	| { kind: 'moves'; record: Move; ticks: MoveTick[] }
	| { kind: 'sleeps'; record: Sleep; ticks: SleepTick[] }
	| { kind: 'workouts'; record: Workout }
	| { kind: 'body_events'; record: BodyEvent }
	| { kind: 'meals'; record: MealWithItems }
	| { kind: 'heartrates'; record: HeartRate };

/** Counts per record kind. */
export type KindCounts = Record<ImportKind, number>;

export function emptyCounts(): KindCounts {
	return { moves: 0, sleeps: 0, workouts: 0, body_events: 0, meals: 0, heartrates: 0 };
}

/**
 * Where an import's records go: a transaction. `add` stages a record (nothing is visible yet),
 * `commit` makes the whole file's records visible at once, `abort` throws the staged ones away.
 * An importer calls exactly one of `commit` or `abort`, after the whole file has been read.
 */
export interface ImportSink {
	add(item: ImportedRecord): void | Promise<void>;
	/** Makes everything staged visible; answers what was new, per kind, when the sink can tell. */
	commit(): Promise<SinkOutcome | null>;
	abort(reason: Error): Promise<void>;
}

/** What a store-backed sink found on commit: new records, changed ones, identical ones. */
export interface SinkOutcome {
	added: KindCounts;
	updated: KindCounts;
	unchanged: KindCounts;
}

export type ImportFormat =
	'apple-health-xml' | 'apple-health-zip' | 'up-csv' | 'fitbit-zip' | 'garmin-zip' | 'oura-zip';

/** The zone an export's local times were read in, and where it came from. */
export interface ImportZone {
	tz: string;
	/** Where the zone came from, in words: "the archive's profile (Profile.csv)", "--tz", … */
	from: string;
}

export interface ImportSummary {
	format: ImportFormat;
	/** Records the file yielded, per kind (each validated against the API's schemas). */
	records: KindCounts;
	/** Things in the file that could not become a record, with why (e.g. a night with only "in bed"). */
	skipped: Record<string, number>;
	/** What the sink reported on commit (null for a sink that cannot tell, such as a file). */
	outcome: SinkOutcome | null;
	bytes: number;
	/** For an export whose times carry no zone of their own (Fitbit): the zone they were read in. */
	zone?: ImportZone;
}

export interface ImportOptions {
	/** Called as the input is read: bytes done, and the total when known. */
	onProgress?: (done: number, total: number | null) => void;
	/**
	 * The zone for formats that carry none (the UP export): an Olson name or `GMT±hhmm`.
	 * Default 'UTC'. Apple Health dates carry their own offsets and ignore it.
	 */
	tz?: string;
}

/** A file the importer could not read: the message names where (line, column or element) and what. */
export class ImportError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ImportError';
	}
}
