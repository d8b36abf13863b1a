// A map of short-lived OAuth records that cannot grow without limit: entries expire and the oldest go first.

/** A record with its expiry in epoch seconds; null never expires (it leaves only by eviction). */
export interface Expiring {
	expiresAt: number | null;
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

	constructor(options: BoundedStoreOptions) {
		this.#capacity = options.capacity;
		this.#nowSec = options.nowSec;
		this.#retainSec = options.retainSec ?? 0;
	}

	get size(): number {
		return this.#entries.size;
	}

	get(key: string): V | undefined {
		const value = this.#entries.get(key);
		if (value === undefined) return undefined;
		if (this.#expired(value, this.#nowSec())) {
			this.#entries.delete(key);
			return undefined;
		}
		return value;
	}

	set(key: string, value: V): void {
		const now = this.#nowSec();
		for (const [oldest, entry] of this.#entries) {
			if (!this.#expired(entry, now)) break;
			this.#entries.delete(oldest);
		}
		this.#entries.delete(key);
		this.#entries.set(key, value);
		for (const oldest of this.#entries.keys()) {
			if (this.#entries.size <= this.#capacity) break;
			this.#entries.delete(oldest);
		}
	}

	delete(key: string): boolean {
		return this.#entries.delete(key);
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
