// The moods of a range, read through the data layer: apart from it, so that only the pages showing
// moods (Mood, Insights) load this. The API answers one day at a time (mood-days.ts).
import type { DataLayer } from './data-layer.svelte';
import { fetchMoodDays, moodsIn, type MoodDay } from './mood-days';
import { QueryMemo } from './query-memo';
import type { Query } from './query.svelte';
import { lacking, scopeError } from './scopes';

export type { MoodDay } from './mood-days';

/** The scope a mood read needs: moods are read a day at a time, not synced as a list kind. */
const MOOD_READ_SCOPE = 'mood_read';

/** Each layer's mood queries by `from:to`, handed to the layer so it restarts them with its own. */
const memos = new WeakMap<DataLayer, QueryMemo<Query<MoodDay[]>>>();

function moodQueries(layer: DataLayer): QueryMemo<Query<MoodDay[]>> {
	let memo = memos.get(layer);
	if (memo === undefined) {
		memo = new QueryMemo<Query<MoodDay[]>>();
		layer.internals.track(memo);
		memos.set(layer, memo);
	}
	return memo;
}

/** The read scope moods need that the sign-in lacks, or null (also when no scopes are listed). */
export async function missingMoodScope(layer: DataLayer): Promise<string | null> {
	return lacking(await layer.internals.session(), MOOD_READ_SCOPE);
}

/**
 * The moods of `fromDate..toDate`, oldest first: the API answers one day at a time (the day's
 * last mood), so the days the cache has no answer for are fetched a few at once, a day with no
 * mood is remembered as empty, and today and yesterday are asked again (mood-days.ts). The same
 * range returns the same Query while something reads it.
 */
export function moodDays(layer: DataLayer, fromDate: number, toDate: number): Query<MoodDay[]> {
	const internals = layer.internals;
	const memo = moodQueries(layer);
	const key = `${fromDate}:${toDate}`;
	return memo.get(key, () =>
		internals.query({
			release: (query) => memo.delete(key, query),
			cached: async (store) => {
				const days = await store.moods.between(fromDate, toDate);
				if (days.length === 0) return undefined;
				return { value: moodsIn(days), fetchedAt: Math.min(...days.map((d) => d.fetchedAt)) };
			},
			fresh: async (store, signal) => {
				const missing = lacking(await internals.session(), MOOD_READ_SCOPE);
				if (missing !== null) throw scopeError(missing);
				const value = await fetchMoodDays(fromDate, toDate, {
					table: store.moods,
					fetchDay: (date, daySignal) => internals.client.moodOfDay(date, { signal: daySignal }),
					today: (await internals.today()).date,
					now: () => internals.serverNow(),
					signal
				});
				return { value, fetchedAt: internals.serverNow() };
			}
		})
	);
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
