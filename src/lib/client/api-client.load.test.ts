// The response schemas come in a module loaded when the client is made: when it cannot be loaded.
import { describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_ERROR_TYPES } from './api-error';
import { createApiClient } from './api-client';

vi.mock('./validation', () => {
	throw new Error('Failed to fetch dynamically imported module');
});

describe('the client when its schemas cannot be loaded', () => {
	it('fails the request with an ApiError, as for an unreachable service', async () => {
		const fetch = vi.fn(() =>
			Promise.resolve(Response.json({ meta: { code: 200, time: 1 }, data: { items: [], size: 0 } }))
		);
		const client = createApiClient({ fetch });
		const failure: unknown = await client.user().catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(ApiError);
		expect(failure).toMatchObject({ status: 0, errorType: CLIENT_ERROR_TYPES.network });
		expect((failure as ApiError).message).toMatch(/could not be loaded.*reloading the page/);
		expect(fetch).toHaveBeenCalledOnce();
	});
});
