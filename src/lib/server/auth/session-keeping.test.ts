import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config';
import { setLogSink } from '../redact';
import { createRuntime, sessionFolder, type ServerRuntime } from '../runtime';
import type { Transport } from '../proxy/upstream';
import { callback, sessionInfo, signIn, type AuthEvent } from './flow';
import type { CookieJar } from './session';

// Sign-ins as the server keeps them: across a restart, and against a client that signs in
// thousands of times to push others out.
const BASE = 'https://api.example.com';
const APP = 'https://dash.example.com';
const SECRET = 'session-secret-of-at-least-32-characters!';

class Jar implements CookieJar {
	readonly values = new Map<string, string>();
	get(name: string) {
		return this.values.get(name);
	}
	set(name: string, value: string) {
		this.values.set(name, value);
	}
	delete(name: string) {
		this.values.delete(name);
	}
}

/** An upstream whose token endpoint takes any code and whose users/@me knows every token it gave. */
function upstream(): Transport {
	let issued = 0;
	return (url, init) => {
		if (new URL(url).pathname === '/auth/oauth2/token') {
			issued += 1;
			return Promise.resolve(
				Response.json({
					access_token: `access-${issued}-0123456789`,
					refresh_token: `refresh-${issued}-0123456789`,
					expires_in: 3600,
					token_type: 'Bearer'
				})
			);
		}
		const token = new Headers(init.headers).get('authorization') ?? '';
		return Promise.resolve(
			Response.json({ meta: { code: 200, user_xid: `user-of-${token.slice(7, 20)}` }, data: {} })
		);
	};
}

let dir: string;
let restoreLog: (line: string) => void;
const logged: string[] = [];
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'session-keeping-'));
	restoreLog = setLogSink((line) => logged.push(line));
});
afterEach(() => {
	setLogSink(restoreLog);
	logged.splice(0);
	rmSync(dir, { recursive: true, force: true });
});

function server(env: Record<string, string> = {}): ServerRuntime {
	const result = parseConfig({
		NUDGE_BASE_URL: BASE,
		NUDGE_CLIENT_ID: 'dash',
		NUDGE_CLIENT_SECRET: 'client-secret-3a9f1e2d7c',
		NUDGE_REFERENCE_DATA_DIR: dir,
		...env
	});
	if (!result.ok) throw new Error('config');
	return createRuntime(result.config, {
		embedded: () => {
			throw new Error('not embedded');
		},
		fetch: upstream(),
		sessionDir: sessionFolder(result.config)
	});
}

/** One sign-in from `client`, in the browser whose cookies are `jar`. */
async function signedIn(runtime: ServerRuntime, jar: Jar, client: string): Promise<AuthEvent> {
	const event = (path: string): AuthEvent => ({
		url: new URL(path, APP),
		cookies: jar,
		clientAddress: client
	});
	const start = await signIn(runtime, event('/auth/sign-in?scopes=move_read'));
	const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
	const done = await callback(runtime, event(`/auth/callback?code=c0de&state=${state}`));
	expect(done.headers.get('location')).toBe('/');
	return event('/api/session');
}

describe('sessions kept by the server', () => {
	it('outlive a restart with the same NUDGE_SESSION_SECRET', async () => {
		const browser = new Jar();
		const before = await signedIn(server({ NUDGE_SESSION_SECRET: SECRET }), browser, '192.0.2.1');
		const restarted = server({ NUDGE_SESSION_SECRET: SECRET });
		expect(restarted.sessions.kept).toBe('file');
		expect(await sessionInfo(restarted, before)).toMatchObject({
			signedIn: true,
			scopes: ['move_read']
		});
	});

	it('end with the process without a secret, and with another secret', async () => {
		const browser = new Jar();
		const event = await signedIn(server(), browser, '192.0.2.1');
		expect(server().sessions.kept).toBe('memory');
		expect((await sessionInfo(server(), event)).signedIn).toBe(false);

		const kept = new Jar();
		const signed = await signedIn(server({ NUDGE_SESSION_SECRET: SECRET }), kept, '192.0.2.1');
		const other = server({ NUDGE_SESSION_SECRET: `${SECRET}-changed` });
		expect(other.sessions.dropped).toBe(1);
		expect((await sessionInfo(other, signed)).signedIn).toBe(false);
	});

	it('5,100 scripted sign-ins from one client leave an earlier person’s session working', async () => {
		const runtime = server({ NUDGE_SESSION_SECRET: SECRET });
		const person = await signedIn(runtime, new Jar(), '198.51.100.23');
		// As a script would send them: 50 at a time, each a whole sign-in of its own, so the store
		// meets them interleaved (and one waits less on the others' hashing off the main thread).
		for (let sent = 0; sent < 5100; sent += 50) {
			await Promise.all(
				Array.from({ length: 50 }, () => signedIn(runtime, new Jar(), '192.0.2.66'))
			);
		}
		expect(await sessionInfo(runtime, person)).toMatchObject({ signedIn: true });
		// The flood holds no more than its own share of the store.
		expect(runtime.sessions.sessionsOf('192.0.2.66')).toBe(20);
		expect(runtime.sessions.size).toBe(21);
		// No token was written to the log on the way.
		expect(logged.join('\n')).not.toMatch(/access-\d|refresh-\d/);
		// Each sign-in takes a few milliseconds of crypto and parsing: room on a loaded machine.
	}, 120_000);
});
