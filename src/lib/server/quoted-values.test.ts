import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { signIn } from './auth/flow';
import { parseConfig } from './config/parse-config';
import { ownAccountWriter } from './import/index';
import { createImportUpload } from './import-upload';
import { createProxyHandler } from './proxy/proxy';
import { DEFAULT_GUARD_LIMITS, guardProxyRequest } from './proxy/request-guard';
import { createUpstreamClient } from './proxy/upstream';
import { clip, clipMessage, quoted } from './quote';
import * as referenceApi from './reference-api/index';
import { createReferenceApi } from './reference-api/index';
import { FIXTURE_NOW_MS, fixtureDataset } from './reference-api/testing/fixture';
import { call } from './reference-api/testing/helpers';
import { createRuntime } from './runtime';

// A 1 MiB value sent where a short one belongs: every refusal names it, in at most 80 characters.
const MIB = 1024 * 1024;
const huge = (character = 'x') => character.repeat(MIB);
const TOKEN = 'quoted-values-token-0123456789';

/** The error_detail of an answer in the API's envelope. */
async function detailOf(response: Response): Promise<string> {
	const body = (await response.json()) as { meta: { error_detail?: string } };
	return body.meta.error_detail ?? '';
}

/** Quotes at most 80 characters of the sent value, marks the cut, and is short as a whole. */
function expectClipped(detail: string, character = 'x') {
	expect(detail.length).toBeLessThan(400);
	expect(detail).toContain(`${character.repeat(80)}…`);
	expect(detail).not.toContain(character.repeat(81));
}

describe('clip and quoted', () => {
	it('keep a short value whole and cut a long one to 80 characters and an ellipsis', () => {
		expect(quoted('date')).toBe('"date"');
		expect(clip('a'.repeat(80))).toBe('a'.repeat(80));
		expect(clip('a'.repeat(81))).toBe(`${'a'.repeat(80)}…`);
		expect(quoted(`${'😀'.repeat(100)}`)).toBe(`"${'😀'.repeat(80)}…"`);
		expect(quoted('a"b\u0000')).toBe('"a\\"b\\u0000"');
	});

	it('cut every quoted part and every long word of a message', () => {
		const message = `up.csv line 2: column m_steps: "${huge('7')}" is not a number; ${huge('w')}`;
		const clipped = clipMessage(message);
		expect(clipped).toContain(`"${'7'.repeat(80)}…" is not a number`);
		expect(clipped).toContain(`${'w'.repeat(80)}…`);
		expect(clipped.length).toBeLessThan(400);
	});
});

describe('a 1 MiB value is quoted short', () => {
	const proxy = createProxyHandler({
		upstream: createUpstreamClient({
			baseUrl: 'https://api.example.com',
			transport: () => Promise.reject(new Error('nothing may go upstream')),
			timeoutMs: 1000
		})
	});
	const proxied = (path: string, init: RequestInit = {}) => {
		const url = new URL(`http://app.test/api/nudge/${path}`);
		return proxy({
			request: new Request(url, init),
			rawPath: url.pathname.slice('/api/nudge/'.length),
			tokens: { current: () => Promise.resolve(TOKEN) }
		});
	};

	it('by the proxy: an unknown query parameter', async () => {
		const refused = await proxied(`v.1.1/users/@me/moves?${huge()}=1`);
		expect(refused.status).toBe(400);
		expectClipped(await detailOf(refused));
	});

	it('by the proxy: a field name of a multipart body (the meal write the rules hold)', async () => {
		const form = new FormData();
		form.append(huge(), '1');
		const url = new URL('http://app.test/api/nudge/v.1.1/users/@me/meals');
		const guarded = await guardProxyRequest(
			new Request(url, { method: 'POST', body: form }),
			'v.1.1/users/@me/meals',
			url.searchParams,
			DEFAULT_GUARD_LIMITS,
			() => true
		);
		if (guarded.ok) throw new Error('accepted');
		expect(guarded.response.status).toBe(400);
		expectClipped(await detailOf(guarded.response));
	});

	it('by sign-in: an unknown scope', async () => {
		const config = parseConfig({
			NUDGE_BASE_URL: 'https://api.example.com',
			NUDGE_CLIENT_ID: 'dash',
			NUDGE_CLIENT_SECRET: 'client-secret-3a9f1e2d7c'
		});
		if (!config.ok) throw new Error('config');
		const runtime = createRuntime(config.config, {
			embedded: () => {
				throw new Error('not embedded');
			}
		});
		const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
		const refused = await signIn(runtime, {
			url: new URL(`https://dash.example.com/auth/sign-in?scopes=${huge()}`),
			cookies
		});
		expect(refused.status).toBe(400);
		expectClipped(await detailOf(refused));
	});

	it('by the configuration check: an unknown scope', () => {
		const result = parseConfig({ NUDGE_SCOPES: huge() });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expectClipped(result.problems.map((problem) => problem.problem).join('\n'));
	});

	it('by the embedded API: an unknown parameter', async () => {
		const api = createReferenceApi({
			dataset: fixtureDataset(),
			dataDir: null,
			now: () => FIXTURE_NOW_MS,
			accessToken: TOKEN
		});
		try {
			const refused = await call(api, 'GET', `/nudge/api/v.1.1/users/@me/moves?${huge()}=1`, {
				token: TOKEN
			});
			expect(refused.status).toBe(400);
			expectClipped(await detailOf(refused));
		} finally {
			await api.close();
		}
	});

	describe('by the import', () => {
		const upload = async (name: string, body: string, tz: string | null = null) => {
			const api = createReferenceApi({
				dataset: fixtureDataset(),
				dataDir: null,
				now: () => FIXTURE_NOW_MS,
				accessToken: TOKEN
			});
			try {
				const handler = createImportUpload({ now: () => FIXTURE_NOW_MS });
				const into = { writer: ownAccountWriter(api, referenceApi), refused: () => null };
				return await handler({ name, body: Readable.from([body]), size: null, tz, into });
			} finally {
				await api.close();
			}
		};

		it('a value in a UP export', async () => {
			// Under the reader's 4 KiB field cap (a longer one is refused as too long, unquoted):
			// the value itself is what the importer names.
			const refused = await upload('up.csv', `date,m_steps\n20240330,${'7'.repeat(4000)}\n`);
			expect(refused.status).toBe(422);
			expectClipped(await detailOf(refused), '7');
		});

		it('a UP record too long to read, without quoting it', async () => {
			const refused = await upload('up.csv', `date,m_steps\n20240330,${huge('7')}\n`);
			expect(refused.status).toBe(422);
			const detail = await detailOf(refused);
			expect(detail.length).toBeLessThan(400);
			expect(detail).not.toContain('7'.repeat(81));
		});

		it('a time zone', async () => {
			const refused = await upload('up.csv', 'date,m_steps\n20240330,1\n', huge('Z'));
			expect(refused.status).toBe(422);
			expectClipped(await detailOf(refused), 'Z');
		});

		it('a file name, keeping its extension', async () => {
			const refused = await upload(`${huge('n')}.txt`, 'x');
			expect(refused.status).toBe(415);
			const detail = await detailOf(refused);
			expect(detail).toContain('…');
			expect(detail).not.toContain('n'.repeat(81));
			expect(detail).toContain('.txt');
		});
	});
});
