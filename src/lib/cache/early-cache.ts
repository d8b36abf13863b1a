// Takes over the cache read that src/app.html starts before the app's scripts have loaded.
import * as z from 'zod/mini';
import type { CacheSnapshot } from './schema';

/**
 * The contract with the inline script of src/app.html (plain JavaScript, so it runs while the
 * app's modules are still on their way). When localStorage names the last user
 * (`LAST_USER_STORAGE_KEY`), the script opens that user's database (`databaseName`) at whatever
 * version it has, never creating or upgrading it (another tab's or the app's upgrade makes it
 * close), reads every month row (parsing their JSON), every sync state and the oldest and newest
 * record date of each list kind in one read-only transaction, and leaves
 * `{ userKey, db, snapshot: Promise<raw snapshot | null> }` on the global below, its connection
 * (`db`) still open. The data layer takes it once; the unit tests run the script itself.
 */
export const EARLY_CACHE_GLOBAL = 'wellnessEarlyCache';
export const LAST_USER_STORAGE_KEY = 'wellness:last-user-key';

const listKind = z.enum([
	'moves',
	'sleeps',
	'workouts',
	'heartrates',
	'bodyEvents',
	'cardiacEvents'
]);
const ends = z.object({ oldest: z.optional(z.number()), newest: z.optional(z.number()) });

// What the script hands over comes from outside the app's code: its shape is checked like any
// other input. The records inside the month rows (JSON text, and maybe already parsed) are not
// checked again: they were validated when fetched, and the store reads them like the rows it
// reads itself.
const snapshotSchema = z.object({
	version: z.number(),
	months: z.array(
		z.object({
			kind: listKind,
			month: z.number(),
			v: z.number(),
			json: z.string(),
			hourly: z.optional(z.instanceof(ArrayBuffer)),
			parsed: z.optional(z.unknown())
		})
	),
	meta: z.array(
		z.object({
			kind: listKind,
			coveredFrom: z.number(),
			coveredTo: z.number(),
			lastSyncedAt: z.number()
		})
	),
	bounds: z.object({
		moves: ends,
		sleeps: ends,
		workouts: ends,
		heartrates: ends,
		bodyEvents: ends,
		cardiacEvents: ends
	})
});

/** The early read, taken over by the data layer. */
export interface EarlyCache {
	/** What it read, or null when there is nothing to use (no database yet, older version, failure). */
	snapshot: Promise<CacheSnapshot | null>;
	/**
	 * Closes its connection. Call once the app's own connection is open: while one connection
	 * is open, the browser keeps the database open, and the app's open is quick.
	 */
	release(): void;
}

/**
 * The early read the page's inline script started for `userKey`, or null when there is none (no
 * script, nobody remembered). The hand-over is taken at the first call, whoever it is for, so a
 * later open never reuses it; a read for another user is released at once and not used.
 */
export function takeEarlyCache(userKey: string, scope: object = globalThis): EarlyCache | null {
	const handover: unknown = Reflect.get(scope, EARLY_CACHE_GLOBAL);
	if (handover === undefined) return null;
	Reflect.deleteProperty(scope, EARLY_CACHE_GLOBAL);
	if (typeof handover !== 'object' || handover === null) return null;
	const pending: Promise<unknown> =
		'snapshot' in handover && handover.snapshot instanceof Promise
			? handover.snapshot.catch(() => null)
			: Promise.resolve(null);
	const early: EarlyCache = {
		snapshot: pending.then((raw) => {
			const parsed = snapshotSchema.safeParse(raw);
			return parsed.success ? parsed.data : null;
		}),
		// The script sets `db` before its read settles, so waiting for the read finds it.
		release: () =>
			void pending.then(() => {
				const db: unknown = Reflect.get(handover, 'db');
				if (typeof IDBDatabase !== 'undefined' && db instanceof IDBDatabase) db.close();
			})
	};
	if ('userKey' in handover && handover.userKey === userKey) return early;
	early.release();
	return null;
}
