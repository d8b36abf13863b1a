// Keeps the cache up to date: one sync at a time, what it read and what failed noted as it goes.
import { ApiError, type ApiClient, type ListKind } from '$lib/client';
import { countOf } from '$lib/format';
import type { Account } from './account.svelte';
import { LIST_KINDS, RECORD_KINDS } from './kinds';
import type { ReadLedger } from './ledger.svelte';
import { messageOf } from './query.svelte';
import { missingScopeIn } from './scopes';
import type { Stores } from './stores';
import { DAY, syncCache, type SyncConfig, type SyncOutcome } from './sync';
import type { SyncStatus } from './sync-status.svelte';

export interface SyncerOptions {
	client: ApiClient;
	account: Account;
	stores: Stores;
	ledger: ReadLedger;
	status: SyncStatus;
	/** The browser's clock, epoch seconds (only used until the server's time is known). */
	now?: () => number;
	sync?: Pick<SyncConfig, 'historyDays' | 'concurrency' | 'windowDays'>;
	/** Records of a kind dated `fromDate..toDate` were stored, or a window of it read or failed. */
	onChanged: (kind: ListKind, fromDate: number, toDate: number) => void;
}

/** The dates (UTC, a day either side) a span of instants can touch, for the queries showing them. */
function datesAround(start: number, end: number): [number, number] {
	const date = (epoch: number) => {
		const d = new Date(epoch * 1000);
		return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
	};
	return [date(start - DAY), date(end + DAY)];
}

/**
 * Runs the syncs of the person shown. Concurrent calls share one run; a call that asks for older
 * history than the running one waits for it and runs again. As each window or list ends, the
 * ledger notes it read or failed, so every range query's coverage follows the run.
 */
export class Syncer {
	#inFlight: { historyFrom: number | undefined; promise: Promise<SyncOutcome> } | null = null;
	#controller: AbortController | null = null;
	#started = false;
	/** Spans pages wait on (range queries held open), which a backfill reads first. */
	readonly #wanted = new Set<{ kind: ListKind; start: number; end: number }>();
	readonly #options: SyncerOptions;

	constructor(options: SyncerOptions) {
		this.#options = options;
	}

	/** Whether a sync has started since the page loaded. */
	get started(): boolean {
		return this.#started;
	}

	/**
	 * Brings the cache up to date; with no `historyFrom`, also fills two years of history (the Data
	 * page does this).
	 */
	async sync(options: { historyFrom?: number } = {}): Promise<SyncOutcome> {
		const running = this.#inFlight;
		if (running) {
			const covers =
				running.historyFrom === undefined ||
				(options.historyFrom !== undefined && running.historyFrom <= options.historyFrom);
			if (covers) return running.promise;
			await running.promise.catch(() => {});
		}
		const promise = this.#run(options.historyFrom);
		const entry = { historyFrom: options.historyFrom, promise };
		this.#inFlight = entry;
		try {
			return await promise;
		} finally {
			if (this.#inFlight === entry) this.#inFlight = null;
		}
	}

	/** Settles once a sync in flight has landed (it may have read a list before a write). */
	async settled(): Promise<void> {
		await this.#inFlight?.promise.catch(() => {});
	}

	/**
	 * A page waits on records of `kind` started in `start..end` (epoch seconds): until the returned
	 * call, backfill windows overlapping it go before the rest, in this run and the next.
	 */
	want(kind: ListKind, start: number, end: number): () => void {
		const span = { kind, start, end };
		this.#wanted.add(span);
		return () => this.#wanted.delete(span);
	}

	/** Stops the running sync (sign-out, another person, a cache going away). */
	abort(): void {
		this.#controller?.abort();
	}

	async #run(historyFrom: number | undefined): Promise<SyncOutcome> {
		this.#started = true;
		const { account, stores, status, ledger } = this.#options;
		const session = await account.current();
		if (!session.signedIn) {
			status.setPhase('signed-out', 'Sign in to load your data.');
			throw new Error('Sign in to load your data.');
		}
		const store = await stores.current();
		const controller = new AbortController();
		this.#controller = controller;
		status.setPhase('syncing');
		try {
			// A kind whose scope the token lacks is left out, rather than failing every sync.
			// v.1.0's cardiac events (blood pressure) come from an upstream that speaks v.1.0, and
			// from the embedded API, which serves them beside v.1.1 (an import writes them there).
			const legacy = (session.apiVersion ?? 'v.1.1') === 'v.1.0';
			const cardiac = legacy || session.upstream === 'embedded';
			const kinds = LIST_KINDS.filter(
				(kind) => missingScopeIn(session, kind) === null && (cardiac || !RECORD_KINDS[kind].v10Only)
			);
			const outcome = await syncCache(
				{
					client: this.#options.client,
					store,
					now: this.#options.now,
					kinds,
					...this.#options.sync
				},
				{
					historyFrom,
					signal: controller.signal,
					wanted: (kind, start, end) => {
						for (const span of this.#wanted) {
							if (span.kind === kind && start < span.end && span.start < end) return true;
						}
						return false;
					},
					onProgress: (progress) => status.setProgress(progress),
					onStored: (kind, fromDate, toDate) => this.#options.onChanged(kind, fromDate, toDate),
					onRead: (kind, span, error) => {
						if (controller.signal.aborted) return;
						if (error === null) ledger.read(kind, span);
						else ledger.failed(kind, { ...span, reason: messageOf(error) });
						this.#options.onChanged(kind, ...datesAround(span.start, span.end));
					}
				}
			);
			await stores.readSummary(store);
			// A kind the sign-in did not grant is the view's to name, not a failure of the sync.
			const failures = outcome.failures.filter(
				(failure) => !(failure.error instanceof ApiError && failure.error.missingScope)
			);
			status.setFailures(
				failures.map((failure) => ({
					kind: RECORD_KINDS[failure.kind].label,
					reason: messageOf(failure.error)
				}))
			);
			const failed = outcome.errors.length;
			status.setPhase(
				'idle',
				failed > 0
					? `${countOf(failed, 'part')} of the sync failed (${messageOf(outcome.errors[0])}); retried next time.`
					: null
			);
			return outcome;
		} catch (error) {
			account.failed(error);
			if (account.signInReason === 'expired') throw error;
			const unreachable = error instanceof ApiError && error.isUnreachable;
			status.setPhase(unreachable ? 'offline' : 'error', messageOf(error));
			throw error;
		} finally {
			if (this.#controller === controller) this.#controller = null;
		}
	}
}
