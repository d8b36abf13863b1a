import { describe, expect, it } from 'vitest';
import type { Series } from '$lib/metrics/types';
import { clockOfOffset } from '$lib/time/zone';
import { axisNumber, formatQuantity } from '$lib/format';
import { lineChartLayout, partialMarks, prepareSeries } from './line-chart';

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

function layoutOf(series: Series[], rightAxis: string | null = null) {
	return lineChartLayout(prepareSeries(series, 'date'), {
		x: 'date',
		rightAxis,
		zoom: null,
		includeZero: false,
		innerWidth: 300,
		innerHeight: 200
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

describe('partialMarks', () => {
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

	it('marks the unfinished week where its point is drawn', () => {
		const layout = layoutOf([weeks]);
		const marks = partialMarks(prepareSeries([weeks], 'date'), layout, null, 20260330);
		expect(marks).toEqual([{ order: 0, x: 300, y: Math.round(layout.y(9000) * 100) / 100 }]);
	});

	it('marks nothing without an unfinished bucket or when it has no value', () => {
		const layout = layoutOf([weeks]);
		const prepared = prepareSeries([weeks], 'date');
		expect(partialMarks(prepared, layout, null, null)).toEqual([]);
		expect(partialMarks(prepared, layout, null, 20260406)).toEqual([]);
	});
});
