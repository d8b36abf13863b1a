// Reads the reference API's options from environment variables (it runs outside SvelteKit too, so no $env).
import { join } from 'node:path';
import * as z from 'zod/mini';
import { faultConfigSchema, type FaultConfig } from './faults';
import type { Dataset } from './dataset';
import type { ClientConfig } from './oauth';
import { API_VERSIONS, type ApiVersion } from '$lib/api/version';

export interface ReferenceApiOptions {
	/** Epoch ms; default Date.now, or the fixed NUDGE_REFERENCE_NOW. */
	now?: () => number;
	/** Directory of the database file; null = an in-memory database. Default `data/` under cwd. */
	dataDir?: string | null;
	seed?: number;
	days?: number;
	/** A static token with every scope; random when unset. */
	accessToken?: string;
	clients?: ClientConfig[];
	latencyMs?: number;
	faults?: FaultConfig;
	/** Lifetime of issued access tokens, seconds (default 3600). */
	accessTtlSec?: number;
	/** The API versions served; the others' paths answer 404. Default: all. */
	versions?: readonly ApiVersion[];
	/** Seed data instead of the demo generator (small hand-made fixtures in tests). */
	dataset?: Dataset;
	/**
	 * False: open the database as it is, without generating the demo user into it (the
	 * command-line import, which writes only the person's own account; the server generates the
	 * demo when it starts). Default true.
	 */
	demo?: boolean;
}

export { DEFAULT_DATA_DIR } from '../data-dir';
/** Where earlier versions kept their journal by default (migrated from on first start). */
export const LEGACY_DATA_DIR = join('.data', 'reference-api');

const clientsSchema = z.array(
	z.object({
		id: z.string().check(z.regex(/^[A-Za-z0-9._~-]{1,128}$/)),
		secret: z.string().check(z.minLength(8)),
		redirectUris: z.array(z.url())
	})
);

/** A setting that is wrong; the message names the variable, never its value (it may be a secret). */
export class ReferenceConfigError extends Error {
	constructor(variable: string, why: string) {
		super(`${variable} ${why}`);
	}
}

function parseJsonVariable(env: Record<string, string | undefined>, name: string): unknown {
	const text = env[name];
	if (text === undefined || text.trim() === '') return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		throw new ReferenceConfigError(name, 'is not valid JSON');
	}
}

function intVariable(
	env: Record<string, string | undefined>,
	name: string,
	min: number,
	max: number
) {
	const text = env[name]?.trim();
	if (text === undefined || text === '') return undefined;
	if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
		throw new ReferenceConfigError(name, `must be a whole number from ${min} to ${max}`);
	}
	return Number(text);
}

/** The options the environment asks for (NUDGE_REFERENCE_*, NUDGE_ACCESS_TOKEN). */
export function optionsFromEnv(env: Record<string, string | undefined>): ReferenceApiOptions {
	const options: ReferenceApiOptions = {};
	const fixedNow = env.NUDGE_REFERENCE_NOW?.trim();
	if (fixedNow !== undefined && fixedNow !== '') {
		const ms = Date.parse(fixedNow);
		if (Number.isNaN(ms))
			throw new ReferenceConfigError('NUDGE_REFERENCE_NOW', 'is not an ISO instant');
		options.now = () => ms;
	}
	const dataDir = env.NUDGE_REFERENCE_DATA_DIR?.trim();
	if (dataDir !== undefined && dataDir !== '')
		options.dataDir = dataDir === 'memory' ? null : dataDir;
	const token = env.NUDGE_ACCESS_TOKEN?.trim();
	if (token !== undefined && token !== '') {
		if (!/^[\x21-\x7e]{8,512}$/.test(token)) {
			throw new ReferenceConfigError(
				'NUDGE_ACCESS_TOKEN',
				'must be 8 to 512 visible ASCII characters'
			);
		}
		options.accessToken = token;
	}
	const clients = parseJsonVariable(env, 'NUDGE_REFERENCE_CLIENTS');
	if (clients !== undefined) {
		const parsed = clientsSchema.safeParse(clients);
		if (!parsed.success) {
			throw new ReferenceConfigError(
				'NUDGE_REFERENCE_CLIENTS',
				'must be a JSON array of {id, secret, redirectUris}'
			);
		}
		options.clients = parsed.data;
	}
	const faults = parseJsonVariable(env, 'NUDGE_REFERENCE_FAULTS');
	if (faults !== undefined) {
		const parsed = faultConfigSchema.safeParse(faults);
		if (!parsed.success)
			throw new ReferenceConfigError(
				'NUDGE_REFERENCE_FAULTS',
				'is not a valid fault configuration'
			);
		options.faults = parsed.data;
	}
	const versions = env.NUDGE_REFERENCE_VERSIONS?.trim();
	if (versions !== undefined && versions !== '') {
		const list = versions.split(/[\s,]+/).filter((name) => name !== '');
		const chosen = API_VERSIONS.filter((version) => list.includes(version));
		if (list.some((name) => !chosen.some((version) => version === name))) {
			throw new ReferenceConfigError(
				'NUDGE_REFERENCE_VERSIONS',
				`must list ${API_VERSIONS.join(' and/or ')}`
			);
		}
		options.versions = chosen;
	}
	options.latencyMs = intVariable(env, 'NUDGE_REFERENCE_LATENCY_MS', 0, 600_000);
	options.seed = intVariable(env, 'NUDGE_REFERENCE_SEED', 0, 2 ** 31);
	options.days = intVariable(env, 'NUDGE_REFERENCE_DAYS', 1, 3660);
	options.accessTtlSec = intVariable(env, 'NUDGE_REFERENCE_TOKEN_TTL_SEC', 1, 400 * 86400);
	return options;
}
