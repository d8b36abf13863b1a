import { describe, expect, it } from 'vitest';
import { moodSchema, type Mood } from '$lib/api';
import { moodGood } from '$lib/api/testing/events';
import type { MoodSpan } from '$lib/client';
import { addDays } from '$lib/time/zone';
import { createMemoryStore } from './memory-store';
import { fetchMoodDays, MOOD_SPAN_DAYS, spansOf, type MoodDaysProgress } from './mood-days';

/** The demo mood moved to `date` (a fixture, parsed like an answer of the API). */
function moodOn(date: number): Mood {
	return moodSchema.parse({ ...moodGood, xid: `md-${date}`, date });
}

/** A server answering a span from a mood (or none) per day, noting the spans asked. */
function spanServer(moodOf: (date: number) => Mood | null, failing: readonly number[] = []) {
	const asked: [number, number][] = [];
	const fetchSpan = (from: number, to: number): Promise<MoodSpan> => {
		asked.push([from, to]);
		const days: MoodSpan['days'] = [];
		const failed: number[] = [];
		for (let date = to; date >= from; date = addDays(date, -1)) {
			if (failing.includes(date)) failed.push(date);
			else days.push({ date, mood: moodOf(date) });
		}
		return Promise.resolve({ days, failed });
	};
	return { asked, fetchSpan };
}

describe('spansOf', () => {
	it('cuts the dates to fetch into runs of consecutive days, newest first', () => {
		expect(spansOf([20260328, 20260327, 20260326, 20260324, 20260323, 20260301])).toEqual([
			[20260326, 20260328],
			[20260323, 20260324],
			[20260301, 20260301]
		]);
	});

	it(`asks a year in four spans of at most ${MOOD_SPAN_DAYS} days`, () => {
		const year: number[] = [];
		for (let date = 20261231; date >= 20260101; date = addDays(date, -1)) year.push(date);
		const spans = spansOf(year);
		expect(spans).toHaveLength(4);
		expect(spans[0]).toEqual([addDays(20261231, -(MOOD_SPAN_DAYS - 1)), 20261231]);
		expect(spans[3]?.[0]).toBe(20260101);
	});
});

describe('fetchMoodDays progress', () => {
	it('reads the newest span first and tells each answer, the days not read yet shrinking', async () => {
		const table = createMemoryStore().moods;
		// 25 March was read before and answered empty: it is neither asked nor unread.
		await table.put({ date: 20260325, fetchedAt: 1, mood: null });
		const seen: MoodDaysProgress[] = [];
		const server = spanServer((date) =>
			date === 20260327 || date === 20260324 ? moodOn(date) : null
		);
		const moods = await fetchMoodDays(20260323, 20260330, {
			table,
			fetchSpan: server.fetchSpan,
			today: 20260328,
			now: () => 2,
			concurrency: 1,
			onProgress: (progress) => seen.push(progress)
		});
		// 29 and 30 March are after today; newest first, one span at a time.
		expect(server.asked).toEqual([
			[20260326, 20260328],
			[20260323, 20260324]
		]);
		expect(seen.map((p) => [p.read, p.total])).toEqual([
			[0, 5],
			[3, 5],
			[5, 5]
		]);
		expect(seen.map((p) => [...p.unread].sort((a, b) => a - b))).toEqual([
			[20260323, 20260324, 20260326, 20260327, 20260328],
			[20260323, 20260324],
			[]
		]);
		expect(moods.map((day) => day.mood.date)).toEqual([20260324, 20260327]);
	});

	it('has each span stored by the time its answer is told, so the days read so far can show', async () => {
		const table = createMemoryStore().moods;
		const storedWhenTold: number[][] = [];
		await table.put({ date: 20260325, fetchedAt: 1, mood: null });
		await fetchMoodDays(20260323, 20260328, {
			table,
			fetchSpan: spanServer(moodOn).fetchSpan,
			today: 20260328,
			now: () => 2,
			concurrency: 1,
			onProgress: () => {
				void table.between(20260323, 20260328).then((days) => {
					storedWhenTold.push(days.map((day) => day.date));
				});
			}
		});
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(storedWhenTold).toEqual([
			[20260325],
			[20260325, 20260326, 20260327, 20260328],
			[20260323, 20260324, 20260325, 20260326, 20260327, 20260328]
		]);
	});

	it('keeps the days a span answered and fails for the days it could not read', async () => {
		const table = createMemoryStore().moods;
		const read = fetchMoodDays(20260320, 20260328, {
			table,
			fetchSpan: spanServer(moodOn, [20260322, 20260321]).fetchSpan,
			today: 20260328,
			now: () => 2
		});
		await expect(read).rejects.toThrow(/2 days could not be read/);
		const kept = (await table.between(20260320, 20260328)).map((day) => day.date);
		expect(kept).toEqual([20260320, 20260323, 20260324, 20260325, 20260326, 20260327, 20260328]);
	});

	it('asks today and yesterday again on a re-visit without drawing any day as unread', async () => {
		const table = createMemoryStore().moods;
		for (const date of [20260326, 20260327, 20260328]) {
			await table.put({ date, fetchedAt: 1, mood: null });
		}
		const seen: MoodDaysProgress[] = [];
		const server = spanServer(() => null);
		await fetchMoodDays(20260326, 20260328, {
			table,
			fetchSpan: server.fetchSpan,
			today: 20260328,
			now: () => 2,
			concurrency: 1,
			onProgress: (progress) => seen.push(progress)
		});
		expect(server.asked).toEqual([[20260327, 20260328]]);
		expect(seen.map((p) => [p.read, p.total, p.unread.size])).toEqual([
			[0, 2, 0],
			[2, 2, 0]
		]);
	});
});
