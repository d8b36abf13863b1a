import { describe, expect, it } from 'vitest';
import { moodSchema, type Mood } from '$lib/api';
import { moodGood } from '$lib/api/testing/events';
import { createMemoryStore } from './memory-store';
import { fetchMoodDays, type MoodDaysProgress } from './mood-days';

/** The demo mood moved to `date` (a fixture, parsed like an answer of the API). */
function moodOn(date: number): Mood {
	return moodSchema.parse({ ...moodGood, xid: `md-${date}`, date });
}

describe('fetchMoodDays progress', () => {
	it('reads the newest days first and tells each answer, the days not read yet shrinking', async () => {
		const table = createMemoryStore().moods;
		// 25 March was read before and answered empty: it is neither asked nor unread.
		await table.put({ date: 20260325, fetchedAt: 1, mood: null });
		const asked: number[] = [];
		const seen: MoodDaysProgress[] = [];
		const moods = await fetchMoodDays(20260323, 20260330, {
			table,
			fetchDay: (date) => {
				asked.push(date);
				return Promise.resolve(date === 20260327 || date === 20260324 ? moodOn(date) : null);
			},
			today: 20260328,
			now: () => 2,
			concurrency: 1,
			onProgress: (progress) => seen.push(progress)
		});
		// 29 and 30 March are after today; newest first, one at a time.
		expect(asked).toEqual([20260328, 20260327, 20260326, 20260324, 20260323]);
		expect(seen.map((p) => [p.read, p.total])).toEqual([
			[0, 5],
			[1, 5],
			[2, 5],
			[3, 5],
			[4, 5],
			[5, 5]
		]);
		expect(seen.map((p) => [...p.unread].sort((a, b) => a - b))).toEqual([
			[20260323, 20260324, 20260326, 20260327, 20260328],
			[20260323, 20260324, 20260326, 20260327],
			[20260323, 20260324, 20260326],
			[20260323, 20260324],
			[20260323],
			[]
		]);
		expect(moods.map((day) => day.mood.date)).toEqual([20260324, 20260327]);
	});

	it('has each day stored by the time its answer is told, so the days read so far can show', async () => {
		const table = createMemoryStore().moods;
		const storedWhenTold: number[][] = [];
		await fetchMoodDays(20260326, 20260328, {
			table,
			fetchDay: (date) => Promise.resolve(moodOn(date)),
			today: 20260328,
			now: () => 2,
			concurrency: 1,
			onProgress: () => {
				void table.between(20260326, 20260328).then((days) => {
					storedWhenTold.push(days.map((day) => day.date));
				});
			}
		});
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(storedWhenTold).toEqual([
			[],
			[20260328],
			[20260327, 20260328],
			[20260326, 20260327, 20260328]
		]);
	});

	it('asks today and yesterday again on a re-visit without drawing any day as unread', async () => {
		const table = createMemoryStore().moods;
		for (const date of [20260326, 20260327, 20260328]) {
			await table.put({ date, fetchedAt: 1, mood: null });
		}
		const seen: MoodDaysProgress[] = [];
		await fetchMoodDays(20260326, 20260328, {
			table,
			fetchDay: () => Promise.resolve(null),
			today: 20260328,
			now: () => 2,
			concurrency: 1,
			onProgress: (progress) => seen.push(progress)
		});
		expect(seen.map((p) => [p.read, p.total, p.unread.size])).toEqual([
			[0, 2, 0],
			[1, 2, 0],
			[2, 2, 0]
		]);
	});
});
