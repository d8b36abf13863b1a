// Turns the process environment into a validated server configuration; a pure function, never echoes values.

import * as z from 'zod/mini';
import { ALL_SCOPES } from '$lib/api/endpoints';
import { API_VERSIONS, isApiVersion, LATEST_VERSION, type ApiVersion } from '$lib/api/version';
import { quoted } from '../quote';
import { DEFAULT_DATA_DIR } from '../data-dir';

/** Where upstream calls go: the embedded reference API in-process, or a configured base URL. */
export type UpstreamConfig = { kind: 'embedded' } | { kind: 'custom'; baseUrl: string };

/** How the server obtains the token it forwards upstream. */
export type AuthConfig =
	| { mode: 'embedded' }
	| { mode: 'token'; accessToken: string }
	| { mode: 'oauth'; clientId: string; clientSecret: string; redirectUri: string | null };

export interface ServerConfig {
	upstream: UpstreamConfig;
	auth: AuthConfig;
	/** Scopes named by NUDGE_SCOPES; null = the dashboard's default read scopes. */
	scopes: readonly string[] | null;
	/** Time allowed for one upstream attempt, headers and body included. */
	timeoutMs: number;
	/** Session cookie key material; null = a random key made at start (sessions end on restart). */
	sessionSecret: string | null;
	/** The API version the dashboard speaks to the upstream (NUDGE_API_VERSION, default v.1.1). */
	apiVersion: ApiVersion;
	/** Most bytes one import upload may hold (NUDGE_IMPORT_MAX_BYTES). */
	importMaxBytes: number;
	/**
	 * The data folder (NUDGE_REFERENCE_DATA_DIR): the embedded API's database and the sign-in
	 * sessions; null = `memory`, nothing kept past the process.
	 */
	dataDir: string | null;
}

/** One wrong setting: its name and what is wrong, never its value. */
export interface ConfigProblem {
	setting: string;
	problem: string;
}

export type ConfigResult =
	{ ok: true; config: ServerConfig } | { ok: false; problems: ConfigProblem[] };

/** Thrown at start when the configuration is unusable; the message lists settings, not values. */
export class ConfigError extends Error {
	readonly problems: readonly ConfigProblem[];
	constructor(problems: readonly ConfigProblem[]) {
		super(
			`Invalid server configuration:\n${problems.map((p) => `  - ${p.setting}: ${p.problem}`).join('\n')}`
		);
		this.name = 'ConfigError';
		this.problems = problems;
	}
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** 4 GiB: an Apple Health export.zip of many years, or its export.xml of a few. */
export const DEFAULT_IMPORT_MAX_BYTES = 4 * 1024 ** 3;
const MAX_IMPORT_MAX_BYTES = 1024 ** 5;
const MAX_TIMEOUT_MS = 600_000;
const MIN_SESSION_SECRET_LENGTH = 32;

const knownScopes: ReadonlySet<string> = new Set(ALL_SCOPES);

/** True for hosts that never leave the machine, where plain http is acceptable. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

// Header-safe secret: printable ASCII without spaces, so it can never split a header line.
const headerSafe = /^[\x21-\x7e]+$/;

const envSchema = z.object({
	NUDGE_BASE_URL: z.optional(z.string()),
	NUDGE_ACCESS_TOKEN: z.optional(z.string()),
	NUDGE_CLIENT_ID: z.optional(z.string()),
	NUDGE_CLIENT_SECRET: z.optional(z.string()),
	NUDGE_REDIRECT_URI: z.optional(z.string()),
	NUDGE_SCOPES: z.optional(z.string()),
	NUDGE_TIMEOUT_MS: z.optional(z.string()),
	NUDGE_SESSION_SECRET: z.optional(z.string()),
	NUDGE_API_VERSION: z.optional(z.string()),
	NUDGE_IMPORT_MAX_BYTES: z.optional(z.string()),
	NUDGE_REFERENCE_DATA_DIR: z.optional(z.string())
});

export const DEFAULT_API_VERSION: ApiVersion = LATEST_VERSION;

/** An empty or blank variable counts as unset (shells and .env files often leave them empty). */
function setting(value: string | undefined): string | null {
	if (value === undefined) return null;
	return value.trim() === '' ? null : value;
}

function parseHttpUrl(
	name: string,
	value: string,
	problems: ConfigProblem[],
	what: string
): URL | null {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		problems.push({ setting: name, problem: `is not a valid absolute URL (${what})` });
		return null;
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
		problems.push({
			setting: name,
			problem: 'must use https (plain http is accepted only for a loopback host)'
		});
		return null;
	}
	if (url.username !== '' || url.password !== '') {
		problems.push({ setting: name, problem: 'must not carry credentials in the URL' });
		return null;
	}
	if (url.hash !== '') {
		problems.push({ setting: name, problem: 'must not have a #fragment' });
		return null;
	}
	return url;
}

/** Splits a scope list written with commas and/or spaces. */
export function splitScopes(value: string): string[] {
	return value.split(/[\s,]+/).filter((scope) => scope !== '');
}

/**
 * Parses the environment. Every problem is collected so one start reports them all; messages
 * name the setting and the rule, and never contain the value (it may be a secret).
 */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
	const raw = envSchema.parse(env);
	const problems: ConfigProblem[] = [];

	const baseUrlText = setting(raw.NUDGE_BASE_URL);
	let upstream: UpstreamConfig = { kind: 'embedded' };
	if (baseUrlText !== null) {
		const url = parseHttpUrl(
			'NUDGE_BASE_URL',
			baseUrlText.trim(),
			problems,
			'e.g. https://api.example.com'
		);
		if (url !== null) {
			if (url.search !== '') {
				problems.push({ setting: 'NUDGE_BASE_URL', problem: 'must not have a query string' });
			} else {
				upstream = { kind: 'custom', baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
			}
		}
	}

	const accessToken = setting(raw.NUDGE_ACCESS_TOKEN);
	if (accessToken !== null && (!headerSafe.test(accessToken) || accessToken.length > 4096)) {
		problems.push({
			setting: 'NUDGE_ACCESS_TOKEN',
			problem: 'must be 1-4096 printable characters without spaces'
		});
	}

	const clientId = setting(raw.NUDGE_CLIENT_ID);
	const clientSecret = setting(raw.NUDGE_CLIENT_SECRET);
	if (clientId !== null && (!headerSafe.test(clientId) || clientId.length > 256)) {
		problems.push({
			setting: 'NUDGE_CLIENT_ID',
			problem: 'must be 1-256 printable characters without spaces'
		});
	}
	if (clientSecret !== null && (!headerSafe.test(clientSecret) || clientSecret.length > 1024)) {
		problems.push({
			setting: 'NUDGE_CLIENT_SECRET',
			problem: 'must be 1-1024 printable characters without spaces'
		});
	}
	if (clientId !== null && clientSecret === null) {
		problems.push({
			setting: 'NUDGE_CLIENT_SECRET',
			problem: 'is required when NUDGE_CLIENT_ID is set'
		});
	}
	if (clientId === null && clientSecret !== null) {
		problems.push({
			setting: 'NUDGE_CLIENT_ID',
			problem: 'is required when NUDGE_CLIENT_SECRET is set'
		});
	}
	if (accessToken !== null && clientId !== null) {
		problems.push({
			setting: 'NUDGE_ACCESS_TOKEN',
			problem: 'cannot be combined with NUDGE_CLIENT_ID: choose a personal token or OAuth sign-in'
		});
	}

	const redirectText = setting(raw.NUDGE_REDIRECT_URI);
	let redirectUri: string | null = null;
	if (redirectText !== null) {
		if (clientId === null) {
			problems.push({
				setting: 'NUDGE_REDIRECT_URI',
				problem: 'is used only with NUDGE_CLIENT_ID'
			});
		}
		const url = parseHttpUrl(
			'NUDGE_REDIRECT_URI',
			redirectText.trim(),
			problems,
			'e.g. https://dashboard.example.com/auth/callback'
		);
		if (url !== null) redirectUri = url.href;
	}

	if (
		upstream.kind === 'custom' &&
		accessToken === null &&
		clientId === null &&
		baseUrlText !== null
	) {
		problems.push({
			setting: 'NUDGE_BASE_URL',
			problem: 'needs NUDGE_ACCESS_TOKEN or NUDGE_CLIENT_ID/NUDGE_CLIENT_SECRET to call it'
		});
	}

	const scopesText = setting(raw.NUDGE_SCOPES);
	let scopes: string[] | null = null;
	if (scopesText !== null) {
		const list = splitScopes(scopesText);
		const unknown = list.filter((scope) => !knownScopes.has(scope));
		if (list.length === 0 || unknown.length > 0) {
			// Scope names are not secret, and naming the unknown one is what makes the message useful.
			problems.push({
				setting: 'NUDGE_SCOPES',
				problem: `must list known scopes separated by commas or spaces${
					unknown.length > 0 ? `; unknown: ${unknown.slice(0, 5).map(quoted).join(', ')}` : ''
				}`
			});
		} else {
			scopes = [...new Set(list)];
		}
	}

	const timeoutText = setting(raw.NUDGE_TIMEOUT_MS);
	let timeoutMs = DEFAULT_TIMEOUT_MS;
	if (timeoutText !== null) {
		const trimmed = timeoutText.trim();
		const value = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : NaN;
		if (!Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_MS) {
			problems.push({
				setting: 'NUDGE_TIMEOUT_MS',
				problem: `must be a positive whole number of milliseconds, at most ${MAX_TIMEOUT_MS}`
			});
		} else {
			timeoutMs = value;
		}
	}

	const sessionSecret = setting(raw.NUDGE_SESSION_SECRET);
	if (sessionSecret !== null && sessionSecret.length < MIN_SESSION_SECRET_LENGTH) {
		problems.push({
			setting: 'NUDGE_SESSION_SECRET',
			problem: `must be at least ${MIN_SESSION_SECRET_LENGTH} characters (e.g. openssl rand -base64 32)`
		});
	}

	const versionText = setting(raw.NUDGE_API_VERSION)?.trim() ?? null;
	let apiVersion = DEFAULT_API_VERSION;
	if (versionText !== null) {
		if (isApiVersion(versionText)) apiVersion = versionText;
		else {
			problems.push({
				setting: 'NUDGE_API_VERSION',
				problem: `must be ${API_VERSIONS.join(' or ')} (default ${DEFAULT_API_VERSION})`
			});
		}
	}

	const importMaxText = setting(raw.NUDGE_IMPORT_MAX_BYTES)?.trim() ?? null;
	let importMaxBytes = DEFAULT_IMPORT_MAX_BYTES;
	if (importMaxText !== null) {
		const value = /^\d{1,16}$/.test(importMaxText) ? Number(importMaxText) : NaN;
		if (!Number.isSafeInteger(value) || value < 1 || value > MAX_IMPORT_MAX_BYTES) {
			problems.push({
				setting: 'NUDGE_IMPORT_MAX_BYTES',
				problem: `must be a whole number of bytes from 1 to ${MAX_IMPORT_MAX_BYTES} (default ${DEFAULT_IMPORT_MAX_BYTES}, 4 GiB)`
			});
		} else {
			importMaxBytes = value;
		}
	}

	const dataDirText = setting(raw.NUDGE_REFERENCE_DATA_DIR)?.trim() ?? null;
	const dataDir = dataDirText === 'memory' ? null : (dataDirText ?? DEFAULT_DATA_DIR);

	if (problems.length > 0) return { ok: false, problems };

	let auth: AuthConfig = { mode: 'embedded' };
	if (accessToken !== null) auth = { mode: 'token', accessToken };
	else if (clientId !== null && clientSecret !== null) {
		auth = { mode: 'oauth', clientId, clientSecret, redirectUri };
	}
	return {
		ok: true,
		config: {
			upstream,
			auth,
			scopes,
			timeoutMs,
			sessionSecret,
			apiVersion,
			importMaxBytes,
			dataDir
		}
	};
}

/** The secret values of a configuration, for the log redactor. */
export function configSecrets(config: ServerConfig): string[] {
	const secrets: string[] = [];
	if (config.auth.mode === 'token') secrets.push(config.auth.accessToken);
	if (config.auth.mode === 'oauth') secrets.push(config.auth.clientSecret);
	if (config.sessionSecret !== null) secrets.push(config.sessionSecret);
	return secrets;
}
