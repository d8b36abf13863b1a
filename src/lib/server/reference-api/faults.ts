// Injected latency and faults (429, 5xx, hangs, malformed or truncated bodies) for tests and benchmarks; off by default.
import * as z from 'zod/mini';

export const faultKindSchema = z.enum([
	'ok',
	'429',
	'500',
	'503',
	'hang',
	'malformed',
	'truncated'
]);
export type FaultKind = z.infer<typeof faultKindSchema>;

/**
 * `sequence` is consumed one entry per API request first ('ok' = no fault); after it runs out,
 * each request draws from `rates` (probabilities of each fault, summing to at most 1) with a
 * seeded generator, so a run is reproducible. `pathContains` limits faults to matching paths.
 */
export const faultConfigSchema = z.object({
	sequence: z.optional(z.array(faultKindSchema)),
	rates: z.optional(z.partialRecord(faultKindSchema, z.number().check(z.gte(0), z.lte(1)))),
	retryAfterSeconds: z.optional(z.int().check(z.gte(0))),
	hangMs: z.optional(z.int().check(z.gte(0))),
	seed: z.optional(z.int()),
	pathContains: z.optional(z.string())
});
export type FaultConfig = z.infer<typeof faultConfigSchema>;

const DEFAULT_HANG_MS = 120_000;

export class FaultInjector {
	readonly #config: FaultConfig;
	#position = 0;
	#state: number;

	constructor(config: FaultConfig) {
		this.#config = config;
		this.#state = (config.seed ?? 1) >>> 0 || 1;
	}

	get retryAfterSeconds(): number {
		return this.#config.retryAfterSeconds ?? 1;
	}

	get hangMs(): number {
		return this.#config.hangMs ?? DEFAULT_HANG_MS;
	}

	/** The fault for the next request to `path`. */
	next(path: string): FaultKind {
		if (this.#config.pathContains !== undefined && !path.includes(this.#config.pathContains))
			return 'ok';
		const sequence = this.#config.sequence ?? [];
		const planned = sequence[this.#position];
		if (planned !== undefined) {
			this.#position++;
			return planned;
		}
		const rates = this.#config.rates;
		if (rates === undefined) return 'ok';
		let draw = this.#random();
		for (const kind of faultKindSchema.options) {
			const rate = rates[kind] ?? 0;
			if (draw < rate) return kind;
			draw -= rate;
		}
		return 'ok';
	}

	#random(): number {
		// mulberry32
		this.#state = (this.#state + 0x6d2b79f5) >>> 0;
		let t = this.#state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}
}

/** Waits `ms`, or less when the request is aborted. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		if (ms <= 0 || signal?.aborted === true) {
			resolve();
			return;
		}
		const timer = setTimeout(done, ms);
		signal?.addEventListener('abort', done, { once: true });
		function done() {
			clearTimeout(timer);
			signal?.removeEventListener('abort', done);
			resolve();
		}
	});
}

/** A 200 whose body stops half way: the connection drops before the promised length is sent. */
export function truncatedResponse(full: string): Response {
	const bytes = new TextEncoder().encode(full);
	const half = bytes.subarray(0, Math.floor(bytes.length / 2));
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(half);
			controller.error(new Error('truncated by fault injection'));
		}
	});
	return new Response(stream, {
		status: 200,
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-length': String(bytes.length)
		}
	});
}
