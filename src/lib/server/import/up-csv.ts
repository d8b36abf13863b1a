// The UP app's data export (a CSV, one row a day, columns named like the trends fields) → daily records.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { BodyEvent, MealWithItems, Move, Sleep } from '$lib/api/records';
import {
	addDays,
	dateIntFromString,
	isValidTz,
	localDateInt,
	startOfLocalDay
} from '$lib/time/zone';
import { mealItem } from './meal-item';
import type { Collector } from './collector';
import { hoursAndMinutes, round, withThousands } from './health-time';
import { Pace } from './pace';
import { isPlausible, PLAUSIBLE } from './plausible';
import { ImportError, type ImportZone } from './types';
import { importXid } from './xid';

/**
 * The longest record (one row, quoted line breaks included) and the longest field the reader
 * takes, in characters. A UP row is a few hundred characters of numbers; anything longer is an
 * unclosed quote or not a UP export, and is refused as soon as the cap is passed, having held no
 * more than the cap: a quote never closed, or a file without line breaks, cannot make the reader
 * hold the file.
 */
export const UP_RECORD_LIMIT = 65_536;
export const UP_FIELD_LIMIT = 4096;
/** csv-parse takes the input in slices this big, so the event loop gets a turn between them. */
const PARSE_SLICE = 1 << 16;

/** Cuts the input into slices, so no one call of the parser runs long. */
async function* sliced(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
	for await (const chunk of input)
		for (let start = 0; start < chunk.length; start += PARSE_SLICE)
			yield chunk.subarray(start, start + PARSE_SLICE);
}

/** The reader's message for what csv-parse refused, at the line the record started on. */
function csvFailure(error: CsvError, at: string): ImportError {
	switch (error.code) {
		case 'CSV_MAX_RECORD_SIZE':
			return new ImportError(
				`${at}: a record longer than ${withThousands(UP_RECORD_LIMIT)} characters starts here (a quote that is never closed, or not a UP data export)`
			);
		case 'CSV_QUOTE_NOT_CLOSED':
			return new ImportError(`${at}: a quoted field is never closed`);
		default:
			return new ImportError(`${at}: ${error.message}`);
	}
}

export interface UpCsvOptions {
	/** The zone of rows without a `tz` column. */
	tz: string;
	/** Whether the person gave that zone (else it is UTC for want of one). */
	given: boolean;
	/** Epoch ms: rows dated after that day are skipped. */
	nowMs: number;
}

const SKIP = {
	empty: 'rows with a date and no values',
	future: 'rows dated after today',
	weight: `weights outside ${PLAUSIBLE.weight.min}–${withThousands(PLAUSIBLE.weight.max)} kg`,
	body_fat: `body-fat readings outside ${PLAUSIBLE.body_fat.min}–${PLAUSIBLE.body_fat.max} %`
} as const;

/**
 * Reads the export record by record with csv-parse (RFC 4180 quoting: commas, doubled quotes and
 * line breaks inside quotes; CRLF or LF). Times of the night (`s_bedtime`, `s_asleep_time`,
 * `s_awake_time`) are seconds from the midnight that starts the row's date, as in trends; the
 * day's zone is the row's `tz` column when there is one, else `defaultTz`. The rows carry no
 * hourly or minute data: moves and sleeps are marked `details.daily_only = true`, with empty
 * `hourly_totals` and no ticks, so a view can say "no hourly detail for imported days".
 */
export async function readUpCsv(
	input: Readable,
	collector: Collector,
	fileName: string,
	options: UpCsvOptions
): Promise<{ zone: (ImportZone & { asOf: number }) | null }> {
	const defaultTz = options.tz;
	/** The zone of the latest row read, and what it came from. */
	let zone: (ImportZone & { asOf: number }) | null = null;
	/**
	 * The line the next record starts on: the one after the last record's end. Kept as the parser
	 * reads (it runs ahead of the rows handled), so a refusal names the line of the record it
	 * was reading.
	 */
	let nextLine = 1;
	/** The first line of each record parsed and not yet handled, in order. */
	const startLines: number[] = [];
	const parser = parse({
		bom: true,
		max_record_size: UP_RECORD_LIMIT,
		record_delimiter: ['\r\n', '\n'],
		relax_column_count: true,
		on_record: (fields, { lines }) => {
			startLines.push(nextLine);
			nextLine = lines + 1;
			return fields;
		}
	});
	let header: string[] | null = null;
	let previousWeight: number | null = null;
	let previousFat: number | null = null;
	const pace = new Pace();

	const readRows = async (rows: AsyncIterable<unknown>) => {
		for await (const row of rows) {
			const line = startLines.shift() ?? nextLine;
			const fields = Array.isArray(row)
				? row.filter((field): field is string => typeof field === 'string')
				: [];
			await readRow(fields, `${fileName} line ${line}`);
			await pace.breathe();
		}
	};

	const readRow = async (fields: string[], at: string) => {
		if (header === null) {
			header = fields.map((name) => name.trim().toLowerCase());
			if (!header.includes('date'))
				throw new ImportError(`${at}: no "date" column in the header: not a UP data export`);
			return;
		}
		const long = fields.findIndex((value) => value.length > UP_FIELD_LIMIT);
		if (long >= 0)
			throw new ImportError(
				`${at}: column ${header[long] ?? long + 1}: a value longer than ${withThousands(UP_FIELD_LIMIT)} characters`
			);
		if (fields.every((value) => value.trim() === '')) return;
		const dateColumn = header.indexOf('date');
		if (fields.every((value, i) => i === dateColumn || value.trim() === '')) {
			collector.skip(SKIP.empty);
			return;
		}
		if (fields.length !== header.length)
			throw new ImportError(
				`${at}: ${fields.length} fields where the header names ${header.length} columns`
			);
		const names = header;
		const row = new Map(names.map((name, i) => [name, (fields[i] ?? '').trim()]));
		/** A weight or body fat no scale could show is left out, and counted. */
		const plausible = (field: 'weight' | 'body_fat', value: number | null): number | null => {
			if (value === null || isPlausible(field, value)) return value;
			collector.skip(SKIP[field]);
			return null;
		};
		const num = (column: string): number | null => {
			const value = row.get(column);
			if (value === undefined || value === '') return null;
			const parsed = Number(value);
			if (!Number.isFinite(parsed))
				throw new ImportError(`${at}: column ${column}: "${value}" is not a number`);
			return parsed;
		};
		const date = dateIntFromString(row.get('date') ?? '');
		if (date === null)
			throw new ImportError(`${at}: column date: "${row.get('date') ?? ''}" is not a date`);
		const column = row.get('tz') ?? '';
		const tz = column || defaultTz;
		if (!isValidTz(tz)) throw new ImportError(`${at}: column tz: "${tz}" is not a time zone`);
		if (date > localDateInt(Math.floor(options.nowMs / 1000), tz)) {
			collector.skip(SKIP.future);
			return;
		}
		const midnight = startOfLocalDay(date, tz);
		if (zone === null || midnight >= zone.asOf)
			zone = {
				tz,
				basis: column !== '' ? 'column' : options.given ? 'given' : 'default',
				asOf: midnight
			};
		const nextMidnight = startOfLocalDay(addDays(date, 1), tz);

		const move = moveOf(date, tz, midnight, nextMidnight, num);
		if (move) await collector.add({ kind: 'moves', record: move, ticks: [] });

		const sleep = sleepOf(date, tz, midnight, num);
		if (sleep === 'unplaced') collector.skip('sleeps: s_duration without a bedtime or wake time');
		else if (sleep) await collector.add({ kind: 'sleeps', record: sleep, ticks: [] });

		// The export repeats the weight in effect on every row: an event is where it changes.
		const weight = plausible('weight', num('weight'));
		const fat = plausible('body_fat', num('body_fat'));
		if ((weight !== null && weight !== previousWeight) || (fat !== null && fat !== previousFat)) {
			await collector.add({ kind: 'body_events', record: bodyOf(date, tz, midnight, weight, fat) });
		}
		if (weight !== null) previousWeight = weight;
		if (fat !== null) previousFat = fat;

		const meal = mealOf(date, tz, midnight, num);
		if (meal) await collector.add({ kind: 'meals', record: meal });
	};

	try {
		// A refusal anywhere ends the pipeline: the input is no longer read.
		await pipeline(input, sliced, parser, readRows);
	} catch (error) {
		if (error instanceof CsvError) throw csvFailure(error, `${fileName} line ${nextLine}`);
		throw error;
	}
	if (header === null) throw new ImportError(`${fileName}: the file is empty`);
	return { zone };
}

type Num = (column: string) => number | null;
const int = (value: number | null) => (value === null ? null : Math.round(value));

function moveOf(
	date: number,
	tz: string,
	midnight: number,
	nextMidnight: number,
	num: Num
): Move | null {
	const steps = int(num('m_steps'));
	const distance = int(num('m_distance'));
	const activeTime = int(num('m_active_time'));
	const calories = num('m_calories');
	if (steps === null && distance === null && activeTime === null && calories === null) return null;
	const total = num('m_total_calories');
	return {
		xid: importXid('up_export', 'move', date),
		title: `${withThousands(steps ?? 0)} steps`,
		type: 'move',
		time_created: midnight,
		time_updated: nextMidnight,
		time_completed: nextMidnight,
		date,
		snapshot_image: null,
		details: {
			distance,
			km: distance === null ? null : distance / 1000,
			steps,
			active_time: activeTime,
			longest_active: int(num('m_lcat')),
			inactive_time: int(num('m_inactive_time')),
			longest_idle: int(num('m_lcit')),
			calories,
			bmr_day: total !== null && calories !== null ? round(total - calories, 1) : null,
			bmr: null,
			bg_calories: calories,
			wo_calories: null,
			wo_time: int(num('m_workout_time')),
			wo_active_time: null,
			wo_count: int(num('m_workout_count')),
			wo_longest: null,
			tz,
			hourly_totals: {},
			import_source: 'up_export',
			daily_only: true
		}
	};
}

function sleepOf(date: number, tz: string, midnight: number, num: Num): Sleep | 'unplaced' | null {
	const duration = int(num('s_duration'));
	if (duration === null || duration <= 0) return null;
	const bedtime = num('s_bedtime');
	const asleepTime = num('s_asleep_time');
	const awakeTime = num('s_awake_time');
	const bed =
		bedtime !== null
			? midnight + bedtime
			: awakeTime !== null
				? midnight + awakeTime - duration
				: null;
	if (bed === null) return 'unplaced';
	const wake = awakeTime !== null ? midnight + awakeTime : bed + duration;
	const light = int(num('s_light'));
	const deep = int(num('s_deep') ?? num('s_sound'));
	const rem = int(num('s_rem'));
	return {
		xid: importXid('up_export', 'sleep', date),
		title: `for ${hoursAndMinutes((light ?? 0) + (deep ?? 0) + (rem ?? 0))}`,
		type: 'sleep',
		sub_type: 0,
		time_created: Math.round(bed),
		time_completed: Math.round(wake),
		// The row's date is the night's date in the export: the wake date, as the API files nights.
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		snapshot_image: null,
		details: {
			smart_alarm_fire: 0,
			awake_time: Math.round(wake),
			asleep_time: Math.round(asleepTime !== null ? midnight + asleepTime : bed),
			awakenings: int(num('s_awakenings')),
			rem: rem ?? 0,
			light,
			deep,
			awake: int(num('s_awake')),
			duration: Math.round(wake - bed),
			tz,
			import_source: 'up_export',
			daily_only: true
		}
	};
}

function bodyOf(
	date: number,
	tz: string,
	midnight: number,
	weight: number | null,
	fat: number | null
): BodyEvent {
	return {
		xid: importXid('up_export', 'body', date),
		title: weight === null ? 'Body measurement' : `${round(weight, 1)} kg`,
		type: 'body',
		time_created: midnight,
		time_updated: midnight,
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		note: null,
		lean_mass: null,
		weight,
		body_fat: fat,
		bmi: null,
		details: { tz, import_source: 'up_export' }
	};
}

function mealOf(date: number, tz: string, midnight: number, num: Num): MealWithItems | null {
	const calories = num('e_calories');
	const nutrients = {
		carbohydrate: num('e_carbs'),
		protein: num('e_protein'),
		fat: num('e_fat'),
		saturated_fat: num('e_sat_fat'),
		unsaturated_fat: num('e_unsat_fat'),
		sugar: num('e_sugar'),
		fiber: num('e_fiber'),
		cholesterol: num('e_cholesterol'),
		calcium: num('e_calcium'),
		sodium: num('e_sodium')
	};
	if (calories === null || (calories === 0 && Object.values(nutrients).every((v) => !v)))
		return null;
	const xid = importXid('up_export', 'meal', date);
	const item = {
		...mealItem(`${xid}-0`, 'Day total', {
			calories,
			protein: nutrients.protein,
			carbohydrate: nutrients.carbohydrate,
			fat: nutrients.fat,
			fiber: nutrients.fiber,
			sugar: nutrients.sugar,
			sodium: nutrients.sodium
		}),
		saturated_fat: nutrients.saturated_fat,
		unsaturated_fat: nutrients.unsaturated_fat,
		cholesterol: nutrients.cholesterol,
		calcium: nutrients.calcium
	};
	return {
		xid,
		title: 'Food log',
		note: null,
		type: 'meal',
		sub_type: null,
		time_created: midnight,
		time_updated: midnight,
		time_completed: midnight,
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		details: {
			num_drinks: 0,
			num_foods: 1,
			calories: Math.round(calories),
			fiber: nutrients.fiber,
			protein: nutrients.protein,
			fat: nutrients.fat,
			carbohydrate: nutrients.carbohydrate,
			saturated_fat: nutrients.saturated_fat,
			unsaturated_fat: nutrients.unsaturated_fat,
			polyunsaturated_fat: null,
			monounsaturated_fat: null,
			sugar: nutrients.sugar,
			potassium: null,
			sodium: nutrients.sodium,
			calcium: nutrients.calcium,
			cholesterol: nutrients.cholesterol,
			vitamin_c: null,
			vitamin_a: null,
			iron: null,
			tz,
			import_source: 'up_export'
		},
		items: { items: [item], size: 1 }
	};
}
