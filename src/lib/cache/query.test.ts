import { afterEach, describe, expect, it, vi } from 'vitest';
import { Query, QUERY_GC_TIME_MS, type QuerySource } from './query.svelte';

/** A source that counts its cache reads and fetches. */
function countingSource(): QuerySource<number> & { reads: number; fetches: number } {
	const source = {
		reads: 0,
		fetches: 0,
		cached: () => {
			source.reads++;
			return Promise.resolve({ value: 1, fetchedAt: 100 });
		},
		fresh: () => {
			source.fetches++;
			return Promise.resolve({ value: 2, fetchedAt: 200 });
		}
	};
	return source;
}

/** A cache holding 1 that answers only once `openCache()` is called (a first visit's slow open). */
function cacheOpeningLate(): { cached: QuerySource<number>['cached']; openCache: () => void } {
	let openCache = () => {};
	const opened = new Promise<void>((resolve) => (openCache = resolve));
	const cached = async () => {
		await opened;
		return { value: 1, fetchedAt: 100 };
	};
	return { cached, openCache };
}

afterEach(() => {
	vi.useRealTimers();
});

describe('Query', () => {
	it('reads the cache and fetches nothing until its data is first read', async () => {
		const source = countingSource();
		const query = new Query(source);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect([source.reads, source.fetches]).toEqual([0, 0]);
		expect(query.started).toBe(false);

		expect(query.data).toBeUndefined();
		await query.settled;
		expect([source.reads, source.fetches]).toEqual([1, 1]);
		expect(query.data).toBe(2);
	});

	it('is released once nothing has read it for its gc time', () => {
		vi.useFakeTimers();
		const onRelease = vi.fn();
		new Query(countingSource(), { onRelease });
		vi.advanceTimersByTime(QUERY_GC_TIME_MS - 1);
		expect(onRelease).not.toHaveBeenCalled();
		vi.advanceTimersByTime(1);
		expect(onRelease).toHaveBeenCalledOnce();
	});

	it('counts its gc time from the last read', () => {
		vi.useFakeTimers();
		const onRelease = vi.fn();
		const query = new Query(countingSource(), { onRelease, gcTimeMs: 1000 });
		vi.advanceTimersByTime(800);
		void query.status;
		vi.advanceTimersByTime(800);
		expect(onRelease).not.toHaveBeenCalled();
		vi.advanceTimersByTime(200);
		expect(onRelease).toHaveBeenCalledOnce();
	});

	it('shows the API’s answer while the cache is still opening, and the cache does not replace it', async () => {
		const { cached, openCache } = cacheOpeningLate();
		const query = new Query<number>({
			cached,
			fresh: () => Promise.resolve({ value: 2, fetchedAt: 200 })
		});
		void query.data;
		await vi.waitFor(() => expect(query.data).toBe(2));
		expect(query.stale).toBe(false);
		openCache();
		await query.settled;
		expect([query.data, query.fromCache, query.lastSynced]).toEqual([2, false, 200]);
	});

	it('says a failed fetch only once the cache is read: offline, the kept copy shows, marked stale', async () => {
		const { cached, openCache } = cacheOpeningLate();
		const query = new Query<number>({
			cached,
			fresh: () => Promise.reject(new Error('offline'))
		});
		void query.data;
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(query.status).toBe('loading');
		openCache();
		await query.settled;
		expect([query.status, query.data, query.stale, query.error]).toEqual([
			'ready',
			1,
			true,
			'offline'
		]);
	});
});
