// Metric or imperial units from the user's settings, and the number formatters the UI shares.
import type { Settings } from '$lib/api';

export type UnitSystem = 'metric' | 'imperial';

const METERS_PER_MILE = 1609.344;
const KG_PER_POUND = 0.45359237;

/** The user's unit system: `metric` 1 is metric, 0 imperial; unknown (null, no settings) is metric. */
export function unitSystem(settings: Pick<Settings, 'metric'> | null | undefined): UnitSystem {
	return settings?.metric === 0 ? 'imperial' : 'metric';
}

export interface Quantity {
	value: number;
	unit: string;
}

/** Meters as km (metric) or miles (imperial). */
export function distanceIn(meters: number, system: UnitSystem): Quantity {
	return system === 'imperial'
		? { value: meters / METERS_PER_MILE, unit: 'mi' }
		: { value: meters / 1000, unit: 'km' };
}

/**
 * Rows with a `distance` in meters (hourly bins, minute ticks) with that distance in miles for
 * imperial users; the same rows for metric ones (the charts show meters and kilometers).
 */
export function distancesIn<T extends { distance: number | null }>(
	rows: readonly T[],
	system: UnitSystem
): readonly T[] {
	if (system === 'metric') return rows;
	return rows.map((row) => ({ ...row, distance: metersIn(row.distance, system) }));
}

/** A distance in meters as the charts show it: meters (metric) or miles (imperial). */
export function metersIn(meters: number | null, system: UnitSystem): number | null {
	return meters === null || system === 'metric' ? meters : meters / METERS_PER_MILE;
}

/** Kilograms as kg (metric) or pounds (imperial). */
export function weightIn(kilograms: number, system: UnitSystem): Quantity {
	return system === 'imperial'
		? { value: kilograms / KG_PER_POUND, unit: 'lb' }
		: { value: kilograms, unit: 'kg' };
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
	const key = `${locale}|${JSON.stringify(options)}`;
	let formatter = formatters.get(key);
	if (!formatter) {
		formatter = new Intl.NumberFormat(locale, options);
		formatters.set(key, formatter);
	}
	return formatter;
}

/** Shown for a missing value. */
export const MISSING = '–';

/** Seconds rounded to the minute: "7 h 32 min", "8 h", "45 min", "0 min", "-1 h 5 min"; null reads "–". */
export function formatDuration(seconds: number | null): string {
	if (seconds === null || !Number.isFinite(seconds)) return MISSING;
	const totalMinutes = Math.round(Math.abs(seconds) / 60);
	const sign = seconds < 0 && totalMinutes > 0 ? '-' : '';
	const hours = Math.floor(totalMinutes / 60);
	const minutes = totalMinutes % 60;
	if (hours === 0) return `${sign}${minutes} min`;
	return minutes === 0 ? `${sign}${hours} h` : `${sign}${hours} h ${minutes} min`;
}

/** Whole steps with grouping: 12,345 (en-GB). */
export function formatSteps(steps: number | null, locale = 'en-GB'): string {
	if (steps === null || !Number.isFinite(steps)) return MISSING;
	return numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(steps));
}

/**
 * A ratio as a percentage: 0.125 -> "13%" (0.125 -> "12.5%" with one fraction digit). `signed`
 * adds "+" to gains, for changes. A percentage already in percent (changePct) divides by 100 first.
 */
export function formatPercent(
	ratio: number | null,
	locale = 'en-GB',
	options: { fractionDigits?: number; signed?: boolean } = {}
): string {
	if (ratio === null || !Number.isFinite(ratio)) return MISSING;
	const digits = options.fractionDigits ?? 0;
	return numberFormat(locale, {
		style: 'percent',
		minimumFractionDigits: 0,
		maximumFractionDigits: digits,
		signDisplay: options.signed ? 'exceptZero' : 'auto'
	}).format(ratio);
}

/** Meters in the user's system: "8.4 km" or "5.2 mi", one decimal. */
export function formatDistance(
	meters: number | null,
	system: UnitSystem,
	locale = 'en-GB'
): string {
	if (meters === null || !Number.isFinite(meters)) return MISSING;
	const { value, unit } = distanceIn(meters, system);
	return `${numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value)} ${unit}`;
}
