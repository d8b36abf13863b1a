import { describe, expect, it } from 'vitest';
import { basisOf, mayJudge, type Coverage, type DayState } from './coverage';
import { jointCoverage } from './joint';
import { readCoverage } from './testing/read';

// Monday 23 to Sunday 29 November 2026, today Friday 27.
const read = readCoverage(20261123, 20261129, 20261127);

function withStates(states: Coverage['states'], status: Coverage['status']): Coverage {
	return { ...read, states, status, pending: status.kind === 'loading' };
}

describe('jointCoverage', () => {
	it('settles a day only when every kind has it settled', () => {
		const loading = withStates(
			['unread', 'unread', 'finished', 'none', 'underway', 'future', 'future'],
			{ kind: 'loading' }
		);
		const joint = jointCoverage(read, loading);
		expect(joint.states).toEqual([
			'unread',
			'unread',
			'finished',
			'none',
			'underway',
			'future',
			'future'
		]);
		expect(joint.status).toEqual({ kind: 'loading' });
		expect(joint.pending).toBe(true);
		expect(mayJudge(joint)).toBe(false);
		expect(basisOf(joint)).toEqual({ whole: false, days: 2, of: 4, why: 'loading' });
	});

	it('calls the span failed when one kind failed, and stale as of the older sync', () => {
		const failed = withStates(
			read.states.map((state, i): DayState => (i === 1 ? 'failed' : state)),
			{
				kind: 'failed',
				reason: 'The data service answered 500.'
			}
		);
		expect(jointCoverage(read, failed).status).toEqual({
			kind: 'failed',
			reason: 'The data service answered 500.'
		});
		const staleA = withStates(read.states, { kind: 'stale', since: 1_795_000_000 });
		const staleB = withStates(read.states, { kind: 'stale', since: 1_794_000_000 });
		expect(jointCoverage(staleA, staleB).status).toEqual({ kind: 'stale', since: 1_794_000_000 });
	});

	it('is the one coverage itself when there is no other', () => {
		expect(jointCoverage(read)).toBe(read);
	});
});
