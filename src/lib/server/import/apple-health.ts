// Apple Health's export.xml, read as a stream with saxes: records become moves, sleeps, workouts and the rest.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type {
	BodyEvent,
	CardiacEventV10,
	HeartRate,
	MealItem,
	MealWithItems,
	Workout
} from '$lib/api/records';
import { isValidTz } from '$lib/time/zone';
import { mealItem, type Nutrient } from './meal-item';
import {
	GRAMS,
	KILOCALORIES,
	KILOGRAMS,
	METERS,
	MMHG,
	OTHER_WORKOUT,
	SECONDS,
	STATIONARY_BIKE,
	WORKOUT_SUB_TYPES,
	WORKOUT_TITLES
} from './apple-mappings';
import {
	ACTIVE_ENERGY,
	BASAL_ENERGY,
	DISTANCE,
	MinuteLedger,
	STEPS,
	type DayWorkouts
} from './apple-moves';
import { buildSleeps, SLEEP_STAGES, type SleepSample } from './apple-sleeps';
import type { Collector } from './collector';
import { notImportedName } from './not-imported';
import { EARLIEST_RECORD, isPlausible, percentOf, PLAUSIBLE, type Range } from './plausible';
import {
	gmtZone,
	localDateAt,
	parseHealthDate,
	round,
	withThousands,
	type HealthInstant
} from './health-time';
import { SourceRanking } from './sources';
import { ImportError, type ImportZone } from './types';
import { importXid } from './xid';
import { ZoneNamer, type DeviceZone } from './zone-names';

const MOVE_METRICS: Readonly<
	Record<string, { metric: number; units: Readonly<Record<string, number>> }>
> = {
	HKQuantityTypeIdentifierStepCount: { metric: STEPS, units: { count: 1 } },
	HKQuantityTypeIdentifierDistanceWalkingRunning: { metric: DISTANCE, units: METERS },
	HKQuantityTypeIdentifierActiveEnergyBurned: { metric: ACTIVE_ENERGY, units: KILOCALORIES },
	HKQuantityTypeIdentifierBasalEnergyBurned: { metric: BASAL_ENERGY, units: KILOCALORIES }
};

type BodyField = 'weight' | 'body_fat' | 'lean_kg' | 'bmi';
const BODY_TYPES: Readonly<Record<string, BodyField>> = {
	HKQuantityTypeIdentifierBodyMass: 'weight',
	HKQuantityTypeIdentifierBodyFatPercentage: 'body_fat',
	HKQuantityTypeIdentifierLeanBodyMass: 'lean_kg',
	HKQuantityTypeIdentifierBodyMassIndex: 'bmi'
};

const DIETARY_TYPES: Readonly<Record<string, Nutrient>> = {
	HKQuantityTypeIdentifierDietaryEnergyConsumed: 'calories',
	HKQuantityTypeIdentifierDietaryProtein: 'protein',
	HKQuantityTypeIdentifierDietaryCarbohydrates: 'carbohydrate',
	HKQuantityTypeIdentifierDietaryFatTotal: 'fat',
	HKQuantityTypeIdentifierDietaryFiber: 'fiber',
	HKQuantityTypeIdentifierDietarySugar: 'sugar',
	HKQuantityTypeIdentifierDietarySodium: 'sodium'
};

/**
 * The longest single XML token the reader takes, in characters: an attribute value (a whole tag,
 * in fact), a comment, a run of text, a CDATA section, a doctype. saxes gathers a token whole
 * before it reports it; an export's longest is its doctype (about 10 KB), so a token past this cap
 * is a damaged or hostile file, refused as soon as the cap is passed, having held no more of it.
 */
export const XML_TOKEN_LIMIT = 1 << 20;

const SLEEP_TYPE = 'HKCategoryTypeIdentifierSleepAnalysis';
const RESTING_HEART_RATE = 'HKQuantityTypeIdentifierRestingHeartRate';
const SYSTOLIC = 'HKQuantityTypeIdentifierBloodPressureSystolic';
const DIASTOLIC = 'HKQuantityTypeIdentifierBloodPressureDiastolic';
/** Correlations whose records are read one by one (they also appear on their own). */
const READ_CORRELATIONS = new Set([
	'HKCorrelationTypeIdentifierBloodPressure',
	'HKCorrelationTypeIdentifierFood'
]);
/** Elements of an export besides records and workouts, none of which the API has a place for. */
const OTHER_ELEMENTS = new Set([
	'ActivitySummary',
	'ClinicalRecord',
	'Audiogram',
	'VisionPrescription'
]);

/** "0–100 %": a range as the summary's reasons say it. */
const rangeText = (range: Range, unit: string) =>
	`${withThousands(range.min)}–${withThousands(range.max)}${unit}`;
const SKIP = {
	weight: `weights outside ${rangeText(PLAUSIBLE.weight, ' kg')}`,
	body_fat: `body-fat readings outside ${rangeText(PLAUSIBLE.body_fat, ' %')}`,
	lean_mass: 'lean-mass readings above the weight',
	bmi: `BMI readings outside ${rangeText(PLAUSIBLE.bmi, '')}`,
	restingHeartRate: `resting heart rates outside ${rangeText(PLAUSIBLE.heart_rate, ' bpm')}`,
	pressure: `blood-pressure readings outside ${rangeText(PLAUSIBLE.systolic, '')} / ${rangeText(PLAUSIBLE.diastolic, ' mmHg')}`,
	halfPressure: 'blood-pressure readings with only one of the two values',
	early: 'records dated before 2000 (a clock that was never set)'
} as const;

interface OpenElement {
	attributes: Record<string, string>;
	metadata: Record<string, string>;
	statistics: Record<string, string>[];
	line: number;
	column: number;
}

/** Where the parser last reported a token, and the tag it was inside of (null: none). */
interface TokenMark {
	position: number;
	line: number;
	column: number;
	tag: string | null;
}

interface WorkoutSample {
	start: HealthInstant;
	end: number;
	subType: number;
	seconds: number;
	meters: number | null;
	kcal: number | null;
	source: number;
}

interface BodySample {
	at: HealthInstant;
	field: BodyField;
	value: number;
	source: number;
}

interface PressureSample {
	at: HealthInstant;
	systolic: number | null;
	diastolic: number | null;
	source: number;
}

interface DietarySample {
	at: HealthInstant;
	nutrient: Nutrient;
	value: number;
	source: number;
	food: string | null;
}

/**
 * Reads an export chunk by chunk. Move quantities go into a minute ledger as they arrive; the
 * rarer kinds (sleep samples, workouts, heart rates, body and food samples) are kept as small
 * samples until the end, because the export lists records by type, not by day, and a day's
 * records can only be joined once the file has been read.
 */
export class AppleHealthReader {
	readonly #parser: SaxesParser;
	readonly #decoder = new TextDecoder('utf-8', { fatal: true });
	readonly #fileName: string;
	readonly #ranking = new SourceRanking();
	readonly #ledger: MinuteLedger;
	readonly #sleeps: SleepSample[] = [];
	readonly #workouts: WorkoutSample[] = [];
	readonly #heartRates = new Map<number, { at: HealthInstant; bpm: number; source: number }>();
	readonly #body: BodySample[] = [];
	readonly #dietary: DietarySample[] = [];
	readonly #dietaryKeys = new Set<string>();
	readonly #pressure = new Map<string, PressureSample>();
	readonly #notImported = new Map<string, number>();
	readonly #skipped = new Map<string, number>();
	#open: OpenElement | null = null;
	#sawHealthData = false;
	/** Correlations open around the parser: the records inside one also appear on their own. */
	#inCorrelation = 0;
	/** Records dated after this (epoch seconds) are skipped: the export's date, or now. */
	#limit: number;
	#limitReason: string;
	/** The latest record's start, and the latest one that named its device's zone. */
	#latest: HealthInstant | null = null;
	/** Every zone a record's device named (HKTimeZone), with the record's time. */
	readonly #deviceZones: DeviceZone[] = [];
	#zoneNamer: ZoneNamer | null = null;
	/** Where the parser last reported something: a token since then is still being gathered. */
	readonly #mark: TokenMark = { position: 0, line: 1, column: 0, tag: null };

	constructor(fileName: string, nowMs: number = Date.now()) {
		this.#fileName = fileName;
		this.#limit = Math.floor(nowMs / 1000);
		this.#limitReason = 'records dated in the future';
		this.#ledger = new MinuteLedger(this.#ranking);
		this.#parser = new SaxesParser({ xmlns: false, position: true, fileName });
		// Three handlers only: each one set is a property added to the parser, and past a few
		// V8 stops optimising its hot loop (eight made the parse five times slower). Comments, a
		// doctype or CDATA need none: the gap since the last tag covers them.
		this.#parser.on('opentagstart', (tag) => this.#setMark(tag.name));
		this.#parser.on('opentag', (tag) => this.#openTag(tag));
		this.#parser.on('closetag', (tag) => this.#closeTag(tag));
	}

	/** Notes where a tag ended (or, inside a tag, where its name ended). */
	#setMark(tag: string | null): void {
		const parser = this.#parser;
		const mark = this.#mark;
		mark.position = parser.position;
		mark.line = parser.line;
		mark.column = parser.column;
		mark.tag = tag;
	}

	/** Refuses a token that has grown past XML_TOKEN_LIMIT since the parser last reported a tag. */
	#checkTokenLength(): void {
		const mark = this.#mark;
		if (this.#parser.position - mark.position <= XML_TOKEN_LIMIT) return;
		const limit = withThousands(XML_TOKEN_LIMIT);
		const where = `${this.#fileName} line ${mark.line}, column ${mark.column}`;
		throw new ImportError(
			mark.tag === null
				? `${where}: a comment, text, CDATA section or doctype longer than ${limit} characters starts after here (a damaged file, or not an Apple Health export)`
				: `${where}: <${mark.tag}>: an attribute longer than ${limit} characters (a damaged file, or not an Apple Health export)`
		);
	}

	write(chunk: Uint8Array): void {
		let text: string;
		try {
			text = this.#decoder.decode(chunk, { stream: true });
		} catch {
			throw new ImportError(
				`${this.#fileName} line ${this.#parser.line}: the file is not UTF-8 text`
			);
		}
		this.#parse(() => this.#parser.write(text));
		this.#checkTokenLength();
	}

	end(): void {
		try {
			this.#parse(() => this.#parser.close());
		} catch (error) {
			// The parser's complaint at the end ("unclosed tag: HealthData") means the file stops
			// short of its last line: an incomplete download or copy, far more often than a bug.
			if (this.#sawHealthData && error instanceof ImportError)
				throw new ImportError(
					`${this.#fileName}: the file ends at line ${this.#parser.line} before </HealthData>: it looks cut off (an incomplete download or copy?). Export it again, or copy the whole file.`
				);
			throw error;
		}
		if (!this.#sawHealthData)
			throw new ImportError(
				`${this.#fileName}: no <HealthData> element: not an Apple Health export`
			);
	}

	#parse(step: () => unknown): void {
		try {
			step();
		} catch (error) {
			if (error instanceof ImportError) throw error;
			// saxes writes "file:line:column: what"; say it the way every other error does.
			const message = error instanceof Error ? error.message : String(error);
			const position = /^(.*):(\d+):(\d+): (.*)$/s.exec(message);
			throw new ImportError(
				position
					? `${position[1]} line ${position[2]}, column ${position[3]}: ${position[4]}`
					: message
			);
		}
	}

	#fail(element: OpenElement, name: string, message: string): never {
		const type = element.attributes.type ?? element.attributes.workoutActivityType;
		throw new ImportError(
			`${this.#fileName} line ${element.line}, column ${element.column}: <${name}${type ? ` type="${type}"` : ''}>: ${message}`
		);
	}

	#openTag(tag: SaxesTagPlain): void {
		this.#setMark(null);
		switch (tag.name) {
			case 'HealthData':
				this.#sawHealthData = true;
				return;
			case 'ExportDate': {
				const exported = parseHealthDate(tag.attributes.value ?? '');
				if (exported && exported.epoch < this.#limit) {
					this.#limit = exported.epoch;
					this.#limitReason = `records dated after the export was made (${tag.attributes.value ?? ''})`;
				}
				return;
			}
			case 'Correlation': {
				const type = tag.attributes.type ?? '';
				if (this.#inCorrelation === 0 && !READ_CORRELATIONS.has(type)) this.#countNotImported(type);
				this.#inCorrelation++;
				return;
			}
			case 'Record':
			case 'Workout':
				this.#open = {
					attributes: tag.attributes,
					metadata: {},
					statistics: [],
					line: this.#parser.line,
					column: this.#parser.column
				};
				return;
			case 'MetadataEntry': {
				const { key, value } = tag.attributes;
				if (this.#open && key !== undefined && value !== undefined)
					this.#open.metadata[key] = value;
				return;
			}
			case 'WorkoutStatistics':
				this.#open?.statistics.push(tag.attributes);
				return;
			default:
				if (OTHER_ELEMENTS.has(tag.name)) this.#countNotImported(tag.name);
		}
	}

	#countNotImported(type: string): void {
		const name = notImportedName(type);
		this.#notImported.set(name, (this.#notImported.get(name) ?? 0) + 1);
	}

	#skip(reason: string): void {
		this.#skipped.set(reason, (this.#skipped.get(reason) ?? 0) + 1);
	}

	/**
	 * Whether a record dated `start` is kept: not after the export was made (or after now), not
	 * before 2000. A kept one may be the latest, whose offset (or device zone) is the person's.
	 */
	#accept(element: OpenElement, start: HealthInstant): boolean {
		if (start.epoch > this.#limit) {
			this.#skip(this.#limitReason);
			return false;
		}
		if (start.epoch < EARLIEST_RECORD) {
			this.#skip(SKIP.early);
			return false;
		}
		if (this.#latest === null || start.epoch >= this.#latest.epoch) this.#latest = start;
		const zone = element.metadata.HKTimeZone;
		if (zone !== undefined && isValidTz(zone))
			this.#deviceZones.push({ epoch: start.epoch, tz: zone });
		return true;
	}

	/** The zones the device named, as one namer for every record built (see zone-names.ts). */
	get #namer(): ZoneNamer {
		this.#zoneNamer ??= new ZoneNamer(this.#deviceZones);
		return this.#zoneNamer;
	}

	/**
	 * The person's zone at the export's latest record: the zone its device named (HKTimeZone) when
	 * that zone had the record's offset then, else the offset itself (`GMT+0100`).
	 */
	zone(): (ImportZone & { asOf: number }) | null {
		const latest = this.#latest;
		if (latest === null) return null;
		const tz = this.#namer.name(latest.epoch, latest.offset);
		const basis = tz === gmtZone(latest.offset) ? 'offsets' : 'device';
		return { tz, basis, asOf: latest.epoch };
	}

	/** Records of kinds the API has no place for, by name. */
	get notImported(): Record<string, number> {
		return Object.fromEntries(this.#notImported);
	}

	#closeTag(tag: SaxesTagPlain): void {
		this.#setMark(null);
		if (tag.name === 'Correlation') this.#inCorrelation = Math.max(0, this.#inCorrelation - 1);
		const open = this.#open;
		if (!open) return;
		if (tag.name === 'Record') {
			this.#open = null;
			this.#record(open);
		} else if (tag.name === 'Workout') {
			this.#open = null;
			this.#workout(open);
		}
	}

	#instant(element: OpenElement, name: string, attribute: string): HealthInstant {
		const text = element.attributes[attribute];
		if (text === undefined) this.#fail(element, name, `${attribute} is missing`);
		const instant = parseHealthDate(text);
		if (!instant)
			this.#fail(
				element,
				name,
				`${attribute} "${text}" is not a date like 2024-03-31 01:59:00 +0100`
			);
		return instant;
	}

	#number(element: OpenElement, name: string, attribute: string, text: string | undefined): number {
		if (text === undefined) this.#fail(element, name, `${attribute} is missing`);
		const value = Number(text);
		if (text.trim() === '' || !Number.isFinite(value))
			this.#fail(element, name, `${attribute} "${text}" is not a number`);
		return value;
	}

	#factor(
		element: OpenElement,
		name: string,
		units: Readonly<Record<string, number>>,
		unit: string | undefined
	): number {
		const factor = unit === undefined ? undefined : units[unit];
		if (factor === undefined)
			this.#fail(element, name, `unit "${unit ?? ''}" is not one the importer knows here`);
		return factor;
	}

	#source(element: OpenElement): number {
		return this.#ranking.idOf(element.attributes.sourceName ?? '', element.attributes.device);
	}

	#record(element: OpenElement): void {
		const type = element.attributes.type ?? '';
		const move = MOVE_METRICS[type];
		if (move) {
			const start = this.#instant(element, 'Record', 'startDate');
			const end = this.#instant(element, 'Record', 'endDate');
			if (end.epoch < start.epoch) this.#fail(element, 'Record', 'endDate is before startDate');
			const factor = this.#factor(element, 'Record', move.units, element.attributes.unit);
			const value = this.#number(element, 'Record', 'value', element.attributes.value) * factor;
			if (!this.#accept(element, start)) return;
			this.#ledger.add(
				move.metric,
				start.epoch,
				end.epoch,
				value,
				this.#source(element),
				start.offset
			);
			return;
		}
		if (type === SLEEP_TYPE) {
			const start = this.#instant(element, 'Record', 'startDate');
			const end = this.#instant(element, 'Record', 'endDate');
			if (end.epoch < start.epoch) this.#fail(element, 'Record', 'endDate is before startDate');
			const stage = SLEEP_STAGES[element.attributes.value ?? ''];
			if (!stage)
				this.#fail(
					element,
					'Record',
					`value "${element.attributes.value ?? ''}" is no sleep stage`
				);
			if (!this.#accept(element, start)) return;
			this.#sleeps.push({
				start: start.epoch,
				end: end.epoch,
				endOffset: end.offset,
				stage,
				source: this.#source(element)
			});
			return;
		}
		if (type === RESTING_HEART_RATE) {
			const at = this.#instant(element, 'Record', 'startDate');
			const bpm = Math.round(this.#number(element, 'Record', 'value', element.attributes.value));
			if (!this.#accept(element, at)) return;
			if (!isPlausible('heart_rate', bpm)) {
				this.#skip(SKIP.restingHeartRate);
				return;
			}
			const source = this.#source(element);
			const held = this.#heartRates.get(at.epoch);
			if (!held || this.#ranking.prefers(source, held.source))
				this.#heartRates.set(at.epoch, { at, bpm, source });
			return;
		}
		if (type === SYSTOLIC || type === DIASTOLIC) {
			this.#pressureSample(element, type === SYSTOLIC ? 'systolic' : 'diastolic');
			return;
		}
		const field = BODY_TYPES[type];
		if (field) {
			const at = this.#instant(element, 'Record', 'startDate');
			const raw = this.#number(element, 'Record', 'value', element.attributes.value);
			const unit = element.attributes.unit;
			let value: number;
			if (field === 'weight' || field === 'lean_kg')
				value = raw * this.#factor(element, 'Record', KILOGRAMS, unit);
			else if (field === 'body_fat') value = unit === '%' ? percentOf(raw) : raw;
			else value = raw;
			if (!this.#accept(element, at)) return;
			const check = field === 'lean_kg' ? 'weight' : field;
			if (!isPlausible(check, value)) {
				this.#skip(SKIP[check]);
				return;
			}
			this.#body.push({ at, field, value, source: this.#source(element) });
			return;
		}
		const nutrient = DIETARY_TYPES[type];
		if (nutrient) {
			// A food's samples appear on their own and again inside its <Correlation>: once only.
			const { startDate, endDate, sourceName } = element.attributes;
			const key = `${type}|${startDate}|${endDate}|${element.attributes.value}|${sourceName}`;
			if (this.#dietaryKeys.has(key)) return;
			this.#dietaryKeys.add(key);
			const at = this.#instant(element, 'Record', 'startDate');
			const raw = this.#number(element, 'Record', 'value', element.attributes.value);
			const unit = element.attributes.unit;
			const value =
				nutrient === 'calories'
					? raw * this.#factor(element, 'Record', KILOCALORIES, unit)
					: nutrient === 'sodium'
						? raw * this.#factor(element, 'Record', GRAMS, unit) * 1000
						: raw * this.#factor(element, 'Record', GRAMS, unit);
			if (!this.#accept(element, at)) return;
			this.#dietary.push({
				at,
				nutrient,
				value,
				source: this.#source(element),
				food: element.metadata.HKFoodType ?? null
			});
			return;
		}
		// A record inside a correlation also appears on its own: counted there.
		if (this.#inCorrelation === 0) this.#countNotImported(type);
	}

	/**
	 * One half of a blood-pressure reading. Health writes the two values as records of their own
	 * (and again inside their <Correlation>): the values one source took at one instant pair up.
	 */
	#pressureSample(element: OpenElement, half: 'systolic' | 'diastolic'): void {
		const at = this.#instant(element, 'Record', 'startDate');
		const factor = this.#factor(element, 'Record', MMHG, element.attributes.unit);
		const value = this.#number(element, 'Record', 'value', element.attributes.value) * factor;
		if (!this.#accept(element, at)) return;
		const source = this.#source(element);
		const key = `${at.epoch}|${source}`;
		const sample = this.#pressure.get(key) ?? { at, systolic: null, diastolic: null, source };
		sample[half] = Math.round(value);
		this.#pressure.set(key, sample);
	}

	#workout(element: OpenElement): void {
		const start = this.#instant(element, 'Workout', 'startDate');
		const end = this.#instant(element, 'Workout', 'endDate');
		if (end.epoch < start.epoch) this.#fail(element, 'Workout', 'endDate is before startDate');
		const activity = element.attributes.workoutActivityType ?? '';
		let subType = WORKOUT_SUB_TYPES[activity] ?? OTHER_WORKOUT;
		if (subType === 14 && element.metadata.HKIndoorWorkout === '1') subType = STATIONARY_BIKE;
		const duration = element.attributes.duration;
		const seconds =
			duration === undefined
				? end.epoch - start.epoch
				: this.#number(element, 'Workout', 'duration', duration) *
					this.#factor(element, 'Workout', SECONDS, element.attributes.durationUnit ?? 'min');
		let meters: number | null = null;
		let kcal: number | null = null;
		const { totalDistance, totalEnergyBurned } = element.attributes;
		if (totalDistance !== undefined)
			meters =
				this.#number(element, 'Workout', 'totalDistance', totalDistance) *
				this.#factor(element, 'Workout', METERS, element.attributes.totalDistanceUnit);
		if (totalEnergyBurned !== undefined)
			kcal =
				this.#number(element, 'Workout', 'totalEnergyBurned', totalEnergyBurned) *
				this.#factor(element, 'Workout', KILOCALORIES, element.attributes.totalEnergyBurnedUnit);
		if (!this.#accept(element, start)) return;
		// Newer exports put the totals in <WorkoutStatistics> children instead of attributes.
		for (const statistic of element.statistics) {
			const type = statistic.type ?? '';
			if (statistic.sum === undefined) continue;
			if (meters === null && type.startsWith('HKQuantityTypeIdentifierDistance'))
				meters =
					this.#number(element, 'Workout', 'WorkoutStatistics sum', statistic.sum) *
					this.#factor(element, 'Workout', METERS, statistic.unit);
			if (kcal === null && type === 'HKQuantityTypeIdentifierActiveEnergyBurned')
				kcal =
					this.#number(element, 'Workout', 'WorkoutStatistics sum', statistic.sum) *
					this.#factor(element, 'Workout', KILOCALORIES, statistic.unit);
		}
		this.#workouts.push({
			start,
			end: end.epoch,
			subType,
			seconds: Math.round(seconds),
			meters,
			kcal,
			source: this.#source(element)
		});
	}

	/** Lets go of the scratch file of the minute ledger; call it once, whatever happened. */
	close(): void {
		this.#ledger.close();
	}

	/** Builds and hands over every record, once the whole file has been read. */
	async finish(collector: Collector): Promise<void> {
		for (const [reason, count] of this.#skipped) collector.skip(reason, count);
		const namer = this.#namer;
		const byDay = new Map<number, DayWorkouts>();
		for (const workout of this.#distinctWorkouts()) {
			const record = workoutRecord(workout, namer);
			const day = byDay.get(record.date) ?? { count: 0, seconds: 0, calories: 0, longest: 0 };
			day.count++;
			day.seconds += workout.seconds;
			day.calories += workout.kcal ?? 0;
			day.longest = Math.max(day.longest, workout.seconds);
			byDay.set(record.date, day);
			await collector.add({ kind: 'workouts', record });
		}
		for (const { move, ticks } of this.#ledger.moves(byDay, namer))
			await collector.add({ kind: 'moves', record: move, ticks });
		const skip = (reason: string) => collector.skip(reason);
		for (const { record, ticks } of buildSleeps(this.#sleeps, this.#ranking, skip, namer))
			await collector.add({ kind: 'sleeps', record, ticks });
		const heartRates = [...this.#heartRates.values()].sort((a, b) => a.at.epoch - b.at.epoch);
		for (const { at, bpm } of heartRates)
			await collector.add({ kind: 'heartrates', record: heartRateRecord(at, bpm, namer) });
		for (const record of bodyRecords(this.#body, this.#ranking, skip, namer))
			await collector.add({ kind: 'body_events', record });
		for (const record of mealRecords(this.#dietary, namer))
			await collector.add({ kind: 'meals', record });
		for (const record of pressureRecords(this.#pressure.values(), this.#ranking, skip, namer))
			await collector.add({ kind: 'cardiac_events', record });
	}

	/**
	 * One workout where phone and watch both logged it: of two workouts overlapping for more than
	 * half of the shorter one, the higher-ranked source's is kept.
	 */
	#distinctWorkouts(): WorkoutSample[] {
		const sorted = [...this.#workouts].sort((a, b) => a.start.epoch - b.start.epoch);
		const kept: WorkoutSample[] = [];
		for (const workout of sorted) {
			const rival = kept.find((other) => {
				const overlap =
					Math.min(other.end, workout.end) - Math.max(other.start.epoch, workout.start.epoch);
				const shorter = Math.min(other.end - other.start.epoch, workout.end - workout.start.epoch);
				return overlap > 0 && overlap * 2 >= shorter;
			});
			if (!rival) kept.push(workout);
			else if (this.#ranking.prefers(workout.source, rival.source))
				kept.splice(kept.indexOf(rival), 1, workout);
		}
		return kept;
	}
}

function workoutRecord(workout: WorkoutSample, namer: ZoneNamer): Workout {
	const { start, end, subType } = workout;
	const meters = workout.meters === null ? null : Math.round(workout.meters);
	return {
		xid: importXid('apple_health', 'workout', start.epoch, subType),
		title: WORKOUT_TITLES[subType] ?? 'Workout',
		type: 'workout',
		sub_type: subType,
		time_created: start.epoch,
		time_updated: end,
		time_completed: end,
		date: localDateAt(start.epoch, start.offset),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		route: null,
		image: null,
		snapshot_image: null,
		details: {
			time: workout.seconds,
			meters,
			km: meters === null ? null : meters / 1000,
			intensity: null,
			calories: workout.kcal === null ? null : Math.round(workout.kcal),
			bmr: null,
			tz: namer.name(start.epoch, start.offset),
			import_source: 'apple_health'
		}
	};
}

function heartRateRecord(at: HealthInstant, bpm: number, namer: ZoneNamer): HeartRate {
	return {
		xid: importXid('apple_health', 'heartrate', at.epoch),
		title: `${bpm} bpm`,
		time_created: at.epoch,
		time_updated: at.epoch,
		date: localDateAt(at.epoch, at.offset),
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		resting_heartrate: bpm,
		details: { tz: namer.name(at.epoch, at.offset), import_source: 'apple_health' }
	};
}

/**
 * Body events: the measurements taken at one instant form one event (a scale writes weight, fat
 * and BMI together). Lean mass arrives in kilograms and the API wants a percentage of weight: it
 * is divided by the weight of the same event, or by the latest earlier weight.
 */
function bodyRecords(
	samples: readonly BodySample[],
	ranking: SourceRanking,
	skip: (reason: string) => void,
	namer: ZoneNamer
): BodyEvent[] {
	const events = new Map<number, { at: HealthInstant; fields: Map<BodyField, BodySample> }>();
	for (const sample of samples) {
		let event = events.get(sample.at.epoch);
		if (!event) {
			event = { at: sample.at, fields: new Map() };
			events.set(sample.at.epoch, event);
		}
		const held = event.fields.get(sample.field);
		if (!held || ranking.prefers(sample.source, held.source))
			event.fields.set(sample.field, sample);
	}
	const records: BodyEvent[] = [];
	let lastWeight: number | null = null;
	for (const { at, fields } of [...events.values()].sort((a, b) => a.at.epoch - b.at.epoch)) {
		const weight = fields.get('weight')?.value ?? null;
		if (weight !== null) lastWeight = weight;
		const leanKg = fields.get('lean_kg')?.value ?? null;
		const fat = fields.get('body_fat')?.value ?? null;
		const bmi = fields.get('bmi')?.value ?? null;
		let lean =
			leanKg !== null && lastWeight !== null ? round((leanKg / lastWeight) * 100, 2) : null;
		if (lean !== null && !isPlausible('lean_mass', lean)) {
			skip(SKIP.lean_mass);
			lean = null;
		}
		records.push({
			xid: importXid('apple_health', 'body', at.epoch),
			title: weight === null ? 'Body measurement' : `${round(weight, 1)} kg`,
			type: 'body',
			time_created: at.epoch,
			time_updated: at.epoch,
			date: localDateAt(at.epoch, at.offset),
			place_lat: null,
			place_lon: null,
			place_acc: null,
			place_name: null,
			note: null,
			lean_mass: lean,
			weight: weight === null ? null : round(weight, 3),
			body_fat: fat === null ? null : round(fat, 2),
			bmi: bmi === null ? null : round(bmi, 2),
			details: { tz: namer.name(at.epoch, at.offset), import_source: 'apple_health' }
		});
	}
	return records;
}

/**
 * Blood-pressure readings as the API's cardiac events (v.1.0: the only records that carry blood
 * pressure), one per instant: of two sources measuring at one instant the higher-ranked one's. A
 * reading needs both values, within what the API's own write accepts.
 */
function pressureRecords(
	samples: Iterable<PressureSample>,
	ranking: SourceRanking,
	skip: (reason: string) => void,
	namer: ZoneNamer
): CardiacEventV10[] {
	const byInstant = new Map<number, PressureSample>();
	for (const sample of samples) {
		const { systolic, diastolic } = sample;
		if (systolic === null || diastolic === null) {
			skip(SKIP.halfPressure);
			continue;
		}
		if (!isPlausible('systolic', systolic) || !isPlausible('diastolic', diastolic)) {
			skip(SKIP.pressure);
			continue;
		}
		const held = byInstant.get(sample.at.epoch);
		if (!held || ranking.prefers(sample.source, held.source))
			byInstant.set(sample.at.epoch, sample);
	}
	return [...byInstant.values()]
		.sort((a, b) => a.at.epoch - b.at.epoch)
		.map(({ at, systolic, diastolic }) => ({
			xid: importXid('apple_health', 'pressure', at.epoch),
			title: `${systolic ?? 0}/${diastolic ?? 0}`,
			type: 'cardiac',
			time_created: at.epoch,
			time_updated: at.epoch,
			date: localDateAt(at.epoch, at.offset),
			systolic,
			diastolic,
			heart_rate: null,
			note: null,
			details: { tz: namer.name(at.epoch, at.offset), import_source: 'apple_health' }
		}));
}

const NO_NUTRIENTS: Readonly<Record<Nutrient, number | null>> = {
	calories: null,
	protein: null,
	carbohydrate: null,
	fat: null,
	fiber: null,
	sugar: null,
	sodium: null
};

const NUTRIENTS: readonly Nutrient[] = [
	'calories',
	'protein',
	'carbohydrate',
	'fat',
	'fiber',
	'sugar',
	'sodium'
];

/**
 * One meal per local day holding the day's food: the samples one app wrote at one instant form one
 * item (a food logged with its nutrients), named by the app's food name when it gave one.
 */
function mealRecords(samples: readonly DietarySample[], namer: ZoneNamer): MealWithItems[] {
	const days = new Map<number, Map<string, DietarySample[]>>();
	for (const sample of samples) {
		const date = localDateAt(sample.at.epoch, sample.at.offset);
		let items = days.get(date);
		if (!items) {
			items = new Map();
			days.set(date, items);
		}
		const key = `${sample.at.epoch}|${sample.source}`;
		const item = items.get(key);
		if (item) item.push(sample);
		else items.set(key, [sample]);
	}
	const meals: MealWithItems[] = [];
	for (const date of [...days.keys()].sort((a, b) => a - b)) {
		const groups = [...(days.get(date)?.values() ?? [])].sort(
			(a, b) =>
				(a[0]?.at.epoch ?? 0) - (b[0]?.at.epoch ?? 0) || (a[0]?.source ?? 0) - (b[0]?.source ?? 0)
		);
		const xid = importXid('apple_health', 'meal', date);
		const totals: Record<Nutrient, number | null> = { ...NO_NUTRIENTS };
		const items: MealItem[] = groups.map((group, index) => {
			const amounts: Record<Nutrient, number | null> = { ...NO_NUTRIENTS };
			for (const sample of group) {
				amounts[sample.nutrient] = (amounts[sample.nutrient] ?? 0) + sample.value;
			}
			for (const nutrient of NUTRIENTS) {
				const amount = amounts[nutrient];
				if (amount !== null) totals[nutrient] = (totals[nutrient] ?? 0) + amount;
			}
			return mealItem(`${xid}-${index}`, group[0]?.food ?? 'Food', amounts);
		});
		const first = groups[0]?.[0]?.at ?? { epoch: 0, offset: 0 };
		const last = groups[groups.length - 1]?.[0]?.at.epoch ?? first.epoch;
		const grams = (value: number | null) => (value === null ? null : round(value, 2));
		meals.push({
			xid,
			title: 'Food log',
			note: null,
			type: 'meal',
			sub_type: null,
			time_created: first.epoch,
			time_updated: last,
			time_completed: last,
			date,
			place_lat: null,
			place_lon: null,
			place_acc: null,
			place_name: null,
			details: {
				num_drinks: 0,
				num_foods: items.length,
				calories: totals.calories === null ? null : Math.round(totals.calories),
				fiber: grams(totals.fiber),
				protein: grams(totals.protein),
				fat: grams(totals.fat),
				carbohydrate: grams(totals.carbohydrate),
				saturated_fat: null,
				unsaturated_fat: null,
				polyunsaturated_fat: null,
				monounsaturated_fat: null,
				sugar: grams(totals.sugar),
				potassium: null,
				sodium: grams(totals.sodium),
				calcium: null,
				cholesterol: null,
				vitamin_c: null,
				vitamin_a: null,
				iron: null,
				tz: namer.name(first.epoch, first.offset),
				import_source: 'apple_health'
			},
			items: { items, size: items.length }
		});
	}
	return meals;
}
