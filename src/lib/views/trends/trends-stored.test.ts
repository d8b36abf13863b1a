import { describe, expect, it } from 'vitest';
import { notStored, trendsStatus } from './trends-stored';

const stored = {
	data: { earliest: null, buckets: [] },
	stale: true,
	error: null,
	lastSynced: 1764232200
};

describe('trends while the service cannot be reached', () => {
	it('calls the stored series stale, as of when it was computed', () => {
		expect(trendsStatus(stored, true)).toEqual({ kind: 'stale', since: 1764232200 });
		expect(trendsStatus({ ...stored, error: 'Failed to fetch' }, false)).toEqual({
			kind: 'stale',
			since: 1764232200
		});
		expect(trendsStatus({ ...stored, stale: false }, false)).toEqual({ kind: 'complete' });
	});

	it('says a span never stored is not stored, rather than failed, only while offline', () => {
		const never = { ...stored, data: undefined, error: 'Failed to fetch' };
		expect(notStored(never, true)).toBe(true);
		expect(notStored(never, false)).toBe(false);
		expect(notStored(stored, true)).toBe(false);
	});
});
