// Who may import, into which account, and which kinds of records: the sign-in rules of the page writes, for an upload.

import { apiErrorResponse } from '../api-error';
import type { StoreWriter } from '../import/store-sink';
import type { ImportKind } from '../import/types';
import type { ServerRuntime } from '../runtime';
import { sessionCookies, type AuthEvent } from './flow';
import { IMPORT_WRITE_SCOPES } from './scopes';
import { oauthTokenSource } from './session';

/** What the embedded API offers an import: the grant behind a token, and a writer into an account. */
export interface ImportDestination {
	/** The account a token reads and the scopes it holds; null when the API does not accept it. */
	grantOf(token: string): Promise<{ account: string; scopes: readonly string[] } | null>;
	/** Opens one file's import into an account (null: the person's own account). */
	writerInto(account: string | null): StoreWriter;
}

/** A kind of record and the permission its import lacks. */
export interface RefusedKind {
	kind: ImportKind;
	scope: string;
}

/** Where an upload may go, or the answer that refuses it before its body is read. */
export type ImportAccess =
	| {
			ok: true;
			writer: StoreWriter;
			/** The permission a kind of record lacks, or null when it may be imported. */
			refused(kind: ImportKind): RefusedKind | null;
	  }
	| { ok: false; response: Response };

const NEEDED = [...new Set(Object.values(IMPORT_WRITE_SCOPES))].sort();

function refuse(
	status: 401 | 403 | 409,
	type: 'sign_in_required' | 'insufficient_scope' | 'not_configured',
	detail: string
): ImportAccess {
	return { ok: false, response: apiErrorResponse(status, type, detail) };
}

/**
 * The import's share of the sign-in rules. Without sign-in (a personal token, or none) the
 * server's own token imports into the person's own account, as the pages write with it. With
 * sign-in (OAuth) an import needs a live session (401 otherwise), goes only into the account that
 * session reads, and needs the write permission of every kind it stores: with none of them it is
 * refused at once (403), and a kind without its own is refused when its first record comes.
 * With an upstream API (`destination` null) nothing is imported here (409).
 */
export async function importAccess(
	runtime: ServerRuntime,
	event: AuthEvent,
	destination: ImportDestination | null
): Promise<ImportAccess> {
	const notHere = () =>
		refuse(
			409,
			'not_configured',
			'This dashboard reads an upstream API (NUDGE_BASE_URL): import your records there. Importing works with the embedded API only.'
		);
	if (runtime.config.auth.mode !== 'oauth') {
		if (destination === null) return notHere();
		return { ok: true, writer: destination.writerInto(null), refused: () => null };
	}
	const cookies = sessionCookies(runtime, event);
	const session = cookies.read();
	if (session === null) return refuse(401, 'sign_in_required', 'Sign in to import your records.');
	if (destination === null) return notHere();

	let grant = await destination.grantOf(session.at);
	if (grant === null && runtime.coalescer !== null) {
		// The access token has expired: refresh once, as the proxy does on a 401.
		const fresh = await oauthTokenSource(cookies, runtime.coalescer).refresh?.();
		grant = fresh === null || fresh === undefined ? null : await destination.grantOf(fresh);
	}
	if (grant === null) {
		return refuse(
			401,
			'sign_in_required',
			'Your sign-in has ended: sign in again to import your records.'
		);
	}
	const held = new Set(grant.scopes);
	if (!NEEDED.some((scope) => held.has(scope))) {
		return refuse(
			403,
			'insufficient_scope',
			`This sign-in may not add records to your account: importing needs the permission to write the kinds the file holds (${NEEDED.join(', ')}). Sign in again and allow them.`
		);
	}
	return {
		ok: true,
		writer: destination.writerInto(grant.account),
		refused: (kind) => {
			const scope = IMPORT_WRITE_SCOPES[kind];
			return held.has(scope) ? null : { kind, scope };
		}
	};
}
