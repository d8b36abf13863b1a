import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, backoffDelay, nextRetryDelay, parseRetryAfter } from './retry';

const NOW = Date.UTC(2026, 2, 30, 18, 0, 0);

describe('parseRetryAfter', () => {
	it('reads delta seconds and HTTP dates, and ignores anything else', () => {
		expect(parseRetryAfter('3', NOW)).toBe(3000);
		expect(parseRetryAfter(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
		expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
		expect(parseRetryAfter('soon', NOW)).toBeNull();
		expect(parseRetryAfter('-1', NOW)).toBeNull();
		expect(parseRetryAfter(null, NOW)).toBeNull();
	});
});

describe('backoffDelay', () => {
	it('draws uniformly below a ceiling that doubles per attempt and stops at the maximum', () => {
		const almostOne = () => 0.999999;
		expect(backoffDelay(0, DEFAULT_RETRY_POLICY, almostOne)).toBe(249);
		expect(backoffDelay(2, DEFAULT_RETRY_POLICY, almostOne)).toBe(999);
		expect(backoffDelay(10, DEFAULT_RETRY_POLICY, almostOne)).toBe(3999);
		expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
	});
});

describe('nextRetryDelay', () => {
	const base = { elapsedMs: 0, nowMs: NOW, policy: DEFAULT_RETRY_POLICY, random: () => 0.5 };

	it('honours Retry-After over the backoff', () => {
		expect(nextRetryDelay({ ...base, attempt: 0, retryAfter: '2' })).toBe(2000);
		expect(nextRetryDelay({ ...base, attempt: 0, retryAfter: null })).toBe(125);
	});

	it('stops after the retry limit or when the wait would pass the total budget', () => {
		expect(nextRetryDelay({ ...base, attempt: 3, retryAfter: null })).toBeNull();
		expect(nextRetryDelay({ ...base, attempt: 0, retryAfter: '11' })).toBeNull();
		expect(nextRetryDelay({ ...base, attempt: 1, retryAfter: '2', elapsedMs: 8500 })).toBeNull();
	});
});
