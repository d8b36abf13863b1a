// The embedded reference API, loaded with its SQLite store by a dynamic import on first use, so a
// deployment against a real upstream (NUDGE_BASE_URL set) never loads either.
import { randomBytes } from 'node:crypto';
import type { ImportDestination } from './auth/import-access';
import { ownAccountWriter } from './import/store-sink';
import { optionsFromEnv } from './reference-api/config';

// The settings' error, for the start-up message (config.ts is loaded with this module anyway).
export { ReferenceConfigError } from './reference-api/config';
import type { ReferenceApi } from './reference-api/index';
import type { EmbeddedApi } from './runtime';

export interface LazyEmbeddedApi extends EmbeddedApi, ImportDestination {
	/** Loads the module, opens the database and generates the demo if it is not there yet. */
	ready(): Promise<void>;
}

/** Wraps the reference API's module behind a loader that runs on the first call that needs it. */
export function lazyEmbeddedApi(env: Record<string, string | undefined>): LazyEmbeddedApi {
	const options = optionsFromEnv(env);
	// Known before the module loads: the runtime hands it to the proxy at start.
	const accessToken = options.accessToken ?? randomBytes(32).toString('base64url');
	let api: Promise<ReferenceApi> | null = null;
	const load = () =>
		(api ??= import('./reference-api/index').then((module) =>
			module.createReferenceApi({ ...options, accessToken })
		));
	return {
		demoAccessToken: accessToken,
		async handle(request) {
			return (await load()).handle(request);
		},
		async ready() {
			await (await load()).ready();
		},
		async grantOf(token) {
			return (await load()).grantOf(token);
		},
		writerInto(account) {
			// A record the store refuses fails the whole file as an ImportError (nothing stored).
			return async () => {
				const module = await import('./reference-api/index');
				const into = {
					OWN_ACCOUNT: account ?? module.OWN_ACCOUNT,
					ImportError: module.ImportError
				};
				return ownAccountWriter(await load(), into)();
			};
		}
	};
}

let embedded: LazyEmbeddedApi | null = null;

/** The process-wide embedded API configured from process.env, for the SvelteKit server. */
export function getEmbeddedReferenceApi(): LazyEmbeddedApi {
	embedded ??= lazyEmbeddedApi(process.env);
	return embedded;
}
