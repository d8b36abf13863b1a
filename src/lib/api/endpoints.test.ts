import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';

describe('the catalogue', () => {
	it('has no two entries with the same method, path and version', () => {
		const keys = endpoints.flatMap((e) => e.versions.map((v) => `${e.method} ${v} ${e.path}`));
		expect(new Set(keys).size).toBe(keys.length);
	});

	it('has ids unique within each version', () => {
		for (const version of ['v.1.0', 'v.1.1'] as const) {
			const ids = endpoints.filter((e) => e.versions.includes(version)).map((e) => e.id);
			expect(new Set(ids).size, version).toBe(ids.length);
		}
	});

	it('covers every endpoint the specification lists', () => {
		const expected = [
			'GET /users/@me/workouts',
			'GET /workouts/{xid}',
			'GET /workouts/{xid}/image',
			'GET /workouts/{xid}/ticks',
			'POST /users/@me/workouts',
			'POST /workouts/{xid}/partialUpdate',
			'DELETE /workouts/{xid}',
			'GET /users/@me/sleeps',
			'GET /sleeps/{xid}',
			'GET /sleeps/{xid}/image',
			'GET /sleeps/{xid}/ticks',
			'POST /users/@me/sleeps',
			'DELETE /sleeps/{xid}',
			'GET /users/@me/moves',
			'GET /moves/{xid}',
			'GET /moves/{xid}/image',
			'GET /moves/{xid}/ticks',
			'GET /users/@me/body_events',
			'GET /body_events/{xid}',
			'POST /users/@me/body_events',
			'DELETE /body_events/{xid}',
			'GET /users/@me/mood',
			'GET /mood/{xid}',
			'POST /users/@me/mood',
			'DELETE /mood/{xid}',
			'GET /users/@me/meals',
			'GET /meals/{xid}',
			'POST /users/@me/meals',
			'POST /meals/{xid}/partialUpdate',
			'DELETE /meals/{xid}',
			'GET /users/@me/heartrates',
			'GET /users/@me/generic_events',
			'POST /users/@me/generic_events',
			'POST /generic_events/{xid}/partialUpdate',
			'DELETE /generic_events/{xid}',
			'GET /users/@me/goals',
			'POST /users/@me/goals',
			'GET /users/@me/settings',
			'GET /users/@me',
			'GET /users/@me/friends',
			'GET /users/@me/trends',
			'GET /users/@me/bandevents',
			'GET /users/@me/timezone',
			'POST /users/@me/refreshToken'
		];
		const v11 = new Set(
			endpoints.filter((e) => e.versions.includes('v.1.1')).map((e) => `${e.method} ${e.path}`)
		);
		expect(expected.filter((key) => !v11.has(key))).toEqual([]);
		const v10Only = [
			'GET /users/@me/cardiac_events',
			'GET /cardiac_events/{xid}',
			'POST /users/@me/cardiac_events',
			'DELETE /cardiac_events/{xid}',
			'GET /moves/{xid}/snapshot',
			'GET /sleeps/{xid}/snapshot',
			'GET /workouts/{xid}/snapshot',
			'DELETE /users/@me/PartnerAppMembership'
		];
		const v10 = new Set(
			endpoints.filter((e) => e.versions.includes('v.1.0')).map((e) => `${e.method} ${e.path}`)
		);
		expect(v10Only.filter((key) => !v10.has(key))).toEqual([]);
	});

	it('offers no write for moves', () => {
		const moveWrites = endpoints.filter((e) => e.record === 'move' && e.method !== 'GET');
		expect(moveWrites).toEqual([]);
	});

	it('offers limit only on workouts, body events, heart rates, custom events and their kin', () => {
		const withLimit = endpoints
			.filter((e) => e.query.some((p) => p.name === 'limit'))
			.map((e) => e.id)
			.sort();
		expect(withLimit).toEqual([
			'bandevents.list',
			'body_events.list',
			'cardiac_events.list',
			'generic_events.list',
			'heartrates.list',
			'workouts.list'
		]);
	});

	it('names a scope for every record endpoint except the filtered ones', () => {
		const unscoped = endpoints
			.filter((e) => e.scope === null)
			.map((e) => e.id)
			.sort();
		expect([...new Set(unscoped)]).toEqual([
			'goals.get',
			'goals.update',
			'membership.delete',
			'settings.get',
			'token.refresh',
			'trends.get'
		]);
	});
});
