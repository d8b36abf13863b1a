// Oura's data export (dailyactivity.csv, sleepmodel.csv, workout.csv) → API records, in the offsets its times carry.
import type { Workout } from '$lib/api/records';
import type { VendorContext, VendorImporter } from '../archive/vendor';
import {
	dailyMove,
	restingHeartRate,
	stagedSleep,
	tallyWorkout,
	workoutRecord,
	type DayWorkouts,
	type Stage,
	type StageSpan
} from '../archive/vendor-records';
import { dateIntOf, parseIsoInstant } from '../archive/wall-clock';
import type { ArchiveEntry } from '../archive/zip-archive';
import { gmtZone } from '../health-time';
import { Pace } from '../pace';
import { ImportError, type ImportedRecord } from '../types';
import { numberOf, readOuraCsv } from './oura-csv';
import { isOuraArchive, ouraFileOf, unreadOuraKind, type OuraFile } from './oura-files';

/** `sleep_phase_5_min`: one digit per five minutes from bedtime_start, 1 deep, 2 light, 3 REM, 4 awake. */
const PHASES: Readonly<Record<string, Stage>> = {
	'1': 'deep',
	'2': 'light',
	'3': 'rem',
	'4': 'awake'
};
const PHASE_SECONDS = 300;

/** `activity` of a workout → the API's sub_type (29, other, for the rest). */
const OURA_WORKOUTS: Readonly<Record<string, number>> = {
	walking: 1,
	running: 2,
	strength_training: 3,
	weight_training: 3,
	cross_training: 4,
	yoga: 6,
	pilates: 7,
	hiit: 9,
	swimming: 13,
	cycling: 14,
	elliptical: 15,
	tennis: 18,
	basketball: 19,
	golf: 20,
	soccer: 21,
	skiing: 22,
	dancing: 23,
	hiking: 24,
	cross_country_skiing: 25,
	indoor_cycling: 26,
	rowing: 27,
	stair_exercise: 27
};

class OuraReader {
	readonly #context: VendorContext;
	readonly #workouts: Workout[] = [];
	readonly #days: Parameters<typeof dailyMove>[1][] = [];
	readonly #nights: ImportedRecord[] = [];
	readonly #resting: ImportedRecord[] = [];

	constructor(context: VendorContext) {
		this.#context = context;
	}

	#fail(entry: ArchiveEntry, row: number, message: string): never {
		// Row 1 is the header: the first record is on line 2.
		throw new ImportError(
			`${this.#context.archive.fileName}: ${entry.name} line ${row + 2}: ${message}`
		);
	}

	async read(entry: ArchiveEntry, kind: OuraFile): Promise<void> {
		let rows: Record<string, string>[];
		try {
			rows = readOuraCsv(await this.#context.text(entry));
		} catch (error) {
			if (error instanceof ImportError) throw error;
			throw new ImportError(
				`${this.#context.archive.fileName}: ${entry.name}: ${error instanceof Error ? error.message : String(error)}`
			);
		}
		rows.forEach((row, index) => {
			try {
				if (kind === 'activity') this.#activity(entry, index, row);
				else if (kind === 'sleep') this.#sleep(entry, index, row);
				else this.#workout(entry, index, row);
			} catch (error) {
				if (error instanceof ImportError) throw error;
				this.#fail(entry, index, error instanceof Error ? error.message : String(error));
			}
		});
	}

	#instant(entry: ArchiveEntry, index: number, row: Record<string, string>, column: string) {
		const instant = parseIsoInstant(row[column] ?? '');
		if (!instant)
			this.#fail(entry, index, `${column} "${row[column] ?? ''}" is not a time with its offset`);
		return instant;
	}

	/** A day: steps, walking distance and calories; its offset from `timestamp` (the day starts at 04:00 there). */
	#activity(entry: ArchiveEntry, index: number, row: Record<string, string>): void {
		const date = dateIntOf(row.day ?? '');
		if (date === null) this.#fail(entry, index, `day "${row.day ?? ''}" is not a date`);
		const stamp = this.#instant(entry, index, row, 'timestamp');
		const day = row.day ?? '';
		const midnight =
			Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) /
				1000 -
			stamp.offset * 60;
		const active = numberOf(row, 'active_calories');
		const total = numberOf(row, 'total_calories');
		const times = ['high_activity_time', 'medium_activity_time', 'low_activity_time'].map(
			(column) => numberOf(row, column)
		);
		this.#days.push({
			date,
			tz: gmtZone(stamp.offset),
			start: midnight,
			end: midnight + 86400,
			steps: numberOf(row, 'steps'),
			meters: numberOf(row, 'equivalent_walking_distance'),
			activeKcal: active,
			bmrKcal: active !== null && total !== null ? Math.max(0, total - active) : null,
			activeSeconds: times.every((time) => time === null)
				? null
				: times.reduce<number>((sum, time) => sum + (time ?? 0), 0)
		});
	}

	/**
	 * A sleep period: its five-minute phases as ticks, its seconds per stage as Oura totals them
	 * (from finer data than the five-minute string), and, for the night's main sleep, the lowest
	 * heart rate as the day's resting heart rate, as the Oura app shows it.
	 */
	#sleep(entry: ArchiveEntry, index: number, row: Record<string, string>): void {
		if (row.type === 'deleted') return;
		const bed = this.#instant(entry, index, row, 'bedtime_start');
		const wake = this.#instant(entry, index, row, 'bedtime_end');
		const tz = gmtZone(wake.offset);
		const spans: StageSpan[] = [];
		[...(row.sleep_phase_5_min ?? '')].forEach((digit, i) => {
			const stage = PHASES[digit];
			if (!stage) this.#fail(entry, index, `sleep_phase_5_min holds "${digit}", not 1–4`);
			const start = bed.epoch + i * PHASE_SECONDS;
			spans.push({ start, end: Math.min(wake.epoch, start + PHASE_SECONDS), stage });
		});
		const built = stagedSleep('oura', spans, bed.epoch, wake.epoch, tz);
		if (!built) {
			this.#context.collector.skip('sleeps: an Oura period without sleep phases');
			return;
		}
		const totals = {
			deep: numberOf(row, 'deep_sleep_duration'),
			light: numberOf(row, 'light_sleep_duration'),
			rem: numberOf(row, 'rem_sleep_duration'),
			awake: numberOf(row, 'awake_time')
		};
		const details = built.record.details;
		if (totals.deep !== null) details.deep = totals.deep;
		if (totals.light !== null) details.light = totals.light;
		if (totals.rem !== null) details.rem = totals.rem;
		if (totals.awake !== null) details.awake = totals.awake;
		this.#nights.push({ kind: 'sleeps', record: built.record, ticks: built.ticks });
		const lowest = numberOf(row, 'lowest_heart_rate');
		if (row.type === 'long_sleep' && lowest !== null && lowest > 0)
			this.#resting.push({
				kind: 'heartrates',
				record: restingHeartRate('oura', wake.epoch, tz, lowest)
			});
	}

	#workout(entry: ArchiveEntry, index: number, row: Record<string, string>): void {
		const start = this.#instant(entry, index, row, 'start_datetime');
		const end = this.#instant(entry, index, row, 'end_datetime');
		const activity = (row.activity ?? '').toLowerCase();
		this.#workouts.push(
			workoutRecord('oura', {
				start: start.epoch,
				end: end.epoch,
				tz: gmtZone(start.offset),
				subType: OURA_WORKOUTS[activity] ?? 29,
				seconds: Math.max(0, end.epoch - start.epoch),
				meters: numberOf(row, 'distance'),
				kcal: numberOf(row, 'calories'),
				title: row.label?.trim() || null
			})
		);
	}

	async finish(): Promise<void> {
		const { collector } = this.#context;
		const byDay = new Map<number, DayWorkouts>();
		for (const workout of this.#workouts.sort((a, b) => a.time_created - b.time_created)) {
			tallyWorkout(byDay, workout);
			await collector.add({ kind: 'workouts', record: workout });
		}
		for (const day of this.#days.sort((a, b) => a.date - b.date))
			await collector.add({
				kind: 'moves',
				record: dailyMove('oura', day, byDay.get(day.date)),
				ticks: []
			});
		for (const item of [...this.#nights, ...this.#resting]) await collector.add(item);
	}
}

export const ouraImporter: VendorImporter = {
	format: 'oura-zip',
	recognises: isOuraArchive,
	wanted: (entries) => entries.filter((entry) => ouraFileOf(entry) !== null),
	async read(context) {
		const reader = new OuraReader(context);
		const pace = new Pace();
		for (const entry of context.archive.entries) {
			const kind = ouraFileOf(entry);
			if (kind === null) {
				const unread = unreadOuraKind(entry);
				if (unread) context.notImported(unread);
				continue;
			}
			await reader.read(entry, kind);
			await pace.breathe();
		}
		await reader.finish();
		return null;
	}
};
