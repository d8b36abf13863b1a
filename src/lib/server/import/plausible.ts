// The ranges the API's own write rules allow a value: an imported value outside them is no reading a device could give.
import { endpoints, WRITE_EPOCH_MIN } from '$lib/api/endpoints';

export interface Range {
	min: number;
	max: number;
}

/** The range of a field of a write endpoint, as the catalogue gives it to the store and the proxy. */
function writeRange(endpoint: string, field: string): Range {
	const spec = endpoints
		.find((candidate) => candidate.id === endpoint)
		?.body?.params.find((param) => param.name === field);
	if (spec?.min === undefined || spec.max === undefined)
		throw new Error(`the endpoint catalogue has no range for ${endpoint} ${field}`);
	return { min: spec.min, max: spec.max };
}

/**
 * Weight in kg, body fat and lean mass in percent, BMI, blood pressure in mmHg and a pulse in
 * beats per minute: what a weigh-in or a blood-pressure reading written to the API may hold.
 */
export const PLAUSIBLE = {
	weight: writeRange('body_events.create', 'weight'),
	body_fat: writeRange('body_events.create', 'body_fat'),
	lean_mass: writeRange('body_events.create', 'lean_mass'),
	bmi: writeRange('body_events.create', 'bmi'),
	systolic: writeRange('cardiac_events.create', 'systolic'),
	diastolic: writeRange('cardiac_events.create', 'diastolic'),
	heart_rate: writeRange('cardiac_events.create', 'heart_rate')
} as const;

export type PlausibleField = keyof typeof PLAUSIBLE;

export function isPlausible(field: PlausibleField, value: number): boolean {
	const range = PLAUSIBLE[field];
	return value >= range.min && value <= range.max;
}

/** The earliest time a write may carry (2000-01-01): earlier is a clock that was never set. */
export const EARLIEST_RECORD = WRITE_EPOCH_MIN;

/**
 * A percentage as the export writes it. Health writes body fat as a fraction with the unit "%"
 * (0.185 for 18.5 %), some apps the percentage itself (18.5 with "%"): a value of at most 1 is a
 * fraction, anything above is already a percentage.
 */
export function percentOf(raw: number): number {
	return raw <= 1 ? raw * 100 : raw;
}
