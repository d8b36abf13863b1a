import { scaleLinear as d3ScaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { scaleLinear } from './linear-scale';

// d3-scale is the oracle: the frame's scale must place, invert, tick, nice and label exactly as
// d3's does for every two-stop domain the charts use (durations, counts, fractions, reversed axes).

/** A small deterministic generator, so a failure names a case that can be replayed. */
function numbers(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}

function someStop(next: () => number): number {
	const kind = Math.floor(next() * 6);
	if (kind === 0) return 0;
	if (kind === 1) return Math.round(next() * 20000); // steps, seconds
	if (kind === 2) return next(); // fractions
	if (kind === 3) return -Math.round(next() * 500) / 10; // changes below zero
	if (kind === 4) return Math.round(next() * 86400 * 3); // nights in seconds
	return next() * 10 ** Math.floor(next() * 12 - 6);
}

const cases = Array.from({ length: 400 }, (_, index) => {
	const next = numbers(index + 1);
	const domain: [number, number] = [someStop(next), someStop(next)];
	if (index % 17 === 0) domain[1] = domain[0]; // an empty domain
	const range: [number, number] =
		index % 2 ? [Math.round(next() * 600), 0] : [0, Math.round(next() * 1400)];
	const probes = [domain[0], domain[1], ...Array.from({ length: 6 }, () => someStop(next))];
	return { domain, range, probes, count: 1 + Math.floor(next() * 12) };
});

describe('scaleLinear', () => {
	it('places and inverts every value as d3-scale does', () => {
		for (const { domain, range, probes } of cases) {
			const ours = scaleLinear().domain(domain).range(range);
			const theirs = d3ScaleLinear().domain(domain).range(range);
			for (const value of probes) {
				expect(ours(value), `${value} on ${domain.join('…')} → ${range.join('…')}`).toBe(
					theirs(value)
				);
				expect(
					ours.invert(value),
					`invert ${value} on ${range.join('…')} → ${domain.join('…')}`
				).toBe(theirs.invert(value));
			}
		}
	});

	it('clamps to the domain as d3-scale does, reversed domains included', () => {
		for (const { domain, range, probes } of cases) {
			const ours = scaleLinear().domain(domain).range(range).clamp(true);
			const theirs = d3ScaleLinear().domain(domain).range(range).clamp(true);
			for (const value of [...probes, -1e9, 1e9]) {
				expect(ours(value), `${value} on ${domain.join('…')}`).toBe(theirs(value));
				expect(ours.invert(value)).toBe(theirs.invert(value));
			}
		}
		expect(scaleLinear([10, 0], [0, 100]).clamp(true)(-5)).toBe(100);
	});

	it('makes a domain nice, and ticks and labels it, as d3-scale does', () => {
		for (const { domain, range, count } of cases) {
			const ours = scaleLinear().domain(domain).range(range).nice(count);
			const theirs = d3ScaleLinear().domain(domain).range(range).nice(count);
			expect(ours.domain(), `nice(${count}) of ${domain.join('…')}`).toEqual(theirs.domain());
			expect(ours.ticks(count)).toEqual(theirs.ticks(count));
			const ourLabel = ours.tickFormat(count);
			const theirLabel = theirs.tickFormat(count);
			for (const tick of theirs.ticks(count)) expect(ourLabel(tick)).toBe(theirLabel(tick));
		}
	});

	it('reads two stops only, and says so otherwise', () => {
		expect(() => scaleLinear().domain([0, 1, 2])).toThrow('two domain stops, not 3');
		expect(scaleLinear([0, 10], [0, 100])(2.5)).toBe(25);
		expect(scaleLinear().domain()).toEqual([0, 1]);
	});
});
