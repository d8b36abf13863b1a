// The moves' hourly totals in a month row: packed as numbers, unpacked per move on first read.
import type { HourlyTotal, Move } from '$lib/api';
import type { CachedRecord } from './schema';

/**
 * The fields of an hourly total, in the order they are packed. A move whose hourly totals hold
 * anything else (another field, a value that is not a number or null) stays whole in the JSON.
 */
const FIELDS = [
	'distance',
	'calories',
	'steps',
	'active_time',
	'inactive_time',
	'longest_active_time',
	'longest_idle_time'
] as const satisfies readonly (keyof HourlyTotal)[];

/** Numbers per hour: the key (`YYYYMMDDHH` as a number), then the fields. */
const STRIDE = 1 + FIELDS.length;

/** In the count slot: this move's hourly totals were not packed (they are in the JSON). */
const NOT_PACKED = -1;

/** Whether a key comes back the same from the number it is packed as ("0026…" would not). */
function packsExactly(key: string): boolean {
	return String(Number(key)) === key;
}

type HourlyTotals = Move['details']['hourly_totals'];

/** The hours to pack, or null when the totals hold anything a plain number array cannot. */
function packable(totals: unknown): [string, HourlyTotal][] | null {
	if (typeof totals !== 'object' || totals === null || Array.isArray(totals)) return null;
	const hours = Object.entries(totals as Record<string, unknown>);
	for (const [key, total] of hours) {
		if (!packsExactly(key) || typeof total !== 'object' || total === null) return null;
		const fields = Object.keys(total);
		if (fields.length !== FIELDS.length) return null;
		for (const field of FIELDS) {
			const value: unknown = (total as Record<string, unknown>)[field];
			// null packs as NaN, which no JSON number can be.
			if (value !== null && (typeof value !== 'number' || Number.isNaN(value))) return null;
		}
	}
	return hours as [string, HourlyTotal][];
}

export interface PackedMoves {
	/** The rows, each move without the hourly totals that went into `hourly`. */
	rows: CachedRecord<Move>[];
	/** Per row: the count of hours (or `NOT_PACKED`), then each hour's key and fields. */
	hourly: ArrayBuffer;
}

/**
 * Takes the hourly totals out of the moves into one array of numbers. A month of moves as JSON
 * is about 80% hourly totals, and parsing them (24 objects per day under integer-like keys) was
 * most of the time a page waited for its cached records; as numbers they are read as one block
 * and become objects only for the moves a page reads them from (`attachHourly`).
 */
export function packHourly(rows: readonly CachedRecord<Move>[]): PackedMoves {
	const hours = rows.map((row) => packable(row.record.details.hourly_totals));
	let size = rows.length;
	for (const packed of hours) size += (packed?.length ?? 0) * STRIDE;
	const numbers = new Float64Array(size);
	let at = 0;
	const out = rows.map((row, index) => {
		const packed = hours[index];
		if (!packed) {
			numbers[at++] = NOT_PACKED;
			return row;
		}
		numbers[at++] = packed.length;
		for (const [key, total] of packed) {
			numbers[at++] = Number(key);
			for (const field of FIELDS) numbers[at++] = total[field] ?? Number.NaN;
		}
		const { hourly_totals: _packed, ...details } = row.record.details;
		return { ...row, record: { ...row.record, details } as Move };
	});
	return { rows: out, hourly: numbers.buffer };
}

function orNull(n: number): number | null {
	return Number.isNaN(n) ? null : n;
}

/** The hourly totals of one move from its part of the packed numbers. */
function unpackHours(numbers: Float64Array, start: number, count: number): HourlyTotals {
	const totals: HourlyTotals = {};
	for (let hour = 0, at = start; hour < count; hour++, at += STRIDE) {
		totals[String(numbers[at])] = {
			distance: orNull(numbers[at + 1]!),
			calories: orNull(numbers[at + 2]!),
			steps: orNull(numbers[at + 3]!),
			active_time: orNull(numbers[at + 4]!),
			inactive_time: orNull(numbers[at + 5]!),
			longest_active_time: orNull(numbers[at + 6]!),
			longest_idle_time: orNull(numbers[at + 7]!)
		};
	}
	return totals;
}

/** Makes `hourly_totals` an ordinary data property holding `value`. */
function settle(details: Packed, value: unknown): void {
	Object.defineProperty(details, 'hourly_totals', {
		value,
		writable: true,
		enumerable: true,
		configurable: true
	});
	details[SLOT] = undefined;
}

/** Where in the numbers a move's hourly totals are, kept on its details until first read. */
const SLOT = Symbol('packed hourly totals');
interface Slot {
	numbers: Float64Array;
	start: number;
	count: number;
}
interface Packed {
	[SLOT]?: Slot | undefined;
}

/**
 * One accessor shared by every packed move, so that all their details objects keep one shape
 * (an accessor of its own per object would give each object a shape of its own).
 */
const LAZY_TOTALS: PropertyDescriptor = {
	get(this: Packed) {
		const slot = this[SLOT];
		const value = slot ? unpackHours(slot.numbers, slot.start, slot.count) : {};
		settle(this, value);
		return value;
	},
	set(this: Packed, value: unknown) {
		settle(this, value);
	},
	enumerable: true,
	configurable: true
};

/**
 * Gives back to the moves of `rows` (as parsed from a row that `packHourly` wrote) the hourly
 * totals it took out. Each move's `hourly_totals` is built from the numbers the first time it
 * is read, and is an ordinary property from then on (enumerable and writable as before, so
 * spreading, `JSON.stringify` and structured clone see it like any other). Returns false when
 * `hourly` does not fit the rows (the row is then read as damaged).
 */
export function attachHourly(rows: readonly CachedRecord<Move>[], hourly: ArrayBuffer): boolean {
	const numbers = new Float64Array(hourly);
	let at = 0;
	for (const row of rows) {
		if (at >= numbers.length) return false;
		const count = numbers[at++]!;
		if (count === NOT_PACKED) continue;
		const start = at;
		at += count * STRIDE;
		if (!Number.isInteger(count) || count < 0 || at > numbers.length) return false;
		const details = row.record.details;
		Object.defineProperty(details, SLOT, {
			value: { numbers, start, count } satisfies Slot,
			writable: true,
			enumerable: false,
			configurable: true
		});
		Object.defineProperty(details, 'hourly_totals', LAZY_TOTALS);
	}
	return at === numbers.length;
}
