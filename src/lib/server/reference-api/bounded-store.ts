// A map of short-lived OAuth records that cannot grow without limit (entries expire, the oldest go first), optionally kept in a table.

/** A record with its expiry in epoch seconds; null never expires (it leaves only by eviction). */
export interface Expiring {
	expiresAt: number | null;
}

/**
 * Where a store's entries are also kept, so they outlive the process (a table of the database):
 * loaded once, then written through on every change.
 */
export interface StoreMirror<V> {
	/** Every entry kept, oldest first. */
	load(): Iterable<[string, V]>;
	put(key: string, value: V): void;
	delete(key: string): void;
}

export interface BoundedStoreOptions {
	/** Most entries kept; adding one more evicts the oldest. */
	capacity: number;
	nowSec: () => number;
	/** Seconds an entry is kept past its expiry, so callers can still tell "expired" from "unknown". */
	retainSec?: number;
}

/**
 * Entries of one store share one lifetime, so insertion order (which a Map keeps) is also expiry
 * order: expired entries are dropped from the front on every insert, and a lookup never returns
 * one past its retention. Memory is bounded by `capacity` whatever the callers send.
 */
export class BoundedStore<V extends Expiring> {
	readonly #entries = new Map<string, V>();
	readonly #capacity: number;
	readonly #nowSec: () => number;
	readonly #retainSec: number;
	#mirror: StoreMirror<V> | null = null;

	constructor(options: BoundedStoreOptions) {
		this.#capacity = options.capacity;
		this.#nowSec = options.nowSec;
		this.#retainSec = options.retainSec ?? 0;
	}

	get size(): number {
		return this.#entries.size;
	}

	/**
	 * Keeps the entries in `mirror` from now on: what it holds comes back (the expired and the
	 * oldest past capacity leave it), and what this store held before joins it.
	 */
	keepIn(mirror: StoreMirror<V>): void {
		const earlier = [...this.#entries];
		this.#entries.clear();
		this.#mirror = mirror;
		const now = this.#nowSec();
		for (const [key, value] of mirror.load()) {
			if (this.#expired(value, now)) mirror.delete(key);
			else this.#entries.set(key, value);
		}
		for (const [key, value] of earlier) this.set(key, value);
		this.#evictOverCapacity();
	}

	get(key: string): V | undefined {
		const value = this.#entries.get(key);
		if (value === undefined) return undefined;
		if (this.#expired(value, this.#nowSec())) {
			this.delete(key);
			return undefined;
		}
		return value;
	}

	set(key: string, value: V): void {
		const now = this.#nowSec();
		for (const [oldest, entry] of this.#entries) {
			if (!this.#expired(entry, now)) break;
			this.delete(oldest);
		}
		this.#entries.delete(key);
		this.#entries.set(key, value);
		this.#mirror?.put(key, value);
		this.#evictOverCapacity();
	}

	delete(key: string): boolean {
		const had = this.#entries.delete(key);
		if (had) this.#mirror?.delete(key);
		return had;
	}

	#evictOverCapacity(): void {
		for (const oldest of this.#entries.keys()) {
			if (this.#entries.size <= this.#capacity) break;
			this.delete(oldest);
		}
	}

	/** Every live entry, oldest first; safe to delete from while iterating. */
	*[Symbol.iterator](): IterableIterator<[string, V]> {
		const now = this.#nowSec();
		for (const [key, value] of this.#entries) if (!this.#expired(value, now)) yield [key, value];
	}

	/** Past its expiry and its retention: gone for good. */
	#expired(value: V, now: number): boolean {
		return value.expiresAt !== null && value.expiresAt + this.#retainSec <= now;
	}
}
