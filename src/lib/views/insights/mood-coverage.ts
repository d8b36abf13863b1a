// What the moods of a span rest on: they are read a day at a time, so their own progress (the
// days not answered yet) is their coverage, in the model every other kind speaks.
import type { Coverage, DayState, SpanStatus } from '$lib/coverage';
import { addDays, daysBetween } from '$lib/time/zone';

export interface MoodCoverageInput {
	from: number;
	to: number;
	today: number;
	/** The moods shown so far; undefined before the first answer (every day is then unread). */
	days: ReadonlyArray<{ mood: { date: number } }> | undefined;
	/** Dates the read has not answered yet (the reading's `unread`); none when nothing reads. */
	unread: ReadonlySet<number> | undefined;
	/** Why the read failed, if it did. */
	error: string | null;
	/** The service cannot be reached: what shows is what is stored. */
	offline: boolean;
	lastSynced: number | null;
}

/** The coverage of a span of moods from the progress of their read. */
export function moodCoverage(input: MoodCoverageInput): Coverage {
	const { from, to, today } = input;
	const recorded = new Set((input.days ?? []).map((day) => day.mood.date));
	const notRead = input.unread ?? new Set<number>();
	// Nothing answered yet (or nothing stored, offline): no day is known.
	const nothing = input.days === undefined;
	const states: DayState[] = [];
	let total = 0;
	let read = 0;
	let unread = 0;
	for (let i = 0, date = from; i <= daysBetween(from, to); i++, date = addDays(date, 1)) {
		if (date > today) {
			states.push('future');
			continue;
		}
		total++;
		if (nothing || notRead.has(date)) {
			states.push(input.error !== null && !input.offline ? 'failed' : 'unread');
			unread++;
			continue;
		}
		read++;
		states.push(date === today ? 'underway' : recorded.has(date) ? 'finished' : 'none');
	}
	const status: SpanStatus = input.offline
		? { kind: 'stale', since: input.lastSynced }
		: input.error !== null
			? { kind: 'failed', reason: input.error }
			: unread > 0
				? { kind: 'loading' }
				: { kind: 'complete' };
	return {
		from,
		to,
		today,
		asOf: null,
		states,
		status,
		total,
		read,
		pending: status.kind === 'loading'
	};
}
