// The night a date shows, and the rule that dates it: all the first page needs of the Sleep view.
import type { Sleep } from '$lib/api';
import { isNap, nightDate } from '$lib/metrics/sleep';

export const WAKE_DATE_RULE = 'A night is shown under the date you woke up.';

/**
 * The night woken from on `dateInt` (wake-date rule), naps left out. When a night was broken into
 * several records, the longest is the one drawn; the rest are still counted in the ranges.
 */
export function nightOf(sleeps: readonly Sleep[], dateInt: number): Sleep | null {
	let found: Sleep | null = null;
	for (const sleep of sleeps) {
		if (isNap(sleep) || nightDate(sleep) !== dateInt) continue;
		const length = sleep.time_completed - sleep.time_created;
		if (!found || length > found.time_completed - found.time_created) found = sleep;
	}
	return found;
}
