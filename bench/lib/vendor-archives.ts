// Larger Fitbit, Garmin Connect and Oura archives for the import bench, in the shape of the importers' fixtures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipOf } from '../../src/lib/server/import/testing/zip-writer';

/** A fixed-seed generator, so every run measures the same archive. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1664525 + 1013904223) % 4294967296;
		return state / 4294967296;
	};
}

const DAY = 86400;
const START = Date.UTC(2022, 0, 1) / 1000;

function two(n: number): string {
	return String(n).padStart(2, '0');
}

/** Fitbit's `04/01/18 05:13:00`. */
function usStamp(epoch: number): string {
	const d = new Date(epoch * 1000);
	return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${two(d.getUTCFullYear() % 100)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:00`;
}

function isoWall(epoch: number): string {
	return new Date(epoch * 1000).toISOString().slice(0, 19);
}

/** Fitbit writes `"key" : value` objects, one per line. */
function fitbitJson(items: readonly object[]): string {
	return `[${items.map((item) => JSON.stringify(item, null, 2).replace(/": /g, '" : ')).join(',')}]`;
}

/**
 * A Takeout Fitbit archive of `months` months: minute steps and distance for every minute of the
 * day (as Fitbit writes them), a staged night a day, a resting heart rate a day, a walk a week.
 */
export function writeFitbitArchive(dir: string, months: number): string {
	const next = random(7);
	const files = new Map<string, string>();
	const folder = 'Takeout/Fitbit/Global Export Data';
	files.set('Takeout/Fitbit/Your Profile/Profile.csv', 'id,timezone\nBENCH,Europe/Berlin\n');
	for (let month = 0; month < months; month++) {
		const first = START + month * 30 * DAY;
		const label = new Date(first * 1000).toISOString().slice(0, 10);
		const steps: object[] = [];
		const distance: object[] = [];
		const sleeps: object[] = [];
		const resting: object[] = [];
		const exercise: object[] = [];
		for (let day = 0; day < 30; day++) {
			const midnight = first + day * DAY;
			for (let minute = 0; minute < 1440; minute++) {
				const awake = minute > 7 * 60 && minute < 23 * 60;
				const count = awake && next() < 0.4 ? Math.floor(next() * 120) : 0;
				steps.push({ dateTime: usStamp(midnight + minute * 60), value: String(count) });
				distance.push({ dateTime: usStamp(midnight + minute * 60), value: String(count * 72) });
			}
			const bed = midnight - 90 * 60;
			const data: object[] = [];
			let t = bed;
			for (const level of [
				'wake',
				'light',
				'deep',
				'light',
				'rem',
				'light',
				'deep',
				'rem',
				'wake'
			]) {
				const seconds = 30 * Math.floor(40 + next() * 120);
				data.push({ dateTime: isoWall(t), level, seconds });
				t += seconds;
			}
			sleeps.push({
				logId: midnight,
				dateOfSleep: isoWall(t).slice(0, 10),
				startTime: `${isoWall(bed)}.000`,
				endTime: `${isoWall(t)}.000`,
				duration: (t - bed) * 1000,
				mainSleep: true,
				type: 'stages',
				levels: { summary: {}, data, shortData: [] }
			});
			resting.push({
				dateTime: usStamp(midnight),
				value: { date: usStamp(midnight).slice(0, 8), value: 55 + next() * 8, error: 7 }
			});
			if (day % 7 === 0)
				exercise.push({
					logId: midnight + 1,
					activityName: 'Walk',
					activityTypeId: 90013,
					calories: 250,
					duration: 2400000,
					activeDuration: 2400000,
					steps: 3600,
					startTime: usStamp(midnight + 18 * 3600)
				});
		}
		files.set(`${folder}/steps-${label}.json`, fitbitJson(steps));
		files.set(`${folder}/distance-${label}.json`, fitbitJson(distance));
		files.set(`${folder}/sleep-${label}.json`, fitbitJson(sleeps));
		files.set(`${folder}/resting_heart_rate-${label}.json`, fitbitJson(resting));
		files.set(`${folder}/exercise-${month * 100}.json`, fitbitJson(exercise));
	}
	const path = join(dir, 'fitbit-bench.zip');
	writeFileSync(path, zipOf(files));
	return path;
}

/** A Garmin export of `days` days: daily summaries, nights, weigh-ins and an activity every other day. */
export function writeGarminArchive(dir: string, days: number): string {
	const next = random(11);
	const uds: object[] = [];
	const sleeps: object[] = [];
	const bio: object[] = [];
	const activities: object[] = [];
	for (let day = 0; day < days; day++) {
		const midnight = START + day * DAY - 3600;
		const date = isoWall(midnight + 3600).slice(0, 10);
		uds.push({
			userProfilePK: 1,
			calendarDate: date,
			totalKilocalories: 2300,
			activeKilocalories: 500 + Math.floor(next() * 300),
			bmrKilocalories: 1750,
			totalSteps: Math.floor(4000 + next() * 9000),
			totalDistanceMeters: Math.floor(3000 + next() * 7000),
			highlyActiveSeconds: 900,
			activeSeconds: 3600,
			restingHeartRate: 50 + Math.floor(next() * 8),
			wellnessStartTimeGmt: `${isoWall(midnight)}.0`,
			wellnessStartTimeLocal: `${isoWall(midnight + 3600)}.0`,
			wellnessEndTimeGmt: `${isoWall(midnight + DAY)}.0`,
			wellnessEndTimeLocal: `${isoWall(midnight + DAY + 3600)}.0`
		});
		sleeps.push({
			sleepStartTimestampGMT: `${isoWall(midnight - 3600)}.0`,
			sleepEndTimestampGMT: `${isoWall(midnight + 6 * 3600)}.0`,
			calendarDate: date,
			deepSleepSeconds: 4800,
			lightSleepSeconds: 14400,
			remSleepSeconds: 5400,
			awakeSleepSeconds: 600
		});
		bio.push({
			metaData: { calendarDate: `${date}T07:00:00.0` },
			weight: {
				weight: 74000 + Math.floor(next() * 2000),
				timestampGMT: `${isoWall(midnight + 7 * 3600)}.0`
			}
		});
		if (day % 2 === 0)
			activities.push({
				activityId: day,
				name: 'Run',
				activityType: 'running',
				startTimeGmt: (midnight + 8 * 3600) * 1000,
				startTimeLocal: (midnight + 9 * 3600) * 1000,
				duration: 2400000,
				distance: 600000,
				calories: 2000
			});
	}
	const files = new Map<string, string>([
		['DI_CONNECT/DI-Connect-Aggregator/UDSFile_bench.json', JSON.stringify(uds)],
		['DI_CONNECT/DI-Connect-Wellness/bench_sleepData.json', JSON.stringify(sleeps)],
		['DI_CONNECT/DI-Connect-Wellness/1_userBioMetrics.json', JSON.stringify(bio)],
		[
			'DI_CONNECT/DI-Connect-Fitness/bench_0_summarizedActivities.json',
			JSON.stringify([{ summarizedActivitiesExport: activities }])
		]
	]);
	const path = join(dir, 'garmin-bench.zip');
	writeFileSync(path, zipOf(files));
	return path;
}

/** An Oura export of `days` days: daily activity, a night with its five-minute phases, a workout every third day. */
export function writeOuraArchive(dir: string, days: number): string {
	const next = random(13);
	const activity = [
		'id;active_calories;equivalent_walking_distance;high_activity_time;low_activity_time;medium_activity_time;steps;total_calories;day;timestamp'
	];
	const sleep = [
		'id;awake_time;bedtime_end;bedtime_start;day;deep_sleep_duration;light_sleep_duration;lowest_heart_rate;rem_sleep_duration;sleep_phase_5_min;type'
	];
	const workouts = [
		'id;activity;calories;day;distance;end_datetime;intensity;label;source;start_datetime'
	];
	for (let day = 0; day < days; day++) {
		const midnight = START + day * DAY;
		const date = isoWall(midnight).slice(0, 10);
		activity.push(
			`a${day};${400 + Math.floor(next() * 300)};${Math.floor(5000 + next() * 5000)};600;14400;2400;${Math.floor(5000 + next() * 8000)};2400;${date};${date}T04:00:00.000+00:00`
		);
		const phases = Array.from({ length: 96 }, () => String(1 + Math.floor(next() * 4))).join('');
		sleep.push(
			`s${day};1800;${isoWall(midnight + 7 * 3600)}+00:00;${isoWall(midnight - DAY + 23 * 3600)}+00:00;${date};4800;14400;${48 + Math.floor(next() * 8)};5400;${phases};long_sleep`
		);
		if (day % 3 === 0)
			workouts.push(
				`w${day};walking;210;${date};3500;${isoWall(midnight + 18 * 3600 + 2400)}+00:00;moderate;;autodetected;${isoWall(midnight + 18 * 3600)}+00:00`
			);
	}
	const files = new Map<string, string>([
		['App Data/dailyactivity.csv', `${activity.join('\n')}\n`],
		['App Data/sleepmodel.csv', `${sleep.join('\n')}\n`],
		['App Data/workout.csv', `${workouts.join('\n')}\n`]
	]);
	const path = join(dir, 'oura-bench.zip');
	writeFileSync(path, zipOf(files));
	return path;
}
