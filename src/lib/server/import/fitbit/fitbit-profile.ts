// The person's zone and weight unit from a Fitbit archive's Profile.csv.
import { parse } from 'csv-parse/sync';
import * as z from 'zod/mini';
import { isValidTz } from '$lib/time/zone';

const profileRows = z.array(
	z.looseObject({ timezone: z.optional(z.string()), weight_unit: z.optional(z.string()) })
);

export interface FitbitProfile {
	/** An Olson zone the profile names, or null when it names none this server knows. */
	tz: string | null;
	/** The zone as written, when it is not one this server knows (for the message). */
	unknownTz: string | null;
	/** Kilograms per unit of the weights in `weight-*.json`, when the profile says. */
	kgPerWeightUnit: number | null;
}

/** Reads the first row of Profile.csv: its `timezone` and `weight_unit` columns. */
export function readFitbitProfile(text: string): FitbitProfile {
	const parsed = profileRows.safeParse(
		parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true })
	);
	const row = parsed.success ? parsed.data[0] : undefined;
	const zone = row?.timezone?.trim() ?? '';
	const unit = row?.weight_unit?.trim().toUpperCase() ?? '';
	return {
		tz: zone !== '' && isValidTz(zone) ? zone : null,
		unknownTz: zone !== '' && !isValidTz(zone) ? zone : null,
		kgPerWeightUnit: /POUND|LB|US/.test(unit)
			? 0.45359237
			: /STONE/.test(unit)
				? 6.35029318
				: /KILO|METRIC|KG/.test(unit)
					? 1
					: null
	};
}
