import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ count: 0 }));

vi.mock('./reference-api/index', async (importOriginal) => {
	loaded.count++;
	return importOriginal();
});

const { lazyEmbeddedApi } = await import('./embedded');

describe('the embedded reference API', () => {
	it('is not loaded until a request needs it, and knows its token before', async () => {
		const api = lazyEmbeddedApi({
			NUDGE_ACCESS_TOKEN: 'lazy-test-token-0123',
			NUDGE_REFERENCE_DATA_DIR: 'memory',
			NUDGE_REFERENCE_DAYS: '3',
			NUDGE_REFERENCE_NOW: '2026-03-30T12:00:00Z'
		});
		expect(api.demoAccessToken).toBe('lazy-test-token-0123');
		expect(loaded.count).toBe(0);
		const answer = await api.handle(
			new Request('http://x/nudge/api/v.1.1/users/@me', {
				headers: { authorization: 'Bearer lazy-test-token-0123' }
			})
		);
		expect(answer?.status).toBe(200);
		expect(loaded.count).toBe(1);
	});
});
