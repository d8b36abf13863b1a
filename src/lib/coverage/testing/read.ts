// Test support: the coverage of a span read to its end, as a sync that went well leaves it.
import { computedCoverage, type Coverage } from '../coverage';

/** `from..to` read entirely up to `today` (under way), later days to come. */
export function readCoverage(from: number, to: number, today: number): Coverage {
	return computedCoverage({ from, to, today, asOf: null, firstDate: null });
}
