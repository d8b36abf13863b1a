// A shared allowance of response bytes the proxy may hold in memory at once, across all requests.

export const DEFAULT_MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

export class ByteBudget {
	#free: number;

	constructor(limit: number) {
		this.#free = limit;
	}

	/** Bytes not held by any request right now. */
	get free(): number {
		return this.#free;
	}

	/** Takes `bytes` if that many are free; never waits. */
	take(bytes: number): boolean {
		if (bytes > this.#free) return false;
		this.#free -= bytes;
		return true;
	}

	give(bytes: number): void {
		this.#free += bytes;
	}

	/**
	 * One request's share: grows as its body arrives, handed back whole when the request is done.
	 * A share that cannot grow gives everything back at once (its request is refused), so the
	 * requests still reading can finish instead of all stalling with part of the budget each.
	 */
	share(): { holdAtLeast: (bytes: number) => boolean; release: () => void } {
		let held = 0;
		const release = () => {
			this.give(held);
			held = 0;
		};
		return {
			holdAtLeast: (bytes) => {
				if (bytes <= held) return true;
				if (this.take(bytes - held)) {
					held = bytes;
					return true;
				}
				release();
				return false;
			},
			release
		};
	}
}
