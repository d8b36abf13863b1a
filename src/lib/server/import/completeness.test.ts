import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importFile, MemorySink, type ImportKind } from './index';

// Every figure here is counted by hand from the fixture named (see fixtures/README.md); none is
// the importer's own output.
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const utc = (y: number, mo: number, d: number, h: number, mi: number) =>
	Date.UTC(y, mo - 1, d, h, mi) / 1000;
/** The machine's clock must not matter: the exports' own dates do. */
const NOW = () => Date.UTC(2026, 2, 30, 18, 0, 0);

async function imported(name: string) {
	const sink = new MemorySink();
	const summary = await importFile(fixture(name), sink, { now: NOW });
	await sink.commit();
	const items = (kind: ImportKind) => sink.list(kind);
	return {
		summary,
		moves: () => items('moves').flatMap((item) => (item.kind === 'moves' ? [item.record] : [])),
		sleeps: () => items('sleeps').flatMap((item) => (item.kind === 'sleeps' ? [item.record] : [])),
		workouts: () =>
			items('workouts').flatMap((item) => (item.kind === 'workouts' ? [item.record] : [])),
		body: () =>
			items('body_events').flatMap((item) => (item.kind === 'body_events' ? [item.record] : [])),
		pressure: () =>
			items('cardiac_events').flatMap((item) =>
				item.kind === 'cardiac_events' ? [item.record] : []
			)
	};
}

describe('what an export holds besides the kinds the API stores', () => {
	it('names every record the API has no place for, with its count', async () => {
		const { summary } = await imported('apple-health-completeness.xml');
		expect(summary.notImported).toEqual({
			'flights climbed': 3,
			'heart-rate samples': 2,
			'height measurements': 1,
			'blood-glucose readings': 1,
			'blood-oxygen (SpO2) readings': 1,
			'heart-rate-variability (HRV) readings': 1,
			'VO2 max estimates': 1,
			'respiratory-rate readings': 1,
			'mindful sessions': 1,
			'stand hours': 2,
			'activity-ring days': 1
		});
	});

	it('counts the activity rings of a real 2016 export as not imported', async () => {
		const { summary, moves, workouts } = await imported('apple-health-2016-excerpt.xml');
		expect(summary.notImported).toEqual({ 'activity-ring days': 2 });
		// Ten step samples on 13 September 2014: 329 + 283 + 426 + 61 + 10 + 200 + 390 + 320 + 216 + 282.
		const september13 = moves().find((move) => move.date === 20140913);
		expect(september13?.details.steps).toBe(2517);
		// Five distance samples on 20 September: 0.00288 + 0.00284 + 0.00142 + 0.00639 + 0.0059 km.
		const september20 = moves().find((move) => move.date === 20140920);
		expect(september20?.details.distance).toBe(19);
		const [workout] = workouts();
		expect(workout).toMatchObject({ sub_type: 29, date: 20160402 });
		expect(workout?.details).toMatchObject({ time: 1904, meters: 0, calories: 139 });
		expect(summary.zone).toEqual({ tz: 'GMT+0100', basis: 'offsets' });
	});

	it('imports blood pressure as cardiac events, once per reading though Health lists it twice', async () => {
		const { summary, pressure } = await imported('apple-health-completeness.xml');
		expect(summary.records.cardiac_events).toBe(2);
		const readings = pressure();
		readings.sort((a, b) => a.time_created - b.time_created);
		expect(readings.map((reading) => [reading.systolic, reading.diastolic])).toEqual([
			[122, 78],
			[118, 76]
		]);
		expect(readings[0]).toMatchObject({
			time_created: utc(2019, 3, 6, 6, 30),
			date: 20190306,
			heart_rate: null,
			// The watch named Europe/Berlin, whose offset the reading has.
			details: { tz: 'Europe/Berlin' }
		});
	});
});

describe('records an import must not take as they are', () => {
	it('skips and counts a record dated after the export was made', async () => {
		const { summary, moves } = await imported('apple-health-completeness.xml');
		expect(summary.skipped).toMatchObject({
			'records dated after the export was made (2019-03-08 10:00:00 +0100)': 1
		});
		expect(moves().map((move) => move.date)).toEqual([20190306]);
	});

	it('reads body fat written as a percentage and as a fraction alike, and leaves out 185 %', async () => {
		const { summary, body: events } = await imported('apple-health-completeness.xml');
		const body = events().sort((a, b) => a.time_created - b.time_created);
		expect(body.map((event) => [event.date, event.weight, event.body_fat])).toEqual([
			[20190306, 80, 18.5],
			[20190307, null, 21.5]
		]);
		expect(summary.skipped).toMatchObject({ 'body-fat readings outside 0–100 %': 1 });
	});

	it('files a 12-minute doze at 03:27 as a power nap, the night as a night', async () => {
		const { sleeps: nights } = await imported('apple-health-completeness.xml');
		const sleeps = nights().sort((a, b) => a.time_created - b.time_created);
		expect(sleeps.map((sleep) => [sleep.date, sleep.sub_type, sleep.details.duration])).toEqual([
			[20190305, 1, 12 * 60],
			[20190307, 0, 7.5 * 3600]
		]);
		// Core 110 + 130 min, deep 60 min, REM 50 + 60 min, awake from 06:00 to getting up at 06:30.
		expect(sleeps[1]?.details).toMatchObject({
			light: 240 * 60,
			deep: 60 * 60,
			rem: 110 * 60,
			awake: 30 * 60
		});
	});
});

describe('the person’s zone', () => {
	it('is the zone the device named for the latest records, when it had their offset', async () => {
		const { summary, moves, sleeps } = await imported('apple-health-completeness.xml');
		expect(summary.zone).toEqual({ tz: 'Europe/Berlin', basis: 'device' });
		// Records read the named zone too, not only their offset.
		expect(moves().map((move) => move.details.tz)).toEqual(['Europe/Berlin']);
		expect(sleeps().map((sleep) => sleep.details.tz)).toEqual(['Europe/Berlin', 'Europe/Berlin']);
	});
});

describe('finding the export', () => {
	it('finds the export inside a zip by its root element, whatever the file is called', async () => {
		const { summary } = await imported('apple-health-localized.zip');
		expect(summary.records).toMatchObject({ moves: 5, sleeps: 2, workouts: 2 });
	});

	it('says a file that ends part-way looks cut off', async () => {
		await expect(imported('apple-health-cut-off.xml')).rejects.toThrow(
			/apple-health-cut-off\.xml: the file ends at line \d+ before <\/HealthData>: it looks cut off \(an incomplete download or copy\?\)/
		);
	});
});
