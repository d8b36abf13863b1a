// Which read scopes a session lacks, and the error a query ends with when it lacks one.
import { ApiError, type ListKind } from '$lib/client';
import type { Session } from './data-layer.svelte';
import { LIST_KIND_SCOPES } from './schema';

/** A scope the session lacks; null when it holds it or lists no scopes at all. */
export function lacking(session: Session, scope: string): string | null {
	if (session.scopes.length === 0) return null;
	return session.scopes.includes(scope) ? null : scope;
}

/** The scope a session lacks for a kind; null when it holds it or lists no scopes at all. */
export function missingScopeIn(session: Session, kind: ListKind): string | null {
	return lacking(session, LIST_KIND_SCOPES[kind]);
}

/** The error a query of a kind the token may not read ends with, naming the scope. */
export function scopeError(scope: string): ApiError {
	return new ApiError(403, 'forbidden', `Access to this data was not granted (${scope}).`, scope);
}
