// The reference API's live data of one account: every record kind and its ticks in the database, changed by writes.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import type {
	BandEvent,
	BodyEvent,
	CardiacEventV10,
	GenericEvent,
	HeartRate,
	MealWithItems,
	Mood,
	Move,
	MoveTick,
	Settings,
	Sleep,
	SleepTick,
	User,
	Workout,
	WorkoutTick
} from '$lib/api/records';
import { openDatabase, type StoreDatabase } from './database';
import type { Dataset, DatasetGoals } from './dataset';
import { RecordIndex } from './record-index';

/**
 * Ticks are compressed for speed over size: level 1 deflates a day of minute ticks four times
 * faster than the default level and keeps it within a quarter of the default's size.
 */
const TICKS_DEFLATE = { level: 1 };

/**
 * A record's ticks as the JSON kept for them: by column (`{"keys": [...], "values": [[...], ...]}`),
 * when every tick has the same fields, which a day of minute ticks does. Each field's name is
 * written once instead of a thousand times: a third less work to write, 40 % fewer bytes.
 */
function packTicks(ticks: readonly Record<string, unknown>[]): string {
	const keys = Object.keys(ticks[0] ?? {});
	if (keys.length === 0) return JSON.stringify(ticks);
	const values: unknown[][] = keys.map(() => []);
	// One for-in pass per tick checks its fields against the first tick's and gathers them: a
	// day of minute ticks is thousands of objects, and an Object.keys and a lookup by name per
	// field took twice as long. Ticks are plain objects (checked records), with no inherited fields.
	for (const tick of ticks) {
		let column = 0;
		for (const key in tick) {
			if (key !== keys[column]) return JSON.stringify(ticks);
			values[column]?.push(tick[key]);
			column++;
		}
		if (column !== keys.length) return JSON.stringify(ticks);
	}
	return JSON.stringify({ keys, values });
}

/** Ticks from their kept JSON: by column (packTicks), or the list of objects kept before. */
function unpackTicks(text: string): unknown[] {
	const kept: unknown = JSON.parse(text);
	if (Array.isArray(kept)) return kept;
	if (typeof kept !== 'object' || kept === null || !('keys' in kept) || !('values' in kept))
		return [];
	const { keys, values } = kept;
	if (!Array.isArray(keys) || !Array.isArray(values)) return [];
	const columns: unknown[][] = values.filter((column): column is unknown[] =>
		Array.isArray(column)
	);
	const count = columns[0]?.length ?? 0;
	const ticks: Record<string, unknown>[] = [];
	for (let i = 0; i < count; i++) {
		const tick: Record<string, unknown> = {};
		keys.forEach((key, j) => {
			tick[String(key)] = columns[j]?.[i];
		});
		ticks.push(tick);
	}
	return ticks;
}

/** Who created a record: the band/app for seeded and imported data, else the client id of the partner. */
export const BAND_CREATOR = 'band';
/** The generated demo user. */
export const DEMO_ACCOUNT = 'demo';
/** The person's own account, where imports go. */
export const OWN_ACCOUNT = 'me';

export interface RecordKinds {
	workouts: Workout;
	sleeps: Sleep;
	moves: Move;
	body_events: BodyEvent;
	mood: Mood;
	meals: MealWithItems;
	heartrates: HeartRate;
	generic_events: GenericEvent;
	cardiac_events: CardiacEventV10;
	bandevents: BandEvent;
}
export type RecordKind = keyof RecordKinds;
export const RECORD_KINDS: readonly RecordKind[] = [
	'workouts',
	'sleeps',
	'moves',
	'body_events',
	'mood',
	'meals',
	'heartrates',
	'generic_events',
	'cardiac_events',
	'bandevents'
];

/** The kinds whose records carry ticks. */
export type TickKind = 'moves' | 'sleeps' | 'workouts';
export interface TickKinds {
	moves: MoveTick;
	sleeps: SleepTick;
	workouts: WorkoutTick;
}

type Indexes = { [K in RecordKind]: RecordIndex<RecordKinds[K]> };

const updatedOf = (record: {
	time_created: number;
	time_updated?: unknown;
	time_completed?: unknown;
}) =>
	typeof record.time_updated === 'number'
		? record.time_updated
		: typeof record.time_completed === 'number'
			? record.time_completed
			: record.time_created;

export interface Goals extends DatasetGoals {
	body_weight_intent: number;
}

/** What an account holds besides its records: the user, settings, friends and goals. */
export interface AccountProfile {
	userXid: string;
	homeTz: string;
	/**
	 * Epoch seconds of the latest record the home zone was read from (an import's): a later
	 * import of older records leaves the zone as it is. Absent for a zone set otherwise.
	 */
	homeTzAsOf?: number;
	user: User;
	settings: Settings;
	friends: string[];
	profile: { gender: number | null; birthDate: number | null };
	goals: Goals;
}

/** The profile of a new own account: the person fills it in by importing or writing goals. */
export function defaultProfile(userXid: string, homeTz: string): AccountProfile {
	return {
		userXid,
		homeTz,
		user: {
			xid: userXid,
			first: '',
			last: '',
			image: `/nudge/api/v.1.1/users/@me/image`,
			weight: null,
			height: null
		},
		settings: { xid: userXid, metric: 1 },
		friends: [],
		profile: { gender: null, birthDate: null },
		goals: { move_steps: 10_000, sleep_total: 8 * 3600, body_weight: 0, body_weight_intent: 1 }
	};
}

export function readProfile(db: StoreDatabase, account: string): AccountProfile | null {
	const row = db
		.prepare<[string], { profile: string }>('SELECT profile FROM accounts WHERE id = ?')
		.get(account);
	// Written only by `writeProfile` from a typed profile.
	return row === undefined ? null : (JSON.parse(row.profile) as AccountProfile);
}

export function writeProfile(db: StoreDatabase, account: string, profile: AccountProfile): void {
	db.prepare(
		'INSERT INTO accounts (id, profile) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET profile = excluded.profile'
	).run(account, JSON.stringify(profile));
}

function profileOf(dataset: Dataset, goals: Goals): AccountProfile {
	return {
		userXid: dataset.userXid,
		homeTz: dataset.homeTz,
		user: dataset.user,
		settings: dataset.settings,
		friends: dataset.friends,
		profile: dataset.profile ?? { gender: null, birthDate: null },
		goals
	};
}

/**
 * Writes a dataset into an account in one transaction, replacing the band's records and keeping
 * what partners wrote and the goals they set (a regenerated demo keeps its users' writes).
 */
export function seedAccount(db: StoreDatabase, account: string, dataset: Dataset): void {
	db.transaction(() => {
		const goals = readProfile(db, account)?.goals ?? { ...dataset.goals };
		db.prepare(
			`DELETE FROM ticks WHERE account = ? AND xid IN
				(SELECT xid FROM records WHERE account = ? AND creator = ?)`
		).run(account, account, BAND_CREATOR);
		db.prepare('DELETE FROM records WHERE account = ? AND creator = ?').run(account, BAND_CREATOR);
		writeProfile(db, account, profileOf(dataset, goals));
		const store = new Store({ db, account });
		const load = <K extends RecordKind>(kind: K, records: readonly RecordKinds[K][]) =>
			store.indexes[kind].load(records);
		load('workouts', dataset.workouts);
		load('sleeps', dataset.sleeps);
		load('moves', dataset.moves);
		load('body_events', dataset.bodyEvents);
		load('mood', dataset.moods);
		load('meals', dataset.meals);
		load('heartrates', dataset.heartrates);
		load('generic_events', dataset.genericEvents);
		load('bandevents', dataset.moves.map(bandSyncOf));
		for (const move of dataset.moves) store.setTicks('moves', move.xid, dataset.moveTicks(move));
		for (const [xid, ticks] of dataset.sleepTicks) store.setTicks('sleeps', xid, ticks);
		for (const workout of dataset.workouts) {
			const ticks = dataset.workoutTicks(workout);
			if (ticks.length > 0) store.setTicks('workouts', workout.xid, ticks);
		}
	})();
}

export class Store {
	readonly db: StoreDatabase;
	readonly account: string;
	readonly indexes: Indexes;
	/** The account's profile as last read, and the write counts it was read at. */
	#profile: AccountProfile;
	#profileStamp = '';
	/** Called with the kind and local date of every changed record (trend cache invalidation). */
	readonly #listeners: ((kind: RecordKind, date: number) => void)[] = [];
	#writeTicks: Statement | null = null;
	/** Bumped on every write, so derived caches can tell they are stale. */
	version = 0;

	/**
	 * One account of a database; given a dataset instead, a private in-memory database seeded
	 * with it (unit tests).
	 */
	constructor(source: Dataset | { db: StoreDatabase; account: string }) {
		if ('db' in source) {
			this.db = source.db;
			this.account = source.account;
		} else {
			this.db = openDatabase(null);
			this.account = DEMO_ACCOUNT;
			seedAccount(this.db, DEMO_ACCOUNT, source);
		}
		const table = (kind: RecordKind) => ({ db: this.db, account: this.account, kind });
		this.indexes = {
			workouts: new RecordIndex<Workout>(updatedOf, table('workouts')),
			sleeps: new RecordIndex<Sleep>(updatedOf, table('sleeps')),
			moves: new RecordIndex<Move>(updatedOf, table('moves')),
			body_events: new RecordIndex<BodyEvent>(updatedOf, table('body_events')),
			mood: new RecordIndex<Mood>(updatedOf, table('mood')),
			meals: new RecordIndex<MealWithItems>(updatedOf, table('meals')),
			heartrates: new RecordIndex<HeartRate>(updatedOf, table('heartrates')),
			generic_events: new RecordIndex<GenericEvent>(updatedOf, table('generic_events')),
			cardiac_events: new RecordIndex<CardiacEventV10>(updatedOf, table('cardiac_events')),
			bandevents: new RecordIndex<BandEvent>(updatedOf, table('bandevents'))
		};
		this.#profile = this.#current();
	}

	/** The profile, read again after any write here or in another process (an import sets it). */
	#current(): AccountProfile {
		const stamp = `${this.version}:${this.externalVersion()}`;
		if (stamp !== this.#profileStamp) {
			this.#profile = readProfile(this.db, this.account) ?? defaultProfile(this.account, 'UTC');
			this.#profileStamp = stamp;
		}
		return this.#profile;
	}

	get userXid(): string {
		return this.#current().userXid;
	}
	get homeTz(): string {
		return this.#current().homeTz;
	}
	get user(): User {
		return this.#current().user;
	}
	get settings(): Settings {
		return this.#current().settings;
	}
	get friends(): readonly string[] {
		return this.#current().friends;
	}
	get profile(): { gender: number | null; birthDate: number | null } {
		return this.#current().profile;
	}
	get goals(): Goals {
		return this.#current().goals;
	}

	onChange(listener: (kind: RecordKind, date: number) => void): void {
		this.#listeners.push(listener);
	}

	/** Runs `work` in one transaction: all of it is stored, or none. */
	transaction<T>(work: () => T): T {
		return this.db.transaction(work)();
	}

	/** True when the account holds at least one record. */
	hasRecords(): boolean {
		const row = this.db
			.prepare<[string], { one: number }>('SELECT 1 AS one FROM records WHERE account = ? LIMIT 1')
			.get(this.account);
		return row !== undefined;
	}

	/** A number that changes whenever another connection (another process) commits a write. */
	externalVersion(): number {
		const version: unknown = this.db.pragma('data_version', { simple: true });
		return typeof version === 'number' ? version : 0;
	}

	/** Who created a record (BAND_CREATOR for seeded and imported ones). */
	creatorOf(kind: RecordKind, xid: string): string {
		return this.indexes[kind].creatorOf(xid) ?? BAND_CREATOR;
	}

	put<K extends RecordKind>(kind: K, record: RecordKinds[K], creator: string): void {
		const previous = this.indexes[kind].get(record.xid);
		this.indexes[kind].put(record, creator);
		this.version++;
		if (previous !== undefined) this.#notify(kind, previous.date);
		this.#notify(kind, record.date);
	}

	remove(kind: RecordKind, xid: string): boolean {
		const removed = this.indexes[kind].remove(xid);
		if (removed === undefined) return false;
		this.db
			.prepare('DELETE FROM ticks WHERE account = ? AND kind = ? AND xid = ?')
			.run(this.account, kind, xid);
		this.version++;
		this.#notify(kind, removed.date);
		return true;
	}

	/** Stores a record's ticks, compressed: a day of minute ticks is one small row. */
	setTicks<K extends TickKind>(kind: K, xid: string, ticks: readonly TickKinds[K][]): void {
		// Prepared once: an import writes the ticks of thousands of days.
		this.#writeTicks ??= this.db.prepare(
			`INSERT INTO ticks (account, kind, xid, body) VALUES (?, ?, ?, ?)
				ON CONFLICT (account, kind, xid) DO UPDATE SET body = excluded.body`
		);
		this.#writeTicks.run(this.account, kind, xid, deflateRawSync(packTicks(ticks), TICKS_DEFLATE));
	}

	ticksOf<K extends TickKind>(kind: K, xid: string): TickKinds[K][] {
		const row = this.db
			.prepare<[string, string, string], { body: Buffer }>(
				'SELECT body FROM ticks WHERE account = ? AND kind = ? AND xid = ?'
			)
			.get(this.account, kind, xid);
		// Written only by `setTicks` from checked ticks.
		return row === undefined
			? []
			: (unpackTicks(inflateRawSync(row.body).toString('utf8')) as TickKinds[K][]);
	}

	setSleepTicks(xid: string, ticks: SleepTick[]): void {
		this.setTicks('sleeps', xid, ticks);
	}

	setWorkoutTicks(xid: string, ticks: WorkoutTick[]): void {
		this.setTicks('workouts', xid, ticks);
	}

	sleepTicks(sleep: Sleep): SleepTick[] {
		return this.ticksOf('sleeps', sleep.xid);
	}

	moveTicks(move: Move): MoveTick[] {
		return this.ticksOf('moves', move.xid);
	}

	/** A partner's workout carries no band data, so it has no ticks unless it sent some. */
	workoutTicks(workout: Workout): WorkoutTick[] {
		return this.ticksOf('workouts', workout.xid);
	}

	setGoals(goals: Goals): void {
		writeProfile(this.db, this.account, { ...this.#current(), goals });
		this.version++;
	}

	#notify(kind: RecordKind, date: number): void {
		for (const listener of this.#listeners) listener(kind, date);
	}
}

/** One band event per day: the band's last sync, when the day's move was last updated. */
function bandSyncOf(move: Move): BandEvent {
	return {
		xid: `band_${move.xid}`.slice(0, 64),
		type: 'band',
		time_created: move.time_completed,
		date: move.date,
		action: 'sync',
		details: { tz: move.details.tz }
	};
}
