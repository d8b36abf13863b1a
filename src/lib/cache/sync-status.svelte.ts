// Reactive state of the data layer for the UI: sync progress, last sync, storage backend, problems.
import type { SyncProgress } from './sync';

export type SyncPhase = 'starting' | 'idle' | 'syncing' | 'offline' | 'error' | 'signed-out';

/** A kind of record the last sync could not read in full, and why. */
export interface SyncFailure {
	/** What the records are called in a sentence ("sleep"). */
	kind: string;
	reason: string;
}

export class SyncStatus {
	#phase = $state<SyncPhase>('starting');
	#progress = $state.raw<SyncProgress | null>(null);
	#lastSynced = $state<number | null>(null);
	#zone = $state('UTC');
	#storage = $state<'indexeddb' | 'memory'>('indexeddb');
	#storageFull = $state(false);
	#notice = $state<string | null>(null);
	#error = $state<string | null>(null);
	#needsReload = $state(false);
	#failures = $state.raw<readonly SyncFailure[]>([]);

	/** What the layer is doing: starting up, idle, syncing, or why it cannot sync. */
	get phase(): SyncPhase {
		return this.#phase;
	}
	/** Progress of the running sync (n of m windows, records so far), or null when none runs. */
	get progress(): SyncProgress | null {
		return this.#progress;
	}
	/** Server time (epoch seconds) of the last successful sync, whatever the storage. */
	get lastSynced(): number | null {
		return this.#lastSynced;
	}
	/** The user's zone (of their newest record), for showing times such as the last sync. */
	get zone(): string {
		return this.#zone;
	}
	/** Where the cache lives: IndexedDB, or memory when IndexedDB is unavailable. */
	get storage(): 'indexeddb' | 'memory' {
		return this.#storage;
	}
	/** The browser refused to store more: what is fetched now shows but is not saved. */
	get storageFull(): boolean {
		return this.#storageFull;
	}
	/** Something the user should know that is not an error (space freed, memory-only cache). */
	get notice(): string | null {
		return this.#notice;
	}
	get error(): string | null {
		return this.#error;
	}
	/** The kinds the last sync could not read in full (retried by the next one). */
	get failures(): readonly SyncFailure[] {
		return this.#failures;
	}
	/** A newer version of the app opened in another tab: this one must reload. */
	get needsReload(): boolean {
		return this.#needsReload;
	}
	/** Cached data is what the page shows, and it may be behind (offline or failed sync). */
	get stale(): boolean {
		return this.#phase === 'offline' || this.#phase === 'error';
	}

	// Writers, for the data layer only.
	setPhase(phase: SyncPhase, error: string | null = null): void {
		this.#phase = phase;
		this.#error = error;
		if (phase !== 'syncing') this.#progress = null;
	}
	setProgress(progress: SyncProgress): void {
		this.#progress = progress;
	}
	setLastSynced(serverTime: number | null): void {
		this.#lastSynced = serverTime;
	}
	setZone(zone: string): void {
		this.#zone = zone;
	}
	setStorage(storage: 'indexeddb' | 'memory'): void {
		this.#storage = storage;
	}
	setStorageFull(full: boolean): void {
		this.#storageFull = full;
	}
	setNotice(notice: string | null): void {
		this.#notice = notice;
	}
	setFailures(failures: readonly SyncFailure[]): void {
		this.#failures = failures;
	}
	requireReload(): void {
		this.#needsReload = true;
	}
}
