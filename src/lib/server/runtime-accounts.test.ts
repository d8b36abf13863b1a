import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config/parse-config';
import { createReferenceApi, OWN_ACCOUNT } from './reference-api';
import { FIXTURE_NOW_MS, fixtureDataset } from './reference-api/testing/fixture';
import { createRuntime } from './runtime';

const TOKEN = 'runtime-accounts-token-0123';
const api = createReferenceApi({
	dataset: fixtureDataset(),
	dataDir: null,
	now: () => FIXTURE_NOW_MS,
	accessToken: TOKEN
});

afterAll(() => api.close());

describe('the server runtime on the embedded API', () => {
	it('names the session by the own account once an import has filled it', async () => {
		const config = parseConfig({ NUDGE_ACCESS_TOKEN: TOKEN });
		if (!config.ok) throw new Error('the configuration was refused');
		const runtime = createRuntime(config.config, { embedded: () => api });
		const demoKey = await runtime.userKeyFor(TOKEN);
		expect(demoKey).not.toBeNull();
		const moves = fixtureDataset().moves.map((move) => ({ ...move, xid: `own_${move.xid}` }));
		await api.importRecords(OWN_ACCOUNT, 'moves', moves);
		const ownKey = await runtime.userKeyFor(TOKEN);
		expect(ownKey).not.toBeNull();
		expect(ownKey).not.toBe(demoKey);
	});
});
