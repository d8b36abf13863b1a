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

	values(): IterableIterator<Q> {
		return this.#byKey.values();
	}
}
