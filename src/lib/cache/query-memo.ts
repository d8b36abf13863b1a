// Remembers one query object per key, so repeated calls with the same arguments share a load.

export class QueryMemo<Q> {
	// Plain (non-reactive) map on purpose: which queries exist is bookkeeping, not UI state.
	readonly #byKey = new Map<string, Q>();

	get(key: string, create: () => Q): Q {
		let query = this.#byKey.get(key);
		if (query === undefined) {
			query = create();
			this.#byKey.set(key, query);
		}
		return query;
	}

	/** Forgets `key` if it still maps to `query` (a later query under the same key stays). */
	delete(key: string, query: Q): void {
		if (this.#byKey.get(key) === query) this.#byKey.delete(key);
	}

	values(): IterableIterator<Q> {
		return this.#byKey.values();
	}

	entries(): IterableIterator<[string, Q]> {
		return this.#byKey.entries();
	}
}
