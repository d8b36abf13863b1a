// Apple Health's dates ("2024-03-31 01:59:00 +0100"): instants with the offset the device was in;
// and the small number rules every importer shares.
import type { HourTotals } from '$lib/api/move-tally';
import type { HourlyTotal } from '$lib/api/records';

export interface HealthInstant {
	/** Epoch seconds. */
	epoch: number;
	/** Minutes east of UTC the device's clock was at, as the export wrote it. */
	offset: number;
}

/** The value of `count` ASCII digits at `from`, or -1 when one of them is not a digit. */
function digits(text: string, from: number, count: number): number {
	let value = 0;
	for (let i = from; i < from + count; i++) {
		const digit = text.charCodeAt(i) - 48;
		if (digit < 0 || digit > 9) return -1;
		value = value * 10 + digit;
	}
	return value;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days since 1970-01-01 of a proleptic Gregorian date (integer arithmetic, no Date object). */
function daysFromCivil(year: number, month: number, day: number): number {
	const y = month <= 2 ? year - 1 : year;
	const era = Math.floor(y / 400);
	const yearOfEra = y - era * 400;
	const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
	const dayOfEra =
		yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
	return era * 146097 + dayOfEra - 719468;
}

/**
 * Parses an export date ("2024-03-31 01:59:00 +0100"), or null when the text is not one. Read
 * digit by digit: it runs twice for every record of a file that may hold millions.
 */
export function parseHealthDate(text: string): HealthInstant | null {
	if (
		text.length !== 25 ||
		text.charCodeAt(4) !== 45 ||
		text.charCodeAt(7) !== 45 ||
		text.charCodeAt(10) !== 32 ||
		text.charCodeAt(13) !== 58 ||
		text.charCodeAt(16) !== 58 ||
		text.charCodeAt(19) !== 32
	)
		return null;
	const year = digits(text, 0, 4);
	const month = digits(text, 5, 2);
	const day = digits(text, 8, 2);
	const hour = digits(text, 11, 2);
	const minute = digits(text, 14, 2);
	const second = digits(text, 17, 2);
	const signCode = text.charCodeAt(20);
	const sign = signCode === 45 ? -1 : signCode === 43 ? 1 : 0;
	const offsetHours = digits(text, 21, 2);
	const offsetMinutes = digits(text, 23, 2);
	if (year < 0 || sign === 0 || offsetHours < 0 || offsetMinutes < 0) return null;
	if (month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23) return null;
	if (minute < 0 || minute > 59 || second < 0 || second > 60) return null;
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	if (day > (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0))) return null;
	const offset = sign * (offsetHours * 60 + offsetMinutes);
	const wall = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
	return { epoch: wall - offset * 60, offset };
}

/**
 * The API's fixed-offset zone for an offset in minutes: `GMT+0100`. The export records offsets,
 * not zone names, and one offset fits many Olson zones, so the importer never guesses a name.
 */
export function gmtZone(offset: number): string {
	let zone = zones.get(offset);
	if (zone === undefined) {
		const sign = offset < 0 ? '-' : '+';
		const abs = Math.abs(offset);
		zone = `GMT${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
		zones.set(offset, zone);
	}
	return zone;
}
const zones = new Map<number, string>();

// Moves ask for the local date of every minute: one calendar conversion per day number serves them.
const datesOfDays = new Map<number, number>();

/** The local date `YYYYMMDD` at an instant for a fixed offset. */
export function localDateAt(epoch: number, offset: number): number {
	const dayNumber = Math.floor((epoch + offset * 60) / 86400);
	let date = datesOfDays.get(dayNumber);
	if (date === undefined) {
		const wall = new Date(dayNumber * 86_400_000);
		date = wall.getUTCFullYear() * 10000 + (wall.getUTCMonth() + 1) * 100 + wall.getUTCDate();
		if (datesOfDays.size > 100_000) datesOfDays.clear();
		datesOfDays.set(dayNumber, date);
	}
	return date;
}

/** The `YYYYMMDDHH` key of the local hour at an instant for a fixed offset. */
export function localHourKey(epoch: number, offset: number): string {
	const local = epoch + offset * 60;
	const hour = Math.floor((local - Math.floor(local / 86400) * 86400) / 3600);
	return `${localDateAt(epoch, offset)}${hour < 10 ? '0' : ''}${hour}`;
}

/** `12,345` */
export function withThousands(n: number): string {
	return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `7h 05m` */
export function hoursAndMinutes(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** Rounds to a fixed number of decimals so stored numbers stay short and stable. */
export function round(value: number, decimals: number): number {
	const factor = 10 ** decimals;
	return Math.round(value * factor) / factor;
}

/** Whole units per minute whose running sum matches the rounded running total (no drift). */
export function wholeUnits(values: readonly number[]): number[] {
	let sum = 0;
	let rounded = 0;
	return values.map((value) => {
		sum += value;
		const next = Math.round(sum);
		const share = next - rounded;
		rounded = next;
		return share;
	});
}

/** A move's hours as stored: each hour's calories to 3 decimals, the ticks' precision. */
export function roundedCalories(hourly: Record<string, HourTotals>): Record<string, HourlyTotal> {
	const rounded: Record<string, HourlyTotal> = {};
	for (const [key, hour] of Object.entries(hourly))
		rounded[key] = { ...hour, calories: round(hour.calories, 3) };
	return rounded;
}
