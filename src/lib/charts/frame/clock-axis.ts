// A value axis of times of day around midnight: whole-hour ticks read as a 24-hour clock (21:00, 23:00, 01:00).

const HOUR = 3600;

/** Hour steps a clock axis may take, the first that gives at most the wanted number of ticks wins. */
const HOUR_STEPS = [1, 2, 3, 4, 6, 12];

/**
 * Domain and ticks for times given as seconds from the wake date's midnight (negative = the
 * evening before, so 23:00 is -3600 and 02:00 is 7200): one continuous axis from evening to
 * morning with no jump at midnight. The domain is widened to whole ticks, and to at least one
 * step, so a single bedtime sits between two labelled hours.
 */
export function clockAxis(
	low: number,
	high: number,
	count = 5
): { domain: [number, number]; ticks: number[] } {
	const span = Math.max(high - low, 1);
	const step = (HOUR_STEPS.find((hours) => span / (hours * HOUR) <= count) ?? 12) * HOUR;
	let from = Math.floor(low / step) * step;
	let to = Math.ceil(high / step) * step;
	if (to - from < step) {
		from -= step;
		to += step;
	}
	const ticks: number[] = [];
	for (let value = from; value <= to; value += step) ticks.push(value);
	return { domain: [from, to], ticks };
}
