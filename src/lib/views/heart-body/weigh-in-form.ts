// The weigh-in form's fields: now in the person's zone to start with, and the checked weigh-in to log.
import type { NewWeighIn } from '$lib/client';
import { weightIn, type UnitSystem } from '$lib/metrics/units';
import {
	dateIntFromString,
	formatDateInt,
	parseDateInt,
	zonedParts,
	zonedToEpoch
} from '$lib/time/zone';
import { kilogramsOf, parseDecimal } from '$lib/views/goals/goal-form';

/** What the fields hold, as typed: weight in the person's unit, body fat in percent, a local date and 24-hour time. */
export interface WeighInDraft {
	weight: string;
	bodyFat: string;
	/** `YYYY-MM-DD` */
	date: string;
	/** `HH:MM` */
	time: string;
}

export type WeighInErrors = Partial<Record<keyof WeighInDraft, string>>;

export type WeighInCheck = { ok: true; weighIn: NewWeighIn } | { ok: false; errors: WeighInErrors };

/** A weigh-in in kilograms. */
export const WEIGHT_RANGE = { min: 20, max: 300 } as const;
export const BODY_FAT_RANGE = { min: 2, max: 75 } as const;
/** The earliest date a weigh-in may be logged for (the API takes nothing before 2000). */
const EARLIEST = 20000101;

/** An empty form set to now, on the clock of `tz`. */
export function weighInDraftAt(nowSec: number, tz: string): WeighInDraft {
	const now = zonedParts(nowSec, tz);
	const pad = (n: number) => String(n).padStart(2, '0');
	return {
		weight: '',
		bodyFat: '',
		date: formatDateInt(now.year * 10000 + now.month * 100 + now.day),
		time: `${pad(now.hour)}:${pad(now.minute)}`
	};
}

/**
 * Checks the fields: each wrong one gets a sentence. The date and time are read on the clock of
 * `tz` (the person's zone), never the browser's; a time after `nowSec` is refused.
 */
export function checkWeighIn(
	draft: WeighInDraft,
	system: UnitSystem,
	tz: string,
	nowSec: number
): WeighInCheck {
	const errors: WeighInErrors = {};
	const unit = weightIn(1, system).unit;
	const value = parseDecimal(draft.weight.trim());
	const kg = value === null ? null : kilogramsOf(value, system);
	const low = Math.round(weightIn(WEIGHT_RANGE.min, system).value);
	const high = Math.round(weightIn(WEIGHT_RANGE.max, system).value);
	if (draft.weight.trim() === '') errors.weight = 'Enter your weight.';
	else if (kg === null) errors.weight = `Enter your weight as a number of ${unit}.`;
	else if (kg < WEIGHT_RANGE.min || kg > WEIGHT_RANGE.max)
		errors.weight = `A weight is between ${low} and ${high} ${unit}.`;

	const fatText = draft.bodyFat.trim().replace(/%$/, '').trim();
	const fat = fatText === '' ? null : parseDecimal(fatText);
	if (fatText !== '' && fat === null)
		errors.bodyFat = 'Enter body fat as a percentage, or leave it empty.';
	else if (fat !== null && (fat < BODY_FAT_RANGE.min || fat > BODY_FAT_RANGE.max))
		errors.bodyFat = 'Body fat is between 2 and 75 %.';

	const date = dateIntFromString(draft.date.trim());
	const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(draft.time.trim());
	let time: number | null = null;
	if (date === null || date < EARLIEST) errors.date = 'Enter the date as YYYY-MM-DD.';
	if (clock === null) errors.time = 'Enter the time on a 24-hour clock, as 07:30.';
	if (date !== null && date >= EARLIEST && clock !== null) {
		const { year, month, day } = parseDateInt(date);
		time = zonedToEpoch(year, month, day, Number(clock[1]), Number(clock[2]), 0, tz);
		if (time > nowSec + 60) errors.time = 'A weigh-in cannot be logged for a time still to come.';
	}

	if (Object.keys(errors).length > 0 || kg === null || time === null) return { ok: false, errors };
	return {
		ok: true,
		weighIn: {
			weight: kg,
			...(fat === null ? {} : { body_fat: fat }),
			time_created: time,
			tz
		}
	};
}

/**
 * The weigh-in with what follows from it on its own date: BMI from the person's height (metres,
 * from the user record; none when it is not known), and lean mass as the percentage that is not
 * fat when body fat was given. Both to one decimal, as a scale reports them.
 */
export function withComposition(weighIn: NewWeighIn, heightM: number | null): NewWeighIn {
	const oneDecimal = (value: number) => Math.round(value * 10) / 10;
	const bmi =
		heightM !== null && Number.isFinite(heightM) && heightM > 0
			? oneDecimal(weighIn.weight / heightM ** 2)
			: undefined;
	const leanMass = weighIn.body_fat === undefined ? undefined : oneDecimal(100 - weighIn.body_fat);
	return {
		...weighIn,
		...(leanMass === undefined ? {} : { lean_mass: leanMass }),
		...(bmi === undefined ? {} : { bmi })
	};
}
