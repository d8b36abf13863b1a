import { describe, expect, it } from 'vitest';
import { mapPool } from './pool';

function deferred(): { promise: Promise<void>; resolve: () => void } {
	let resolve = (): void => {};
	const promise = new Promise<void>((r) => (resolve = r));
	return { promise, resolve };
}

describe('mapPool', () => {
	it('never runs more jobs at once than allowed', async () => {
		let running = 0;
		let peak = 0;
		const results = await mapPool([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3, async (n) => {
			running++;
			peak = Math.max(peak, running);
			await new Promise((r) => setTimeout(r, 1));
			running--;
			return n * 2;
		});
		expect(peak).toBe(3);
		expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([
			2, 4, 6, 8, 10, 12, 14, 16, 18, 20
		]);
	});

	it('keeps running the other jobs when one fails', async () => {
		const results = await mapPool(['a', 'b', 'c'], 2, (s) =>
			s === 'b' ? Promise.reject(new Error('window b failed')) : Promise.resolve(s)
		);
		expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
	});

	it('starts no new job once the signal aborts', async () => {
		const controller = new AbortController();
		const gate = deferred();
		const started: number[] = [];
		const run = mapPool(
			[0, 1, 2, 3],
			1,
			async (n) => {
				started.push(n);
				if (n === 0) {
					controller.abort(new Error('stop'));
					await gate.promise;
				}
				return n;
			},
			controller.signal
		);
		gate.resolve();
		const results = await run;
		expect(started).toEqual([0]);
		expect(results.slice(1).every((r) => r.status === 'rejected')).toBe(true);
	});

	it('gives a free slot to the first job not started that prefer picks at that moment', async () => {
		const started: number[] = [];
		let wanted = (n: number) => n >= 6;
		const results = await mapPool(
			[0, 1, 2, 3, 4, 5, 6, 7],
			1,
			async (n) => {
				started.push(n);
				// Once 7 has started, the page waiting on 6 and 7 is gone: input order again.
				if (n === 7) wanted = () => false;
				await Promise.resolve();
				return n;
			},
			undefined,
			(n) => wanted(n)
		);
		expect(started).toEqual([6, 7, 0, 1, 2, 3, 4, 5]);
		// Outcomes keep input order whatever order the jobs ran in.
		expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([
			0, 1, 2, 3, 4, 5, 6, 7
		]);
	});
});
