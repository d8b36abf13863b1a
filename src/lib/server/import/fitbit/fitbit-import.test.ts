import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, writeCutZip, writeZip, removeWrittenZips } from '../testing/fixture-zip';
import { importFile, ImportError, MemorySink, type ImportedRecord } from '../index';

// The excerpts are a real fitbit.com archive's files (fixtures/README.md names each one's origin),
// laid out as Google Takeout lays them out. Every expected figure below is worked out by hand from
// those files, as each comment says; the person lived in Melbourne (UTC+10 from 1 April 2018,
// UTC+11 in summer).
const TAKEOUT = fileURLToPath(new URL('./fixtures/takeout', import.meta.url));
const MELBOURNE = 'Australia/Melbourne';

function only<K extends ImportedRecord['kind']>(
	sink: MemorySink,
	kind: K,
	date: number
): Extract<ImportedRecord, { kind: K }>[] {
	return sink
		.list(kind)
		.filter((item): item is Extract<ImportedRecord, { kind: K }> => item.kind === kind)
		.filter((item) => item.record.date === date);
}

afterAll(removeWrittenZips);

describe('the Fitbit importer', () => {
	const path = writeZip('takeout-20240101.zip', filesUnder(TAKEOUT));

	it('reads local times in the profile’s zone and says so', async () => {
		const sink = new MemorySink();
		const summary = await importFile(path, sink);
		expect(summary.format).toBe('fitbit-zip');
		expect(summary.zone).toEqual({ tz: MELBOURNE, basis: 'profile' });
		// One heart_rate-*.json day in the excerpt: the API keeps resting heart rate only.
		expect(summary.notImported).toEqual({
			'days of heart-rate samples (the API keeps resting heart rate only)': 1
		});
	});

	it('counts a day’s steps and distance from the minutes of that local day', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		// steps-2018-04-01.json: the minutes from "04/28/18 14:00:00" on (UTC, 00:00 in Melbourne on
		// the 29th) add up to 4,686 steps (awk over the excerpt); the one minute before, 13:59 UTC,
		// holds 14 steps and falls on the 28th. distance-2018-04-01.json: 343,710 cm on the 29th
		// (3,437 m) and 1,020 cm (10 m) on the 28th.
		const [day] = only(sink, 'moves', 20180429);
		expect(day?.record.details.steps).toBe(4686);
		expect(day?.record.details.distance).toBe(3437);
		expect(day?.record.details.tz).toBe(MELBOURNE);
		const [eve] = only(sink, 'moves', 20180428);
		expect(eve?.record.details.steps).toBe(14);
		expect(eve?.record.details.distance).toBe(10);
		// The night's still hours (UTC 15:00–20:00 hold no steps) are Melbourne's 01:00–06:00.
		const hours = day?.record.details.hourly_totals ?? {};
		for (const hour of ['2018042901', '2018042902', '2018042903', '2018042904', '2018042905'])
			expect(hours[hour]?.steps ?? 0).toBe(0);
	});

	it('builds the night of 29 April 2018 from its stages', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		const [night] = only(sink, 'sleeps', 20180429);
		// sleep-2018-04-01.json, logId 18041963021: "startTime" 2018-04-29T00:21:30 and "endTime"
		// 07:53:00, Melbourne time (UTC+10): 14:21:30 and 21:53:00 UTC on the 28th.
		expect(night?.record.time_created).toBe(Date.UTC(2018, 3, 28, 14, 21, 30) / 1000);
		expect(night?.record.time_completed).toBe(Date.UTC(2018, 3, 28, 21, 53, 0) / 1000);
		expect(night?.record.details.tz).toBe(MELBOURNE);
		// Its "levels.data" painted in 30-second steps, then its "shortData" wakes over them, give
		// deep 3,630 s, light 13,470 s, rem 5,610 s and wake 4,380 s (27,090 s from bed to waking);
		// the file's own summary says 61, 224, 93 and 73 minutes: the same, in whole minutes.
		expect(night?.record.details).toMatchObject({
			deep: 3630,
			light: 13470,
			rem: 5610,
			awake: 4380,
			duration: 27090
		});
		// The first stage is 750 s awake, then deep from 00:34:00: the first ticks.
		expect(night?.ticks.slice(0, 2)).toEqual([
			{ depth: 1, time: Date.UTC(2018, 3, 28, 14, 21, 30) / 1000 },
			{ depth: 3, time: Date.UTC(2018, 3, 28, 14, 34, 0) / 1000 }
		]);
	});

	it('maps a run, a resting heart rate and a weigh-in', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		// exercise-700.json, logId 9073807717: "Run" from "07/29/17 21:10:10" (UTC+10 in July),
		// 8,948,000 ms, 20.757699 km, 1,695 kcal, 22,256 steps.
		const [run] = only(sink, 'workouts', 20170729).filter((item) => item.record.sub_type === 2);
		expect(run?.record.time_created).toBe(Date.UTC(2017, 6, 29, 11, 10, 10) / 1000);
		expect(run?.record.details).toMatchObject({
			time: 8948,
			meters: 20758,
			calories: 1695,
			steps: 22256,
			tz: MELBOURNE
		});
		// resting_heart_rate-2018-05-16.json: 69.832… on 05/16/18.
		const [resting] = only(sink, 'heartrates', 20180516);
		expect(resting?.record.resting_heartrate).toBe(70);
		// weight-2018-01-31.json: 197.9 with BMI 28.66, which only pounds make a height of (1.77 m;
		// kilograms would make 2.63 m): 197.9 × 0.45359237 = 89.766 kg, on 02/06/18 at 23:59:59
		// in Melbourne's summer (UTC+11).
		const [weight] = only(sink, 'body_events', 20180206);
		expect(weight?.record).toMatchObject({ weight: 89.766, bmi: 28.66, body_fat: 24.5 });
		expect(weight?.record.time_created).toBe(Date.UTC(2018, 1, 6, 12, 59, 59) / 1000);
	});

	it('adds nothing when the same archive is imported again', async () => {
		const sink = new MemorySink();
		const first = await importFile(path, sink);
		const again = await importFile(path, sink);
		expect(Object.values(first.outcome?.added ?? {}).some((count) => count > 0)).toBe(true);
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

	it('imports nothing from a cut-off archive and says it looks cut off', async () => {
		const sink = new MemorySink();
		const cut = writeCutZip('takeout-20240101.zip', filesUnder(TAKEOUT), 0.6);
		await expect(importFile(cut, sink)).rejects.toThrow(/cut off/);
		expect(sink.list('moves')).toEqual([]);
	});

	it('asks for a zone when the archive names none, and uses the one given', async () => {
		const files = filesUnder(TAKEOUT);
		files.delete('Takeout/Fitbit/Your Profile/Profile.csv');
		const bare = writeZip('fitbit.zip', files);
		const sink = new MemorySink();
		const refused = importFile(bare, sink);
		await expect(refused).rejects.toBeInstanceOf(ImportError);
		await expect(importFile(bare, sink)).rejects.toThrow(/--tz/);
		expect(sink.list('moves')).toEqual([]);
		const summary = await importFile(bare, sink, { tz: 'UTC' });
		expect(summary.zone).toEqual({ tz: 'UTC', basis: 'given' });
		// Read in UTC, the 28th keeps only the minutes before "04/29/18 00:00:00": 789 steps (awk).
		expect(only(sink, 'moves', 20180428)[0]?.record.details.steps).toBe(789);
	});
});
