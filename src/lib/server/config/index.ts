// Reads the server configuration from SvelteKit's runtime environment, once, and fails loudly when it is wrong.

import { env } from '$env/dynamic/private';
import { ConfigError, parseConfig, type ServerConfig } from './parse-config';

export { ConfigError, parseConfig, configSecrets, isLoopbackHost } from './parse-config';
export type { AuthConfig, ConfigProblem, ServerConfig, UpstreamConfig } from './parse-config';

let cached: ServerConfig | null = null;

/** The validated configuration; throws ConfigError (naming settings, never values) when invalid. */
export function loadServerConfig(): ServerConfig {
	if (cached !== null) return cached;
	const result = parseConfig(env);
	if (!result.ok) throw new ConfigError(result.problems);
	cached = result.config;
	return cached;
}
