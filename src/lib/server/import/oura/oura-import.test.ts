import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, writeCutZip, writeZip, removeWrittenZips } from '../testing/fixture-zip';
import { importFile, MemorySink, type ImportedRecord } from '../index';

// fixtures/README.md says where the files' shape comes from. The person is in New York in
// summer: every time in the files carries -04:00. Expected figures are worked out by hand below.
const EXPORT = fileURLToPath(new URL('./fixtures/export', import.meta.url));
const NEW_YORK_SUMMER = 'GMT-0400';

function on<K extends ImportedRecord['kind']>(sink: MemorySink, kind: K, date: number) {
	return sink
		.list(kind)
		.filter((item): item is Extract<ImportedRecord, { kind: K }> => item.kind === kind)
		.filter((item) => item.record.date === date);
}

afterAll(removeWrittenZips);

describe('the Oura importer', () => {
	const path = writeZip('oura_data_2025-06-16.zip', filesUnder(EXPORT));

	it('takes a day’s steps and walking distance from dailyactivity.csv', async () => {
		const sink = new MemorySink();
		const summary = await importFile(path, sink);
		expect(summary.format).toBe('oura-zip');
		// dailyactivity.csv, 2025-06-15: steps 9876, equivalent_walking_distance 8120 m,
		// active_calories 512 of total_calories 2480 (1,968 basal), activity times 600 + 2,400 +
		// 14,400 s; its timestamp says -04:00.
		const [day] = on(sink, 'moves', 20250615);
		expect(day?.record.details).toMatchObject({
			steps: 9876,
			distance: 8120,
			active_time: 17400,
			bmr_day: 1968,
			tz: NEW_YORK_SUMMER,
			daily_only: true
		});
		expect(day?.record.time_created).toBe(Date.UTC(2025, 5, 15, 4) / 1000);
		expect(summary.notImported).toEqual({
			'dailyreadiness.csv (scores and samples the API has no place for)': 1
		});
	});

	it('builds the night from its five-minute phases with Oura’s own totals', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		// sleepmodel.csv, the long_sleep: 23:42:30 to 07:27:30 at -04:00 (03:42:30 to 11:27:30 UTC);
		// its totals: deep 3,930, light 14,370, REM 7,110, awake 2,490 s. The deleted row is left out.
		const nights = sink.list('sleeps');
		expect(nights).toHaveLength(1);
		const night = on(sink, 'sleeps', 20250615)[0];
		expect(night?.record.time_created).toBe(Date.UTC(2025, 5, 15, 3, 42, 30) / 1000);
		expect(night?.record.time_completed).toBe(Date.UTC(2025, 5, 15, 11, 27, 30) / 1000);
		expect(night?.record.details).toMatchObject({
			deep: 3930,
			light: 14370,
			rem: 7110,
			awake: 2490,
			duration: 27900,
			tz: NEW_YORK_SUMMER
		});
		// sleep_phase_5_min opens "4444 22222 1111111 …": awake from bedtime, light 4 × 300 s
		// later, deep 9 × 300 s later; it closes "…444": awake from 90 × 300 s on.
		const bed = Date.UTC(2025, 5, 15, 3, 42, 30) / 1000;
		expect(night?.ticks.slice(0, 3)).toEqual([
			{ depth: 1, time: bed },
			{ depth: 2, time: bed + 1200 },
			{ depth: 3, time: bed + 2700 }
		]);
		expect(night?.ticks.at(-1)).toEqual({ depth: 1, time: bed + 27000 });
	});

	it('maps a walk and the night’s lowest heart rate', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		// workout.csv: walking from 18:05 to 18:47 at -04:00, 3,520 m, 212.5 kcal.
		const [walk] = on(sink, 'workouts', 20250615);
		expect(walk?.record.sub_type).toBe(1);
		expect(walk?.record.time_created).toBe(Date.UTC(2025, 5, 15, 22, 5) / 1000);
		expect(walk?.record.details).toMatchObject({ time: 2520, meters: 3520, calories: 213 });
		// sleepmodel.csv: lowest_heart_rate 49 in the long sleep, at its end.
		const [resting] = on(sink, 'heartrates', 20250615);
		expect(resting?.record.resting_heartrate).toBe(49);
		// Oura records no weigh-ins.
		expect(sink.list('body_events')).toEqual([]);
	});

	it('adds nothing when the same export is imported again', async () => {
		const sink = new MemorySink();
		const first = await importFile(path, sink);
		const again = await importFile(path, sink);
		expect(again.outcome?.added).toEqual({
			moves: 0,
			sleeps: 0,
			workouts: 0,
			body_events: 0,
			meals: 0,
			heartrates: 0,
			cardiac_events: 0
		});
		expect(again.outcome?.unchanged).toEqual(first.records);
	});

	it('imports nothing from a cut-off export and says it looks cut off', async () => {
		const sink = new MemorySink();
		const cut = writeCutZip('oura_data_2025-06-16.zip', filesUnder(EXPORT), 0.5);
		await expect(importFile(cut, sink)).rejects.toThrow(/cut off/);
		expect(sink.list('sleeps')).toEqual([]);
	});
});
