// The kinds of data this dashboard reads and the changes it makes, in plain words, by scope.

export interface Permission {
	/** The OAuth scope. */
	scope: string;
	/** What it lets the dashboard read, in words a person uses. */
	label: string;
	/** What the dashboard shows with it. */
	use: string;
	/** Whether a view reads it: only those are asked for unless the person ticks more. */
	read: boolean;
}

/** Every read scope the dashboard's views use, in the order the sign-in choice lists them. */
export const PERMISSIONS: readonly Permission[] = [
	{
		scope: 'move_read',
		label: 'Activity',
		use: 'steps, distance, active time and workouts',
		read: true
	},
	{
		scope: 'sleep_read',
		label: 'Sleep',
		use: 'nights, sleep phases, bedtimes and naps',
		read: true
	},
	{ scope: 'basic_read', label: 'Profile', use: 'your profile, units and time zone', read: true },
	{ scope: 'meal_read', label: 'Meals', use: 'calories eaten and nutrition', read: true },
	{ scope: 'weight_read', label: 'Body measurements', use: 'weight and body fat', read: true },
	{ scope: 'heartrate_read', label: 'Heart rate', use: 'resting heart rate', read: true },
	{ scope: 'mood_read', label: 'Mood', use: 'how you said you felt', read: true },
	{
		scope: 'generic_event_read',
		label: 'Other events',
		use: 'events other apps recorded; no view shows them yet',
		read: false
	},
	{
		scope: 'extended_read',
		label: 'Band events',
		use: 'when the band was worn and charged; no view shows them yet',
		read: false
	},
	{
		scope: 'friends_read',
		label: 'Friends',
		use: 'your list of friends; no view shows it yet',
		read: false
	}
];

/** The write scopes behind the changes a person makes on the pages (goals, weigh-ins, moods). */
export const CHANGE_PERMISSIONS: readonly Permission[] = [
	{ scope: 'move_write', label: 'Steps goal', use: 'change it on the Goals page', read: true },
	{
		scope: 'sleep_write',
		label: 'Time-asleep goal',
		use: 'change it on the Goals page',
		read: true
	},
	{
		scope: 'body_write',
		label: 'Weigh-ins and weight goal',
		use: 'log or remove a weigh-in, change the weight goal',
		read: true
	},
	{ scope: 'mood_write', label: 'Moods you log', use: 'log or delete how you feel', read: true }
];

/** What a sign-in asks for unless the person chooses otherwise: what the views read and change. */
export function defaultScopes(): string[] {
	return [...PERMISSIONS, ...CHANGE_PERMISSIONS]
		.filter((permission) => permission.read)
		.map((permission) => permission.scope);
}

const byScope = new Map(
	[...PERMISSIONS, ...CHANGE_PERMISSIONS].map((permission) => [permission.scope, permission])
);

/** "Sleep (sleep_read)": the plain name first, the technical one for people who look it up. */
export function permissionName(scope: string): string {
	const permission = byScope.get(scope);
	return permission === undefined ? scope : `${permission.label.toLowerCase()} (${scope})`;
}

/** What each write permission lets a person do from the dashboard, in words. */
const WRITE_USES: Readonly<Record<string, string>> = {
	move_write: 'change the step goal',
	sleep_write: 'change the sleep goal',
	body_write: 'log weigh-ins',
	mood_write: 'log moods'
};

/** What blocks a form before anything is typed into it. */
export interface WriteAccess {
	/** The service cannot be reached (the sync says offline). */
	offline: boolean;
	/** The scopes granted; null while the session is not known, which blocks nothing yet. */
	scopes: readonly string[] | null;
}

/** A form's write: its permission, and the thing it writes ("a mood", "a weigh-in"). */
export interface FormWrite {
	scope: string;
	thing: string;
}

/**
 * Why a form cannot be used now, said up front rather than on Save, or null when it can: offline
 * ("Offline: a mood can be logged once the network is back."), or a sign-in without the form's
 * permission ("Logging a mood needs the permission to log moods (mood_write), which this sign-in
 * did not grant."). A token with no scopes listed grants them all.
 */
export function writeBlocked(access: WriteAccess, write: FormWrite): string | null {
	if (access.offline) return `Offline: ${write.thing} can be logged once the network is back.`;
	const scopes = access.scopes;
	if (scopes === null || scopes.length === 0 || scopes.includes(write.scope)) return null;
	const use = WRITE_USES[write.scope] ?? write.scope;
	return `Logging ${write.thing} needs the permission to ${use} (${write.scope}), which this sign-in did not grant.`;
}
