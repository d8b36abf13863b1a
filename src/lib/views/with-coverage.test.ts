import { describe, expect, it } from 'vitest';
import type { Coverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import { jointQuery, withCoverage } from './with-coverage';

const read = readCoverage(20261123, 20261129, 20261127);
const loading: Coverage = {
	...read,
	states: ['unread', ...read.states.slice(1)],
	status: { kind: 'loading' },
	pending: true
};

function query<T>(data: T, coverage: Coverage) {
	const asked: string[] = [];
	return {
		asked,
		data,
		status: 'ready' as const,
		stale: false,
		error: null,
		missingScope: null,
		lastSynced: 1_795_000_000,
		coverage,
		refresh: () => {
			asked.push('refresh');
			return Promise.resolve();
		}
	};
}

describe('withCoverage', () => {
	it('reads the query and adds the coverage given', () => {
		const steps = query([1, 2], read);
		const covered = withCoverage(steps, () => loading);
		expect(covered.data).toEqual([1, 2]);
		expect(covered.lastSynced).toBe(1_795_000_000);
		expect(covered.coverage).toBe(loading);
	});
});

describe('jointQuery', () => {
	it('rests on what every query has read, and Retry asks them all again', async () => {
		const steps = query(['move'], read);
		const sleep = query(['night'], loading);
		const both = jointQuery(steps, sleep);
		expect(both.data).toEqual(['move']);
		expect(both.coverage?.status).toEqual({ kind: 'loading' });
		expect(both.coverage?.states[0]).toBe('unread');
		await both.refresh();
		expect([steps.asked, sleep.asked]).toEqual([['refresh'], ['refresh']]);
	});
});
