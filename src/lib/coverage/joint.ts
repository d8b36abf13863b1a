// What a figure resting on several kinds of record rests on: each day as sure as the least sure of them.
import type { Coverage, DayState, SpanStatus } from './coverage';

/** Which state wins when kinds disagree on a day: a failure, then a day not read, then the rest. */
const RANK: readonly DayState[] = ['failed', 'unread', 'underway', 'future', 'finished', 'none'];

function worse(a: DayState, b: DayState): DayState {
	return RANK.indexOf(a) <= RANK.indexOf(b) ? a : b;
}

function jointStatus(statuses: readonly SpanStatus[]): SpanStatus {
	const failed = statuses.find((status) => status.kind === 'failed');
	if (failed) return failed;
	if (statuses.some((status) => status.kind === 'loading')) return { kind: 'loading' };
	const stale = statuses.flatMap((status) => (status.kind === 'stale' ? [status] : []));
	if (stale.length > 0) {
		const since = stale.map((status) => status.since).filter((value) => value !== null);
		return { kind: 'stale', since: since.length > 0 ? Math.min(...since) : null };
	}
	return { kind: 'complete' };
}

/**
 * The coverage of a figure that reads several kinds over one span (steps and sleep, say): a day
 * is settled only when every kind has it settled, read only when every kind has read it, and
 * the span is failed, loading or stale when any kind is. The coverages share `from`, `to` and
 * `today`; the first one's are kept.
 */
export function jointCoverage(first: Coverage, ...rest: readonly Coverage[]): Coverage {
	if (rest.length === 0) return first;
	const all = [first, ...rest];
	const states = first.states.map((state, i) =>
		rest.reduce<DayState>((joint, coverage) => worse(joint, coverage.states[i] ?? 'unread'), state)
	);
	const asOfs = all.map((coverage) => coverage.asOf).filter((value) => value !== null);
	return {
		from: first.from,
		to: first.to,
		today: first.today,
		asOf: asOfs.length === all.length ? Math.min(...asOfs) : null,
		states,
		status: jointStatus(all.map((coverage) => coverage.status)),
		total: first.total,
		read: states.filter((state) => state === 'finished' || state === 'none' || state === 'underway')
			.length,
		pending: all.some((coverage) => coverage.pending)
	};
}
