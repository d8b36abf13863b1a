// Garmin Connect's "Export your data" archive (DI_CONNECT/…) → API records, placed by the offsets Garmin's paired clocks imply.
import * as z from 'zod/mini';
import type { Workout } from '$lib/api/records';
import { localDateInt } from '$lib/time/zone';
import type { VendorContext, VendorImporter } from '../archive/vendor';
import {
	dailyMove,
	restingHeartRate,
	summedSleep,
	tallyWorkout,
	weighIn,
	workoutRecord,
	type DayTotals,
	type DayWorkouts
} from '../archive/vendor-records';
import { dateIntOf } from '../archive/wall-clock';
import type { ArchiveEntry } from '../archive/zip-archive';
import { gmtZone } from '../health-time';
import { Pace } from '../pace';
import { ImportError, type ImportedRecord, type ImportZone } from '../types';
import { garminInstant, offsetOfPair, OffsetBook } from './garmin-clock';
import { readFitSessions, type FitSession } from './garmin-fit';
import { garminFileOf, isGarminArchive, unreadGarminKind, type GarminFile } from './garmin-files';
import { GARMIN_WORKOUTS, KJ_PER_KCAL, OTHER_WORKOUT } from './garmin-mappings';

const maybeNumber = z.optional(z.nullable(z.number()));
/** `calendarDate` is a string in most exports, `{ "date": … }` in some. */
const calendarDate = z.union([z.string(), z.looseObject({ date: z.string() })]);
const dailySchema = z.looseObject({
	calendarDate,
	totalSteps: maybeNumber,
	totalDistanceMeters: maybeNumber,
	activeKilocalories: maybeNumber,
	bmrKilocalories: maybeNumber,
	highlyActiveSeconds: maybeNumber,
	activeSeconds: maybeNumber,
	restingHeartRate: maybeNumber,
	wellnessStartTimeGmt: z.optional(z.string()),
	wellnessStartTimeLocal: z.optional(z.string()),
	wellnessEndTimeGmt: z.optional(z.string()),
	wellnessEndTimeLocal: z.optional(z.string())
});
const sleepSchema = z.looseObject({
	calendarDate: z.optional(calendarDate),
	sleepStartTimestampGMT: z.union([z.string(), z.number()]),
	sleepEndTimestampGMT: z.union([z.string(), z.number()]),
	deepSleepSeconds: maybeNumber,
	lightSleepSeconds: maybeNumber,
	remSleepSeconds: maybeNumber,
	awakeSleepSeconds: maybeNumber
});
const activitySchema = z.looseObject({
	activityId: z.optional(z.number()),
	name: z.optional(z.nullable(z.string())),
	activityType: z.optional(z.nullable(z.string())),
	startTimeGmt: maybeNumber,
	beginTimestamp: maybeNumber,
	startTimeLocal: maybeNumber,
	duration: maybeNumber,
	elapsedDuration: maybeNumber,
	distance: maybeNumber,
	calories: maybeNumber,
	steps: maybeNumber
});
const activitiesFileSchema = z.array(
	z.looseObject({ summarizedActivitiesExport: z.optional(z.array(z.unknown())) })
);
const bioSchema = z.looseObject({
	metaData: z.optional(z.looseObject({ calendarDate: z.optional(z.string()) })),
	weight: z.optional(
		z.nullable(
			z.looseObject({
				weight: maybeNumber,
				bodyFat: maybeNumber,
				bmi: maybeNumber,
				timestampGMT: z.optional(z.string())
			})
		)
	)
});

function dateText(value: z.infer<typeof calendarDate> | undefined): string {
	return value === undefined ? '' : typeof value === 'string' ? value : value.date;
}

/** Two workouts starting within a minute of each other are the same one (a FIT file and its summary). */
const SAME_START = 60;

class GarminReader {
	readonly #context: VendorContext;
	readonly #book = new OffsetBook();
	readonly #days: { totals: DayTotals; resting: number | null }[] = [];
	readonly #workouts: Workout[] = [];
	readonly #fitSessions: FitSession[] = [];
	readonly #later: ImportedRecord[] = [];
	readonly #sleeps: {
		bed: number;
		wake: number;
		date: number | null;
		seconds: Record<'awake' | 'light' | 'deep' | 'rem', number>;
	}[] = [];
	readonly #weighIns: { at: number; kg: number | null; fat: number | null; bmi: number | null }[] =
		[];
	readonly #fallbackTz: string;

	constructor(context: VendorContext) {
		this.#context = context;
		this.#fallbackTz = context.options.tz ?? 'UTC';
	}

	#fail(entry: ArchiveEntry, index: number, message: string): never {
		throw new ImportError(
			`${this.#context.archive.fileName}: ${entry.name}, item ${index + 1}: ${message}`
		);
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

	#list(entry: ArchiveEntry): Promise<unknown[]> {
		return this.#context.list(entry);
	}

	async read(entry: ArchiveEntry, kind: GarminFile): Promise<void> {
		switch (kind) {
			case 'daily':
				return this.#daily(entry, await this.#list(entry));
			case 'sleep':
				return this.#sleep(entry, await this.#list(entry));
			case 'activities':
				return this.#activities(entry, await this.#list(entry));
			case 'biometrics':
				return this.#biometrics(entry, await this.#list(entry));
			case 'fit':
				return this.#fit(entry);
		}
	}

	/** Daily summaries (UDSFile_*.json): a day's totals, its resting heart rate, and its offset. */
	#daily(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const day = this.#parse(entry, index, dailySchema, item);
			const date = dateIntOf(dateText(day.calendarDate));
			if (date === null) this.#fail(entry, index, 'calendarDate is not a date');
			const start = garminInstant(day.wellnessStartTimeGmt);
			const end = garminInstant(day.wellnessEndTimeGmt);
			const offset = offsetOfPair(day.wellnessStartTimeLocal, day.wellnessStartTimeGmt);
			if (start === null || end === null || offset === null)
				this.#fail(entry, index, 'the day has no wellnessStartTimeGmt/Local pair to place it');
			this.#book.add(start, end, offset);
			const tz = gmtZone(offset);
			const active =
				day.activeSeconds == null && day.highlyActiveSeconds == null
					? null
					: (day.activeSeconds ?? 0) + (day.highlyActiveSeconds ?? 0);
			this.#days.push({
				totals: {
					date,
					tz,
					start,
					end: Math.max(start, end),
					steps: day.totalSteps ?? null,
					meters: day.totalDistanceMeters ?? null,
					activeKcal: day.activeKilocalories ?? null,
					bmrKcal: day.bmrKilocalories ?? null,
					activeSeconds: active
				},
				resting: day.restingHeartRate ?? null
			});
		});
	}

	/** Nights (`*_sleepData.json`): GMT times and seconds per stage; no stages in time. */
	#sleep(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const night = this.#parse(entry, index, sleepSchema, item);
			const bed = garminInstant(night.sleepStartTimestampGMT);
			const wake = garminInstant(night.sleepEndTimestampGMT);
			if (bed === null || wake === null) this.#fail(entry, index, 'the night has no start or end');
			const seconds = {
				deep: night.deepSleepSeconds ?? 0,
				light: night.lightSleepSeconds ?? 0,
				rem: night.remSleepSeconds ?? 0,
				awake: night.awakeSleepSeconds ?? 0
			};
			if (wake <= bed || seconds.deep + seconds.light + seconds.rem <= 0) {
				this.#context.collector.skip('sleeps: a Garmin night without time asleep');
				return;
			}
			this.#sleeps.push({ bed, wake, date: dateIntOf(dateText(night.calendarDate)), seconds });
		});
	}

	/** Summarized activities: epoch milliseconds, centimetres, milliseconds and kilojoules. */
	#activities(entry: ArchiveEntry, items: unknown[]): void {
		const groups = this.#parse(entry, 0, activitiesFileSchema, items);
		let index = 0;
		for (const group of groups)
			for (const item of group.summarizedActivitiesExport ?? []) {
				const activity = this.#parse(entry, index++, activitySchema, item);
				const startMs = activity.startTimeGmt ?? activity.beginTimestamp ?? null;
				if (startMs === null || activity.duration == null)
					this.#fail(entry, index - 1, 'the activity has no start (startTimeGmt) or duration');
				const start = Math.floor(startMs / 1000);
				const offset =
					activity.startTimeLocal == null
						? null
						: Math.round((activity.startTimeLocal - startMs) / 60000);
				const tz =
					offset !== null && Math.abs(offset) <= 14 * 60
						? gmtZone(offset)
						: (this.#book.zoneAt(start) ?? this.#fallbackTz);
				const type = (activity.activityType ?? '').toLowerCase();
				this.#workouts.push(
					workoutRecord('garmin_connect', {
						start,
						end: start + Math.round((activity.elapsedDuration ?? activity.duration) / 1000),
						tz,
						subType: GARMIN_WORKOUTS[type] ?? OTHER_WORKOUT,
						seconds: activity.duration / 1000,
						meters: activity.distance == null ? null : activity.distance / 100,
						kcal: activity.calories == null ? null : activity.calories / KJ_PER_KCAL,
						steps: activity.steps ?? null,
						title: activity.name ?? null
					})
				);
			}
	}

	/** Weigh-ins (`*_userBioMetrics.json`): grams at a GMT time; entries without weight are other measures. */
	#biometrics(entry: ArchiveEntry, items: unknown[]): void {
		items.forEach((item, index) => {
			const bio = this.#parse(entry, index, bioSchema, item);
			const grams = bio.weight?.weight ?? null;
			if (grams === null) return;
			const at = garminInstant(bio.weight?.timestampGMT ?? bio.metaData?.calendarDate);
			if (at === null) this.#fail(entry, index, 'the weigh-in has no time');
			this.#weighIns.push({
				at,
				kg: grams / 1000,
				fat: bio.weight?.bodyFat ?? null,
				bmi: bio.weight?.bmi ?? null
			});
		});
	}

	/** A FIT file: its activity sessions (monitoring and settings files have none). */
	async #fit(entry: ArchiveEntry): Promise<void> {
		const read = readFitSessions(await this.#context.bytes(entry));
		if ('error' in read)
			throw new ImportError(`${this.#context.archive.fileName}: ${entry.name}: ${read.error}`);
		if (read.sessions.length === 0)
			this.#context.notImported('FIT files without an activity (monitoring, settings)');
		this.#fitSessions.push(...read.sessions);
	}

	#zone(epoch: number): string {
		return this.#book.zoneAt(epoch) ?? this.#fallbackTz;
	}

	async finish(): Promise<void> {
		const { collector } = this.#context;
		// A FIT activity adds a workout only when no summarized activity starts within a minute of it.
		for (const session of this.#fitSessions) {
			if (
				this.#workouts.some(
					(workout) => Math.abs(workout.time_created - session.start) < SAME_START
				)
			)
				continue;
			this.#workouts.push(
				workoutRecord('garmin_connect', {
					start: session.start,
					end: session.start + Math.round(session.elapsed),
					tz: session.offset === null ? this.#zone(session.start) : gmtZone(session.offset),
					subType: GARMIN_WORKOUTS[session.sport.toLowerCase()] ?? OTHER_WORKOUT,
					seconds: session.seconds,
					meters: session.meters,
					kcal: session.kcal
				})
			);
		}
		const byDay = new Map<number, DayWorkouts>();
		for (const workout of this.#workouts.sort((a, b) => a.time_created - b.time_created)) {
			tallyWorkout(byDay, workout);
			await collector.add({ kind: 'workouts', record: workout });
		}
		for (const { totals, resting } of this.#days.sort((a, b) => a.totals.date - b.totals.date)) {
			if (totals.steps !== null || totals.activeKcal !== null)
				await collector.add({
					kind: 'moves',
					record: dailyMove('garmin_connect', totals, byDay.get(totals.date)),
					ticks: []
				});
			if (resting !== null && resting > 0)
				this.#later.push({
					kind: 'heartrates',
					record: restingHeartRate('garmin_connect', totals.start, totals.tz, resting)
				});
		}
		for (const night of this.#sleeps.sort((a, b) => a.bed - b.bed)) {
			const tz = this.#zone(night.wake);
			const record = summedSleep('garmin_connect', night.bed, night.wake, tz, night.seconds);
			// Garmin files a night under its calendarDate: the wake date, as the API does.
			if (night.date !== null && night.date !== localDateInt(night.wake, tz))
				record.date = night.date;
			await collector.add({ kind: 'sleeps', record, ticks: [] });
		}
		for (const weigh of this.#weighIns.sort((a, b) => a.at - b.at))
			this.#later.push({
				kind: 'body_events',
				record: weighIn(
					'garmin_connect',
					weigh.at,
					this.#zone(weigh.at),
					weigh.kg,
					weigh.fat,
					weigh.bmi
				)
			});
		for (const item of this.#later) await collector.add(item);
	}

	get offsetsKnown(): boolean {
		return this.#book.size > 0;
	}
}

/** Daily summaries first: their offsets place the records that carry GMT times only. */
const ORDER: Readonly<Record<GarminFile, number>> = {
	daily: 0,
	sleep: 1,
	activities: 2,
	biometrics: 3,
	fit: 4
};

export const garminImporter: VendorImporter = {
	format: 'garmin-zip',
	recognises: isGarminArchive,
	wanted: (entries) => entries.filter((entry) => garminFileOf(entry) !== null),
	async read(context): Promise<ImportZone | null> {
		const reader = new GarminReader(context);
		const pace = new Pace();
		const files: { entry: ArchiveEntry; kind: GarminFile }[] = [];
		for (const entry of context.archive.entries) {
			const kind = garminFileOf(entry);
			if (kind !== null) files.push({ entry, kind });
			else {
				const unread = unreadGarminKind(entry);
				if (unread) context.notImported(unread);
			}
		}
		files.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || (a.entry.name < b.entry.name ? -1 : 1));
		for (const { entry, kind } of files) {
			await reader.read(entry, kind);
			await pace.breathe();
		}
		await reader.finish();
		// Garmin's records carry their own offsets; only without any daily summary is a zone assumed.
		return reader.offsetsKnown
			? null
			: context.options.tz
				? { tz: context.options.tz, basis: 'given' }
				: { tz: 'UTC', basis: 'default' };
	}
};
