// The scopes this dashboard may ask for, and the parsing of a requested subset.

import { ALL_SCOPES, endpoints } from '$lib/api/endpoints';
import { quoted } from '../quote';

const known: ReadonlySet<string> = new Set(ALL_SCOPES);

/** What the dashboard asks for by default: every scope a read endpoint of the catalogue needs. */
export const DEFAULT_READ_SCOPES: readonly string[] = [
	...new Set(
		endpoints
			.filter((endpoint) => endpoint.method === 'GET' && endpoint.scope !== null)
			.map((endpoint) => endpoint.scope ?? '')
	)
].sort();

export type ScopeRequest = { ok: true; scopes: string[] } | { ok: false; detail: string };

/**
 * Reads `?scopes=` (commas and/or spaces). Absent or empty: the fallback. Unknown names are
 * refused rather than dropped, so a typo cannot silently sign in with less than asked.
 */
export function parseScopeRequest(value: string | null, fallback: readonly string[]): ScopeRequest {
	if (value === null || value.trim() === '') return { ok: true, scopes: [...fallback] };
	const list = [...new Set(value.split(/[\s,]+/).filter((scope) => scope !== ''))];
	if (list.length > ALL_SCOPES.length) return { ok: false, detail: 'Too many scopes requested.' };
	const unknown = list.filter((scope) => !known.has(scope));
	if (unknown.length > 0) {
		return {
			ok: false,
			detail: `Unknown scope(s): ${unknown.map(quoted).join(', ')}.`
		};
	}
	return { ok: true, scopes: list };
}
