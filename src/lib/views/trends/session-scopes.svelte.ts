// The scopes this sign-in granted, as the data layer read them from the session.
import { getDataLayer } from '$lib/cache/data-layer.svelte';

/** The granted scopes; null until the session answers (or when it cannot be read). */
export interface SessionScopes {
	readonly scopes: readonly string[] | null;
}

/** The session's scopes, read through the data layer (the one reader of `/api/session`). */
export function getSessionScopes(): SessionScopes {
	return getDataLayer();
}
