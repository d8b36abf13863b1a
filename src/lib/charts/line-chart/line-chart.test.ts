import { line } from 'd3-shape';
import { describe, expect, it } from 'vitest';
import type { Series } from '$lib/metrics/types';
import { decadeSeries } from '../testing/fixtures';
import {
	cursorText,
	fullDomain,
	hasValues,
	lineChartLayout,
	lineChartTable,
	nearestIndex,
	pointDots,
	polylinePath,
	prepareSeries,
	zoomAround,
	readAt,
	valueDomain
} from './line-chart';
import { dateIntToUtcMs } from '../frame/scales';

/** One day of steps, Monday 30 March, on a 600 px date axis over `span` (or its own date). */
function loneDayLayout(span: [number, number] | null) {
	const lone: Series = { ...steps, points: [{ dateInt: 20260330, value: 8449 }] };
	return lineChartLayout(prepareSeries([lone], 'date'), {
		x: 'date',
		rightAxis: null,
		zoom: null,
		includeZero: true,
		innerWidth: 600,
		innerHeight: 200,
		span
	});
}

const steps: Series = {
	id: 'steps',
	label: 'Steps',
	unit: 'steps',
	points: [
		{ dateInt: 20260301, value: 8000 },
		{ dateInt: 20260302, value: 9000 },
		{ dateInt: 20260303, value: null },
		{ dateInt: 20260304, value: 11000 },
		{ dateInt: 20260305, value: 10000 }
	]
};
const sleep: Series = {
	id: 'sleep',
	label: 'Sleep',
	unit: 'seconds',
	points: steps.points.map((point, index) => ({
		dateInt: point.dateInt,
		value: (7 + index / 4) * 3600
	}))
};
const base = {
	x: 'date' as const,
	rightAxis: null,
	zoom: null,
	includeZero: false,
	innerWidth: 400,
	innerHeight: 200
};

function moveCount(d: string): number {
	return d.match(/M/g)?.length ?? 0;
}

describe('lineChartLayout', () => {
	it('ends the value axis on ticks, so its lowest gridline is labelled', () => {
		const years: Series = {
			...steps,
			points: [
				{ dateInt: 20240101, value: 8712 },
				{ dateInt: 20250101, value: 9084 },
				{ dateInt: 20260101, value: 9463 }
			]
		};
		const layout = lineChartLayout(prepareSeries([years], 'date'), base);
		// 8,712 to 9,463 in the axis's five steps of 200: 8,600 to 9,600, each end a tick.
		expect(layout.y.domain()).toEqual([8600, 9600]);
		expect(layout.y.ticks(5)).toEqual([8600, 8800, 9000, 9200, 9400, 9600]);
	});

	it('breaks the line where a day has no value', () => {
		const layout = lineChartLayout(prepareSeries([steps], 'date'), base);
		expect(moveCount(layout.paths[0]?.d ?? '')).toBe(2);
	});

	it('places dates on a UTC day scale from first to last point', () => {
		const layout = lineChartLayout(prepareSeries([steps], 'date'), base);
		expect(layout.domain).toEqual([dateIntToUtcMs(20260301), dateIntToUtcMs(20260305)]);
		expect(layout.stopOffsets).toEqual([0, 100, 200, 300, 400]);
	});

	it('puts the chosen series on a right-hand duration axis with clock-friendly ticks', () => {
		const layout = lineChartLayout(prepareSeries([steps, sleep], 'date'), {
			...base,
			rightAxis: 'sleep'
		});
		expect(layout.y2).not.toBeNull();
		expect(layout.paths.map((path) => path.axis)).toEqual(['left', 'right']);
		expect(layout.y2Ticks?.every((tick) => tick % 900 === 0)).toBe(true);
		expect(layout.y.domain()[1]).toBeGreaterThanOrEqual(11000);
		expect(layout.y.domain()[1]).toBeLessThan(20000);
	});

	it('overlays periods of different length by day index', () => {
		const february: Series = { ...steps, id: 'feb', points: steps.points.slice(0, 3) };
		const layout = lineChartLayout(prepareSeries([steps, february], 'index'), {
			...base,
			x: 'index',
			includeZero: true
		});
		expect(fullDomain(prepareSeries([steps, february], 'index'))).toEqual([0, 4]);
		expect(layout.y.domain()[0]).toBe(0);
		expect(layout.stops).toEqual([0, 1, 2, 3, 4]);
	});

	it('zooms to a date window and keeps the line running to its edges', () => {
		const zoom: [number, number] = [dateIntToUtcMs(20260302), dateIntToUtcMs(20260304)];
		const layout = lineChartLayout(prepareSeries([steps], 'date'), { ...base, zoom });
		// 3 March has no value but is still a day the cursor can stop on and read as "no data".
		expect(layout.stops).toEqual([20260302, 20260303, 20260304].map(dateIntToUtcMs));
		expect(layout.stopOffsets).toEqual([0, 200, 400]);
		// The neighbours outside the window are kept (and clipped on screen) so no edge is left blank.
		expect(layout.paths[0]?.d.startsWith('M-200,')).toBe(true);
	});

	it('stops the cursor once on each date any series has, in date order', () => {
		const even: Series = {
			...steps,
			id: 'even',
			points: [20260302, 20260304].map((dateInt) => ({ dateInt, value: 5000 }))
		};
		const odd: Series = {
			...steps,
			id: 'odd',
			points: [20260301, 20260302, 20260303].map((dateInt) => ({ dateInt, value: 6000 }))
		};
		const layout = lineChartLayout(prepareSeries([even, odd], 'date'), base);
		expect(layout.stops).toEqual([20260301, 20260302, 20260303, 20260304].map(dateIntToUtcMs));
		expect(layout.stopOffsets).toEqual([0, 133.33, 266.67, 400]);
	});

	it('builds one path for ten years of daily points', () => {
		const layout = lineChartLayout(prepareSeries([decadeSeries], 'date'), {
			...base,
			innerWidth: 1000
		});
		expect(layout.paths).toHaveLength(1);
		const gaps = decadeSeries.points.filter(
			(point, index, all) => point.value !== null && (index === 0 || all[index - 1]?.value === null)
		).length;
		expect(moveCount(layout.paths[0]?.d ?? '')).toBe(gaps);
	});
});

describe('degenerate inputs', () => {
	const flat: Series = {
		...steps,
		points: [20260330, 20260331, 20260401].map((dateInt) => ({ dateInt, value: 7500 }))
	};

	it('knows a span with no value from one with some', () => {
		const empty: Series = { ...steps, points: [{ dateInt: 20260330, value: null }] };
		expect(hasValues([empty])).toBe(false);
		expect(hasValues([])).toBe(false);
		expect(hasValues([empty, steps])).toBe(true);
	});

	it('centres a single value on an axis a tenth of itself either side, never one unit wide', () => {
		expect(valueDomain([7500, 7500], false)).toEqual([6750, 8250]);
		expect(valueDomain([-1800, -1800], false)).toEqual([-1980, -1620]);
		expect(valueDomain([0, 0], false)).toEqual([0, 1]);
		expect(valueDomain([7500, 7500], true)).toEqual([0, 7500]);
	});

	it('draws all-equal values across the middle of the plot', () => {
		const layout = lineChartLayout(prepareSeries([flat], 'date'), base);
		expect(layout.paths[0]?.d).toBe('M0,100L200,100L400,100');
		expect(layout.lone).toBeNull();
	});

	it('puts a one-day series in the middle, its value labelled', () => {
		const layout = loneDayLayout(null);
		expect(layout.paths[0]?.dots).toEqual([{ x: 300, y: layout.lone?.y }]);
		expect(layout.lone).toMatchObject({ x: 300, text: '8,449 steps' });
		// includeZero: the value stands on a 0-based axis that reaches it, not 0 to 1.
		expect(layout.y.domain()[1]).toBeGreaterThanOrEqual(8449);
	});

	it('labels no value when a second series has a point too', () => {
		const other: Series = { ...steps, id: 'b', points: [{ dateInt: 20260330, value: 9000 }] };
		const lone: Series = { ...steps, points: [{ dateInt: 20260330, value: 8449 }] };
		const layout = lineChartLayout(prepareSeries([lone, other], 'date'), base);
		expect(layout.lone).toBeNull();
	});
});

describe('reading values', () => {
	it('finds the nearest x value', () => {
		expect(nearestIndex([0, 10, 20], 14)).toBe(1);
		expect(nearestIndex([0, 10, 20], 16)).toBe(2);
		expect(nearestIndex([0, 10, 20], -5)).toBe(0);
		expect(nearestIndex([], 3)).toBe(-1);
	});

	it('reads each series at a date and says so in words', () => {
		const readings = readAt(prepareSeries([steps, sleep], 'date'), dateIntToUtcMs(20260303));
		expect(readings.map((reading) => reading.value)).toEqual([null, 7.5 * 3600]);
		expect(cursorText('date', dateIntToUtcMs(20260303), readings)).toBe(
			'Tue 3 Mar. Steps: no data; Sleep: 7 h 30 min'
		);
	});

	it('reads compared periods by day of period with their own dates', () => {
		const february: Series = {
			...steps,
			id: 'feb',
			label: 'February',
			points: [{ dateInt: 20260201, value: 5000 }]
		};
		const readings = readAt(prepareSeries([steps, february], 'index'), 0);
		expect(cursorText('index', 0, readings)).toBe(
			'Day 1. Steps (Sun 1 Mar): 8,000 steps; February (Sun 1 Feb): 5,000 steps'
		);
	});

	it('says why a point is empty in the words it is given, the date apart from the name', () => {
		const readings = readAt(prepareSeries([steps], 'index'), 1);
		const notYet = () => 'not yet';
		expect(cursorText('index', 1, [{ ...readings[0]!, value: null }], undefined, notYet)).toBe(
			'Day 2. Steps (Mon 2 Mar): not yet'
		);
	});
});

describe('lineChartTable', () => {
	it('joins series by date, leaving missing values empty', () => {
		const short: Series = { ...sleep, points: sleep.points.slice(1, 2) };
		const table = lineChartTable([steps, short], 'date');
		expect(table.columns.map((column) => column.label)).toEqual(['Date', 'Steps', 'Sleep']);
		expect(table.rows[0]).toEqual({ date: '2026-03-01', s0: 8000, s1: null });
		expect(table.rows[1]).toEqual({ date: '2026-03-02', s0: 9000, s1: 7.25 * 3600 });
	});

	it('lists compared periods by day of period', () => {
		const table = lineChartTable(
			[steps, { ...steps, id: 'b', points: steps.points.slice(0, 2) }],
			'index'
		);
		expect(table.rows).toHaveLength(5);
		expect(table.rows[4]).toEqual({ day: 5, s0: 10000, s1: null });
	});
});

describe('polylinePath', () => {
	const ys = [10.004, 20.5, null, 30.333, null, null, 40, 41.25, 42];

	it('draws the same path as d3-shape line with two digits, gaps included', () => {
		const d3Path = line<number>()
			.defined((i) => ys[i] !== null)
			.x((i) => i * 33.333)
			.y((i) => ys[i] ?? 0)
			.digits(2)(ys.map((_, i) => i));
		expect(
			polylinePath(
				ys.length,
				(i) => i * 33.333,
				(i) => ys[i] ?? null
			)
		).toBe(d3Path);
	});

	it('closes an isolated point so a round cap still shows it', () => {
		expect(
			polylinePath(
				3,
				(i) => i,
				(i) => (i === 1 ? 5 : null)
			)
		).toBe('M1,5Z');
		expect(
			polylinePath(
				0,
				() => 0,
				() => 0
			)
		).toBe('');
	});
});

describe('zoomAround', () => {
	const full: [number, number] = [0, 100];

	it('halves the span around a centre that keeps its place on screen', () => {
		expect(zoomAround(full, null, 50, 2, 4)).toEqual([25, 75]);
		// 20 sat a fifth of the way across the full view, and still does.
		expect(zoomAround(full, null, 20, 2, 4)).toEqual([10, 60]);
		expect(zoomAround(full, [10, 60], 20, 2, 4)).toEqual([15, 40]);
	});

	it('never narrows below the smallest span', () => {
		expect(zoomAround(full, [40, 50], 45, 2, 8)).toEqual([41, 49]);
	});

	it('zooming out stays inside the data and ends as no zoom at all', () => {
		expect(zoomAround(full, [80, 100], 95, 0.5, 4)).toEqual([60, 100]);
		expect(zoomAround(full, [0, 60], 10, 0.5, 4)).toBeNull();
		expect(zoomAround(full, null, 50, 0.5, 4)).toBeNull();
	});
});

describe('pointDots', () => {
	const at = (values: Array<number | null>) => ({
		x: (i: number) => i * 10,
		y: (i: number) => values[i] ?? null
	});

	it('marks every point of a short series, skipping missing ones', () => {
		const { x, y } = at([5, null, 7, 8]);
		expect(pointDots(4, x, y, 100)).toEqual([
			{ x: 0, y: 5 },
			{ x: 20, y: 7 },
			{ x: 30, y: 8 }
		]);
	});

	it('marks only the points a line cannot show once the series is long', () => {
		const values = Array.from({ length: 100 }, (_, i): number | null => (i === 50 ? null : i));
		values[52] = null; // 51 now stands alone
		values[0] = 1;
		values[1] = null; // and so does the first point
		const { x, y } = at(values);
		expect(pointDots(100, x, y, 2000)).toEqual([
			{ x: 0, y: 1 },
			{ x: 510, y: 51 }
		]);
	});

	it('marks every point up to 62 in view, and only lone ones from 63', () => {
		const { x, y } = at(Array.from({ length: 63 }, (_, i) => i));
		expect(pointDots(62, x, y, 2000)).toHaveLength(62);
		expect(pointDots(63, x, y, 2000)).toEqual([]);
		// 63 points of which one lies beyond the plot: 62 in view, all marked.
		expect(pointDots(63, x, y, 615)).toHaveLength(62);
	});

	it('leaves out points beyond the plot, as a zoom leaves them', () => {
		const { x, y } = at([1, 2, 3, 4]);
		expect(pointDots(4, (i) => x(i) - 10, y, 15)).toEqual([
			{ x: 0, y: 2 },
			{ x: 10, y: 3 }
		]);
	});

	it('puts a lone day in the middle of the axis, not in its corner', () => {
		const layout = loneDayLayout(null);
		expect(layout.paths[0]?.dots[0]?.x).toBe(300);
	});

	it('spans the whole week asked for, days without data left empty', () => {
		const layout = loneDayLayout([20260330, 20260405]);
		expect(layout.paths[0]?.dots[0]?.x).toBe(0);
		expect(layout.x.kind === 'utc' && layout.x.scale.domain().map(Number)).toEqual([
			Date.UTC(2026, 2, 30),
			Date.UTC(2026, 3, 5)
		]);
	});
});
