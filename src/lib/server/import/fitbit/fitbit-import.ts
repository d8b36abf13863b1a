// Fitbit's archive (Google Takeout's Fitbit/Global Export Data, or fitbit.com's user-site-export) → API records.
import * as z from 'zod/mini';
import type { Workout } from '$lib/api/records';
import { isValidTz } from '$lib/time/zone';
import type { VendorContext, VendorImporter } from '../archive/vendor';
import {
	minuteMove,
	restingHeartRate,
	stagedSleep,
	tallyWorkout,
	weighIn,
	workoutRecord,
	type DayWorkouts,
	type Stage,
	type StageSpan
} from '../archive/vendor-records';
import { parseIsoWall, parseUsWall, wallAsUtc, wallToEpoch } from '../archive/wall-clock';
import type { ArchiveEntry } from '../archive/zip-archive';
import { Pace } from '../pace';
import { ImportError, type ImportedRecord, type ImportZone } from '../types';
import { isFitbitArchive, isProfile, seriesOf, unreadKind } from './fitbit-files';
import {
	FITBIT_DISTANCE_UNITS,
	FITBIT_LEVELS,
	FITBIT_WORKOUTS,
	OTHER_WORKOUT
} from './fitbit-mappings';
import { CENTIMETERS, KCAL, MinuteSeries, STEPS } from './fitbit-minutes';
import { readFitbitProfile, type FitbitProfile } from './fitbit-profile';

const levelSchema = z.object({ dateTime: z.string(), level: z.string(), seconds: z.number() });
const sleepSchema = z.looseObject({
	logId: z.number(),
	startTime: z.string(),
	endTime: z.string(),
	levels: z.optional(
		z.looseObject({
			data: z.optional(z.array(levelSchema)),
			shortData: z.optional(z.array(levelSchema))
		})
	)
});
const restingSchema = z.looseObject({
	dateTime: z.string(),
	value: z.looseObject({ value: z.nullable(z.optional(z.number())) })
});
const weightSchema = z.looseObject({
	weight: z.number(),
	bmi: z.optional(z.number()),
	fat: z.optional(z.number()),
	date: z.string(),
	time: z.optional(z.string())
});
const exerciseSchema = z.looseObject({
	activityName: z.string(),
	startTime: z.string(),
	duration: z.number(),
	activeDuration: z.optional(z.number()),
	calories: z.optional(z.number()),
	distance: z.optional(z.number()),
	distanceUnit: z.optional(z.string()),
	steps: z.optional(z.number())
});

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}

/** Fitbit archives a night in 30-second steps: the stage of each, then stretches of one stage. */
const SLOT = 30;

/** The zone local times are read in: the one asked for, else the profile's; else the import stops. */
function chooseZone(
	fileName: string,
	asked: string | undefined,
	profile: FitbitProfile | null
): ImportZone {
	if (asked !== undefined && asked !== '') {
		if (!isValidTz(asked)) throw new ImportError(`"${asked}" is not a time zone`);
		return { tz: asked, basis: 'given' };
	}
	if (profile?.tz) return { tz: profile.tz, basis: 'profile' };
	const said = profile?.unknownTz ? ` (its profile names "${profile.unknownTz}", not a zone)` : '';
	throw new ImportError(
		`${fileName}: the archive names no time zone${said}, and Fitbit writes local times without one: give the zone you lived in (--tz Europe/Berlin on the command line, or the zone field on the Data page)`
	);
}

class FitbitReader {
	readonly #context: VendorContext;
	readonly #tz: string;
	readonly #kgPerUnit: number | null;
	readonly #minutes = new MinuteSeries();
	readonly #workouts: Workout[] = [];
	readonly #sleeps = new Map<number, ImportedRecord>();
	readonly #others: ImportedRecord[] = [];

	constructor(context: VendorContext, tz: string, kgPerUnit: number | null) {
		this.#context = context;
		this.#tz = tz;
		this.#kgPerUnit = kgPerUnit;
	}

	#fail(entry: ArchiveEntry, index: number, message: string): never {
		throw new ImportError(
			`${this.#context.archive.fileName}: ${entry.name}, item ${index + 1}: ${message}`
		);
	}

	#local(entry: ArchiveEntry, index: number, text: string): number {
		const wall = parseIsoWall(text) ?? parseUsWall(text);
		if (!wall) this.#fail(entry, index, `"${text}" is not a date and time`);
		return wallToEpoch(wall, this.#tz);
	}

	async read(entry: ArchiveEntry, series: NonNullable<ReturnType<typeof seriesOf>>): Promise<void> {
		const items = await this.#context.list(entry);
		switch (series) {
			case 'steps':
				return this.#minuteSeries(entry, items, STEPS);
			case 'distance':
				return this.#minuteSeries(entry, items, CENTIMETERS);
			case 'calories':
				return this.#minuteSeries(entry, items, KCAL);
			case 'sleep':
				return this.#sleep(entry, items);
			case 'resting_heart_rate':
				return this.#resting(entry, items);
			case 'weight':
				return this.#weight(entry, items);
			case 'exercise':
				return this.#exercise(entry, items);
		}
	}

	/**
	 * Minute series: `{"dateTime": "04/01/18 05:13:00", "value": "14"}`. Their times are UTC (the
	 * night's still hours in these files fall on the night's local hours only when read as UTC:
	 * see fixtures/README.md), checked by hand here rather than through zod (a month is 44,640).
	 */
	#minuteSeries(entry: ArchiveEntry, items: unknown[], series: number): void {
		items.forEach((item, index) => {
			if (!isRecord(item) || typeof item.dateTime !== 'string')
				this.#fail(entry, index, 'no dateTime');
			const wall = parseUsWall(item.dateTime) ?? parseIsoWall(item.dateTime);
			if (!wall) this.#fail(entry, index, `"${item.dateTime}" is not a date and time`);
			const value = typeof item.value === 'number' ? item.value : Number(item.value);
			if (!Number.isFinite(value) || value < 0)
				this.#fail(entry, index, `value ${JSON.stringify(item.value)} is not a count`);
			this.#minutes.add(series, wallAsUtc(wall), value);
		});
	}

	#parse<T>(entry: ArchiveEntry, index: number, schema: z.ZodMiniType<T>, item: unknown): T {
		const result = schema.safeParse(item);
		if (!result.success) {
			const issue = result.error.issues[0];
			this.#fail(
				entry,
				index,
				`${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim()
			);
		}
		return result.data;
	}

	#sleep(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const log = this.#parse(entry, index, sleepSchema, item);
			const bed = this.#local(entry, index, log.startTime);
			const wake = this.#local(entry, index, log.endTime);
			const data = log.levels?.data ?? [];
			if (wake <= bed || data.length === 0) {
				this.#context.collector.skip('sleeps: a Fitbit sleep log without stages');
				return;
			}
			const slots: (Stage | undefined)[] = new Array<Stage | undefined>(
				Math.ceil((wake - bed) / SLOT)
			).fill(undefined);
			const paint = (level: z.infer<typeof levelSchema>, override: Stage | null) => {
				const stage = override ?? FITBIT_LEVELS[level.level];
				if (!stage) this.#fail(entry, index, `sleep level "${level.level}" is unknown`);
				const start = this.#local(entry, index, level.dateTime);
				const from = Math.max(0, Math.floor((start - bed) / SLOT));
				const to = Math.min(slots.length, Math.ceil((start + level.seconds - bed) / SLOT));
				for (let i = from; i < to; i++) slots[i] = stage;
			};
			for (const level of data) paint(level, null);
			// Short wakes (under three minutes) are listed apart and lie inside the stages.
			for (const level of log.levels?.shortData ?? []) paint(level, 'awake');
			const spans: StageSpan[] = [];
			slots.forEach((stage, i) => {
				if (!stage) return;
				const start = bed + i * SLOT;
				const last = spans[spans.length - 1];
				if (last && last.stage === stage && last.end === start)
					last.end = Math.min(wake, start + SLOT);
				else spans.push({ start, end: Math.min(wake, start + SLOT), stage });
			});
			const built = stagedSleep('fitbit', spans, bed, wake, this.#tz);
			if (!built) {
				this.#context.collector.skip('sleeps: a Fitbit sleep log without stages');
				return;
			}
			this.#sleeps.set(bed, { kind: 'sleeps', record: built.record, ticks: built.ticks });
		});
	}

	#resting(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const day = this.#parse(entry, index, restingSchema, item);
			const bpm = day.value.value ?? 0;
			// Fitbit writes a day it could not compute as 0.
			if (!(bpm > 0)) return;
			const at = this.#local(entry, index, day.dateTime);
			this.#others.push({
				kind: 'heartrates',
				record: restingHeartRate('fitbit', at, this.#tz, bpm)
			});
		});
	}

	#weight(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const log = this.#parse(entry, index, weightSchema, item);
			const at = this.#local(entry, index, `${log.date} ${log.time ?? '00:00:00'}`);
			const bmi = log.bmi ?? null;
			this.#others.push({
				kind: 'body_events',
				record: weighIn(
					'fitbit',
					at,
					this.#tz,
					log.weight * this.#unit(log.weight, bmi),
					log.fat ?? null,
					bmi
				)
			});
		});
	}

	/**
	 * Kilograms per unit of a weigh-in: the profile's unit when it says, else the unit that gives a
	 * height between 1 and 2.3 m for the weigh-in's BMI (Fitbit writes weights in the person's unit
	 * and says which nowhere else), else kilograms.
	 */
	#unit(weight: number, bmi: number | null): number {
		if (this.#kgPerUnit !== null) return this.#kgPerUnit;
		if (bmi !== null && bmi > 0) {
			for (const factor of [1, 0.45359237]) {
				const height = Math.sqrt((weight * factor) / bmi);
				if (height >= 1 && height <= 2.3) return factor;
			}
		}
		return 1;
	}

	#exercise(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const log = this.#parse(entry, index, exerciseSchema, item);
			const start = this.#local(entry, index, log.startTime);
			const seconds = (log.activeDuration ?? log.duration) / 1000;
			let meters: number | null = null;
			if (log.distance !== undefined) {
				const factor = FITBIT_DISTANCE_UNITS[log.distanceUnit ?? 'Kilometer'];
				if (factor === undefined)
					this.#fail(entry, index, `distance unit "${log.distanceUnit ?? ''}" is unknown`);
				meters = log.distance * factor;
			}
			this.#workouts.push(
				workoutRecord('fitbit', {
					start,
					end: start + Math.round(log.duration / 1000),
					tz: this.#tz,
					subType: FITBIT_WORKOUTS[log.activityName.toLowerCase()] ?? OTHER_WORKOUT,
					seconds,
					meters,
					kcal: log.calories ?? null,
					steps: log.steps ?? null,
					title: log.activityName
				})
			);
		});
	}

	/** Hands every record to the collector: workouts first (their days' tallies go into moves). */
	async finish(): Promise<void> {
		const { collector } = this.#context;
		const byDay = new Map<number, DayWorkouts>();
		for (const workout of this.#workouts.sort((a, b) => a.time_created - b.time_created)) {
			tallyWorkout(byDay, workout);
			await collector.add({ kind: 'workouts', record: workout });
		}
		for (const { date, minutes } of this.#minutes.localDays(this.#tz)) {
			const { move, ticks } = minuteMove('fitbit', date, this.#tz, minutes, byDay.get(date));
			await collector.add({ kind: 'moves', record: move, ticks });
		}
		for (const bed of [...this.#sleeps.keys()].sort((a, b) => a - b)) {
			const sleep = this.#sleeps.get(bed);
			if (sleep) await collector.add(sleep);
		}
		for (const item of this.#others) await collector.add(item);
	}
}

export const fitbitImporter: VendorImporter = {
	format: 'fitbit-zip',
	recognises: isFitbitArchive,
	wanted: (entries) => entries.filter((entry) => isProfile(entry) || seriesOf(entry) !== null),
	async read(context) {
		const { archive } = context;
		const profileEntry = archive.entries.find(isProfile);
		const profile = profileEntry ? readFitbitProfile(await context.text(profileEntry)) : null;
		const zone = chooseZone(archive.fileName, context.options.tz, profile);
		const reader = new FitbitReader(context, zone.tz, profile?.kgPerWeightUnit ?? null);
		const pace = new Pace();
		const entries = [...archive.entries].sort((a, b) => (a.name < b.name ? -1 : 1));
		for (const entry of entries) {
			const series = seriesOf(entry);
			if (series === null) {
				const unread = unreadKind(entry);
				if (unread) context.notImported(unread);
				continue;
			}
			await reader.read(entry, series);
			await pace.breathe();
		}
		await reader.finish();
		return zone;
	}
};
