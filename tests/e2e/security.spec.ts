import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	expect,
	request as apiRequest,
	test,
	type APIRequestContext,
	type APIResponse
} from '@playwright/test';
import Database from 'better-sqlite3';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

// The webServer in playwright.config.ts starts `node build` with this personal token.
const TOKEN = 'e2e-static-token-must-never-reach-the-browser';
const EVIL = 'https://evil.example';

async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true });
	const nested = await Promise.all(
		entries.map((entry) => {
			const path = join(dir, entry.name);
			return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
		})
	);
	return nested.flat();
}

interface RawAnswer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/**
 * Sends a request with its path exactly as written (Playwright's client would resolve `//auth`
 * as a host or tidy the path): what a hostile page or script can put on the request line.
 */
function rawRequest(
	baseURL: string,
	method: string,
	path: string,
	headers: Record<string, string>,
	body = ''
): Promise<RawAnswer> {
	const { hostname, port } = new URL(baseURL);
	return new Promise((resolve, reject) => {
		const outgoing = httpRequest(
			{ host: hostname, port, method, path, headers: { ...headers, connection: 'close' } },
			(incoming) => {
				const chunks: Buffer[] = [];
				incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
				incoming.on('end', () =>
					resolve({
						status: incoming.statusCode ?? 0,
						headers: incoming.headers,
						body: Buffer.concat(chunks).toString('utf8')
					})
				);
				incoming.on('error', reject);
			}
		);
		outgoing.on('error', reject);
		outgoing.end(body);
	});
}

/** Body and headers of a response as one text, to search for the token anywhere in it. */
async function everything(response: APIResponse): Promise<string> {
	const headers = response
		.headersArray()
		.map(({ name, value }) => `${name}: ${value}`)
		.join('\n');
	return `${headers}\n\n${await response.text()}`;
}

// scripts/check-all.sh builds with canary secrets in the environment (token, client secret, session
// key) and passes them here: a secret read at build time and inlined anywhere in the output fails.
const CANARIES = (process.env.WELLNESS_BUILD_CANARIES ?? '')
	.split(',')
	.filter((value) => value !== '');

test('the build holds none of the secrets it was built with', async () => {
	test.skip(CANARIES.length === 0, 'needs a build made by scripts/check-all.sh (canary secrets)');
	const files = await filesUnder(join(process.cwd(), 'build'));
	expect(files.length).toBeGreaterThan(0);
	for (const file of files) {
		const content = await readFile(file, 'latin1');
		for (const canary of CANARIES) expect(content.includes(canary), file).toBe(false);
	}
});

test('pages, their requests and cookies never carry the token', async ({ page, context }) => {
	const seen: Promise<string>[] = [];
	page.on('response', (response) => {
		seen.push(
			response
				.text()
				.then((body) => `${response.url()}\n${JSON.stringify(response.headers())}\n${body}`)
				.catch(() => response.url())
		);
	});
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text());
	});
	for (const path of ['/', '/activity', '/sleep', '/trends', '/compare']) {
		await page.goto(path);
		await page.waitForLoadState('networkidle');
		expect(await page.content()).not.toContain(TOKEN);
	}
	const bodies = await Promise.all(seen);
	expect(bodies.length).toBeGreaterThan(5);
	for (const body of bodies) expect(body).not.toContain(TOKEN);
	for (const cookie of await context.cookies()) expect(cookie.value).not.toContain(TOKEN);
	// The CSP nonce must let the app's own bootstrap run: a CSP refusal shows as a console error.
	expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});

test('the page shell carries a nonce CSP and the other security headers', async ({ request }) => {
	const response = await request.get('/');
	const headers = response.headers();
	expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
	expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
	expect(headers['x-content-type-options']).toBe('nosniff');
	expect(headers['referrer-policy']).toBe('same-origin');
	const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
	expect(await response.text()).toContain(`<script nonce="${nonce}"`);
});

test('an inline script injected without the nonce does not run', async ({ page }) => {
	await page.goto('/');
	await page.waitForLoadState('networkidle');
	// The browser refuses the script (Playwright may report that as an error; either way it must not run).
	await page.addScriptTag({ content: 'window.__injected = true;' }).catch(() => undefined);
	expect(await page.evaluate(() => Reflect.get(window, '__injected') === true)).toBe(false);
});

test('proxy answers, success and failure alike, never carry the token', async ({ request }) => {
	const cases: [string, number][] = [
		['/api/nudge/v.1.1/users/@me/moves?date=20260330', 200],
		['/api/nudge/v.1.1/users/@me', 200],
		['/api/nudge/v.1.1/users/@me/moves?date=20260231', 400],
		['/api/nudge/v.1.1/users/@me/moves?token=1', 400],
		['/api/nudge/v.1.1/users/@me/nothing-here', 404],
		['/api/nudge/v.1.1/moves/unknownXid123', 404],
		['/api/nudge/v.9.9/users/@me/moves', 404]
	];
	for (const [path, status] of cases) {
		const response = await request.get(path, {
			headers: { cookie: 'a=b', authorization: 'Bearer x' }
		});
		expect(response.status(), path).toBe(status);
		expect(response.headers()['set-cookie'], path).toBeUndefined();
		const text = await everything(response);
		expect(text, path).not.toContain(TOKEN);
		const body: unknown = await response.json();
		expect(body, path).toMatchObject({ meta: { code: status } });
	}
	const wrongMethod = await request.fetch('/api/nudge/v.1.1/users/@me/moves', {
		method: 'PUT',
		headers: { origin: new URL(test.info().project.use.baseURL ?? '').origin }
	});
	expect(wrongMethod.status()).toBe(405);
	expect(wrongMethod.headers()['allow']).toBe('GET');
	expect(await everything(wrongMethod)).not.toContain(TOKEN);
});

test('the session route says what the page needs and nothing secret', async ({ request }) => {
	const response = await request.get('/api/session');
	expect(response.status()).toBe(200);
	const text = await everything(response);
	expect(text).not.toContain(TOKEN);
	const body: unknown = JSON.parse(await response.text());
	expect(body).toMatchObject({ mode: 'token', signedIn: true, upstream: 'embedded' });
	expect(body).toHaveProperty('userKey', expect.stringMatching(/^[0-9a-f]{32}$/));
});

test('a traversal path is refused before anything goes upstream', async ({ request }) => {
	for (const path of [
		'/api/nudge/v.1.1/workouts/..%2F..%2Fusers%2F@me',
		'/api/nudge/v.1.1/workouts/abc%00',
		'/api/nudge/v.1.1/users/@evil.example/moves',
		'/api/nudge/v.1.1/moves/a%5Cb'
	]) {
		const response = await request.get(path);
		expect(response.status(), path).toBe(400);
		expect(await response.json()).toMatchObject({
			meta: { code: 400, error_type: 'invalid_path' }
		});
	}
});

test('encoded dot segments are resolved inside the proxy prefix and find nothing', async ({
	request
}) => {
	// The URL parser turns %2e%2e into ".." and resolves it before any handler runs, so the
	// request can only land on another proxy path, which the guard then judges as usual.
	const response = await request.get('/api/nudge/v.1.1/workouts/%2e%2e/%2e%2e/admin');
	expect(response.status()).toBe(404);
	expect(await everything(response)).not.toContain(TOKEN);
});

test('cross-site writes are refused whatever the content type; same-origin ones get through', async ({
	request,
	baseURL
}) => {
	const origin = new URL(baseURL ?? '').origin;
	for (const contentType of [
		'application/json',
		'text/plain',
		'application/x-www-form-urlencoded'
	]) {
		const response = await request.post('/api/nudge/v.1.1/users/@me/body_events', {
			headers: { origin: EVIL, 'content-type': contentType },
			data: 'weight=70'
		});
		expect(response.status(), contentType).toBe(403);
	}
	const signOut = await request.post('/auth/sign-out', { headers: { origin: EVIL } });
	expect(signOut.status()).toBe(403);
	const noOrigin = await request.post('/auth/sign-out', {
		headers: { 'content-type': 'application/json' }
	});
	expect(noOrigin.status()).toBe(403);
	// Same origin: the cross-site check passes and the proxy judges the call. The pages only read
	// sleeps, so a write there is the wrong method on a path they read.
	const sameSite = await request.post('/api/nudge/v.1.1/users/@me/sleeps', {
		headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
		data: 'time_created=1774850000'
	});
	expect(sameSite.status()).toBe(405);
	expect(sameSite.headers()['allow']).toBe('GET');
	expect(await sameSite.json()).toMatchObject({ meta: { error_type: 'method_not_allowed' } });
});

test('a page on our origin cannot get a token or disconnect the server through the proxy', async ({
	page
}) => {
	await page.goto('/');
	const answers = await page.evaluate(async () => {
		const calls: [string, RequestInit][] = [
			['/api/nudge/v.1.1/users/@me/refreshToken', { method: 'POST' }],
			[
				'/api/nudge/v.1.1/users/@me/refreshToken',
				{
					method: 'POST',
					headers: { 'content-type': 'application/x-www-form-urlencoded' },
					body: 'secret=guess'
				}
			],
			['/api/nudge/users/@me/refreshToken', { method: 'POST' }],
			['/api/nudge/v.1.0/users/@me/refreshToken', { method: 'POST' }],
			['/api/nudge/v.1.1/users/@me/PartnerAppMembership', { method: 'DELETE' }],
			['/api/nudge/v.1.0/users/@me/PartnerAppMembership', { method: 'DELETE' }]
		];
		const out: { status: number; text: string }[] = [];
		for (const [url, init] of calls) {
			const response = await fetch(url, init);
			out.push({ status: response.status, text: await response.text() });
		}
		const after = await fetch('/api/nudge/v.1.1/users/@me');
		return { out, afterStatus: after.status };
	});
	for (const answer of answers.out) {
		expect(answer.status).toBe(404);
		expect(answer.text).not.toMatch(/refresh_token|access_token/);
		expect(answer.text).not.toContain(TOKEN);
		expect(JSON.parse(answer.text)).toMatchObject({ meta: { error_type: 'not_found' } });
	}
	// The server's token still works: nothing was disconnected.
	expect(answers.afterStatus).toBe(200);
});

test('the API mounted for partner apps still serves the token routes to bearer callers', async ({
	request
}) => {
	const bearer = { authorization: `Bearer ${TOKEN}` };
	const friends = await request.get('/nudge/api/v.1.1/users/@me/friends', { headers: bearer });
	expect(friends.status()).toBe(200);
	// A wrong client secret: the route is served (and refuses), so nothing changes for other tests.
	const refresh = await request.post('/nudge/api/v.1.1/users/@me/refreshToken', {
		headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' },
		data: 'secret=not-the-secret'
	});
	expect(refresh.status()).toBe(400);
	expect(await refresh.json()).toMatchObject({ meta: { code: 400, error_type: 'invalid_input' } });
});

// Spellings of the sign-out route and of the other guarded routes: each is the route to this
// router, or would be to one that decodes twice, folds case or merges slashes.
const SIGN_OUT_SPELLINGS = [
	'/auth/sign-out',
	'/%61uth/sign-out',
	'/%41uth/sign-out',
	'/%61%75%74%68/sign-%6fut',
	'/auth%2Fsign-out',
	'/auth%2fsign-out',
	'//auth/sign-out',
	'/%2Fauth/sign-out',
	'/AuTh/sign-out',
	'/%2561uth/sign-out',
	'/auth/sign-out/',
	'/x/../auth/sign-out',
	'/x/%2e%2e/auth/sign-out',
	'/auth\\sign-out',
	'/x\\..\\auth\\sign-out'
];
const OTHER_GUARDED_SPELLINGS = [
	'/%61pi/session',
	'/api%2Fsession',
	'//api/session',
	'/%61pi/nudge/v.1.1/users/@me/refreshToken',
	'/%41PI/nudge/v.1.1/users/@me/PartnerAppMembership',
	'/%2561pi/nudge/v.1.1/users/@me/body_events'
];
/** A foreign Origin, and none at all (with no Sec-Fetch-Site either). */
const ORIGIN_CASES: Record<string, string>[] = [{ origin: EVIL }, {}];
const BODIES: [string, string][] = [
	['text/plain', 'x'],
	['application/x-www-form-urlencoded', 'weight=70'],
	[
		'multipart/form-data; boundary=b',
		'--b\r\nContent-Disposition: form-data; name="weight"\r\n\r\n70\r\n--b--\r\n'
	],
	['application/json', '{}']
];

test('a cross-site write never reaches a guarded route, however its path is spelled', async ({
	baseURL
}) => {
	for (const path of [...SIGN_OUT_SPELLINGS, ...OTHER_GUARDED_SPELLINGS]) {
		for (const [contentType, body] of BODIES) {
			for (const origin of ORIGIN_CASES) {
				const label = `${path} ${contentType} ${JSON.stringify(origin)}`;
				const answer = await rawRequest(
					baseURL ?? '',
					'POST',
					path,
					{ 'content-type': contentType, ...origin },
					body
				);
				// Refused by the check, a path no route answers, or (trailing slash) the router's
				// redirect to the plain path, where the check applies again; never the sign-out's answer.
				expect([308, 400, 403, 404], label).toContain(answer.status);
				expect(answer.headers['clear-site-data'], label).toBeUndefined();
				expect(answer.body, label).not.toContain('clearCache');
				expect(answer.body, label).not.toContain(TOKEN);
			}
		}
	}
	const plain = await rawRequest(baseURL ?? '', 'POST', '/%61uth/sign-out', {
		origin: EVIL,
		'content-type': 'text/plain'
	});
	expect(plain.status).toBe(403);
	expect(JSON.parse(plain.body)).toMatchObject({
		meta: { code: 403, error_type: 'cross_site_request' }
	});
});

test('dot segments and backslashes resolve to the canonical path, which the check judges', async ({
	baseURL
}) => {
	const origin = new URL(baseURL ?? '').origin;
	// Same decision as the path written plainly: ours gets the sign-out, a foreign one does not.
	for (const path of [
		'/x/../auth/sign-out',
		'/x/%2e%2e/auth/sign-out',
		'/auth\\sign-out',
		'/x\\..\\auth\\sign-out'
	]) {
		const ours = await rawRequest(baseURL ?? '', 'POST', path, { origin });
		expect(ours.status, path).toBe(200);
		expect(ours.headers['clear-site-data'], path).toBe('"cache", "storage"');
		const theirs = await rawRequest(baseURL ?? '', 'POST', path, { origin: EVIL });
		expect(theirs.status, path).toBe(403);
	}
});

test('a path the router cannot decode answers the API envelope, not a page', async ({
	baseURL
}) => {
	for (const [method, path] of [
		['GET', '/%c0%ae/auth/sign-out'],
		['POST', '/%c0%ae%c0%ae/auth/sign-out'],
		['GET', '/api/nudge/v.1.1/users/%E0%A4%A']
	] as const) {
		const answer = await rawRequest(baseURL ?? '', method, path, { origin: EVIL });
		expect(answer.status, path).toBe(400);
		expect(answer.headers['content-type'], path).toContain('application/json');
		expect(JSON.parse(answer.body), path).toMatchObject({
			meta: { code: 400, error_type: 'invalid_path' }
		});
	}
});

// Sign-in, sessions and imports on servers of their own (tests/e2e/support/own-server.ts): each
// describe runs its tests in order on its own port.
const SESSION_SECRET = 'e2e-session-secret-of-32-characters-or-more';
const SIGN_IN = {
	NUDGE_CLIENT_ID: 'wellness-dashboard-demo',
	NUDGE_CLIENT_SECRET: 'wellness-dashboard-demo-secret',
	NUDGE_REFERENCE_DAYS: '30',
	// Behind a proxy that names the client: scripted clients can come from addresses of their own.
	ADDRESS_HEADER: 'x-forwarded-for',
	XFF_DEPTH: '1'
};
const UP_EXPORT = 'src/lib/server/import/fixtures/up-export.csv';

/** A client of its own (cookies and address) that signs in through the embedded provider. */
async function scriptedSignIn(
	origin: string,
	scopes: string,
	address: string
): Promise<APIRequestContext> {
	const client = await apiRequest.newContext({
		baseURL: origin,
		extraHTTPHeaders: { 'x-forwarded-for': address }
	});
	const consentPage = await client.get(`/auth/sign-in?scopes=${scopes}`);
	const consent = /name="consent" value="([^"]+)"/.exec(await consentPage.text())?.[1] ?? '';
	const back = await client.post('/auth/oauth2/auth', {
		form: { consent, decision: 'allow' },
		headers: { origin }
	});
	expect(back.status()).toBe(200);
	return client;
}

async function signedIn(client: APIRequestContext): Promise<boolean> {
	return ((await (await client.get('/api/session')).json()) as { signedIn: boolean }).signedIn;
}

async function importInto(client: APIRequestContext, origin: string) {
	const response = await client.post('/api/import?name=up-export.csv', {
		headers: { origin, 'content-type': 'application/octet-stream' },
		data: await readFile(UP_EXPORT)
	});
	const meta = ((await response.json()) as { meta: { error_type?: string } }).meta;
	return { status: response.status(), type: meta.error_type };
}

test.describe('sign-in on a server that keeps its sessions', () => {
	test.describe.configure({ mode: 'serial' });
	let dir = '';
	let server: OwnServer | undefined;
	const settings = () => ({
		...SIGN_IN,
		NUDGE_SESSION_SECRET: SESSION_SECRET,
		NUDGE_REFERENCE_DATA_DIR: dir
	});
	const clients: APIRequestContext[] = [];
	let person: APIRequestContext | undefined;

	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'security-e2e-'));
		server = await startOwnServer(settings(), { port: ownPort(16) });
	});
	test.afterAll(async () => {
		for (const client of clients) await client.dispose();
		await server?.stop();
		await rm(dir, { recursive: true, force: true });
	});

	test('says at start that sign-ins are kept in the data folder', () => {
		expect(server?.log()).toContain('"event":"auth.sessions_kept"');
		expect(server?.log()).not.toContain('sessions_end_on_restart');
	});

	test('an import needs a session with the write permission of each kind the file holds', async () => {
		const origin = server?.origin ?? '';
		const anonymous = await apiRequest.newContext({ baseURL: origin });
		clients.push(anonymous);
		expect(await importInto(anonymous, origin)).toEqual({
			status: 401,
			type: 'sign_in_required'
		});
		const reader = await scriptedSignIn(origin, 'move_read,sleep_read', '198.51.100.10');
		clients.push(reader);
		expect(await importInto(reader, origin)).toEqual({ status: 403, type: 'insufficient_scope' });
		// The UP export holds days of activity, sleeps, weigh-ins and meals.
		const writer = await scriptedSignIn(
			origin,
			'move_read,move_write,sleep_write,body_write,meal_write',
			'198.51.100.11'
		);
		clients.push(writer);
		expect((await importInto(writer, origin)).status).toBe(200);
	});

	test('a flood of sign-ins from one address leaves another person signed in', async () => {
		const origin = server?.origin ?? '';
		person = await scriptedSignIn(origin, 'move_read,basic_read', '198.51.100.23');
		clients.push(person);
		const flood: APIRequestContext[] = [];
		for (let i = 0; i < 30; i++)
			flood.push(await scriptedSignIn(origin, 'move_read', '192.0.2.66'));
		clients.push(...flood);
		expect(await signedIn(person)).toBe(true);
		expect((await person.get('/api/nudge/v.1.1/users/@me')).status()).toBe(200);
		// The address holds 20 sessions at most: its own oldest ended, its latest live.
		expect(await signedIn(flood[0] ?? person)).toBe(false);
		expect(await signedIn(flood[29] ?? person)).toBe(true);
	});

	test('a restart with the same NUDGE_SESSION_SECRET keeps the person signed in', async () => {
		await server?.stop();
		server = await startOwnServer(settings(), { port: ownPort(16) });
		if (person === undefined) throw new Error('no session from the test before');
		expect(await signedIn(person)).toBe(true);
		// The embedded provider kept its grant too: the person's reads still go through.
		expect((await person.get('/api/nudge/v.1.1/users/@me')).status()).toBe(200);
	});

	test('without NUDGE_SESSION_SECRET the server says once that sign-ins end with it', async () => {
		await server?.stop();
		const { NUDGE_SESSION_SECRET: _kept, ...unkeyed } = settings();
		server = await startOwnServer(unkeyed, { port: ownPort(16) });
		const said = (server.log().match(/"event":"auth\.sessions_end_on_restart"/g) ?? []).length;
		expect(said).toBe(1);
		expect(server.log()).toContain('NUDGE_SESSION_SECRET is not set');
		if (person !== undefined) expect(await signedIn(person)).toBe(false);
	});
});

/**
 * Sends `body` in parts without a Content-Length (chunked), or with one, as a browser does (on a
 * connection kept alive): the status and error type of the answer. A connection reset before
 * the answer fails.
 */
async function upload(
	origin: string,
	path: string,
	body: Buffer,
	chunked: boolean
): Promise<{ status: number; type: string | undefined }> {
	const { hostname, port } = new URL(origin);
	const agent = new Agent({ keepAlive: true });
	try {
		return await new Promise((resolve, reject) => {
			const headers: Record<string, string> = {
				origin,
				'content-type': 'application/octet-stream'
			};
			if (!chunked) headers['content-length'] = String(body.length);
			const outgoing = httpRequest(
				{ host: hostname, port, method: 'POST', path, headers, agent },
				(incoming) => {
					const parts: Buffer[] = [];
					incoming.on('data', (part: Buffer) => parts.push(part));
					incoming.on('end', () => {
						const text = Buffer.concat(parts).toString('utf8');
						const meta = (JSON.parse(text) as { meta: { error_type?: string } }).meta;
						resolve({ status: incoming.statusCode ?? 0, type: meta.error_type });
					});
				}
			);
			outgoing.on('error', reject);
			void (async () => {
				for (let at = 0; at < body.length; at += 64 * 1024) {
					if (!outgoing.write(body.subarray(at, at + 64 * 1024))) {
						await new Promise((done) => outgoing.once('drain', done));
					}
				}
				outgoing.end();
			})();
		});
	} finally {
		agent.destroy();
	}
}

/** A UP export of `days` days from 1 January 2010, each row with a note, about 230 bytes a row. */
function upExportOf(days: number): Buffer {
	const rows = ['date,m_steps,note'];
	const start = Date.UTC(2010, 0, 1);
	for (let day = 0; day < days; day++) {
		const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
		rows.push(`${date},${5000 + day},${'walked to the river and back '.repeat(7)}`);
	}
	return Buffer.from(`${rows.join('\n')}\n`);
}

test.describe('import uploads, with and without a length', () => {
	test.describe.configure({ mode: 'serial' });
	let dir = '';
	let server: OwnServer | undefined;
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'import-limits-e2e-'));
		server = await startOwnServer(
			{
				NUDGE_ACCESS_TOKEN: 'import-limits-token-0123456789',
				NUDGE_REFERENCE_DATA_DIR: dir,
				NUDGE_REFERENCE_DAYS: '30',
				NUDGE_IMPORT_MAX_BYTES: String(1024 * 1024)
			},
			{ port: ownPort(8) }
		);
	});
	test.afterAll(async () => {
		await server?.stop();
		await rm(dir, { recursive: true, force: true });
	});

	test('a chunked upload past BODY_SIZE_LIMIT (512 KiB) imports like one with a length', async () => {
		const file = upExportOf(3000);
		expect(file.length).toBeGreaterThan(600 * 1024);
		expect(file.length).toBeLessThan(1024 * 1024);
		const origin = server?.origin ?? '';
		expect(await upload(origin, '/api/import?name=up.csv', file, true)).toEqual({
			status: 200,
			type: undefined
		});
		expect((await upload(origin, '/api/import?name=up.csv', file, false)).status).toBe(200);
	});

	test('past NUDGE_IMPORT_MAX_BYTES an upload gets a clear 413, chunked or not', async () => {
		const origin = server?.origin ?? '';
		const file = upExportOf(6000);
		expect(file.length).toBeGreaterThan(1024 * 1024);
		for (const chunked of [true, false]) {
			expect(await upload(origin, '/api/import?name=up.csv', file, chunked)).toEqual({
				status: 413,
				type: 'payload_too_large'
			});
		}
	});
});

/** Runs the built server until it exits (it must, within 30 s): its exit code and stderr. */
function startFailing(
	env: Record<string, string>
): Promise<{ code: number | null; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['build'], {
			env: {
				PATH: process.env.PATH ?? '',
				HOST: '127.0.0.1',
				PORT: String(ownPort(9)),
				...env
			},
			stdio: ['ignore', 'ignore', 'pipe']
		});
		let stderr = '';
		child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`the server did not stop: ${stderr.slice(0, 300)}`));
		}, 30_000);
		child.once('exit', (code) => {
			clearTimeout(timer);
			resolve({ code, stderr });
		});
	});
}

test.describe('a store the server cannot use', () => {
	test.describe.configure({ mode: 'serial' });
	let dir = '';
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'unusable-store-e2e-'));
	});
	test.afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	const cases: { name: string; make: (folder: string) => Promise<string>; cause: RegExp }[] = [
		{
			name: 'a file of garbage bytes',
			make: async (folder) => {
				await mkdir(folder);
				await writeFile(join(folder, 'wellness.sqlite'), Buffer.alloc(64 * 1024, 0x37));
				return join(folder, 'wellness.sqlite');
			},
			cause: /it is not a SQLite database/
		},
		{
			name: 'a data folder that is a file',
			make: async (folder) => {
				await writeFile(folder, 'not a folder');
				return folder;
			},
			cause: /the data folder is a file, not a folder/
		},
		{
			name: 'a database of a newer version',
			make: async (folder) => {
				await mkdir(folder);
				const path = join(folder, 'wellness.sqlite');
				const db = new Database(path);
				db.pragma('user_version = 99');
				db.close();
				return path;
			},
			cause: /written by a newer version of the dashboard \(schema 99;/
		}
	];
	for (const { name, make, cause } of cases) {
		test(`stops at start with one line naming it: ${name}`, async () => {
			const folder = join(dir, name.replace(/\W+/g, '-'));
			const path = await make(folder);
			const { code, stderr } = await startFailing({ NUDGE_REFERENCE_DATA_DIR: folder });
			expect(code).toBe(1);
			const lines = stderr.trim().split('\n');
			expect(lines).toHaveLength(1);
			expect(lines[0]).toContain(path);
			expect(lines[0]).toMatch(cause);
			expect(stderr).not.toMatch(/\n\s+at /);
		});
	}
});
