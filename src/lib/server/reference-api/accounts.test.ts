import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Move } from '$lib/api/records';
import {
	createReferenceApi,
	DEMO_ACCOUNT,
	DEMO_CLIENT_ID,
	ImportError,
	OWN_ACCOUNT,
	type ReferenceApi
} from './index';
import { FIXTURE_NOW_MS, FIXTURE_USER, fixtureDataset } from './testing/fixture';
import { call, exchange, isObject, itemsOf, jsonOf, REDIRECT_URI } from './testing/helpers';

const TOKEN = 'static-test-token-0123456789';

let api: ReferenceApi;

beforeEach(() => {
	api = createReferenceApi({
		dataset: fixtureDataset(),
		dataDir: null,
		now: () => FIXTURE_NOW_MS,
		accessToken: TOKEN
	});
});

afterEach(async () => {
	await api.close();
});

/** The fixture's moves under ids of their own, as an importer would hand them over. */
function importedMoves(): Move[] {
	return fixtureDataset().moves.map((move) => ({ ...move, xid: `imported_${move.xid}` }));
}

const get = async (path: string, token = TOKEN) =>
	(await jsonOf(await call(api, 'GET', path, { token }))).data;

describe('the own account', () => {
	it('imports records in one call, counting what was added, changed and already there', async () => {
		const moves = importedMoves();
		expect(await api.importRecords(OWN_ACCOUNT, 'moves', moves)).toEqual({
			added: moves.length,
			updated: 0,
			unchanged: 0
		});
		const [first, ...rest] = moves;
		if (first === undefined) throw new Error('the fixture has no moves');
		const changed = { ...first, details: { ...first.details, steps: 123 } };
		expect(await api.importRecords(OWN_ACCOUNT, 'moves', [changed, ...rest])).toEqual({
			added: 0,
			updated: 1,
			unchanged: moves.length - 1
		});
		const listed = await get(`/nudge/api/v.1.1/users/@me/moves?date=${first.date}`);
		expect(itemsOf(listed).map((move) => move.xid)).toEqual([first.xid]);
		expect(itemsOf(listed)[0]?.details).toMatchObject({ steps: 123 });
	});

	it('stores nothing of a batch when one record is invalid, and names that record', async () => {
		const moves = importedMoves();
		const broken = [...moves.slice(0, 2), { ...moves[2], date: 'yesterday' }, ...moves.slice(3)];
		await expect(api.importRecords(OWN_ACCOUNT, 'moves', broken)).rejects.toThrow(ImportError);
		await expect(api.importRecords(OWN_ACCOUNT, 'moves', broken)).rejects.toThrow(
			/moves record 3: date/
		);
		// Nothing stored: the static token still reads the demo user.
		expect((await get('/nudge/api/v.1.1/users/@me')).xid).toBe(FIXTURE_USER);
	});

	it('serves the ticks an import sends with a move', async () => {
		const [move] = importedMoves();
		if (move === undefined) throw new Error('the fixture has no moves');
		const tick = (minute: number, steps: number) => ({
			time: move.time_created + minute * 60,
			time_completed: move.time_created + (minute + 1) * 60,
			steps,
			distance: steps,
			active_time: 40,
			calories: steps / 20,
			speed: steps / 40
		});
		const ticks = [tick(1, 40), tick(2, 55)];
		await api.importRecords(OWN_ACCOUNT, 'moves', [{ ...move, ticks }]);
		const answer = await get(`/nudge/api/v.1.1/moves/${move.xid}/ticks`);
		expect(itemsOf(answer).map((tick) => tick.steps)).toEqual([40, 55]);
		// The ticks are not part of the record itself.
		expect(await get(`/nudge/api/v.1.1/moves/${move.xid}`)).not.toHaveProperty('ticks');
	});

	it('is what the static token reads once it holds data, the demo user before', async () => {
		const demoUser = await get('/nudge/api/v.1.1/users/@me');
		expect(demoUser.xid).toBe(FIXTURE_USER);
		const moves = importedMoves();
		await api.importRecords(OWN_ACCOUNT, 'moves', moves);
		const ownUser = await get('/nudge/api/v.1.1/users/@me');
		expect(ownUser.xid).not.toBe(FIXTURE_USER);
		const date = moves[0]?.date;
		const listed = await get(`/nudge/api/v.1.1/users/@me/moves?date=${String(date)}`);
		expect(itemsOf(listed).map((move) => move.xid)).toEqual([`imported_move${String(date)}`]);
	});

	it('can be chosen on the consent page, and its token reads it while the demo stays readable', async () => {
		await api.importRecords(OWN_ACCOUNT, 'moves', importedMoves());
		const signIn = async (account: string | null) => {
			const query = new URLSearchParams({
				response_type: 'code',
				client_id: DEMO_CLIENT_ID,
				scope: 'basic_read move_read',
				redirect_uri: REDIRECT_URI
			});
			const page = await (await call(api, 'GET', `/auth/oauth2/auth?${query.toString()}`)).text();
			expect(page).toContain('name="account" value="demo"');
			expect(page).toContain('name="account" value="me"');
			const consent = /name="consent" value="([^"]+)"/.exec(page)?.[1] ?? '';
			const form: Record<string, string> = { consent, decision: 'allow' };
			if (account !== null) form.account = account;
			const decision = await call(api, 'POST', '/auth/oauth2/auth', { form });
			const code = new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
			const tokens = await exchange(api, { grant_type: 'authorization_code', code });
			const body: unknown = await tokens.json();
			if (!isObject(body)) throw new Error('no token answer');
			return String(body.access_token);
		};
		const demoToken = await signIn('demo');
		const ownToken = await signIn('me');
		expect((await get('/nudge/api/v.1.1/users/@me', demoToken)).xid).toBe(FIXTURE_USER);
		expect((await get('/nudge/api/v.1.1/users/@me', ownToken)).xid).not.toBe(FIXTURE_USER);
		// With data in the own account, it is the one preselected.
		expect((await get('/nudge/api/v.1.1/users/@me', await signIn(null))).xid).not.toBe(
			FIXTURE_USER
		);
	});
});

describe('two processes on one database', () => {
	/** The steps of 30 March in the trends the server answers. */
	async function stepsOf(server: ReferenceApi): Promise<unknown> {
		const path = '/nudge/api/v.1.1/users/@me/trends?end_date=20260330&num_buckets=1';
		const trends = (await jsonOf(await call(server, 'GET', path, { token: TOKEN }))).data;
		const series: unknown = trends.data;
		const bucket: unknown = Array.isArray(series) ? series[0] : undefined;
		return Array.isArray(bucket) && isObject(bucket[1]) ? bucket[1].m_steps : undefined;
	}

	it('show in trends what the other one wrote', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'reference-api-shared-'));
		const open = () =>
			createReferenceApi({
				dataset: fixtureDataset(),
				dataDir: dir,
				now: () => FIXTURE_NOW_MS,
				accessToken: TOKEN
			});
		const server = open();
		try {
			expect(await stepsOf(server)).toBe(6000);
			const importer = open();
			const move = fixtureDataset().moves.find((m) => m.date === 20260330);
			if (move === undefined) throw new Error('the fixture has no move on 30 March');
			await importer.importRecords(DEMO_ACCOUNT, 'moves', [
				{ ...move, details: { ...move.details, steps: 7777 } }
			]);
			await importer.close();
			expect(await stepsOf(server)).toBe(7777);
		} finally {
			await server.close();
			await rm(dir, { recursive: true, force: true });
		}
	});
});

describe('the own account on disk', () => {
	it('keeps the user id it had before its first import across a restart', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'reference-api-own-'));
		const open = () =>
			createReferenceApi({
				dataset: fixtureDataset(),
				dataDir: dir,
				now: () => FIXTURE_NOW_MS,
				accessToken: TOKEN
			});
		const userOf = async (server: ReferenceApi) =>
			(await jsonOf(await call(server, 'GET', '/nudge/api/v.1.1/users/@me', { token: TOKEN }))).data
				.xid;
		try {
			const first = open();
			await first.ready();
			await first.importRecords(OWN_ACCOUNT, 'moves', importedMoves());
			const before = await userOf(first);
			await first.close();
			const second = open();
			expect(await userOf(second)).toBe(before);
			expect(before).not.toBe(FIXTURE_USER);
			await second.close();
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});
});
