import { describe, expect, it } from 'vitest';
import { defaultScopes, permissionName, writeBlocked } from './permissions';

const mood = { scope: 'mood_write', thing: 'a mood' };

describe('writeBlocked', () => {
	it('lets a form write when the sign-in granted its permission, or listed none', () => {
		expect(writeBlocked({ offline: false, scopes: ['mood_read', 'mood_write'] }, mood)).toBeNull();
		expect(writeBlocked({ offline: false, scopes: [] }, mood)).toBeNull();
		// The session not known yet blocks nothing: the write itself still checks.
		expect(writeBlocked({ offline: false, scopes: null }, mood)).toBeNull();
	});

	it('names the permission a sign-in lacks, before anything is typed', () => {
		expect(writeBlocked({ offline: false, scopes: ['mood_read'] }, mood)).toBe(
			'Logging a mood needs the permission to log moods (mood_write), which this sign-in did not grant.'
		);
		expect(
			writeBlocked(
				{ offline: false, scopes: ['weight_read'] },
				{ scope: 'body_write', thing: 'a weigh-in' }
			)
		).toBe(
			'Logging a weigh-in needs the permission to log weigh-ins (body_write), which this sign-in did not grant.'
		);
	});

	it('says offline first: nothing can be written without the network', () => {
		expect(writeBlocked({ offline: true, scopes: ['mood_write'] }, mood)).toBe(
			'Offline: a mood can be logged once the network is back.'
		);
	});
});

describe('permissionName', () => {
	it('says the plain name first and the scope after', () => {
		expect(permissionName('sleep_read')).toBe('sleep (sleep_read)');
		expect(permissionName('unknown_scope')).toBe('unknown_scope');
	});
});

describe('defaultScopes', () => {
	it('asks for what the views read and the changes they make, not friends or band and other events', () => {
		expect(defaultScopes()).toEqual([
			'move_read',
			'sleep_read',
			'basic_read',
			'meal_read',
			'weight_read',
			'heartrate_read',
			'mood_read',
			'move_write',
			'sleep_write',
			'body_write',
			'mood_write'
		]);
	});
});
