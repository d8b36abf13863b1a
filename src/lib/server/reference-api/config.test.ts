import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './config';

describe('optionsFromEnv', () => {
	it('reads a fixed now, a memory-only store, clients, faults and numbers', () => {
		const options = optionsFromEnv({
			NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
			NUDGE_REFERENCE_DATA_DIR: 'memory',
			NUDGE_REFERENCE_CLIENTS: JSON.stringify([
				{ id: 'app', secret: 'app-secret-1', redirectUris: ['https://app.example/cb'] }
			]),
			NUDGE_REFERENCE_FAULTS: JSON.stringify({ sequence: ['429', 'ok'], retryAfterSeconds: 2 }),
			NUDGE_REFERENCE_LATENCY_MS: '25',
			NUDGE_REFERENCE_DAYS: '90'
		});
		expect(options.now?.()).toBe(Date.UTC(2026, 2, 30, 18));
		expect(options.dataDir).toBeNull();
		expect(options.clients?.[0]?.id).toBe('app');
		expect(options.faults?.sequence).toEqual(['429', 'ok']);
		expect(options.latencyMs).toBe(25);
		expect(options.days).toBe(90);
	});

	it('leaves everything unset when the environment is empty', () => {
		const options = optionsFromEnv({});
		expect(options.now).toBeUndefined();
		expect(options.dataDir).toBeUndefined();
		expect(options.accessToken).toBeUndefined();
	});

	it('names the wrong variable without echoing its value', () => {
		const secret = 'super-secret-value-123 with space';
		expect(() => optionsFromEnv({ NUDGE_ACCESS_TOKEN: secret })).toThrow(/NUDGE_ACCESS_TOKEN/);
		try {
			optionsFromEnv({ NUDGE_ACCESS_TOKEN: secret });
		} catch (error) {
			expect(String(error)).not.toContain('super-secret');
		}
		expect(() => optionsFromEnv({ NUDGE_REFERENCE_CLIENTS: '[{"id":1}]' })).toThrow(
			/NUDGE_REFERENCE_CLIENTS/
		);
		expect(() => optionsFromEnv({ NUDGE_REFERENCE_FAULTS: '{"sequence":["boom"]}' })).toThrow(
			/NUDGE_REFERENCE_FAULTS/
		);
		expect(() => optionsFromEnv({ NUDGE_REFERENCE_NOW: 'yesterday' })).toThrow(
			/NUDGE_REFERENCE_NOW/
		);
		expect(() => optionsFromEnv({ NUDGE_REFERENCE_LATENCY_MS: '-5' })).toThrow(
			/NUDGE_REFERENCE_LATENCY_MS/
		);
	});

	it('serves only the API versions NUDGE_REFERENCE_VERSIONS lists', () => {
		expect(optionsFromEnv({ NUDGE_REFERENCE_VERSIONS: 'v.1.0' }).versions).toEqual(['v.1.0']);
		expect(optionsFromEnv({ NUDGE_REFERENCE_VERSIONS: 'v.1.1, v.1.0' }).versions).toEqual([
			'v.1.0',
			'v.1.1'
		]);
		expect(optionsFromEnv({}).versions).toBeUndefined();
		expect(() => optionsFromEnv({ NUDGE_REFERENCE_VERSIONS: 'v.2' })).toThrow(
			/NUDGE_REFERENCE_VERSIONS/
		);
	});
});
