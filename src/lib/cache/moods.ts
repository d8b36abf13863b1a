// The moods of a range, read through the data layer: apart from it, so that only the pages showing
// moods (Mood, Insights) load this. The server answers a span of days at once (mood-days.ts).
import type { DataLayer } from './data-layer.svelte';
import { fetchMoodDays, moodsIn, type MoodDay, type MoodDaysProgress } from './mood-days';
import { MoodReading } from './mood-reading.svelte';
import { QueryMemo } from './query-memo';
import type { Query } from './query.svelte';
import { lacking, scopeError } from './scopes';

export type { MoodDay } from './mood-days';
export type { MoodReading } from './mood-reading.svelte';

/**
 * While days are read, the query re-reads the cache at most this often, so the days read so far
 * show (the layer's range queries do the same while a backfill stores windows).
 */
const MOOD_RELOAD_THROTTLE_MS = 300;

/** The read in progress of each mood query. */
const readings = new WeakMap<Query<MoodDay[]>, MoodReading>();

/** How far the query's read of the API has come: the page shows it beside the days read so far. */
export function moodReading(query: Query<MoodDay[]>): MoodReading | null {
	return readings.get(query) ?? null;
}

/** The scope a mood read needs: moods are read a day at a time, not synced as a list kind. */
const MOOD_READ_SCOPE = 'mood_read';

/** Each layer's mood queries by `from:to`, handed to the layer so it restarts them with its own. */
const memos = new WeakMap<DataLayer, QueryMemo<Query<MoodDay[]>>>();

function moodQueries(layer: DataLayer): QueryMemo<Query<MoodDay[]>> {
	let memo = memos.get(layer);
	if (memo === undefined) {
		memo = new QueryMemo<Query<MoodDay[]>>();
		layer.track(memo);
		memos.set(layer, memo);
	}
	return memo;
}

/** The read scope moods need that the sign-in lacks, or null (also when no scopes are listed). */
export async function missingMoodScope(layer: DataLayer): Promise<string | null> {
	return lacking(await layer.account.current(), MOOD_READ_SCOPE);
}

/**
 * The moods of `fromDate..toDate`, oldest first: the API answers one day at a time (the day's
 * last mood), so the days the cache has no answer for are asked of the server a span at a time
 * (it reads the days in parallel), a day with no mood is remembered as empty, and today and
 * yesterday are asked again (mood-days.ts). The same
 * range returns the same Query while something reads it.
 */
export function moodDays(layer: DataLayer, fromDate: number, toDate: number): Query<MoodDay[]> {
	const memo = moodQueries(layer);
	const key = `${fromDate}:${toDate}`;
	return memo.get(key, () => {
		const reading = new MoodReading();
		const query: Query<MoodDay[]> = layer.query({
			release: (released) => memo.delete(key, released),
			cached: async (store) => {
				const days = await store.moods.between(fromDate, toDate);
				reading.known(new Set(days.map((day) => day.date)));
				if (days.length === 0) return undefined;
				return { value: moodsIn(days), fetchedAt: Math.min(...days.map((d) => d.fetchedAt)) };
			},
			fresh: async (opening, signal) => {
				const store = await opening;
				const missing = lacking(await layer.account.current(), MOOD_READ_SCOPE);
				if (missing !== null) throw scopeError(missing);
				const shown = showAsRead(query, reading);
				try {
					const value = await fetchMoodDays(fromDate, toDate, {
						table: store.moods,
						fetchSpan: (from, to, spanSignal) =>
							layer.client.moodsOfSpan(from, to, { signal: spanSignal }),
						today: (await layer.person.today()).date,
						now: () => layer.serverNow(),
						signal,
						onProgress: shown.progress
					});
					// The last days read show before the read is over, so none flashes as unread.
					await shown.flush();
					return { value, fetchedAt: layer.serverNow() };
				} catch (error) {
					// A read that failed part-way kept what it got: that shows, the rest stays unread.
					await shown.flush();
					throw error;
				} finally {
					shown.stop();
					reading.finish();
				}
			}
		});
		readings.set(query, reading);
		return query;
	});
}

/**
 * Shows the days of a read as they are stored: the counts at once, and the days themselves by
 * re-reading the cache at most every `MOOD_RELOAD_THROTTLE_MS` (the first answer at once). The
 * unread days are updated only after the re-read, so a day read is never drawn as "no mood"
 * before its answer shows.
 */
function showAsRead(query: Query<MoodDay[]>, reading: MoodReading) {
	let latest: MoodDaysProgress | null = null;
	let timer: ReturnType<typeof setTimeout> | null = null;
	let lastReload = 0;
	let stopped = false;

	async function flush(): Promise<void> {
		if (timer !== null) clearTimeout(timer);
		timer = null;
		lastReload = Date.now();
		const unread = latest?.unread;
		await query.reload().catch(() => {});
		if (!stopped && unread !== undefined) reading.shown(unread);
	}

	return {
		progress: (progress: MoodDaysProgress): void => {
			if (stopped) return;
			latest = progress;
			reading.count(progress);
			// Before the first answer: the days to come are all unread, nothing new to re-read.
			if (progress.read === 0) {
				reading.shown(progress.unread);
				return;
			}
			if (timer !== null) return;
			const wait = Math.max(0, lastReload + MOOD_RELOAD_THROTTLE_MS - Date.now());
			timer = setTimeout(() => void flush(), wait);
		},
		flush,
		stop(): void {
			stopped = true;
			if (timer !== null) clearTimeout(timer);
			timer = null;
		}
	};
}

/** Every mood query showing `date` reads the cache again (after a mood was logged or deleted). */
export function moodDayChanged(layer: DataLayer, date: number): void {
	for (const [key, query] of memos.get(layer)?.entries() ?? []) {
		const [from, to] = key.split(':').map(Number);
		if (from !== undefined && to !== undefined && date >= from && date <= to) {
			void query.reload().catch(() => {});
		}
	}
}
