// The linear scale every chart positions with: d3-scale's `scaleLinear` arithmetic for a two-stop
// numeric domain and range, and nothing else. d3-scale's own carries an interpolator for any value
// (colours, strings, dates), which brings d3-color and d3-interpolate into every page that draws a
// chart: about 5 KB gzipped of Today's first page for `y = a + b·x`. Ticks, nice and the tick format are
// still d3's (d3-array, d3-format); linear-scale.test.ts holds this to d3-scale's output.
import { tickIncrement, tickStep, ticks as d3Ticks } from 'd3-array';
import { format, precisionFixed } from 'd3-format';

export interface LinearScale {
	/** The position of `value`; NaN for NaN. */
	(value: number): number;
	domain(): [number, number];
	domain(domain: Iterable<number>): LinearScale;
	range(): [number, number];
	range(range: Iterable<number>): LinearScale;
	clamp(): boolean;
	/** When on, values outside the domain map to the range's ends (and positions outside the range invert to the domain's ends). */
	clamp(on: boolean): LinearScale;
	/** Widens the domain to round tick values, as d3's `nice` does. */
	nice(count?: number): LinearScale;
	ticks(count?: number): number[];
	/** d3's default label for these ticks: thousands grouped, as many decimals as the tick step needs. */
	tickFormat(count?: number): (value: number) => string;
	/** The value at a position: the inverse of the scale. */
	invert(position: number): number;
}

function pair(values: Iterable<number>, what: string): [number, number] {
	const all = Array.from(values, Number);
	if (all.length !== 2)
		throw new RangeError(`A linear scale takes two ${what} stops, not ${all.length}.`);
	return [all[0] as number, all[1] as number];
}

/** Maps [d0, d1] onto [r0, r1] exactly as d3's continuous scale does (its `bimap`, `normalize` and `interpolateNumber`). */
function twoStopMap(
	[d0, d1]: [number, number],
	[r0, r1]: [number, number]
): (value: number) => number {
	if (d1 < d0) [d0, d1, r0, r1] = [d1, d0, r1, r0];
	const width = d1 - d0;
	const t = width
		? (value: number) => (value - d0) / width
		: () => (Number.isNaN(width) ? NaN : 0.5);
	return (value) => {
		const at = t(value);
		return r0 * (1 - at) + r1 * at;
	};
}

export function scaleLinear(
	initialDomain: Iterable<number> = [0, 1],
	initialRange: Iterable<number> = [0, 1]
): LinearScale {
	let domain = pair(initialDomain, 'domain');
	let range = pair(initialRange, 'range');
	let clamped = false;
	let forward = twoStopMap(domain, range);
	let backward = twoStopMap(range, domain);

	const clampTo = (value: number): number => {
		if (!clamped) return value;
		const low = Math.min(domain[0], domain[1]);
		const high = Math.max(domain[0], domain[1]);
		return Math.max(low, Math.min(high, value));
	};
	const rescale = (): LinearScale => {
		forward = twoStopMap(domain, range);
		backward = twoStopMap(range, domain);
		return scale;
	};

	const scale = ((value: number) =>
		Number.isNaN(value) ? NaN : forward(clampTo(+value))) as LinearScale;

	scale.domain = ((next?: Iterable<number>) => {
		if (next === undefined) return [domain[0], domain[1]];
		domain = pair(next, 'domain');
		return rescale();
	}) as LinearScale['domain'];

	scale.range = ((next?: Iterable<number>) => {
		if (next === undefined) return [range[0], range[1]];
		range = pair(next, 'range');
		return rescale();
	}) as LinearScale['range'];

	scale.clamp = ((on?: boolean) => {
		if (on === undefined) return clamped;
		clamped = on;
		return scale;
	}) as LinearScale['clamp'];

	scale.invert = (position) => clampTo(backward(position));

	scale.ticks = (count = 10) => d3Ticks(domain[0], domain[1], count);

	scale.tickFormat = (count = 10) => {
		const precision = precisionFixed(tickStep(domain[0], domain[1], count));
		return format(Number.isNaN(precision) ? ',f' : `,.${precision}f`);
	};

	// d3-scale's `linear.nice`: step to round values until the step stops changing (ten tries at most).
	scale.nice = (count = 10) => {
		const reversed = domain[1] < domain[0];
		let [start, stop] = reversed ? [domain[1], domain[0]] : domain;
		let previous: number | undefined;
		for (let tries = 10; tries > 0; tries--) {
			const step = tickIncrement(start, stop, count);
			if (step === previous) {
				domain = reversed ? [stop, start] : [start, stop];
				return rescale();
			}
			if (step > 0) {
				start = Math.floor(start / step) * step;
				stop = Math.ceil(stop / step) * step;
			} else if (step < 0) {
				start = Math.ceil(start * step) / step;
				stop = Math.floor(stop * step) / step;
			} else break;
			previous = step;
		}
		return scale;
	};

	return scale;
}
