// The first reads of a visit, asked by the page itself before its scripts have loaded.
//
// A first visit on a phone spends most of its wait on round trips: the page's scripts, then the
// session, then the person's day, then (on Today) the goals and settings, one after the other.
// The short script in `src/app.html` asks for these while the scripts are still on their way and
// leaves each answer under its address in `window.wellnessEarly`; the data layer's first request
// of that address takes the answer instead of asking again. Each answer is taken once, and the
// ones nobody took within a few seconds are dropped, so nothing older than the page is served.

/** Where app.html's script leaves its answers, by address. */
export const EARLY_READS_GLOBAL = 'wellnessEarly';

/** An answer, or null when the script did not ask after all (the data layer then asks itself). */
type EarlyReads = Record<string, Promise<Response | null> | undefined>;

function earlyReads(): EarlyReads | null {
	if (typeof window === 'undefined') return null;
	const reads: unknown = Reflect.get(window, EARLY_READS_GLOBAL);
	return typeof reads === 'object' && reads !== null ? (reads as EarlyReads) : null;
}

/**
 * The answer app.html's script already asked for `input`, if it did and nobody took it yet: only
 * for a plain read (GET, no body), whose address is the same as the one the script asked.
 */
export function takeEarlyRead(
	input: RequestInfo | URL,
	init?: RequestInit
): Promise<Response | null> | null {
	if (typeof input !== 'string') return null;
	if ((init?.method ?? 'GET') !== 'GET' || init?.body != null) return null;
	const reads = earlyReads();
	const answer = reads?.[input];
	if (reads === null || answer === undefined) return null;
	delete reads[input];
	return answer;
}

/** `fetch`, served first from the early reads. */
export function fetchWithEarlyReads(
	fetchImpl: typeof globalThis.fetch = (input, init) => fetch(input, init)
): typeof globalThis.fetch {
	return async (input, init) => {
		const early = takeEarlyRead(input, init);
		return (early && (await early)) ?? fetchImpl(input, init);
	};
}
