import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/lib/server/config/parse-config';
import { apiErrorResponse } from '../../../src/lib/server/api-error';
import {
	createRedactor,
	describeError,
	logEvent,
	rememberSecret,
	setConfiguredSecrets,
	setLogSink
} from '../../../src/lib/server/redact';

const TOKEN = 'static-token-4d1c9b7e22';
const CLIENT_SECRET = 'client-secret-88e1f0aa3b';
const SESSION_SECRET = 'session-secret-0123456789abcdef0123456789';

let restore: ((line: string) => void) | null = null;
afterEach(() => {
	if (restore !== null) setLogSink(restore);
	restore = null;
	setConfiguredSecrets([]);
});

function captureLogs(): string[] {
	const lines: string[] = [];
	restore = setLogSink((line) => lines.push(line));
	return lines;
}

describe('secret hygiene in logs and errors', () => {
	it('hides configured secrets in every logged field and in the event line', () => {
		const lines = captureLogs();
		setConfiguredSecrets([TOKEN, CLIENT_SECRET, SESSION_SECRET]);
		logEvent('error', `failed with ${TOKEN}`, {
			detail: `client_secret=${CLIENT_SECRET} key ${SESSION_SECRET}`,
			count: 3
		});
		expect(lines).toHaveLength(1);
		for (const secret of [TOKEN, CLIENT_SECRET, SESSION_SECRET])
			expect(lines[0]).not.toContain(secret);
		expect(lines[0]).toContain('[redacted]');
		expect(lines[0]).toContain('"count":3');
	});

	it('hides tokens learned at run time and bearer or token-shaped text it never saw', () => {
		const redact = createRedactor(() => []);
		expect(redact('Authorization: Bearer abc.def-123')).toBe('Authorization: Bearer [redacted]');
		expect(redact('{"access_token":"xyz987","refresh_token":"r1"}')).not.toMatch(/xyz987|r1"/);
		expect(redact('/auth/callback?code=onetime123&state=s')).not.toContain('onetime123');
		const lines = captureLogs();
		rememberSecret('runtime-access-token-77');
		logEvent('warn', 'x', { detail: 'got runtime-access-token-77 back' });
		expect(lines[0]).not.toContain('runtime-access-token-77');
	});

	it('describes thrown errors with their causes, redacted', () => {
		setConfiguredSecrets([TOKEN]);
		const error = new Error('upstream said no', { cause: new Error(`token ${TOKEN} refused`) });
		const text = describeError(error);
		expect(text).toContain('upstream said no');
		expect(text).not.toContain(TOKEN);
	});

	it('names wrong settings at start without echoing any value', () => {
		const result = parseConfig({
			NUDGE_ACCESS_TOKEN: `${TOKEN} with space`,
			NUDGE_CLIENT_SECRET: CLIENT_SECRET,
			NUDGE_SESSION_SECRET: 'short-secret'
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const message = new ConfigError(result.problems).message;
		expect(message).toMatch(/NUDGE_ACCESS_TOKEN/);
		expect(message).toMatch(/NUDGE_SESSION_SECRET/);
		for (const value of [TOKEN, CLIENT_SECRET, 'short-secret'])
			expect(message).not.toContain(value);
	});

	it('builds error envelopes from the detail given, nothing else', async () => {
		const response = apiErrorResponse(
			502,
			'bad_upstream_response',
			'The upstream answer is not JSON.'
		);
		const body: unknown = await response.json();
		expect(body).toMatchObject({
			meta: {
				code: 502,
				message: 'Bad Gateway',
				error_type: 'bad_upstream_response',
				error_detail: 'The upstream answer is not JSON.'
			},
			data: {}
		});
		expect(Object.keys(body instanceof Object ? body : {})).toEqual(['meta', 'data']);
	});
});
