// The shape of the seed data the reference API serves: what the demo generator produces.
import type {
	BodyEvent,
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

export interface DatasetGoals {
	move_steps: number;
	sleep_total: number;
	body_weight: number;
	body_weight_intent: number;
}

/** Structurally the demo generator's `DemoData`, so either it or a hand-made fixture can seed the store. */
export interface Dataset {
	homeTz: string;
	userXid: string;
	user: User;
	settings: Settings;
	friends: string[];
	goals: DatasetGoals;
	moves: Move[];
	moveTicks(move: Move): MoveTick[];
	sleeps: Sleep[];
	sleepTicks: ReadonlyMap<string, SleepTick[]>;
	workouts: Workout[];
	workoutTicks(workout: Workout): WorkoutTick[];
	bodyEvents: BodyEvent[];
	moods: Mood[];
	meals: MealWithItems[];
	heartrates: HeartRate[];
	genericEvents: GenericEvent[];
	/** What trends report but the user record does not carry: 1 female / 0 male, birth date YYYYMMDD. */
	profile?: { gender: number | null; birthDate: number | null };
}
