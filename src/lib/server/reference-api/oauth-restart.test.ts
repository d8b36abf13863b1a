import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceApi, type ReferenceApi } from './index';
import { call, exchange, tokensFor } from './testing/helpers';

// The provider's grants outlive a restart of the server that keeps its database in a folder.
const NOW = Date.UTC(2026, 2, 30, 18, 0, 0);
let dir: string;
const opened: ReferenceApi[] = [];

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'oauth-restart-'));
});
afterEach(async () => {
	for (const api of opened.splice(0)) await api.close();
	rmSync(dir, { recursive: true, force: true });
});

async function started(): Promise<ReferenceApi> {
	const api = createReferenceApi({ now: () => NOW, dataDir: dir, days: 3, seed: 5 });
	opened.push(api);
	await api.ready();
	return api;
}

async function restarted(api: ReferenceApi): Promise<ReferenceApi> {
	await api.close();
	opened.splice(opened.indexOf(api), 1);
	return started();
}

const userStatus = async (api: ReferenceApi, token: string) =>
	(await call(api, 'GET', '/nudge/api/v.1.1/users/@me', { token })).status;

describe('OAuth grants across a restart', () => {
	it('an access token and its refresh token still work after a restart', async () => {
		const first = await started();
		const tokens = await tokensFor(first, ['basic_read', 'move_read']);
		expect(await userStatus(first, tokens.access_token)).toBe(200);

		const second = await restarted(first);
		expect(await userStatus(second, tokens.access_token)).toBe(200);
		const refreshed = await exchange(second, {
			grant_type: 'refresh_token',
			refresh_token: tokens.refresh_token
		});
		expect(refreshed.status).toBe(200);
		const fresh = (await refreshed.json()) as { access_token: string; scope: string };
		expect(fresh.scope).toBe('basic_read move_read');
		expect(await userStatus(second, fresh.access_token)).toBe(200);
		// Refresh tokens rotate, across the restart too.
		const again = await exchange(second, {
			grant_type: 'refresh_token',
			refresh_token: tokens.refresh_token
		});
		expect(again.status).toBe(400);
	});

	it('a grant revoked before the restart stays revoked after it', async () => {
		const first = await started();
		const tokens = await tokensFor(first, ['basic_read']);
		const revoked = await call(first, 'DELETE', '/nudge/api/v.1.0/users/@me/PartnerAppMembership', {
			token: tokens.access_token
		});
		expect(revoked.status).toBe(200);
		const second = await restarted(first);
		expect(await userStatus(second, tokens.access_token)).toBe(401);
		const refreshed = await exchange(second, {
			grant_type: 'refresh_token',
			refresh_token: tokens.refresh_token
		});
		expect(refreshed.status).toBe(400);
	});

	it('keeps no usable token in the database file', async () => {
		const api = await started();
		const tokens = await tokensFor(api, ['basic_read']);
		await api.close();
		opened.splice(0);
		const files = readdirSync(dir).map((name) => readFileSync(join(dir, name)).toString('latin1'));
		for (const text of files) {
			expect(text).not.toContain(tokens.access_token);
			expect(text).not.toContain(tokens.refresh_token);
		}
	});
});
