// Which read scopes a session lacks, and the error a query ends with when it lacks one.
import { ApiError, type ListKind } from '$lib/client';
import type { Session } from './account.svelte';
import { RECORD_KINDS } from './kinds';

/** A scope the session lacks; null when it holds it or lists no scopes at all. */
export function lacking(session: Session, scope: string): string | null {
	if (session.scopes.length === 0) return null;
	return session.scopes.includes(scope) ? null : scope;
}

/** The scope a session lacks for a kind; null when it holds it or lists no scopes at all. */
export function missingScopeIn(session: Session, kind: ListKind): string | null {
	return lacking(session, RECORD_KINDS[kind].scope);
}

/** The error a query of a kind the token may not read ends with, naming the scope. */
export function scopeError(scope: string): ApiError {
	return new ApiError(403, 'forbidden', `Access to this data was not granted (${scope}).`, scope);
}
