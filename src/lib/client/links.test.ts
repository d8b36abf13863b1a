import { describe, expect, it } from 'vitest';
import { listSearch, proxyUrl, proxyUrlForNext } from './links';

describe('listSearch', () => {
	it('spells the parameters the way the API does, in a stable order', () => {
		expect(listSearch({ updatedAfter: 5, startTime: 10, endTime: 20.9, date: 20260330 })).toBe(
			'?date=20260330&start_time=10&end_time=20&updated_after=5'
		);
	});

	it('is empty for an empty query', () => {
		expect(listSearch({})).toBe('');
	});
});

describe('proxyUrlForNext', () => {
	it('maps a relative next link onto the proxy prefix, keeping its query untouched', () => {
		expect(
			proxyUrlForNext('/nudge/api/v.1.1/users/@me/moves?page_token=1700000000&x=%2F', '/api/nudge')
		).toBe('/api/nudge/v.1.1/users/@me/moves?page_token=1700000000&x=%2F');
	});

	it('keeps only the path and query of an absolute link', () => {
		expect(
			proxyUrlForNext(
				'https://upstream.example/nudge/api/v.1.1/users/@me/sleeps?start_time=1&end_time=2',
				'/api/nudge/'
			)
		).toBe('/api/nudge/v.1.1/users/@me/sleeps?start_time=1&end_time=2');
	});

	it('refuses a link outside the API', () => {
		expect(() => proxyUrlForNext('/elsewhere?page_token=1', '/api/nudge')).toThrow(/next link/);
	});
});

describe('proxyUrl', () => {
	it('joins base, version and path without doubled slashes', () => {
		expect(proxyUrl('/api/nudge/', 'v.1.1', '/users/@me/goals')).toBe(
			'/api/nudge/v.1.1/users/@me/goals'
		);
	});
});
