// Applies a journal entry to the store, validating each record against its schema (live writes and replay alike).
import * as z from 'zod/mini';
import { MAX_JSON_DEPTH } from '$lib/api/endpoint-params';
import {
	bandEventSchema,
	bodyEventSchema,
	cardiacEventV10Schema,
	genericEventSchema,
	heartRateSchema,
	isMoveTickList,
	mealWithItemsSchema,
	moodSchema,
	moveSchema,
	sleepSchema,
	sleepTickSchema,
	workoutSchema,
	workoutTickSchema
} from '$lib/api/records';
import type { JournalEntry } from './journal';
import { randomBytes } from 'node:crypto';
import { isValidTz } from '$lib/time/zone';
import { writeMeta, type StoreDatabase } from './database';
import { BAND_CREATOR, defaultProfile, readProfile, writeProfile } from './store';
import type { RecordKind, RecordKinds, Store } from './store';

type Parsed<T> = { success: true; data: T } | { success: false };

const sleepTicksSchema = z.array(sleepTickSchema);
const workoutTicksSchema = z.array(workoutTickSchema);

const SCHEMAS = {
	workouts: workoutSchema,
	sleeps: sleepSchema,
	moves: moveSchema,
	body_events: bodyEventSchema,
	mood: moodSchema,
	meals: mealWithItemsSchema,
	heartrates: heartRateSchema,
	generic_events: genericEventSchema,
	cardiac_events: cardiacEventV10Schema,
	bandevents: bandEventSchema
} as const;

function parseRecord<K extends RecordKind>(kind: K, record: unknown): Parsed<RecordKinds[K]>;
function parseRecord(kind: RecordKind, record: unknown): Parsed<RecordKinds[RecordKind]> {
	switch (kind) {
		case 'workouts':
			return workoutSchema.safeParse(record);
		case 'sleeps':
			return sleepSchema.safeParse(record);
		case 'moves':
			return moveSchema.safeParse(record);
		case 'body_events':
			return bodyEventSchema.safeParse(record);
		case 'mood':
			return moodSchema.safeParse(record);
		case 'meals':
			return mealWithItemsSchema.safeParse(record);
		case 'heartrates':
			return heartRateSchema.safeParse(record);
		case 'generic_events':
			return genericEventSchema.safeParse(record);
		case 'cardiac_events':
			return cardiacEventV10Schema.safeParse(record);
		case 'bandevents':
			return bandEventSchema.safeParse(record);
	}
}

/** Nesting a stored record may reach: its own few levels plus a partner's attributes. */
const RECORD_DEPTH_MAX = MAX_JSON_DEPTH + 8;

/** True when a parsed value nests arrays and objects deeper than `limit`; walks without recursion. */
function deeperThan(value: unknown, limit: number): boolean {
	const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
	for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
		if (typeof next.value !== 'object' || next.value === null) continue;
		const depth = next.depth + 1;
		if (depth > limit) return true;
		for (const child of Object.values(next.value)) pending.push({ value: child, depth });
	}
	return false;
}

/**
 * A journal written before writes were checked for depth may hold custom event attributes nested
 * thousands of levels deep, which no answer could serialize: such attributes are dropped (and
 * said so in the log), and any other record nested past what a record can be is skipped, so the
 * day still answers.
 */
function withinDepth(kind: RecordKind, record: unknown): unknown {
	if (typeof record !== 'object' || record === null) return record;
	if (kind === 'generic_events' && 'attributes' in record) {
		if (deeperThan(record.attributes, MAX_JSON_DEPTH)) {
			console.warn(
				`reference API: custom event attributes nested deeper than ${MAX_JSON_DEPTH} levels were dropped`
			);
			return withinDepth(kind, { ...record, attributes: null });
		}
	}
	if (deeperThan(record, RECORD_DEPTH_MAX)) {
		console.warn(`reference API: a ${kind} record nested too deeply to answer was skipped`);
		return null;
	}
	return record;
}

function putEntry<K extends RecordKind>(
	store: Store,
	kind: K,
	record: unknown,
	creator: string,
	ticks: unknown
): boolean {
	const parsed = parseRecord(kind, withinDepth(kind, record));
	if (!parsed.success) return false;
	store.put(kind, parsed.data, creator);
	if (ticks !== undefined && kind === 'sleeps') {
		const sleepTicks = sleepTicksSchema.safeParse(ticks);
		if (sleepTicks.success) store.setSleepTicks(parsed.data.xid, sleepTicks.data);
	}
	if (ticks !== undefined && kind === 'workouts') {
		const workoutTicks = workoutTicksSchema.safeParse(ticks);
		if (workoutTicks.success) store.setWorkoutTicks(parsed.data.xid, workoutTicks.data);
	}
	return true;
}

/** Applies one entry; false when its record does not validate (such a line is skipped on replay). */
export function applyEntry(store: Store, entry: JournalEntry): boolean {
	switch (entry.op) {
		case 'put':
			return putEntry(store, entry.kind, entry.record, entry.creator, entry.ticks);
		case 'delete':
			store.remove(entry.kind, entry.xid);
			return true;
		case 'goals':
			store.setGoals(entry.goals);
			return true;
	}
}

/** True when a record would be accepted by `applyEntry` (checked before journaling a write). */
export function isValidRecord(kind: RecordKind, record: unknown): boolean {
	return parseRecord(kind, record).success;
}

/** What an import added, replaced (same id, changed content) and found already stored. */
export interface ImportCounts {
	added: number;
	updated: number;
	unchanged: number;
}

/** A record an importer could not store; nothing of its batch was stored. */
export class ImportError extends Error {}

/** Stores ticks sent with an imported record; false when they are not ticks of that kind. */
function storeTicks(store: Store, kind: RecordKind, xid: string, ticks: unknown): boolean {
	switch (kind) {
		case 'moves': {
			// A day of minute ticks: checked by hand (isMoveTickList), not through zod.
			if (!isMoveTickList(ticks)) return false;
			store.setTicks('moves', xid, ticks);
			return true;
		}
		case 'sleeps': {
			const parsed = sleepTicksSchema.safeParse(ticks);
			if (parsed.success) store.setTicks('sleeps', xid, parsed.data);
			return parsed.success;
		}
		case 'workouts': {
			const parsed = workoutTicksSchema.safeParse(ticks);
			if (parsed.success) store.setTicks('workouts', xid, parsed.data);
			return parsed.success;
		}
		default:
			return false;
	}
}

/** The first problem of a record that failed its schema, as "field: message". */
function describeIssue(kind: RecordKind, record: unknown): string {
	const parsed = SCHEMAS[kind].safeParse(record);
	const issue = parsed.success ? undefined : parsed.error.issues[0];
	if (issue === undefined) return 'is not valid';
	const path = issue.path.map(String).join('.');
	return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/** An imported record and the ticks it may carry beside its own fields. */
function splitTicks(input: unknown): { ticks: unknown; record: unknown } {
	if (typeof input !== 'object' || input === null || !('ticks' in input))
		return { ticks: undefined, record: input };
	const { ticks, ...record } = input;
	return { ticks, record };
}

function zoneOfRecord(record: unknown): string | null {
	if (typeof record !== 'object' || record === null || !('details' in record)) return null;
	const details = record.details;
	if (typeof details !== 'object' || details === null || !('tz' in details)) return null;
	return typeof details.tz === 'string' ? details.tz : null;
}

/**
 * Stores one imported record (its ticks beside its own fields) and counts it: checked against its
 * schema (one that fails throws an ImportError naming the kind and its position), compared with
 * the stored text, written only when new or changed. Answers the record's zone.
 */
function importOne(
	store: Store,
	kind: RecordKind,
	input: unknown,
	position: number,
	counts: ImportCounts
): string | null {
	const { ticks, record } = splitTicks(input);
	const parsed = parseRecord(kind, record);
	if (!parsed.success)
		throw new ImportError(`${kind} record ${position}: ${describeIssue(kind, record)}`);
	const text = JSON.stringify(parsed.data);
	const stored = store.indexes[kind].storedText(parsed.data.xid);
	if (stored === undefined) counts.added++;
	else if (stored === text) counts.unchanged++;
	else counts.updated++;
	if (stored !== text) store.put(kind, parsed.data, BAND_CREATOR);
	if (ticks !== undefined && !storeTicks(store, kind, parsed.data.xid, ticks))
		throw new ImportError(`${kind} record ${position}: ticks are not valid ${kind} ticks`);
	return zoneOfRecord(record);
}

/** The account's home zone: the zone it lives in as of `asOf` (epoch seconds), when known. */
function setHomeZone(store: Store, zone: string, asOf?: number): void {
	const profile =
		readProfile(store.db, store.account) ??
		defaultProfile(randomBytes(12).toString('base64url'), zone);
	writeProfile(store.db, store.account, {
		...profile,
		homeTz: zone,
		...(asOf === undefined ? {} : { homeTzAsOf: asOf })
	});
}

/**
 * Stores imported records of one kind in one transaction: every record is checked against its
 * schema first, and one that fails stores nothing. A record whose id is already stored with the
 * same content adds nothing, so importing the same or an overlapping export twice is harmless.
 * A move, sleep or workout may carry its ticks in a `ticks` field (not part of the record).
 * Imported records belong to the band or app, like the ones a band synced.
 */
export function importRecords<K extends RecordKind>(
	store: Store,
	kind: K,
	records: Iterable<unknown>
): ImportCounts {
	return store.transaction(() => {
		const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0 };
		let firstImport = !store.hasRecords();
		let position = 0;
		for (const input of records) {
			position++;
			const zone = importOne(store, kind, input, position, counts);
			if (firstImport && zone !== null) {
				setHomeZone(store, zone);
				firstImport = false;
			}
		}
		return counts;
	});
}

/** Of an import's kinds, the one whose first zone becomes a new account's home zone, in this order. */
const HOME_ZONE_ORDER: readonly RecordKind[] = [
	'moves',
	'sleeps',
	'workouts',
	'body_events',
	'meals',
	'heartrates'
];

/** What an import keeps beside its records (see `ImportTransaction.commit`). */
export interface ImportCommit {
	/** The zone the person lived in as of the file's latest record (epoch seconds). */
	zone: { tz: string; asOf: number } | null;
	/** The file's content digest and what it held, by which the same file is known again. */
	digest: { sha256: string; bytes: number; at: number; summary: unknown } | null;
}

/** A file imported into an account before, as `priorImports` reads it back. */
export interface StoredImport {
	sha256: string;
	bytes: number;
	at: number;
	summary: unknown;
}

/** The meta key of a file imported into an account. */
const importKey = (account: string, sha256: string) => `import:${account}:${sha256}`;

/** The files imported into an account whose content had `bytes` bytes. */
export function priorImports(db: StoreDatabase, account: string, bytes: number): StoredImport[] {
	const prefix = importKey(account, '');
	const rows = db
		.prepare<[string, string], { key: string; value: string }>(
			'SELECT key, value FROM meta WHERE key >= ? AND key < ?'
		)
		.all(prefix, `${prefix}\uffff`);
	return rows.flatMap(({ key, value }) => {
		let parsed: unknown;
		try {
			parsed = JSON.parse(value);
		} catch {
			return [];
		}
		if (typeof parsed !== 'object' || parsed === null) return [];
		if (!('bytes' in parsed) || parsed.bytes !== bytes || !('at' in parsed)) return [];
		const at = typeof parsed.at === 'number' ? parsed.at : 0;
		const summary = 'summary' in parsed ? parsed.summary : null;
		return [{ sha256: key.slice(prefix.length), bytes, at, summary }];
	});
}

/**
 * One file's import, written record by record into one open transaction, so a big export never
 * waits whole in memory: `add` stores a record (a bad one throws an ImportError and rolls
 * everything back), `commit` makes all of them durable at once, `abort` rolls back. Records
 * and counts follow `importRecords`. The commit keeps what the importer says of the file: the
 * zone of its latest record becomes the account's home zone unless the account already lives in
 * a zone as of a later time, and its digest is kept so the same file is recognised again.
 * Without a zone, a first import takes the first zone of the first kind in HOME_ZONE_ORDER that
 * has one. `finish` is called once, after the commit or the rollback (it releases the store's
 * write turn).
 */
export class ImportTransaction {
	readonly #store: Store;
	readonly #finish: (committed: boolean) => void;
	readonly #counts: Partial<Record<RecordKind, ImportCounts>> = {};
	readonly #zones = new Map<RecordKind, string>();
	readonly #firstImport: boolean;
	#open = true;

	constructor(store: Store, finish: (committed: boolean) => void) {
		this.#store = store;
		this.#finish = finish;
		store.db.exec('BEGIN IMMEDIATE');
		this.#firstImport = !store.hasRecords();
	}

	add(kind: RecordKind, input: unknown): void {
		if (!this.#open) throw new ImportError('the import is over: nothing more can be added');
		const counts = (this.#counts[kind] ??= { added: 0, updated: 0, unchanged: 0 });
		const position = counts.added + counts.updated + counts.unchanged + 1;
		try {
			const zone = importOne(this.#store, kind, input, position, counts);
			if (zone !== null && !this.#zones.has(kind)) this.#zones.set(kind, zone);
		} catch (error) {
			this.abort();
			throw error;
		}
	}

	commit(details?: ImportCommit): Partial<Record<RecordKind, ImportCounts>> {
		if (!this.#open) throw new ImportError('the import is over: it cannot be committed');
		try {
			this.#keepZone(details?.zone ?? null);
			const digest = details?.digest ?? null;
			if (digest !== null) {
				const { sha256, bytes, at, summary } = digest;
				writeMeta(
					this.#store.db,
					importKey(this.#store.account, sha256),
					JSON.stringify({ bytes, at, summary })
				);
			}
			this.#store.db.exec('COMMIT');
		} catch (error) {
			this.abort();
			throw error;
		}
		this.#open = false;
		this.#finish(true);
		return this.#counts;
	}

	#keepZone(given: { tz: string; asOf: number } | null): void {
		const store = this.#store;
		if (given !== null && isValidTz(given.tz)) {
			const asOf = readProfile(store.db, store.account)?.homeTzAsOf;
			if (asOf === undefined || given.asOf >= asOf) setHomeZone(store, given.tz, given.asOf);
			return;
		}
		const zone = HOME_ZONE_ORDER.map((kind) => this.#zones.get(kind)).find(
			(found) => found !== undefined
		);
		if (this.#firstImport && zone !== undefined) setHomeZone(store, zone);
	}

	abort(): void {
		if (!this.#open) return;
		this.#open = false;
		try {
			if (this.#store.db.inTransaction) this.#store.db.exec('ROLLBACK');
		} finally {
			this.#finish(false);
		}
	}
}
