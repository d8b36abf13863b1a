// Moods kept a day at a time: fetch only the days of a range the cache has no answer for, a span per request.
import type { Mood } from '$lib/api';
import { ApiError, type MoodSpan } from '$lib/client';
import { addDays, daysBetween } from '$lib/time/zone';
import { mapPool } from './pool';
import type { CachedMoodDay, MoodDayTable } from './schema';

/**
 * The most days one request asks the server for: a quarter, so a year comes in four answers and
 * the newest quarter shows first.
 */
export const MOOD_SPAN_DAYS = 92;
/**
 * Span requests in flight at once: one, so the spans come newest first (the server reads each
 * span's days in parallel, so a year still takes four answers' time, not 365 days' in sixes).
 */
export const MOOD_SPAN_CONCURRENCY = 1;

export interface MoodDaysOptions {
	table: MoodDayTable;
	/** The moods of `fromDate..toDate` in one answer (the server's `GET /api/moods`). */
	fetchSpan: (
		fromDate: number,
		toDate: number,
		signal: AbortSignal | undefined
	) => Promise<MoodSpan>;
	/** The person's today, `YYYYMMDD`: later days are not asked (they have no mood yet). */
	today: number;
	/** Server epoch seconds, stamped on each fetched day. */
	now: () => number;
	signal?: AbortSignal;
	concurrency?: number;
	/** Told once before the first read and again after each span's days are stored. */
	onProgress?: (progress: MoodDaysProgress) => void;
}

/** No dates: what a read with nothing left to read has unread. */
export const NO_DAYS: ReadonlySet<number> = new Set();

/** How far a read of a range has come. */
export interface MoodDaysProgress {
	/** Days answered so far, of the `total` this read asks the API for. */
	read: number;
	total: number;
	/** Dates of the range up to today with no answer yet, neither cached nor read. */
	unread: ReadonlySet<number>;
}

/** The dates `fromDate..toDate`, oldest first. */
export function datesOf(fromDate: number, toDate: number): number[] {
	const dates: number[] = [];
	for (let date = fromDate; date <= toDate; date = addDays(date, 1)) dates.push(date);
	return dates;
}

/**
 * The days a read of `fromDate..toDate` must ask the API for: those the cache has no answer for,
 * and today and yesterday whatever it holds (a mood may still be logged on them, in the app or
 * late at night). Days after today are never asked.
 */
export function daysToFetch(
	fromDate: number,
	toDate: number,
	cached: ReadonlySet<number>,
	today: number
): number[] {
	const yesterday = addDays(today, -1);
	return datesOf(fromDate, Math.min(toDate, today)).filter(
		(date) => !cached.has(date) || date === today || date === yesterday
	);
}

/**
 * The dates to fetch (newest first, as `daysToFetch(...).reverse()` gives them) cut into spans of
 * consecutive days, at most `MOOD_SPAN_DAYS` each, newest first: `[from, to]` pairs.
 */
export function spansOf(newestFirst: readonly number[]): [number, number][] {
	const spans: [number, number][] = [];
	for (const date of newestFirst) {
		const last = spans[spans.length - 1];
		if (
			last !== undefined &&
			addDays(last[0], -1) === date &&
			daysBetween(last[0], last[1]) + 1 < MOOD_SPAN_DAYS
		) {
			last[0] = date;
		} else {
			spans.push([date, date]);
		}
	}
	return spans;
}

/**
 * Brings the days of a range into the table and returns its moods, oldest first. The days are
 * asked a span at a time (the server reads a span's days from the API in parallel and answers
 * once); each day is stored as it comes (an empty day as null), so a read that fails half-way
 * keeps what it got and the next one asks only for the rest. The newest days are asked first, so
 * the current weeks show first while a year is read. The first failure is thrown once every span
 * has run.
 */
export async function fetchMoodDays(
	fromDate: number,
	toDate: number,
	options: MoodDaysOptions
): Promise<MoodDay[]> {
	const cached = await options.table.between(fromDate, toDate);
	const wanted = daysToFetch(
		fromDate,
		toDate,
		new Set(cached.map((day) => day.date)),
		options.today
	).reverse();
	const known = new Set(cached.map((day) => day.date));
	const unread = new Set(wanted.filter((date) => !known.has(date)));
	let read = 0;
	const report = (): void =>
		options.onProgress?.({ read, total: wanted.length, unread: new Set(unread) });
	report();
	const outcomes = await mapPool(
		spansOf(wanted),
		options.concurrency ?? MOOD_SPAN_CONCURRENCY,
		async ([from, to]) => {
			const answer = await options.fetchSpan(from, to, options.signal);
			for (const { date, mood } of answer.days) {
				if (date < from || date > to) continue;
				const before = await options.table.get(date);
				const row: CachedMoodDay = { date, fetchedAt: options.now(), mood };
				// Still the mood logged here: it stays deletable from here.
				if (before?.loggedHere && mood !== null && before.mood?.xid === mood.xid) {
					row.loggedHere = true;
				}
				await options.table.put(row);
				read += 1;
				unread.delete(date);
			}
			report();
			if (answer.failed.length > 0) {
				// Not "unreachable": the service answered, some of its days failed upstream.
				throw new ApiError(
					500,
					'server_error',
					`The moods of ${answer.failed.length} days could not be read; they are asked again on the next visit.`
				);
			}
		},
		options.signal
	);
	const failed = outcomes.find((outcome) => outcome.status === 'rejected');
	if (failed) throw failed.reason;
	return moodsIn(await options.table.between(fromDate, toDate));
}

/** A day's mood as pages see it. */
export interface MoodDay {
	mood: Mood;
	/** Logged from this dashboard, which may then delete it. */
	loggedHere: boolean;
}

/** The moods of cached days, oldest first (days answered empty left out). */
export function moodsIn(days: readonly CachedMoodDay[]): MoodDay[] {
	return days.flatMap((day) =>
		day.mood === null ? [] : [{ mood: day.mood, loggedHere: day.loggedHere === true }]
	);
}
