import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMPORT_KINDS, importFile, importStream, MemorySink } from './index';

// Expected figures are worked out by hand from the records spelled out in fixtures/generate.ts.
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const utc = (y: number, mo: number, d: number, h: number, mi: number) =>
	Date.UTC(y, mo - 1, d, h, mi) / 1000;

async function imported(name = 'apple-health-export.xml') {
	const sink = new MemorySink();
	const summary = await importFile(fixture(name), sink);
	return { sink, summary };
}

function moveOf(sink: MemorySink, date: number) {
	const item = sink.list('moves').find((entry) => entry.record.date === date);
	if (!item || item.kind !== 'moves') throw new Error(`no move on ${date}`);
	return item;
}

function sleepOn(sink: MemorySink, date: number) {
	const item = sink.list('sleeps').find((entry) => entry.record.date === date);
	if (!item || item.kind !== 'sleeps') throw new Error(`no sleep on ${date}`);
	return item;
}

describe('Apple Health import', () => {
	it('yields each kind from the export and validates every record', async () => {
		const { summary } = await imported();
		expect(summary.records).toEqual({
			moves: 5,
			sleeps: 2,
			workouts: 2,
			body_events: 2,
			meals: 1,
			heartrates: 2,
			cardiac_events: 0
		});
		expect(summary.bytes).toBe(15005);
	});

	it('counts a walk both the phone and the watch recorded once, preferring the watch', async () => {
		const { sink } = await imported();
		const { record, ticks } = moveOf(sink, 20240330);
		// Phone 60/min from 08:00 to 08:05 (300), then the watch's 80/min to 08:10 (400), plus 12:30.
		expect(record.details.steps).toBe(800);
		expect(record.details.hourly_totals['2024033008']?.steps).toBe(700);
		expect(record.details.hourly_totals['2024033012']?.steps).toBe(100);
		// 250 m of the phone's 500 m + the watch's 0.25 mi (402.336 m).
		expect(record.details.distance).toBe(652);
		expect(ticks.map((tick) => tick.steps)).toEqual([
			60, 60, 60, 60, 60, 80, 80, 80, 80, 80, 50, 50
		]);
		expect(ticks[0]?.time).toBe(utc(2024, 3, 30, 7, 0));
	});

	it('derives active and idle time and calories by the API formula', async () => {
		const { sink } = await imported();
		const { details } = moveOf(sink, 20240330).record;
		expect(details.active_time).toBe(720);
		// Idle from 08:10 to 12:30 (worn span between the first and last step).
		expect(details.inactive_time).toBe(15600);
		expect(details.longest_active).toBe(600);
		expect(details.longest_idle).toBe(15600);
		expect(details.hourly_totals['2024033008']?.inactive_time).toBe(3000);
		expect(details.hourly_totals['2024033012']?.inactive_time).toBe(1800);
		// Basal 6024.96 kJ = 1440 kcal; 40 kcal active; 1440 / 86400 * 720 = 12.
		expect(details.bmr_day).toBe(1440);
		expect(details.bg_calories).toBe(40);
		expect(details.calories).toBe(52);
		expect(details.tz).toBe('GMT+0100');
		expect(details.tzs).toBeUndefined();
	});

	it('files the spring-forward day under its local date with the offset change in tzs', async () => {
		const { sink } = await imported();
		const { record } = moveOf(sink, 20240331);
		expect(record.details.steps).toBe(2030);
		expect(record.details.hourly_totals['2024033100']?.steps).toBe(30);
		expect(record.details.hourly_totals['2024033109']?.steps).toBe(2000);
		expect(record.details.tz).toBe('GMT+0100');
		expect(record.details.tzs).toEqual([
			[utc(2024, 3, 30, 23, 10), 'GMT+0100'],
			[utc(2024, 3, 31, 7, 0), 'GMT+0200']
		]);
	});

	it('gives a day that crossed zones its hours in each zone and a tzs entry at the switch', async () => {
		const { sink } = await imported();
		const { record } = moveOf(sink, 20240402);
		expect(record.details.steps).toBe(1500);
		expect(record.details.hourly_totals['2024040207']?.steps).toBe(1000);
		expect(record.details.hourly_totals['2024040219']?.steps).toBe(500);
		expect(record.details.tzs).toEqual([
			[utc(2024, 4, 2, 5, 0), 'GMT+0200'],
			[utc(2024, 4, 2, 23, 0), 'GMT-0400']
		]);
		expect(moveOf(sink, 20240403).record.details.tz).toBe('GMT-0400');
	});

	it('adds the day’s workouts to its move', async () => {
		const { sink } = await imported();
		const { details } = moveOf(sink, 20240401).record;
		expect(details.steps).toBe(3000);
		expect(details.wo_count).toBe(2);
		expect(details.wo_time).toBe(4500);
		expect(details.wo_calories).toBe(650);
		expect(details.wo_longest).toBe(2700);
	});

	it('builds the spring-forward night from the watch’s stages, with REM apart and the wake date', async () => {
		const { sink } = await imported();
		const { record, ticks } = sleepOn(sink, 20240331);
		expect(record.date).toBe(20240331);
		expect(record.time_created).toBe(utc(2024, 3, 30, 22, 0));
		expect(record.time_completed).toBe(utc(2024, 3, 31, 5, 30));
		expect(record.details.duration).toBe(27000);
		expect(record.details.light).toBe(13500);
		expect(record.details.deep).toBe(3600);
		expect(record.details.rem).toBe(6300);
		expect(record.details.awake).toBe(2400);
		expect(record.details.awakenings).toBe(1);
		expect(record.details.asleep_time).toBe(utc(2024, 3, 30, 22, 20));
		expect(record.details.awake_time).toBe(utc(2024, 3, 31, 5, 0));
		expect(record.details.tz).toBe('GMT+0200');
		// REM is depth 4 (the project's extension); the half hour in bed after waking is awake.
		expect(ticks).toEqual([
			{ depth: 2, time: utc(2024, 3, 30, 22, 20) },
			{ depth: 3, time: utc(2024, 3, 30, 23, 30) },
			{ depth: 4, time: utc(2024, 3, 31, 0, 30) },
			{ depth: 1, time: utc(2024, 3, 31, 1, 15) },
			{ depth: 2, time: utc(2024, 3, 31, 1, 25) },
			{ depth: 4, time: utc(2024, 3, 31, 3, 0) },
			{ depth: 2, time: utc(2024, 3, 31, 4, 0) },
			{ depth: 1, time: utc(2024, 3, 31, 5, 0) }
		]);
	});

	it('files a night under the date of waking, not the date of going to bed', async () => {
		const { sink } = await imported();
		const { record } = sleepOn(sink, 20240402);
		expect(record.time_created).toBe(utc(2024, 4, 1, 20, 30));
		expect(record.time_completed).toBe(utc(2024, 4, 2, 4, 30));
		// Core 22:45–02:00 and 03:00–06:00, deep 02:00–03:00, awake in bed 06:00–06:30.
		expect(record.details).toMatchObject({ light: 22500, deep: 3600, rem: 0, awake: 1800 });
		expect(record.details.awakenings).toBe(0);
	});

	it('keeps one of two overlapping workouts (the watch’s) and maps types, units and indoor rides', async () => {
		const { sink } = await imported();
		const workouts = sink
			.list('workouts')
			.map((item) => item.record)
			.sort((a, b) => a.time_created - b.time_created);
		expect(workouts.map((workout) => workout.sub_type)).toEqual([2, 26]);
		const [run, ride] = workouts;
		if (!run || run.type !== 'workout' || !ride || ride.type !== 'workout') throw new Error();
		// 3.1 mi = 4988.97 m; 1255.2 kJ = 300 kcal.
		expect(run.details).toMatchObject({ time: 1800, meters: 4989, calories: 300, tz: 'GMT+0200' });
		expect(ride.details).toMatchObject({ time: 2700, meters: 15000, calories: 350 });
		expect(run.date).toBe(20240401);
	});

	it('turns resting heart rates, body measurements and food into records in metric units', async () => {
		const { sink } = await imported();
		const rates = sink.list('heartrates').map((item) => item.record);
		expect(
			rates.map((r) => ('resting_heartrate' in r ? r.resting_heartrate : null)).sort()
		).toEqual([57, 58]);
		const body = sink
			.list('body_events')
			.map((item) => item.record)
			.sort((a, b) => a.time_created - b.time_created);
		// 154 lb = 69.853 kg; 0.215 → 21.5 %; lean 121 lb of 154 lb = 78.57 %.
		expect(body[0]).toMatchObject({ weight: 69.853, body_fat: 21.5, lean_mass: 78.57, bmi: 22.3 });
		expect(body[1]).toMatchObject({ weight: 69.5, body_fat: null, date: 20240401 });
		const [meal] = sink.list('meals');
		if (!meal || meal.kind !== 'meals') throw new Error('no meal');
		// 2092 kJ = 500 kcal, + 700 kcal; sodium 0.8 g + 400 mg; the lunch repeated inside its
		// <Correlation> counts once.
		expect(meal.record.details).toMatchObject({
			calories: 1200,
			protein: 70,
			carbohydrate: 60,
			fat: 15,
			fiber: 8,
			sodium: 1200,
			num_foods: 2
		});
		expect(meal.record.items.items.map((item) => item.name)).toEqual(['Pasta', 'Food']);
	});

	it('reads the same records from export.zip as from export.xml', async () => {
		const fromXml = await imported();
		const fromZip = await imported('apple-health-export.zip');
		expect(fromZip.summary.format).toBe('apple-health-zip');
		for (const kind of IMPORT_KINDS)
			expect(fromZip.sink.list(kind)).toEqual(fromXml.sink.list(kind));
	});

	it('adds nothing twice when the same export is imported again', async () => {
		const { sink } = await imported();
		const again = await importFile(fixture('apple-health-export.xml'), sink);
		expect(again.outcome?.added).toEqual({
			moves: 0,
			sleeps: 0,
			workouts: 0,
			body_events: 0,
			meals: 0,
			heartrates: 0,
			cardiac_events: 0
		});
		expect(again.outcome?.unchanged.moves).toBe(5);
		expect(sink.list('moves')).toHaveLength(5);
	});

	it('adds only the new days when a later export overlaps an earlier one', async () => {
		const sink = new MemorySink();
		const earlier = await importFile(fixture('apple-health-earlier.xml'), sink);
		expect(earlier.outcome?.added.moves).toBe(3);
		const later = await importFile(fixture('apple-health-export.xml'), sink);
		expect(later.outcome?.added.moves).toBe(2);
		expect(later.outcome?.unchanged.moves).toBe(3);
		expect(later.outcome?.added.sleeps).toBe(1);
		expect(later.outcome?.unchanged.sleeps).toBe(1);
	});

	it('names the line, column and element of a malformed record', async () => {
		await expect(imported('apple-health-bad-date.xml')).rejects.toThrow(
			/apple-health-bad-date\.xml line 9, column \d+: <Record type="HKQuantityTypeIdentifierStepCount">: startDate "2024-03-30 25:00:00 \+0100" is not a date/
		);
	});

	it('says so when a zip holds no Apple Health export', async () => {
		await expect(imported('apple-health-not-health.zip')).rejects.toThrow(
			'apple-health-not-health.zip: no Apple Health export inside (no XML file whose root is <HealthData>)'
		);
	});

	it('names the line and column where the XML itself breaks', async () => {
		await expect(imported('apple-health-broken.xml')).rejects.toThrow(
			/apple-health-broken\.xml line 11, column 1: /
		);
	});

	it('commits nothing of a file that fails part-way', async () => {
		const sink = new MemorySink();
		await importFile(fixture('apple-health-earlier.xml'), sink);
		const before = JSON.stringify([...sink.records.entries()].map(([k, v]) => [k, [...v.keys()]]));
		const good = await readFile(fixture('apple-health-export.xml'), 'utf8');
		const truncated = good.replace(
			'</HealthData>',
			' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="x" unit="furlong" startDate="2024-04-04 08:00:00 +0200" endDate="2024-04-04 08:01:00 +0200" value="5"/>\n</HealthData>'
		);
		await expect(
			importStream(Readable.from([Buffer.from(truncated)]), 'apple-health-xml', sink, {
				fileName: 'export.xml'
			})
		).rejects.toThrow(/unit "furlong"/);
		const after = JSON.stringify([...sink.records.entries()].map(([k, v]) => [k, [...v.keys()]]));
		expect(after).toBe(before);
		// And the staged records of the failed file are gone: the next commit adds nothing.
		expect((await sink.commit()).added.moves).toBe(0);
	});

	it('reports progress by bytes read', async () => {
		const seen: number[] = [];
		await importFile(fixture('apple-health-export.xml'), new MemorySink(), {
			onProgress: (done) => seen.push(done)
		});
		expect(seen[seen.length - 1]).toBe(15005);
	});
});
