// The x scale of a chart that gives every date of a span its place, recorded or not.
import { scaleUtc, type ScaleTime } from 'd3-scale';
import { dateIntToUtcMs } from './scales';

/**
 * Dates `fromDate..toDate` (YYYYMMDD) across `0..innerWidth`, as UTC instants so no zone shifts a
 * day; a one-day span still gets a day's width. Its own module: pages without a time axis never
 * load d3's time scale.
 */
export function dateSpanScale(
	fromDate: number,
	toDate: number,
	innerWidth: number
): { x: ScaleTime<number, number>; from: number; to: number } {
	const from = dateIntToUtcMs(fromDate);
	const to = dateIntToUtcMs(Math.max(fromDate, toDate));
	const x = scaleUtc()
		.domain([new Date(from), new Date(to === from ? from + 86_400_000 : to)])
		.range([0, innerWidth]);
	return { x, from, to };
}
