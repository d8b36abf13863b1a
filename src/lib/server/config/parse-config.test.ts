import { describe, expect, it } from 'vitest';
import {
	ConfigError,
	DEFAULT_IMPORT_MAX_BYTES,
	DEFAULT_TIMEOUT_MS,
	configSecrets,
	parseConfig
} from './parse-config';

const SECRET_TOKEN = 'tok-4f9a1c2e8b7d6e5f';
const SECRET_CLIENT = 'client-secret-77aa88bb99cc';

function problemsOf(env: Record<string, string | undefined>): string[] {
	const result = parseConfig(env);
	return result.ok ? [] : result.problems.map((p) => p.setting);
}

describe('parseConfig', () => {
	it('runs on the embedded reference API with no settings at all', () => {
		const result = parseConfig({});
		expect(result).toEqual({
			ok: true,
			config: {
				upstream: { kind: 'embedded' },
				auth: { mode: 'embedded' },
				scopes: null,
				timeoutMs: DEFAULT_TIMEOUT_MS,
				sessionSecret: null,
				apiVersion: 'v.1.1',
				importMaxBytes: DEFAULT_IMPORT_MAX_BYTES,
				dataDir: 'data'
			}
		});
	});

	it('takes the largest import upload in bytes, and refuses anything else', () => {
		const set = parseConfig({ NUDGE_IMPORT_MAX_BYTES: ' 1048576 ' });
		expect(set.ok && set.config.importMaxBytes).toBe(1_048_576);
		for (const wrong of ['0', '4G', '-1', '1.5', `1${'0'.repeat(20)}`]) {
			expect(problemsOf({ NUDGE_IMPORT_MAX_BYTES: wrong })).toEqual(['NUDGE_IMPORT_MAX_BYTES']);
		}
	});

	it('speaks API v.1.0 to an upstream when told to, and refuses a version the API never had', () => {
		const legacy = parseConfig({ NUDGE_API_VERSION: ' v.1.0 ' });
		expect(legacy.ok && legacy.config.apiVersion).toBe('v.1.0');
		expect(problemsOf({ NUDGE_API_VERSION: '1.1' })).toEqual(['NUDGE_API_VERSION']);
		expect(problemsOf({ NUDGE_API_VERSION: 'v.2.0' })).toEqual(['NUDGE_API_VERSION']);
	});

	it('treats blank variables as unset', () => {
		const result = parseConfig({ NUDGE_BASE_URL: '  ', NUDGE_ACCESS_TOKEN: '' });
		expect(result.ok && result.config.auth.mode).toBe('embedded');
	});

	it('uses a personal token against a custom https base and strips trailing slashes', () => {
		const result = parseConfig({
			NUDGE_BASE_URL: 'https://api.example.com/prefix/',
			NUDGE_ACCESS_TOKEN: SECRET_TOKEN,
			NUDGE_TIMEOUT_MS: '2500'
		});
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.config.upstream).toEqual({
			kind: 'custom',
			baseUrl: 'https://api.example.com/prefix'
		});
		expect(result.config.auth).toEqual({ mode: 'token', accessToken: SECRET_TOKEN });
		expect(result.config.timeoutMs).toBe(2500);
	});

	it('accepts plain http only for loopback hosts', () => {
		expect(
			problemsOf({ NUDGE_BASE_URL: 'http://127.0.0.1:8787', NUDGE_ACCESS_TOKEN: 'x' })
		).toEqual([]);
		expect(problemsOf({ NUDGE_BASE_URL: 'http://[::1]:8787', NUDGE_ACCESS_TOKEN: 'x' })).toEqual(
			[]
		);
		expect(problemsOf({ NUDGE_BASE_URL: 'http://localhost', NUDGE_ACCESS_TOKEN: 'x' })).toEqual([]);
		expect(
			problemsOf({ NUDGE_BASE_URL: 'http://api.example.com', NUDGE_ACCESS_TOKEN: 'x' })
		).toEqual(['NUDGE_BASE_URL']);
		expect(
			problemsOf({ NUDGE_BASE_URL: 'ftp://api.example.com', NUDGE_ACCESS_TOKEN: 'x' })
		).toEqual(['NUDGE_BASE_URL']);
	});

	it('refuses a base URL that is not a URL, carries credentials, a query or a fragment', () => {
		for (const bad of [
			'api.example.com',
			'https://user:pw@api.example.com',
			'https://api.example.com/?a=1',
			'https://api.example.com/#x'
		]) {
			expect(problemsOf({ NUDGE_BASE_URL: bad, NUDGE_ACCESS_TOKEN: 'x' })).toEqual([
				'NUDGE_BASE_URL'
			]);
		}
	});

	it('refuses a custom base without any credential to call it', () => {
		expect(problemsOf({ NUDGE_BASE_URL: 'https://api.example.com' })).toEqual(['NUDGE_BASE_URL']);
	});

	it('refuses a timeout that is not a positive whole number', () => {
		for (const bad of ['0', '-5', '1.5', 'abc', '15s', '99999999']) {
			expect(problemsOf({ NUDGE_TIMEOUT_MS: bad })).toEqual(['NUDGE_TIMEOUT_MS']);
		}
	});

	it('requires the client secret with the client id, and the reverse', () => {
		expect(problemsOf({ NUDGE_CLIENT_ID: 'app' })).toEqual(['NUDGE_CLIENT_SECRET']);
		expect(problemsOf({ NUDGE_CLIENT_SECRET: SECRET_CLIENT })).toEqual(['NUDGE_CLIENT_ID']);
	});

	it('configures OAuth sign-in with an optional redirect URI and scopes', () => {
		const result = parseConfig({
			NUDGE_BASE_URL: 'https://api.example.com',
			NUDGE_CLIENT_ID: 'app',
			NUDGE_CLIENT_SECRET: SECRET_CLIENT,
			NUDGE_REDIRECT_URI: 'https://dash.example.com/auth/callback',
			NUDGE_SCOPES: 'move_read, sleep_read move_read'
		});
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.config.auth).toEqual({
			mode: 'oauth',
			clientId: 'app',
			clientSecret: SECRET_CLIENT,
			redirectUri: 'https://dash.example.com/auth/callback'
		});
		expect(result.config.scopes).toEqual(['move_read', 'sleep_read']);
	});

	it('refuses unknown scopes, a redirect without a client and a token combined with a client', () => {
		expect(problemsOf({ NUDGE_SCOPES: 'move_read,root' })).toEqual(['NUDGE_SCOPES']);
		expect(problemsOf({ NUDGE_REDIRECT_URI: 'https://a.example/cb' })).toEqual([
			'NUDGE_REDIRECT_URI'
		]);
		expect(
			problemsOf({ NUDGE_ACCESS_TOKEN: 't', NUDGE_CLIENT_ID: 'a', NUDGE_CLIENT_SECRET: 's' })
		).toEqual(['NUDGE_ACCESS_TOKEN']);
	});

	it('refuses a short session secret and tokens that could split a header', () => {
		expect(problemsOf({ NUDGE_SESSION_SECRET: 'short' })).toEqual(['NUDGE_SESSION_SECRET']);
		expect(problemsOf({ NUDGE_ACCESS_TOKEN: 'abc\r\nX-Evil: 1' })).toEqual(['NUDGE_ACCESS_TOKEN']);
		expect(problemsOf({ NUDGE_ACCESS_TOKEN: 'has space' })).toEqual(['NUDGE_ACCESS_TOKEN']);
	});

	it('reports every wrong setting at once without echoing any value', () => {
		const env = {
			NUDGE_BASE_URL: `http://evil.example.com/${SECRET_TOKEN}`,
			NUDGE_ACCESS_TOKEN: `${SECRET_TOKEN} x`,
			NUDGE_CLIENT_SECRET: SECRET_CLIENT,
			NUDGE_TIMEOUT_MS: `${SECRET_TOKEN}`,
			NUDGE_SESSION_SECRET: 'tiny-session-secret'
		};
		const result = parseConfig(env);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const message = new ConfigError(result.problems).message;
		expect(message).toContain('NUDGE_BASE_URL');
		expect(message).toContain('NUDGE_TIMEOUT_MS');
		expect(message).toContain('NUDGE_SESSION_SECRET');
		for (const value of [SECRET_TOKEN, SECRET_CLIENT, 'tiny-session-secret', 'evil.example.com']) {
			expect(message).not.toContain(value);
		}
	});

	it('lists the secret values a redactor must hide', () => {
		const result = parseConfig({
			NUDGE_CLIENT_ID: 'app',
			NUDGE_CLIENT_SECRET: SECRET_CLIENT,
			NUDGE_SESSION_SECRET: 'k'.repeat(40)
		});
		expect(result.ok && configSecrets(result.config)).toEqual([SECRET_CLIENT, 'k'.repeat(40)]);
	});
});
