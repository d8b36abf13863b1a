// The scopes this dashboard may ask for, the parsing of a requested subset, and the scopes an import needs.

import { ALL_SCOPES, endpoints } from '$lib/api/endpoints';
import type { ImportKind } from '../import/types';
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

/**
 * The write scope each kind of imported record needs: the scope the API asks for to write one
 * (workouts, sleeps, body events and meals by their create endpoint in the catalogue). Moves have
 * no write endpoint and are activity, as workouts are: move_write. Resting heart rates have none
 * either: heartrate_write, this project's scope for heart data writes (endpoints.ts), which the
 * v.1.0 cardiac events (blood pressure) ask for to be created too.
 */
export const IMPORT_WRITE_SCOPES: Readonly<Record<ImportKind, string>> = {
	moves: 'move_write',
	sleeps: 'sleep_write',
	workouts: 'move_write',
	body_events: 'body_write',
	meals: 'meal_write',
	heartrates: 'heartrate_write',
	cardiac_events: 'heartrate_write'
};
