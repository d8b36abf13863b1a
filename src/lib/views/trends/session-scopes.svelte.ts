// The scopes this sign-in granted, from GET /api/session: the data layer reads the session but does not expose it.
import { sessionSchema } from '$lib/cache/data-layer.svelte';

/** The granted scopes; null until the session answers (or when it cannot be read). */
export class SessionScopes {
	#scopes = $state.raw<readonly string[] | null>(null);
	readonly ready: Promise<void>;

	constructor(fetcher: typeof fetch = (input, init) => fetch(input, init), url = '/api/session') {
		this.ready = this.#load(fetcher, url);
	}

	get scopes(): readonly string[] | null {
		return this.#scopes;
	}

	async #load(fetcher: typeof fetch, url: string): Promise<void> {
		try {
			const response = await fetcher(url, { headers: { accept: 'application/json' } });
			if (!response.ok) return;
			const parsed = sessionSchema.safeParse(await response.json());
			// Signed out, nothing is granted; an unreadable session explains nothing rather than everything.
			if (parsed.success) this.#scopes = parsed.data.signedIn ? parsed.data.scopes : [];
		} catch {
			// Unreachable: the chart's own query reports the failure.
		}
	}
}

let singleton: SessionScopes | null = null;

/** The browser's one SessionScopes. */
export function getSessionScopes(): SessionScopes {
	singleton ??= new SessionScopes();
	return singleton;
}
