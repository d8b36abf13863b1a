// What a span of days rests on: each day's state (finished, under way, not yet, no record, not read
// yet, failed) and the span's as a whole (complete, loading, stale, failed), from what was read.
import { addDays, daysBetween, startOfLocalDay } from '$lib/time/zone';

/**
 * What one day of a span rests on.
 * - `finished`: a day gone by, read, with records.
 * - `none`: a day gone by, read, without a record ("no record").
 * - `underway`: today, read as far as the coverage's `asOf`.
 * - `future`: a day still to come ("not yet").
 * - `unread`: not read yet (the history is still loading, or it was never read: offline).
 * - `failed`: reading it failed (the coverage's `reason` says why).
 */
export type DayState = 'finished' | 'none' | 'underway' | 'future' | 'unread' | 'failed';

/** Records that started in `[start, end]` (epoch seconds) have been read. */
export interface ReadSpan {
	start: number;
	end: number;
}

/** Reading records that started in `[start, end]` failed, for `reason`. */
export interface FailedSpan extends ReadSpan {
	reason: string;
}

/** What has been read of one kind of record: the spans read, and the spans whose read failed. */
export interface Reads {
	/** Disjoint, oldest first. */
	read: readonly ReadSpan[];
	/** The latest failure of each span that is not read; oldest first. */
	failed: readonly FailedSpan[];
}

/** Nothing read yet. */
export const NO_READS: Reads = { read: [], failed: [] };

/**
 * The span as a whole.
 * - `complete`: every day up to today is read (today as far as `asOf`).
 * - `loading`: days are still being read; figures rest on `read` of `total` days so far.
 * - `stale`: nothing more can be read now (offline, or the refresh failed): what shows is what
 *   this browser stored, `since` the last sync.
 * - `failed`: reading some days (or all) failed, for `reason`.
 */
export type SpanStatus =
	| { kind: 'complete' }
	| { kind: 'loading' }
	| { kind: 'stale'; since: number | null }
	| { kind: 'failed'; reason: string };

/** What a span of days rests on, day by day and as a whole. */
export interface Coverage {
	/** First and last date of the span, `YYYYMMDD`, inclusive. */
	readonly from: number;
	readonly to: number;
	/** The person's today, `YYYYMMDD`. */
	readonly today: number;
	/** The moment today is read up to (epoch seconds); null when today is not read. */
	readonly asOf: number | null;
	/** One state per date from `from` to `to`. */
	readonly states: readonly DayState[];
	readonly status: SpanStatus;
	/** Days of the span up to today: the ones that can be read at all. */
	readonly total: number;
	/** Of those, the days read (finished, no record, or today under way). */
	readonly read: number;
	/** Whether days of the span are still to be read now: until then no day may be judged. */
	readonly pending: boolean;
}

/** Days before and after a date whose records can belong to it: a night started the evening before. */
const DAY = 86_400;

/** Whether `[start, end]` lies inside one of the spans. */
function inside(spans: readonly ReadSpan[], start: number, end: number): boolean {
	return spans.some((span) => span.start <= start && end <= span.end);
}

/** The failed span overlapping `[start, end]`, if any. */
function failureIn(spans: readonly FailedSpan[], start: number, end: number): FailedSpan | null {
	return spans.find((span) => span.start < end && start < span.end) ?? null;
}

/**
 * The instants whose records can be dated `date` (in `tz`): from the evening before (a night is
 * dated by the morning it ended) to the local midnight that ends it.
 */
function recordWindow(date: number, tz: string): ReadSpan {
	return { start: startOfLocalDay(date, tz) - DAY, end: startOfLocalDay(addDays(date, 1), tz) };
}

export interface SpanInput {
	from: number;
	to: number;
	today: number;
	/** The person's zone: a day is read once the records of its whole local day are. */
	tz: string;
	reads: Reads;
	/** The dates that have at least one record. */
	recorded: Iterable<number>;
	/** Whether the service cannot be reached: what shows is what is stored (stale). */
	offline: boolean;
	/** The last successful sync (epoch seconds): what stale data is "stale since". */
	lastSynced: number | null;
	/**
	 * Why the query itself failed with nothing to show, if it did: every unread day then counts as
	 * failed for this reason.
	 */
	error?: string | null;
}

/** The coverage of a span of dates from what has been read of its kind. */
export function spanCoverage(input: SpanInput): Coverage {
	const { from, to, today, tz, reads } = input;
	const recorded = new Set(input.recorded);
	const states: DayState[] = [];
	let asOf: number | null = null;
	let reason: string | null = null;
	let total = 0;
	let read = 0;
	let unread = 0;
	const days = daysBetween(from, to);
	for (let i = 0; i <= days; i++) {
		const date = addDays(from, i);
		if (date > today) {
			states.push('future');
			continue;
		}
		total++;
		const window = recordWindow(date, tz);
		if (date === today) {
			// Read from the evening before up to a moment of today.
			const reaching = reads.read.find(
				(span) => span.start <= window.start && span.end >= startOfLocalDay(today, tz)
			);
			if (reaching) {
				asOf = Math.min(reaching.end, window.end);
				states.push('underway');
				read++;
				continue;
			}
		} else if (inside(reads.read, window.start, window.end)) {
			states.push(recorded.has(date) ? 'finished' : 'none');
			read++;
			continue;
		}
		const failure = failureIn(reads.failed, window.start, window.end);
		if (failure) {
			states.push('failed');
			reason ??= failure.reason;
			continue;
		}
		if (input.error) {
			states.push('failed');
			reason ??= input.error;
			continue;
		}
		// A day not read but holding records (stored before the covered span shrank): it shows.
		states.push(recorded.has(date) ? 'finished' : 'unread');
		if (recorded.has(date)) read++;
		else unread++;
	}
	// Unread days are on their way unless the service cannot be reached.
	const pending = unread > 0 && !input.offline;
	const status: SpanStatus = input.offline
		? { kind: 'stale', since: input.lastSynced }
		: reason !== null
			? { kind: 'failed', reason }
			: pending
				? { kind: 'loading' }
				: { kind: 'complete' };
	return { from, to, today, asOf, states, status, total, read, pending };
}

/**
 * A span every day of which is known without reading anything: a series the API computes from all
 * records (trends). Days before `firstDate` (the first record) have no record; today is under way
 * as of `asOf`.
 */
export function computedCoverage(input: {
	from: number;
	to: number;
	today: number;
	asOf: number | null;
	firstDate: number | null;
	status?: SpanStatus;
}): Coverage {
	const { from, to, today, firstDate } = input;
	const states: DayState[] = [];
	let total = 0;
	const days = daysBetween(from, to);
	for (let i = 0; i <= days; i++) {
		const date = addDays(from, i);
		if (date > today) states.push('future');
		else {
			total++;
			if (date === today) states.push('underway');
			else states.push(firstDate === null || date < firstDate ? 'none' : 'finished');
		}
	}
	return {
		from,
		to,
		today,
		asOf: input.asOf,
		states,
		status: input.status ?? { kind: 'complete' },
		total,
		read: total,
		pending: false
	};
}

/** The state of `date`; dates outside the span are `unread`. */
export function stateOn(coverage: Coverage, date: number): DayState {
	if (date < coverage.from || date > coverage.to) return 'unread';
	return coverage.states[daysBetween(coverage.from, date)] ?? 'unread';
}

/** Whether a day is over and read: a figure may rest on it as a whole day. */
export function isSettled(state: DayState): boolean {
	return state === 'finished' || state === 'none';
}

/** The dates of the span that are over and read. */
export function settledDates(coverage: Coverage): Set<number> {
	const dates = new Set<number>();
	coverage.states.forEach((state, i) => {
		if (isSettled(state)) dates.add(addDays(coverage.from, i));
	});
	return dates;
}

/**
 * What a figure over the span rests on: the whole span, or a part of it and why. Under way and
 * future days never count in either number: `days` are the settled days, `of` those that could be.
 */
export type Basis =
	| { whole: true; days: number }
	| { whole: false; days: number; of: number; why: 'loading' | 'stored' | 'failed' };

/**
 * The basis of figures over a coverage, or over its dates `from..to` (a page reads a week and the
 * days its first average needs, and states the figures of the week).
 */
export function basisOf(coverage: Coverage, from = coverage.from, to = coverage.to): Basis {
	let settled = 0;
	let past = 0;
	coverage.states.forEach((state, i) => {
		const date = addDays(coverage.from, i);
		if (date < from || date > to) return;
		// Today and the days to come never count: a figure rests on whole days.
		if (date >= coverage.today) return;
		past++;
		if (isSettled(state)) settled++;
	});
	if (settled === past) return { whole: true, days: settled };
	const status = coverage.status.kind;
	const why = status === 'stale' ? 'stored' : status === 'failed' ? 'failed' : 'loading';
	return { whole: false, days: settled, of: past, why };
}

/**
 * Whether "the most", "the lowest", "the longest" or "not enough days" may be said of the span:
 * not while its days are still being read (they may change with the next window). Stored or
 * partly failed data may be judged, with its basis stated beside the figure.
 */
export function mayJudge(coverage: Coverage): boolean {
	return !coverage.pending;
}

/** How much of a bucket (a week, month or year of a span) its figure rests on. */
export interface BucketCoverage {
	/** Days of the bucket that are over and read (and on or after the first record, when given). */
	days: number;
	/** Calendar days in the bucket. */
	of: number;
	/** Whether today falls in it. */
	underway: boolean;
	/** Whether every day of the bucket is over and read: only then is it judged against others. */
	whole: boolean;
}

/**
 * The coverage of the bucket `fromDate..toDate` inside a span. Days before `firstDate` (the
 * person's first record) lie before their history: a year that started then is part of a year.
 */
export function bucketCoverage(
	coverage: Coverage,
	fromDate: number,
	toDate: number,
	firstDate: number | null = null
): BucketCoverage {
	let days = 0;
	let underway = false;
	const of = daysBetween(fromDate, toDate) + 1;
	for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
		const state = stateOn(coverage, date);
		if (state === 'underway') underway = true;
		if (isSettled(state) && (firstDate === null || date >= firstDate)) days++;
	}
	return { days, of, underway, whole: days === of };
}

/**
 * The part `from..to` of a coverage (a view that reads days before its span, such as a baseline's
 * lead-in, judges only the days it shows): those days' states, their counts, and the span's status
 * as it holds for them (a part whose days are all read is complete while older ones still load).
 */
export function coverageWithin(coverage: Coverage, from: number, to: number): Coverage {
	const start = Math.max(from, coverage.from);
	const end = Math.min(to, coverage.to);
	const states = coverage.states.slice(
		daysBetween(coverage.from, start),
		daysBetween(coverage.from, end) + 1
	);
	let total = 0;
	let read = 0;
	let unread = 0;
	let failed = 0;
	states.forEach((state, i) => {
		if (addDays(start, i) > coverage.today) return;
		total++;
		if (isSettled(state) || state === 'underway') read++;
		else if (state === 'unread') unread++;
		else if (state === 'failed') failed++;
	});
	const pending = coverage.pending && unread > 0;
	const kind = coverage.status.kind;
	const status: SpanStatus =
		kind === 'stale' || (kind === 'failed' && failed > 0)
			? coverage.status
			: pending
				? { kind: 'loading' }
				: { kind: 'complete' };
	const asOf = end >= coverage.today ? coverage.asOf : null;
	return {
		from: start,
		to: end,
		today: coverage.today,
		asOf,
		states,
		status,
		total,
		read,
		pending
	};
}
