// Numbers as the CSV export writes them (durations in minutes, rounded to their unit): tables use
// them too, so they load with every chart while the CSV writer itself (csv.ts) loads on export.

/** Durations, written in minutes. */
const DURATION_UNITS = new Set(['seconds', 's']);

/** Decimals a unit is written with; counts of whole things are integers. */
const DECIMALS: Readonly<Record<string, number>> = {
	steps: 0,
	kcal: 0,
	m: 0,
	g: 0,
	mg: 0,
	code: 0,
	min: 1,
	'%': 1,
	count: 1,
	kg: 1,
	lb: 1,
	years: 1,
	km: 2,
	mi: 2
};

/** The unit a number is written in: minutes for durations, else the table's own. */
export function csvUnit(unit: string): string {
	return DURATION_UNITS.has(unit) ? 'min' : unit;
}

/**
 * A number as the CSV writes it: durations in minutes, rounded to the unit's decimals (two for
 * a unit not listed), with no trailing `-0`. Null for a missing or non-finite value.
 */
export function csvNumber(
	value: number | null | undefined,
	unit: string | undefined
): number | null {
	if (value === null || value === undefined || !Number.isFinite(value)) return null;
	const written = unit !== undefined && DURATION_UNITS.has(unit) ? value / 60 : value;
	const decimals = DECIMALS[csvUnit(unit ?? '')] ?? 2;
	const factor = 10 ** decimals;
	const rounded = Math.round(written * factor) / factor;
	return rounded === 0 ? 0 : rounded;
}

/** The number's text, with the unit's decimals always shown (`7.0` minutes, `12` steps). */
export function csvNumberText(value: number, unit: string | undefined): string {
	const decimals = DECIMALS[csvUnit(unit ?? '')];
	return decimals === undefined ? String(value) : value.toFixed(decimals);
}
