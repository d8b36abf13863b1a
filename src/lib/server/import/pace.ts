// Lets the server answer between slices of an import: parsing, building and storing are synchronous work.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work done between two turns of the event loop, at most (plus one slice of it). */
export const SLICE_MS = 8;

/**
 * Measures the synchronous work since the last turn and, past SLICE_MS, gives the event loop a
 * turn (a setImmediate: timers and pending requests run first), so a server importing a big file
 * still answers within tens of milliseconds. The import runs on the server's own thread rather
 * than a worker thread: an in-memory store (tests, NUDGE_REFERENCE_DATA_DIR=memory) cannot be
 * shared with a worker, and the built server would need a second entry for it.
 */
export class Pace {
	#since = performance.now();

	async breathe(): Promise<void> {
		if (performance.now() - this.#since < SLICE_MS) return;
		await nextTurn();
		this.#since = performance.now();
	}
}
