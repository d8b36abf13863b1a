import { describe, expect, it } from 'vitest';
import {
	dailyBarLabel,
	dailyBarsLayout,
	dailyBarsTable,
	dailyTicks,
	NO_RECORD
} from './daily-bars';
import { asleepMonth, stepsWeek, stepsWeekSoFar } from '../testing/daily-fixtures';

describe('daily bars layout', () => {
	it('gives every day of the week its own slot, the missing day included', () => {
		const layout = dailyBarsLayout(stepsWeek, 'steps', 10000, false, 700, 200);
		expect(layout.bars).toHaveLength(7);
		expect(layout.bars[3]?.slot.state).toBe('none');
		expect(layout.bars[3]?.height).toBe(0);
		// Seven equal bands with 30 % padding: a step of 700 / 7.3 px.
		expect(layout.bars[1]!.x - layout.bars[0]!.x).toBeCloseTo(95.89, 1);
	});

	it('keeps a one-day week a bar 48 px wide in the middle of the plot, not a slab across it', () => {
		const oneDay = stepsWeek.slice(0, 1);
		const layout = dailyBarsLayout(oneDay, 'steps', 10000, false, 700, 200);
		// The one band, hundreds of px wide, is centred on 350; the bar keeps to 48 px around it.
		expect(layout.bars[0]).toMatchObject({ width: 48, x: 326, cx: 350 });
	});

	it('starts the value axis at zero and reaches the tallest of bars and goal', () => {
		const layout = dailyBarsLayout(stepsWeek, 'steps', 15000, false, 700, 200);
		expect(layout.y.domain()).toEqual([0, 15000]);
		expect(layout.goalY).toBe(0);
		const lower = dailyBarsLayout(stepsWeek, 'steps', 10000, false, 700, 200);
		// 12,100 steps on the best day: the axis rounds up to 15,000.
		expect(lower.y.domain()).toEqual([0, 15000]);
		expect(lower.goalY).toBeCloseTo(66.67, 2);
	});

	it('marks which days met the goal', () => {
		const layout = dailyBarsLayout(stepsWeek, 'steps', 10000, false, 700, 200);
		expect(layout.bars.map((bar) => bar.met)).toEqual([
			false,
			true,
			false,
			null,
			true,
			false,
			false
		]);
		expect(dailyBarsLayout(stepsWeek, 'steps', null, false, 700, 200).goalY).toBeNull();
	});

	it('draws the average as one path through the days that have one', () => {
		const layout = dailyBarsLayout(stepsWeekSoFar, 'steps', null, true, 700, 200);
		expect(layout.averagePath?.match(/[ML]/g)).toEqual(['M', 'L', 'L']);
		expect(dailyBarsLayout(stepsWeek, 'steps', null, false, 700, 200).averagePath).toBeNull();
	});

	it('puts a month of sleep on an axis of whole hours', () => {
		const layout = dailyBarsLayout(asleepMonth, 'seconds', 28800, false, 700, 200);
		expect(layout.yTicks).toEqual([0, 7200, 14400, 21600, 28800]);
		expect(layout.bars).toHaveLength(31);
	});

	it('keeps a single zero tick for an empty or all-missing span', () => {
		expect(dailyBarsLayout([], 'steps', null, true, 700, 200).yTicks).toEqual([0]);
		const missing = stepsWeek.map((slot) => ({ ...slot, value: null, state: 'none' as const }));
		const layout = dailyBarsLayout(missing, 'seconds', null, false, 300, 200);
		expect(layout.yTicks).toEqual([0]);
		expect(layout.bars.every((bar) => bar.height === 0)).toBe(true);
	});

	it('writes "no record" in a slot only where it fits', () => {
		expect(dailyBarsLayout(asleepMonth, 'seconds', null, false, 700, 200).missingLabelled).toBe(
			true
		);
		expect(dailyBarsLayout(asleepMonth, 'seconds', null, false, 250, 200).missingLabelled).toBe(
			false
		);
	});
});

describe('daily bars ticks and words', () => {
	it('labels each day of a week with its weekday over its date, the month where it changes', () => {
		const ticks = dailyTicks(stepsWeekSoFar, 280);
		expect(ticks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
		expect(ticks.map((tick) => `${tick.label} ${tick.context ?? ''}`)).toEqual([
			'Mon 30 Mar',
			'Tue 31',
			'Wed 1 Apr',
			'Thu 2',
			'Fri 3',
			'Sat 4',
			'Sun 5'
		]);
	});

	it('labels every third day of a month on a phone, the month under the first', () => {
		// 31 slots over 280 px: 9 px each, so a label every 3 days keeps 27 px between them.
		const ticks = dailyTicks(asleepMonth, 280);
		expect(ticks.map((tick) => tick.label)).toEqual([
			'1',
			'4',
			'7',
			'10',
			'13',
			'16',
			'19',
			'22',
			'25',
			'28',
			'31'
		]);
		expect(ticks[0]?.context).toBe('Mar 2026');
		expect(ticks.slice(1).every((tick) => tick.context === undefined)).toBe(true);
		expect(dailyTicks(asleepMonth, 1200)).toHaveLength(31);
		expect(dailyTicks([], 280)).toEqual([]);
	});

	it('says a missing day has no record and a future day is not yet', () => {
		const layout = dailyBarsLayout(stepsWeekSoFar, 'steps', 10000, false, 700, 200);
		expect(dailyBarLabel(layout.bars[0]!, 'steps', 10000)).toBe(
			'Mon 30 Mar: 9,100 steps, goal 10,000 steps not met'
		);
		expect(dailyBarLabel(layout.bars[1]!, 'steps', 10000)).toBe('Tue 31 Mar: no record');
		expect(dailyBarLabel(layout.bars[4]!, 'steps', 10000)).toBe('Fri 3 Apr: not yet');
	});

	it('lists every slot in the table, gaps named as in the chart', () => {
		const table = dailyBarsTable(stepsWeekSoFar, 'Steps', 'steps', 10000);
		expect(table.rows).toHaveLength(7);
		expect(table.rows[1]).toEqual({
			date: '2026-03-31',
			value: null,
			record: NO_RECORD,
			goal: 10000,
			average: 9100
		});
		expect(table.rows[6]?.record).toBe('not yet');
		expect(table.columns.map((column) => column.key)).toEqual([
			'date',
			'value',
			'record',
			'goal',
			'average'
		]);
	});
});
