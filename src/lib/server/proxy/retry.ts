// When and how long to wait before retrying a read: Retry-After first, else exponential backoff with full jitter.

export interface RetryPolicy {
	/** Retries after the first attempt. */
	maxRetries: number;
	/** Total time budget for all waits, in ms; a wait that would exceed it is not taken. */
	maxTotalMs: number;
	/** First backoff ceiling; doubled per attempt. */
	baseDelayMs: number;
	/** Largest single backoff ceiling. */
	maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxRetries: 3,
	maxTotalMs: 10_000,
	baseDelayMs: 250,
	maxDelayMs: 4_000
};

/** Statuses that say "try again later" and are safe to retry for reads. */
export function isRetryableStatus(status: number): boolean {
	return status === 429 || status === 503;
}

/**
 * Milliseconds a Retry-After header asks for (delta seconds or an HTTP date), or null when it is
 * absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
	if (value === null) return null;
	const text = value.trim();
	if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
	if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
	const at = Date.parse(text);
	if (Number.isNaN(at)) return null;
	return Math.max(0, at - nowMs);
}

/** Full-jitter backoff: a uniform wait in [0, min(max, base * 2^attempt)). */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
	return Math.floor(random() * ceiling);
}

/**
 * The wait before retry number `attempt` (0-based), or null when no retry should happen: too many
 * attempts, or the wait would run past the total budget (then the caller returns the 429/503 as is).
 */
export function nextRetryDelay(input: {
	attempt: number;
	retryAfter: string | null;
	elapsedMs: number;
	nowMs: number;
	policy: RetryPolicy;
	random: () => number;
}): number | null {
	const { attempt, policy } = input;
	if (attempt >= policy.maxRetries) return null;
	const asked = parseRetryAfter(input.retryAfter, input.nowMs);
	const delay = asked ?? backoffDelay(attempt, policy, input.random);
	if (input.elapsedMs + delay > policy.maxTotalMs) return null;
	return delay;
}
