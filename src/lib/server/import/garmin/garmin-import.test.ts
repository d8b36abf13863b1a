import { fileURLToPath } from 'node:url';
import {
	Encoder,
	Profile,
	type ActivityMesg,
	type FileIdMesg,
	type SessionMesg
} from '@garmin/fitsdk';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, writeCutZip, writeZip, removeWrittenZips } from '../testing/fixture-zip';
import { importFile, MemorySink, type ImportedRecord } from '../index';

// fixtures/README.md says where each file's shape and units come from. The person is in Berlin
// in summer: every daily summary pairs wellnessStartTimeGmt 22:00 with wellnessStartTimeLocal
// 00:00, so the records' zone is GMT+0200. Expected figures are worked out by hand below.
const EXPORT = fileURLToPath(new URL('./fixtures/export', import.meta.url));
const BERLIN_SUMMER = 'GMT+0200';

function mesgNum(name: string): number {
	const number = Profile.MesgNum[name];
	if (number === undefined) throw new Error(`the FIT profile has no message ${name}`);
	return number;
}

/** A FIT activity written with Garmin's own SDK: one session of `sport` from `start` (UTC). */
function fitActivity(
	start: Date,
	sport: SessionMesg['sport'],
	seconds: number,
	meters: number,
	kcal: number
) {
	const encoder = new Encoder();
	const end = new Date(start.getTime() + seconds * 1000);
	const fileId: FileIdMesg = {
		manufacturer: 'garmin',
		product: 1,
		timeCreated: start,
		type: 'activity'
	};
	const session: SessionMesg = {
		timestamp: end,
		startTime: start,
		totalElapsedTime: seconds,
		totalTimerTime: seconds,
		totalDistance: meters,
		totalCalories: kcal,
		sport
	};
	const activity: ActivityMesg = {
		timestamp: end,
		// Local time is two hours ahead: the FIT epoch's seconds, shifted.
		localTimestamp: Math.round(end.getTime() / 1000) - 631065600 + 7200,
		numSessions: 1,
		type: 'manual'
	};
	encoder.onMesg(mesgNum('FILE_ID'), fileId);
	encoder.onMesg(mesgNum('SESSION'), session);
	encoder.onMesg(mesgNum('ACTIVITY'), activity);
	return Buffer.from(encoder.close());
}

function exportFiles(): Map<string, Buffer> {
	const files = new Map([...filesUnder(EXPORT)].map(([name, content]) => [name, content] as const));
	// The same run as the summary (07:30 UTC): one workout, not two. And an evening ride.
	files.set(
		'DI_CONNECT/DI-Connect-Uploaded-Files/run.fit',
		fitActivity(new Date(Date.UTC(2024, 5, 15, 7, 30, 0)), 'running', 2490, 7080, 479)
	);
	files.set(
		'DI_CONNECT/DI-Connect-Uploaded-Files/ride.fit',
		fitActivity(new Date(Date.UTC(2024, 5, 15, 16, 0, 0)), 'cycling', 3600, 25000, 610)
	);
	return files;
}

function on<K extends ImportedRecord['kind']>(sink: MemorySink, kind: K, date: number) {
	return sink
		.list(kind)
		.filter((item): item is Extract<ImportedRecord, { kind: K }> => item.kind === kind)
		.filter((item) => item.record.date === date);
}

afterAll(removeWrittenZips);

describe('the Garmin Connect importer', () => {
	const path = writeZip('garmin-export.zip', exportFiles());

	it('takes a day’s steps and resting heart rate from its daily summary', async () => {
		const sink = new MemorySink();
		const summary = await importFile(path, sink);
		expect(summary.format).toBe('garmin-zip');
		// UDSFile: 2024-06-15 holds totalSteps 11234, totalDistanceMeters 8923, restingHeartRate 52.
		const [day] = on(sink, 'moves', 20240615);
		expect(day?.record.details).toMatchObject({
			steps: 11234,
			distance: 8923,
			tz: BERLIN_SUMMER,
			daily_only: true
		});
		// The day starts at wellnessStartTimeGmt, 2024-06-14T22:00 UTC.
		expect(day?.record.time_created).toBe(Date.UTC(2024, 5, 14, 22) / 1000);
		expect(on(sink, 'heartrates', 20240615)[0]?.record.resting_heartrate).toBe(52);
		expect(summary.notImported).toEqual({
			'health-status and hydration files (no place in the API)': 1
		});
	});

	it('files the night under its waking date with its seconds per stage', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		// sleepData: 22:09 to 06:08 GMT (00:09 to 08:08 in Berlin), deep 4800, light 20940, rem
		// 3000, awake 0 s: 28,740 s asleep, the whole 7 h 59 min.
		const [night] = on(sink, 'sleeps', 20240615);
		expect(night?.record.time_created).toBe(Date.UTC(2024, 5, 14, 22, 9) / 1000);
		expect(night?.record.time_completed).toBe(Date.UTC(2024, 5, 15, 6, 8) / 1000);
		expect(night?.record.details).toMatchObject({
			deep: 4800,
			light: 20940,
			rem: 3000,
			awake: 0,
			duration: 28740,
			tz: BERLIN_SUMMER
		});
	});

	it('reads a run in its own units and adds a ride from a FIT file', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		const workouts = on(sink, 'workouts', 20240615).sort(
			(a, b) => a.record.time_created - b.record.time_created
		);
		// The run's FIT file starts with its summary: counted once.
		expect(workouts.map((item) => item.record.sub_type)).toEqual([2, 14]);
		// summarizedActivities: duration 2,490,000 ms, distance 708,000 cm, calories 2,004.6 kJ
		// (÷ 4.184 = 479.1 kcal), startTimeLocal − startTimeGmt = 7,200,000 ms.
		expect(workouts[0]?.record.time_created).toBe(Date.UTC(2024, 5, 15, 7, 30) / 1000);
		expect(workouts[0]?.record.details).toMatchObject({
			time: 2490,
			meters: 7080,
			calories: 479,
			steps: 6900,
			tz: BERLIN_SUMMER
		});
		// The ride, from the FIT session as written above: 3,600 s, 25,000 m, 610 kcal at 16:00 UTC.
		expect(workouts[1]?.record.time_created).toBe(Date.UTC(2024, 5, 15, 16) / 1000);
		expect(workouts[1]?.record.details).toMatchObject({
			time: 3600,
			meters: 25000,
			calories: 610,
			tz: BERLIN_SUMMER
		});
	});

	it('reads a weigh-in in grams at its GMT time', async () => {
		const sink = new MemorySink();
		await importFile(path, sink);
		// userBioMetrics: 74,500 g at 2024-06-15T05:05:12 GMT; the entry without weight is skipped.
		const weighIns = sink.list('body_events');
		expect(weighIns).toHaveLength(1);
		expect(weighIns[0]?.record).toMatchObject({ weight: 74.5, date: 20240615 });
		expect(weighIns[0]?.record.time_created).toBe(Date.UTC(2024, 5, 15, 5, 5, 12) / 1000);
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
		const cut = writeCutZip('garmin-export.zip', exportFiles(), 0.7);
		await expect(importFile(cut, sink)).rejects.toThrow(/cut off/);
		expect(sink.list('moves')).toEqual([]);
		expect(sink.list('workouts')).toEqual([]);
	});
});
