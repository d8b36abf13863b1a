// Stops hammering a failing upstream: after a run of failed requests the proxy fails fast and lets one probe through per interval.

export interface BreakerPolicy {
	/** Consecutive failed requests (a 5xx after retries, unreachable, timed out) that open the circuit. */
	failureThreshold: number;
	/** How long the circuit stays open before one probe may go through. */
	probeIntervalMs: number;
}

export const DEFAULT_BREAKER_POLICY: BreakerPolicy = {
	failureThreshold: 5,
	probeIntervalMs: 5_000
};

/** May a request go upstream now; if not, how long until the next probe may. */
export type Admission =
	{ allowed: true; probe: boolean } | { allowed: false; retryAfterMs: number };

/**
 * Closed: every request goes through and failed ones are counted. Open: nothing goes through
 * until `probeIntervalMs` after the last failure; then one request (the probe, with its retries)
 * is let through while the others keep failing fast. The probe's success closes the circuit; its
 * failure opens it again.
 */
export class CircuitBreaker {
	readonly #policy: BreakerPolicy;
	readonly #now: () => number;
	#failures = 0;
	#openedAt: number | null = null;
	#probeInFlight = false;

	constructor(policy: BreakerPolicy, now: () => number) {
		this.#policy = policy;
		this.#now = now;
	}

	/** True while requests go through without asking for a probe slot. */
	get closed(): boolean {
		return this.#openedAt === null;
	}

	admit(): Admission {
		if (this.#openedAt === null) return { allowed: true, probe: false };
		const waited = this.#now() - this.#openedAt;
		if (!this.#probeInFlight && waited >= this.#policy.probeIntervalMs) {
			this.#probeInFlight = true;
			return { allowed: true, probe: true };
		}
		return {
			allowed: false,
			retryAfterMs: Math.max(this.#policy.probeIntervalMs - waited, 0)
		};
	}

	/**
	 * Every admitted request reports back exactly once, saying whether it was the probe; `unknown`
	 * (the caller went away) frees the probe slot and changes nothing else.
	 */
	record(verdict: 'succeeded' | 'failed' | 'unknown', probe: boolean): void {
		if (probe) this.#probeInFlight = false;
		if (verdict === 'unknown') return;
		if (verdict === 'succeeded') {
			this.#failures = 0;
			this.#openedAt = null;
			return;
		}
		this.#failures += 1;
		if (this.#openedAt !== null || this.#failures >= this.#policy.failureThreshold) {
			this.#openedAt = this.#now();
		}
	}
}
