import { describe, expect, it } from 'vitest';
import type { Series } from '$lib/metrics/types';
import { clockOfOffset } from '$lib/time/zone';
import { axisNumber, formatQuantity } from '$lib/format';
import { hollowMarks, lineChartLayout, prepareSeries } from './line-chart';

const H = 3600;

/** Bedtimes of four nights, under their wake dates: 23:00, 02:00, 22:30, 00:15. */
const bedtimes: Series = {
	id: 's_bedtime',
	label: 'Bedtime',
	unit: 'clock',
	points: [
		{ dateInt: 20260327, value: -H },
		{ dateInt: 20260328, value: 2 * H },
		{ dateInt: 20260329, value: -1.5 * H },
		{ dateInt: 20260330, value: 0.25 * H }
	]
};

function layoutOf(
	series: Series[],
	rightAxis: string | null = null,
	hollow: readonly number[] = []
) {
	return lineChartLayout(prepareSeries(series, 'date'), {
		x: 'date',
		rightAxis,
		zoom: null,
		includeZero: false,
		innerWidth: 300,
		innerHeight: 200,
		hollow
	});
}

describe('a line chart of times of day', () => {
	it('labels its value axis as a 24-hour clock across midnight', () => {
		const layout = layoutOf([bedtimes]);
		expect(layout.yTicks?.map(clockOfOffset)).toEqual([
			'22:00',
			'23:00',
			'00:00',
			'01:00',
			'02:00'
		]);
		expect(axisNumber('clock')(-H)).toBe('23:00');
		expect(formatQuantity(0.25 * H, 'clock')).toBe('00:15');
	});

	it('draws a 02:00 bedtime just below a 23:00 one, evening at the top', () => {
		const layout = layoutOf([bedtimes]);
		const y = (seconds: number) => layout.y(seconds);
		expect(y(-2 * H)).toBe(0);
		expect(y(2 * H)).toBe(200);
		// 23:00 then 02:00: three hours down the axis, not a jump across the whole day.
		expect(y(2 * H) - y(-H)).toBeCloseTo(150, 5);
		const path = layout.paths[0]?.d ?? '';
		const ys = [...path.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
		expect(ys).toEqual([50, 200, 25, 112.5]);
	});
});

describe('hollowMarks', () => {
	const weeks: Series = {
		id: 'm_steps',
		label: 'Steps',
		unit: 'steps',
		points: [
			{ dateInt: 20260316, value: 60000 },
			{ dateInt: 20260323, value: 70000 },
			{ dateInt: 20260330, value: 9000 }
		]
	};

	it('marks the unfinished week where its point is drawn, and the line stops before it', () => {
		const layout = layoutOf([weeks], null, [20260330]);
		const marks = hollowMarks(prepareSeries([weeks], 'date'), layout, null, [20260330]);
		// 9,000 to 70,000 made nice in the axis's steps of 10,000: 0 to 70,000, 200 px high.
		expect(marks).toEqual([{ key: '0-2', order: 0, x: 300, y: 174.29 }]);
		expect(layout.paths[0]?.d).toBe('M0,28.57L150,0');
	});

	it('marks a partial first bucket and the one under way, each apart', () => {
		const layout = layoutOf([weeks], null, [20260316, 20260330]);
		const marks = hollowMarks(prepareSeries([weeks], 'date'), layout, null, [20260316, 20260330]);
		expect(marks.map((mark) => mark.x)).toEqual([0, 300]);
		// One point left between them: a lone subpath, closed so its round cap shows it.
		expect(layout.paths[0]?.d).toBe('M150,0Z');
	});

	it('marks nothing without a hollow date or when it has no value', () => {
		const layout = layoutOf([weeks]);
		const prepared = prepareSeries([weeks], 'date');
		expect(hollowMarks(prepared, layout, null, [])).toEqual([]);
		expect(hollowMarks(prepared, layout, null, [20260406])).toEqual([]);
	});

	it('marks a position of an overlay by its date, on that series alone', () => {
		const thisWeek: Series = { ...weeks, id: 'a', points: weeks.points.slice(0, 2) };
		const lastWeek: Series = {
			...weeks,
			id: 'b',
			points: [
				{ dateInt: 20260309, value: 50000 },
				{ dateInt: 20260316, value: 60000 }
			]
		};
		const prepared = prepareSeries([thisWeek, lastWeek], 'index');
		const layout = lineChartLayout(prepared, {
			x: 'index',
			rightAxis: null,
			zoom: null,
			includeZero: true,
			innerWidth: 100,
			innerHeight: 100,
			hollow: [20260323]
		});
		expect(hollowMarks(prepared, layout, null, [20260323])).toEqual([
			{ key: '0-1', order: 0, x: 100, y: 0 }
		]);
	});
});
