// Brings the cache up to date: a concurrent windowed backfill for history, a handful of requests for what changed since.
import type { ApiClient, ListItems, ListKind, ListQuery } from '$lib/client';
import { ApiError, isAbortError } from '$lib/client';
import { mapPool } from './pool';
import { DEFAULT_SYNC_KINDS, RECORD_KINDS } from './kinds';
import type { CacheStore, CachedRecord, SyncState } from './schema';
import { planWindows, type TimeWindow, type WindowPlan } from './windows';
import type { ReadSpan } from '$lib/coverage';

export const DAY = 86_400;

export interface SyncProgress {
	/** Jobs (time windows and incremental lists) finished, and how many there are. */
	windowsDone: number;
	windowsTotal: number;
	/** Records stored so far in this run. */
	records: number;
	/** Whether this run fills history (many windows) or only catches up. */
	backfilling: boolean;
	/** The span (epoch seconds) a backfilling run fills, from its oldest window to the server's now. */
	from?: number;
	to?: number;
}

export interface SyncConfig {
	client: ApiClient;
	store: CacheStore;
	/** The browser's clock in epoch seconds; used only when the server's time is unknown. */
	now?: () => number;
	/**
	 * The list kinds to sync. Default every kind of v.1.1 (moves, sleeps, workouts, heart rates,
	 * body events, meals); the data layer adds v.1.0's cardiac events for an upstream speaking v.1.0
	 * and leaves out the kinds whose scope the token lacks.
	 */
	kinds?: readonly ListKind[];
	/** How much history a first sync fetches. Default 731 days. */
	historyDays?: number;
	/** Windows fetched at once. Default 6 (also the browser's connections per host). */
	concurrency?: number;
	/**
	 * Width of a backfill window per kind over the recent span, in days. Chosen so that a window is
	 * about one full page (the API pages by 10): one move a day; a night plus the odd nap; a
	 * workout every few days. A window that holds more simply follows its own `next` link.
	 */
	windowDays?: Partial<Record<ListKind, number>>;
	/** How far back from the newest end the `windowDays` windows reach. Default 28 days. */
	recentDays?: number;
	/** Width of a backfill window per kind beyond the recent span, in days. */
	olderWindowDays?: Partial<Record<ListKind, number>>;
}

export interface SyncRequest {
	/** Make sure history back to this instant (epoch seconds) is cached. */
	historyFrom?: number;
	signal?: AbortSignal;
	/**
	 * Whether a page waits on records of `kind` that started between `start` and `end` (epoch
	 * seconds), asked whenever a slot frees: such backfill windows go before the rest.
	 */
	wanted?: (kind: ListKind, start: number, end: number) => boolean;
	onProgress?: (progress: SyncProgress) => void;
	/** Called after records of a kind are written, with the span of their dates. */
	onStored?: (kind: ListKind, fromDate: number, toDate: number) => void;
	/**
	 * Called as each list or window ends: its records are stored (`error` null) and records of
	 * `kind` that started in `span` are read, or it failed and `span` is not (or no longer) known.
	 */
	onRead?: (kind: ListKind, span: ReadSpan, error: unknown) => void;
}

export interface SyncOutcome {
	/** The server's time at the start of the run: what "last synced" means. */
	serverTime: number;
	/** Failures of single windows or lists; the rest of the run was still stored. */
	errors: unknown[];
	/** The kinds with a failed window or list, each with its first failure. */
	failures: { kind: ListKind; error: unknown }[];
	records: number;
}

/**
 * The four weeks the first screens show come in one-page windows, all in the pool's first round
 * (each kind's `windowDays`, kinds.ts). Older history needs every record, not the first ones soon,
 * and there the number of requests is what counts: each window costs its last, part-filled page,
 * and a one-page window whose count varies (a nap, a week with more workouts) costs a whole extra
 * page for one record. Sleeps and workouts therefore go in long windows that walk their pages
 * (`olderWindowDays`), which wastes one part-filled page per window instead of a page per spill.
 */
const DEFAULT_RECENT_DAYS = 28;

/** Margin in front of the last sync for the moves of recent days (a day starts up to 14 h off UTC). */
const RECENT_MOVES_MARGIN = 2 * DAY;
/** Margin for updated_after, against records written in the same second as the last sync. */
const UPDATED_AFTER_MARGIN = 60;

interface Job {
	kind: ListKind;
	query: ListQuery;
	/** Set for backfill windows; incremental jobs have none. */
	window?: TimeWindow;
	/** Records that started in this span are read once the job is done. */
	reads: ReadSpan;
	/** What is not known when the job fails (an incremental list fails only what is new). */
	unknownIfFailed: ReadSpan;
}

export async function syncCache(
	config: SyncConfig,
	request: SyncRequest = {}
): Promise<SyncOutcome> {
	const { client, store } = config;
	const signal = request.signal;
	const concurrency = config.concurrency ?? 6;
	const planOf = (kind: ListKind): WindowPlan => ({
		windowSeconds: (config.windowDays?.[kind] ?? RECORD_KINDS[kind].windowDays) * DAY,
		recentSeconds: (config.recentDays ?? DEFAULT_RECENT_DAYS) * DAY,
		olderWindowSeconds: (config.olderWindowDays?.[kind] ?? RECORD_KINDS[kind].olderWindowDays) * DAY
	});
	const now = config.now ?? (() => Math.floor(Date.now() / 1000));

	// Goals are refreshed on every sync, and their envelope tells the server's time, which anchors
	// every range below (a demo server may live on a fixed date far from the browser's clock).
	const errors: unknown[] = [];
	try {
		const goals = await client.goals({ signal });
		await store.docs.goals.put({
			key: 'current',
			fetchedAt: client.lastServerTime ?? now(),
			value: goals
		});
	} catch (error) {
		// A token without the goal scopes still syncs its records; anything else ends the run.
		if (!(error instanceof ApiError && error.status === 403)) throw error;
		errors.push(error);
	}
	const serverTime = client.lastServerTime ?? now();

	const kinds = config.kinds ?? DEFAULT_SYNC_KINDS;
	const states = new Map<ListKind, SyncState | undefined>();
	for (const kind of kinds) states.set(kind, await store.syncState.get(kind));

	// Each kind's jobs newest first; the kinds are then interleaved, so moves and sleeps start
	// together in the one shared pool and the days a person looks at first arrive first.
	const perKind: Job[][] = [];
	for (const kind of kinds) {
		const own: Job[] = [];
		perKind.push(own);
		const state = states.get(kind);
		const wanted = request.historyFrom ?? serverTime - (config.historyDays ?? 731) * DAY;
		if (!state) {
			// Up to a day ahead: a record's local day may run ahead of the server's UTC clock.
			for (const window of planWindows(wanted, serverTime + DAY, planOf(kind))) {
				own.push(windowJob(kind, window, serverTime));
			}
			continue;
		}
		own.push(incrementalJob(kind, state, serverTime));
		if (wanted < state.coveredFrom) {
			for (const window of planWindows(wanted, state.coveredFrom, planOf(kind))) {
				own.push(windowJob(kind, window, serverTime));
			}
		}
	}
	const jobs = interleave(perKind);

	const windowStarts = jobs.flatMap((job) => (job.window ? [job.window.start] : []));
	const progress: SyncProgress = {
		windowsDone: 0,
		windowsTotal: jobs.length,
		records: 0,
		backfilling: jobs.some((job) => job.window !== undefined),
		...(windowStarts.length > 0 ? { from: Math.min(...windowStarts), to: serverTime } : {})
	};
	request.onProgress?.({ ...progress });

	// A job ends when its pages have arrived; their writes go on behind it, so a pool slot never
	// waits on IndexedDB. A job counts as done (and its window as covered) once its writes land.
	const allWrites: Promise<void>[] = [];
	// Windows a page waits on go first (Activity's Year opened while history is still coming).
	const waitedOn = request.wanted;
	const isWaitedOn = (job: Job): boolean =>
		waitedOn !== undefined &&
		job.window !== undefined &&
		waitedOn(job.kind, job.window.start, job.window.end);
	// Until those windows are read and stored, the others wait: the view on screen comes whole
	// before other kinds compete with it for the connections, the main thread and IndexedDB.
	const waitedOnLanding = new Set<Promise<unknown>>();
	const fetched = await mapPool(
		jobs,
		concurrency,
		async (job) => {
			if (!isWaitedOn(job)) {
				while (waitedOnLanding.size > 0) await Promise.allSettled([...waitedOnLanding]);
				return runJob(job);
			}
			const run = runJob(job);
			const landing = run.then((ran) => ran.done);
			waitedOnLanding.add(landing);
			void landing.catch(() => {}).finally(() => waitedOnLanding.delete(landing));
			return run;
		},
		signal,
		waitedOn && isWaitedOn
	);

	async function runJob(job: Job): Promise<{ done: Promise<void> }> {
		const writes: Promise<void>[] = [];
		try {
			await fetchInto(job.kind, job.query, writes);
		} catch (error) {
			if (!isAbortError(error)) request.onRead?.(job.kind, job.unknownIfFailed, error);
			throw error;
		} finally {
			// Even a job that failed half-way has writes in flight that must land before the end.
			allWrites.push(...writes);
		}
		const done = Promise.all(writes).then(
			() => {
				progress.windowsDone++;
				request.onProgress?.({ ...progress });
				request.onRead?.(job.kind, job.reads, null);
			},
			(error: unknown) => {
				request.onRead?.(job.kind, job.unknownIfFailed, error);
				throw error;
			}
		);
		done.catch(() => {});
		// Wrapped: an async job returning the bare promise would wait for it.
		return { done };
	}
	const outcomes: PromiseSettledResult<void>[] = await Promise.all(
		fetched.map(async (outcome) => {
			if (outcome.status === 'rejected') return outcome;
			try {
				await outcome.value.done;
				return { status: 'fulfilled', value: undefined };
			} catch (reason) {
				return { status: 'rejected', reason };
			}
		})
	);
	await Promise.allSettled(allWrites);

	/** Fetches every page of a query, starting each page's write without waiting for it. */
	async function fetchInto<K extends ListKind>(
		kind: K,
		query: ListQuery,
		writes: Promise<void>[]
	): Promise<void> {
		await client.lists[kind].all(query, {
			signal,
			onPage: (page) => {
				if (page.items.length === 0) return;
				const rows = page.items.map((record) => toRow(record, serverTime));
				const write = store.records[kind].put(rows).then(() => {
					progress.records += rows.length;
					const dates = rows.map((row) => row.date);
					request.onStored?.(kind, Math.min(...dates), Math.max(...dates));
				});
				// Observed here so a failed write is never unhandled; the job's outcome reports it.
				write.catch(() => {});
				writes.push(write);
			}
		});
	}

	const failures: SyncOutcome['failures'] = [];
	outcomes.forEach((outcome, index) => {
		if (outcome.status !== 'rejected') return;
		errors.push(outcome.reason);
		const kind = jobs[index]?.kind;
		if (kind !== undefined && !failures.some((failure) => failure.kind === kind)) {
			failures.push({ kind, error: outcome.reason });
		}
	});
	signal?.throwIfAborted();
	if (outcomes.length > 0 && outcomes.every((o) => o.status === 'rejected')) {
		const first = errors.find((error) => !isAbortError(error));
		if (first instanceof Error) throw first;
	}

	for (const kind of kinds) {
		const next = nextState(kind, states.get(kind), jobs, outcomes, serverTime);
		if (next) await store.syncState.put(next);
	}
	return { serverTime, errors, failures, records: progress.records };
}

/**
 * A backfill window: it reads what started in it, as far as the server's now (a window may reach a
 * day ahead, but nothing has started there yet: what is read of today is read as of now).
 */
function windowJob(kind: ListKind, window: TimeWindow, serverTime: number): Job {
	const span = { start: window.start, end: Math.min(window.end, serverTime) };
	return {
		kind,
		query: { startTime: window.start, endTime: window.end },
		window,
		reads: span,
		unknownIfFailed: span
	};
}

/**
 * What changed since the last sync: once read, the cached span is fresh up to now; when it
 * fails, only what is newer than the last sync is unknown.
 */
function incrementalJob(kind: ListKind, state: SyncState, serverTime: number): Job {
	const query = incrementalQuery(kind, state, serverTime);
	const end = Math.min(query.endTime ?? serverTime, serverTime);
	return {
		kind,
		query,
		reads: { start: Math.min(query.startTime ?? state.coveredFrom, state.coveredFrom), end },
		unknownIfFailed: { start: state.coveredTo, end }
	};
}

/** The jobs of every kind in turns: the first of each, then the second of each, and so on. */
function interleave(lists: readonly Job[][]): Job[] {
	const out: Job[] = [];
	const longest = Math.max(0, ...lists.map((list) => list.length));
	for (let i = 0; i < longest; i++) {
		for (const list of lists) {
			const job = list[i];
			if (job) out.push(job);
		}
	}
	return out;
}

/** The cache row of a record: its date, for a sleep the wake date the API files it under. */
function toRow<T extends ListItems[ListKind]>(record: T, fetchedAt: number): CachedRecord<T> {
	return { xid: record.xid, date: record.date, fetchedAt, record };
}

/**
 * What changed since the last sync. Sleeps, workouts, heart rates, body events and meals have a
 * trustworthy `updated_after`.
 * Moves do not: their `time_updated` moves in real time even for past days (BMR), so asking
 * "updated since" would return every move; instead fetch the days since the last sync by time.
 */
export function incrementalQuery(kind: ListKind, state: SyncState, serverTime: number): ListQuery {
	if (kind === 'moves') {
		return { startTime: state.lastSyncedAt - RECENT_MOVES_MARGIN, endTime: serverTime + DAY };
	}
	return {
		updatedAfter: state.lastSyncedAt - UPDATED_AFTER_MARGIN,
		startTime: state.coveredFrom
	};
}

/**
 * The sync state after a run. Coverage grows only through windows that all succeeded next to
 * what was covered before, so the covered interval never gets a hole: a failed window is simply
 * fetched again next time.
 */
function nextState(
	kind: ListKind,
	previous: SyncState | undefined,
	jobs: readonly Job[],
	outcomes: readonly PromiseSettledResult<void>[],
	serverTime: number
): SyncState | null {
	let incrementalOk = previous === undefined;
	// Windows are newest first; the first one borders the covered interval (or "now").
	let coveredFrom: number | null = previous?.coveredFrom ?? null;
	let contiguous = true;
	jobs.forEach((job, index) => {
		if (job.kind !== kind) return;
		const ok = outcomes[index]?.status === 'fulfilled';
		if (!job.window) {
			incrementalOk = ok;
			return;
		}
		if (!contiguous) return;
		if (ok) coveredFrom = job.window.start;
		else contiguous = false;
	});
	if (coveredFrom === null) return null;
	if (!previous) {
		return { kind, coveredFrom, coveredTo: serverTime, lastSyncedAt: serverTime };
	}
	return {
		kind,
		coveredFrom,
		coveredTo: incrementalOk ? serverTime : previous.coveredTo,
		lastSyncedAt: incrementalOk ? serverTime : previous.lastSyncedAt
	};
}
