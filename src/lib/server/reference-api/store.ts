// The reference API's live data: every record kind indexed in memory, seeded from a dataset, changed by writes.
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
import type { Dataset, DatasetGoals } from './dataset';
import { RecordIndex } from './record-index';

/** Who created a record: the band/app for seeded data, else the client id of the partner. */
export const BAND_CREATOR = 'band';

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

export function isRecordKind(value: string): value is RecordKind {
	return (RECORD_KINDS as readonly string[]).includes(value);
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

export class Store {
	readonly userXid: string;
	readonly homeTz: string;
	readonly user: User;
	readonly settings: Settings;
	readonly friends: readonly string[];
	readonly profile: { gender: number | null; birthDate: number | null };
	goals: Goals;
	readonly indexes: Indexes;
	readonly #creators = new Map<string, string>();
	readonly #sleepTicks = new Map<string, SleepTick[]>();
	readonly #workoutTicks = new Map<string, WorkoutTick[]>();
	readonly #dataset: Dataset;
	/** Called with the kind and local date of every changed record (trend cache invalidation). */
	readonly #listeners: ((kind: RecordKind, date: number) => void)[] = [];
	/** Bumped on every write, so derived caches can tell they are stale. */
	version = 0;

	constructor(dataset: Dataset) {
		this.#dataset = dataset;
		this.userXid = dataset.userXid;
		this.homeTz = dataset.homeTz;
		this.user = dataset.user;
		this.settings = dataset.settings;
		this.friends = dataset.friends;
		this.profile = dataset.profile ?? { gender: null, birthDate: null };
		this.goals = { ...dataset.goals };
		this.indexes = {
			workouts: new RecordIndex<Workout>(updatedOf),
			sleeps: new RecordIndex<Sleep>(updatedOf),
			moves: new RecordIndex<Move>(updatedOf),
			body_events: new RecordIndex<BodyEvent>(updatedOf),
			mood: new RecordIndex<Mood>(updatedOf),
			meals: new RecordIndex<MealWithItems>(updatedOf),
			heartrates: new RecordIndex<HeartRate>(updatedOf),
			generic_events: new RecordIndex<GenericEvent>(updatedOf),
			cardiac_events: new RecordIndex<CardiacEventV10>(updatedOf),
			bandevents: new RecordIndex<BandEvent>(updatedOf)
		};
		this.indexes.workouts.load(dataset.workouts);
		this.indexes.sleeps.load(dataset.sleeps);
		this.indexes.moves.load(dataset.moves);
		this.indexes.body_events.load(dataset.bodyEvents);
		this.indexes.mood.load(dataset.moods);
		this.indexes.meals.load(dataset.meals);
		this.indexes.heartrates.load(dataset.heartrates);
		this.indexes.generic_events.load(dataset.genericEvents);
		this.indexes.bandevents.load(dataset.moves.map(bandSyncOf));
	}

	onChange(listener: (kind: RecordKind, date: number) => void): void {
		this.#listeners.push(listener);
	}

	/** Who created a record (BAND_CREATOR for seeded ones). */
	creatorOf(xid: string): string {
		return this.#creators.get(xid) ?? BAND_CREATOR;
	}

	put<K extends RecordKind>(kind: K, record: RecordKinds[K], creator: string): void {
		const previous = this.indexes[kind].get(record.xid);
		this.indexes[kind].put(record);
		this.#creators.set(record.xid, creator);
		this.version++;
		if (previous !== undefined) this.#notify(kind, previous.date);
		this.#notify(kind, record.date);
	}

	remove(kind: RecordKind, xid: string): boolean {
		const removed = this.indexes[kind].remove(xid);
		if (removed === undefined) return false;
		this.#sleepTicks.delete(xid);
		this.#workoutTicks.delete(xid);
		this.version++;
		this.#notify(kind, removed.date);
		return true;
	}

	setSleepTicks(xid: string, ticks: SleepTick[]): void {
		this.#sleepTicks.set(xid, ticks);
	}

	setWorkoutTicks(xid: string, ticks: WorkoutTick[]): void {
		this.#workoutTicks.set(xid, ticks);
	}

	sleepTicks(sleep: Sleep): SleepTick[] {
		return this.#sleepTicks.get(sleep.xid) ?? this.#dataset.sleepTicks.get(sleep.xid) ?? [];
	}

	moveTicks(move: Move): MoveTick[] {
		return this.#dataset.moveTicks(move);
	}

	workoutTicks(workout: Workout): WorkoutTick[] {
		const own = this.#workoutTicks.get(workout.xid);
		if (own !== undefined) return own;
		// A partner's workout carries no band data, so it has no ticks.
		if (this.creatorOf(workout.xid) !== BAND_CREATOR) return [];
		return this.#dataset.workoutTicks(workout);
	}

	setGoals(goals: Goals): void {
		this.goals = goals;
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
