import { describe, expect, it } from 'vitest';
import {
	expandPath,
	matchEndpoint,
	XID_PATTERN,
	type EndpointMatch,
	type MatchFailure
} from './endpoint-paths';

function matched(result: EndpointMatch | MatchFailure): EndpointMatch {
	if ('error' in result) throw new Error(`expected a match, got ${result.error}`);
	return result;
}

describe('matchEndpoint', () => {
	it('matches a versioned list path', () => {
		const match = matched(matchEndpoint('GET', 'v.1.1/users/@me/moves'));
		expect(match.endpoint.id).toBe('moves.list');
		expect(match.version).toBe('v.1.1');
		expect(match.pathParams).toEqual({});
	});

	it('resolves an unversioned path to the latest version', () => {
		const match = matched(matchEndpoint('GET', 'users/@me/trends'));
		expect(match.version).toBe('v.1.1');
		expect(match.endpoint.query.some((p) => p.name === 'num_buckets')).toBe(true);
	});

	it('picks the v.1.0 entry of an endpoint whose parameters differ by version', () => {
		const match = matched(matchEndpoint('GET', 'v.1.0/users/@me/trends'));
		expect(match.endpoint.query.map((p) => p.name)).toContain('range_duration');
	});

	it('accepts one trailing slash and a leading slash', () => {
		expect(matched(matchEndpoint('GET', 'v.1.1/users/@me/sleeps/')).endpoint.id).toBe(
			'sleeps.list'
		);
		expect(matched(matchEndpoint('GET', '/v.1.1/moves/abc/ticks/')).endpoint.id).toBe(
			'moves.ticks'
		);
	});

	it('tells the user record apart from the collections under it', () => {
		expect(matched(matchEndpoint('GET', 'v.1.1/users/@me')).endpoint.id).toBe('user.get');
		expect(matched(matchEndpoint('GET', 'v.1.1/users/@me/')).endpoint.id).toBe('user.get');
		expect(matched(matchEndpoint('GET', 'v.1.1/users/@me/friends')).endpoint.id).toBe(
			'friends.list'
		);
		expect(matched(matchEndpoint('GET', 'v.1.1/users/%40me/moves')).endpoint.id).toBe('moves.list');
		expect(matchEndpoint('GET', 'v.1.1/users/someone/moves')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'v.1.1/users/%40evil/moves')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'v.1.1/users/@me/unknown')).toEqual({ error: 'not_found' });
	});

	it('extracts the record id', () => {
		const match = matched(matchEndpoint('POST', 'v.1.1/workouts/w_1-A/partialUpdate'));
		expect(match.endpoint.id).toBe('workouts.update');
		expect(match.pathParams).toEqual({ xid: 'w_1-A' });
	});

	it('rejects ids that could escape a path', () => {
		for (const bad of ['..', '.', '%2F', 'a%2Fb', '@evil.com', 'a.b', 'x'.repeat(65)]) {
			expect(matchEndpoint('GET', `v.1.1/moves/${bad}`), bad).toEqual({ error: 'not_found' });
		}
		expect(matchEndpoint('GET', 'v.1.1/moves/a/b')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'v.1.1/moves//ticks')).toEqual({ error: 'not_found' });
	});

	it('answers method_not_allowed with the allowed methods', () => {
		expect(matchEndpoint('POST', 'v.1.1/users/@me/moves')).toEqual({
			error: 'method_not_allowed',
			allowed: ['GET']
		});
		expect(matchEndpoint('PUT', 'v.1.1/workouts/abc')).toEqual({
			error: 'method_not_allowed',
			allowed: ['DELETE', 'GET']
		});
	});

	it('keeps version-only endpoints to their version', () => {
		expect(matched(matchEndpoint('GET', 'v.1.0/moves/a/snapshot')).endpoint.id).toBe(
			'moves.snapshot'
		);
		expect(matchEndpoint('GET', 'v.1.1/moves/a/snapshot')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'v.1.0/moves/a/ticks')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'users/@me/cardiac_events')).toEqual({ error: 'not_found' });
		expect(matched(matchEndpoint('GET', 'v.1.0/users/@me/cardiac_events')).endpoint.id).toBe(
			'cardiac_events.list'
		);
	});

	it('rejects unknown versions and unknown paths', () => {
		expect(matchEndpoint('GET', 'v.2.0/users/@me/moves')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', '')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'v.1.1')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'v.1.1/')).toEqual({ error: 'not_found' });
		expect(matchEndpoint('GET', 'nothing/here')).toEqual({ error: 'not_found' });
	});

	it('ignores a query string left on the path', () => {
		expect(matched(matchEndpoint('GET', 'v.1.1/users/@me/moves?date=20260101')).endpoint.id).toBe(
			'moves.list'
		);
	});
});

describe('XID_PATTERN and expandPath', () => {
	it('accepts plain ids and refuses separators', () => {
		expect(XID_PATTERN.test('AbC_12-x')).toBe(true);
		expect(XID_PATTERN.test('a/b')).toBe(false);
		expect(XID_PATTERN.test('')).toBe(false);
	});

	it('fills a template and refuses a bad id', () => {
		expect(expandPath('/moves/{xid}/ticks', 'm1')).toBe('/moves/m1/ticks');
		expect(expandPath('/users/@me/moves')).toBe('/users/@me/moves');
		expect(() => expandPath('/moves/{xid}', '../x')).toThrow();
	});
});
