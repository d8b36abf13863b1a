import { describe, expect, it } from 'vitest';
import { at, BERLIN, makeMove, makeSleep } from '$lib/metrics/testing/fixtures';
import { customPeriods, periodPresets } from '$lib/metrics';
import {
	changeLegend,
	comparePeriodRecords,
	formatValue,
	judgedSpanText,
	metricCsvTable,
	metricRows,
	overlayAxis,
	overlaySeries,
	overlayTable,
	overlayTitle,
	pairText,
	periodLegend,
	seriesIdOf,
	shiftText,
	shownShift,
	timingRows
} from './compare-view';

const week = periodPresets(20260330).find((pair) => pair.id === 'week');
if (!week) throw new Error('no week preset');

// Last week (23-29 March): 1000 steps per day on the Monday and Tuesday; this week: 3000 on Monday.
const flat = (total: number) => Array.from({ length: 24 }, (_, hour) => (hour === 10 ? total : 0));
const moves = [
	makeMove({ date: 20260323, steps: flat(1000) }),
	makeMove({ date: 20260324, steps: flat(1000) }),
	makeMove({ date: 20260330, steps: flat(3000) })
];
const night = (wakeDate: number, bedHour: number, bedMinute: number, wakeHour: number) =>
	makeSleep({
		bedtime: at(wakeDate - 1, bedHour, bedMinute, BERLIN),
		wake: at(wakeDate, wakeHour, 0, BERLIN),
		phases: [
			[10, 2],
			[120, 3]
		]
	}).sleep;
const nap = makeSleep({
	bedtime: at(20260330, 14, 0, BERLIN),
	wake: at(20260330, 14, 40, BERLIN),
	phases: [[5, 2]],
	subType: 1
}).sleep;
// 20260329 is the spring-forward night; its bedtime stays on the wall clock.
const sleeps = [
	night(20260324, 22, 30, 6),
	night(20260329, 23, 0, 7),
	night(20260330, 23, 30, 7),
	nap
];

describe('comparePeriodRecords', () => {
	const result = comparePeriodRecords(moves, sleeps, week);

	it('compares daily means over days with data and the change of the mean', () => {
		const steps = result.comparisons.find((row) => row.id === seriesIdOf('steps'));
		expect(steps).toMatchObject({ meanA: 3000, meanB: 1000, totalA: 3000, totalB: 2000 });
		expect(steps?.changePct).toBeCloseTo(200, 9);
		expect(steps).toMatchObject({ daysA: 1, daysB: 2 });
	});

	it('counts nights by wake date and leaves the nap out', () => {
		const asleep = result.comparisons.find((row) => row.id === 'sleep.asleep');
		expect(asleep?.daysA).toBe(1);
		expect(asleep?.daysB).toBe(2);
		expect(result.timing.regularityA.nights).toBe(1);
	});

	it('shifts the median bedtime by wall-clock time', () => {
		// A: 23:30 (-1800). B: 22:30 and 23:00, median 22:45 (-4500).
		expect(result.timing.bedtimeShift).toBe(2700);
		expect(timingRows(result.timing)[0]).toMatchObject({
			label: 'Median bedtime',
			cells: ['23:30', '22:45'],
			changeText: '45 min later'
		});
	});
});

describe('comparePeriodRecords while this week is under way', () => {
	// Wednesday 1 April: Monday to Wednesday of this week (3000 steps on Monday) against Monday
	// to Wednesday of last week (1000 on Monday and Tuesday; the night to Sunday 29th drops out).
	const result = comparePeriodRecords(moves, sleeps, week, { today: 20260401, hour: 12 });

	it('judges the same three days of each week', () => {
		expect(result.span?.days).toBe(3);
		const steps = result.comparisons.find((row) => row.id === 'move.steps');
		expect(steps).toMatchObject({ meanA: 3000, meanB: 1000, daysA: 1, daysB: 2 });
		const asleep = result.comparisons.find((row) => row.id === 'sleep.asleep');
		expect(asleep?.daysB).toBe(1);
		expect(result.timing.regularityB.nights).toBe(1);
	});

	it('still draws both weeks whole, and counts their days with data whole', () => {
		expect(result.seriesB[0]?.points).toHaveLength(7);
		expect(result.whole.find((row) => row.id === 'sleep.asleep')?.daysB).toBe(2);
	});

	it('says in words which days are compared, and up to which hour', () => {
		expect(judgedSpanText(result.span, week, result.cut)).toBe(
			'Same part of each: Monday to Wednesday up to 12:00 of each week (30 Mar\u00a0– 1 Apr 2026 ' +
				'against 23\u00a0– 25 Mar 2026), since this week is not over. Workout time has no hourly ' +
				'record: that last day of each is left out of it. A night counts once it has ended.'
		);
		expect(judgedSpanText(result.span, week, { today: 20260401, hour: null })).toContain(
			'Monday to Wednesday of each week, today’s activity left out'
		);
	});

	it('compares whole weeks once this week is over', () => {
		const over = comparePeriodRecords(moves, sleeps, week, { today: 20260406, hour: 9 });
		expect(over.span).toBeNull();
		expect(over.comparisons.find((row) => row.id === 'sleep.asleep')?.daysB).toBe(2);
		expect(judgedSpanText(over.span, week)).toBe('This week against last week, whole periods');
	});
});

describe('comparePeriodRecords up to the same hour', () => {
	// Monday 30 March at 09:30: this Monday's hours 00–08 against last Monday's hours 00–08.
	const byHour = (early: number, late: number) =>
		Array.from({ length: 24 }, (_, hour) => (hour === 8 ? early : hour === 10 ? late : 0));
	const mondays = [
		makeMove({ date: 20260323, steps: byHour(200, 1000) }),
		makeMove({ date: 20260330, steps: byHour(500, 3000) })
	];
	const result = comparePeriodRecords(mondays, sleeps, week, { today: 20260330, hour: 9 });

	it('counts this morning’s steps against last Monday’s by the same hour, not its whole day', () => {
		const steps = result.comparisons.find((row) => row.id === 'move.steps');
		expect(steps).toMatchObject({ meanA: 500, meanB: 200, daysA: 1, daysB: 1 });
		expect(steps?.changePct).toBeCloseTo(150, 9);
		// The chart still draws last Monday whole.
		expect(result.seriesB.find((s) => s.id === 'move.steps')?.points[0]?.value).toBe(1200);
	});

	it('leaves a measure without hourly records out of both days, and keeps the night', () => {
		const workout = result.comparisons.find((row) => row.id === 'move.wo_time');
		expect(workout).toMatchObject({ daysA: 0, daysB: 0, changePct: null });
		expect(result.comparisons.find((row) => row.id === 'sleep.asleep')?.daysA).toBe(1);
	});

	it('leaves today out of activity when today is not read at all', () => {
		const unread = comparePeriodRecords(mondays, sleeps, week, { today: 20260330, hour: null });
		expect(unread.comparisons.find((row) => row.id === 'move.steps')?.daysA).toBe(0);
	});
});

describe('metricRows and metricCsvTable', () => {
	const { comparisons } = comparePeriodRecords(moves, sleeps, week);
	const steps = comparisons.filter((row) => row.id === 'move.steps');

	it('formats the cells a person reads, with a signed change', () => {
		expect(metricRows(steps, 'metric')[0]).toEqual({
			id: 'move.steps',
			label: 'Steps',
			cells: ['3,000 steps', '1,000 steps', '3,000 steps', '2,000 steps', '1 vs 2'],
			change: steps[0]?.changePct,
			changeText: '+200%',
			verdict: 'better',
			verdictText: 'better'
		});
	});

	it('calls more time awake worse and more steps better, in words and in the legend', () => {
		const judged = metricRows(
			[
				{ ...steps[0]!, id: 'sleep.awake', label: 'Awake in bed', unit: 'seconds' },
				{ ...steps[0]!, changePct: -0.4 }
			],
			'metric'
		);
		expect(judged.map((row) => [row.verdict, row.verdictText])).toEqual([
			['worse', 'worse'],
			['same', 'about the same']
		]);
		expect(changeLegend().map((item) => [item.label, item.color])).toEqual([
			['Better', 'var(--accent)'],
			['Worse', 'var(--danger)'],
			['Higher or lower, neither better nor worse; or about the same', 'var(--muted)']
		]);
	});

	it('writes the numbers into the CSV rows in plain units, rounded to them', () => {
		const table = metricCsvTable(steps, { a: 'This week', b: 'Last week' });
		expect(table.rows[0]).toMatchObject({ metric: 'Steps', meanA: 3000, totalB: 2000, daysB: 2 });
		expect(table.columns.map((c) => c.label)).toContain('This week daily mean');
		const asleep = comparisons.filter((row) => row.id === 'sleep.asleep');
		const row = metricCsvTable(asleep, { a: 'This week', b: 'Last week' }).rows[0];
		const seconds = asleep[0]?.meanA ?? NaN;
		expect(row?.unit).toBe('min');
		expect(row?.meanA).toBe(Math.round(seconds / 6) / 10);
	});
});

describe('overlaySeries', () => {
	const { seriesA, seriesB } = comparePeriodRecords(moves, sleeps, week);
	const id = seriesIdOf('steps');
	const a = seriesA.find((s) => s.id === id);
	const b = seriesB.find((s) => s.id === id);
	if (!a || !b) throw new Error('no steps series');

	it('names each line with its period and lays Monday on Monday', () => {
		const [lineA, lineB] = overlaySeries(a, b, week, 'weekday', 'metric');
		expect(lineA?.label).toBe('This week');
		expect(lineB?.label).toBe('Last week');
		expect(lineA?.points[0]).toEqual({ dateInt: 20260330, value: 3000 });
		expect(lineB?.points[0]).toEqual({ dateInt: 20260323, value: 1000 });
		expect(lineA?.points).toHaveLength(7);
	});

	it('pads a period that starts later in the week with dated nulls', () => {
		const pair = customPeriods(20260325, 20260326, 20260323); // Wed-Thu against Mon-Tue
		const [lineA, lineB] = overlaySeries(a, b, pair, 'weekday', 'metric');
		expect(lineA?.points.map((p) => p.dateInt)).toEqual([20260323, 20260324, 20260325, 20260326]);
		expect(lineA?.points.slice(0, 2).map((p) => p.value)).toEqual([null, null]);
		expect(lineB?.points).toHaveLength(4);
	});

	it('converts distance to miles for imperial users', () => {
		const distanceId = seriesIdOf('distance');
		const da = seriesA.find((s) => s.id === distanceId);
		const db = seriesB.find((s) => s.id === distanceId);
		if (!da || !db) throw new Error('no distance series');
		const [lineA] = overlaySeries(da, db, week, 'day', 'imperial');
		expect(lineA?.unit).toBe('mi');
		expect(lineA?.points[0]?.value).toBeCloseTo((da.points[0]?.value ?? NaN) / 1609.344, 9);
	});
});

describe('labels', () => {
	it('names both periods with their dates in the legend, B dashed', () => {
		expect(periodLegend(week)).toEqual([
			{ label: 'This week: 30 Mar\u00a0– 5 Apr 2026', color: 'var(--accent)' },
			{ label: 'Last week: 23\u00a0– 29 Mar 2026', color: 'var(--sleep-deep)', dashed: true }
		]);
	});

	it('says how far a median moved by the times as shown, to the minute', () => {
		// 23:14:20 against 22:41:40: shown 23:14 and 22:42, 32 minutes apart (not 32 min 40 s).
		const a = -(45 * 60 + 40);
		const b = -(78 * 60 + 20);
		expect(shownShift(a, b)).toBe(32 * 60);
		const regularity = (medianBedtime: number) => ({
			medianBedtime,
			medianWake: 7 * 3600,
			bedtimeSpread: null,
			wakeSpread: null,
			shareWithin30min: null,
			nights: 5
		});
		const [bedtime] = timingRows({
			bedtimeShift: a - b,
			wakeShift: 0,
			regularityA: regularity(a),
			regularityB: regularity(b)
		});
		expect(bedtime).toMatchObject({ cells: ['23:14', '22:42'], changeText: '32 min later' });
	});

	it('says which way a clock time moved', () => {
		expect(shiftText(-3900)).toBe('1 h 5 min earlier');
		expect(shiftText(20)).toBe('no change');
		expect(shiftText(null)).toBe('–');
	});

	it('formats distances in the user system and counts with one decimal', () => {
		expect(formatValue(8400, 'm', 'metric')).toBe('8.4 km');
		expect(formatValue(1609.344, 'm', 'imperial')).toBe('1.0 mi');
		expect(formatValue(1.25, 'count', 'metric')).toBe('1.3');
		expect(formatValue(null, 'steps', 'metric')).toBe('–');
	});
});

describe('overlayAxis', () => {
	// A starts on Saturday 14 March, B on Sunday 1 March: a week each.
	const saturdayAndSunday = customPeriods(20260314, 20260320, 20260301);
	const daily = (from: number, days: number, steps: number) =>
		Array.from({ length: days }, (_, i) => makeMove({ date: from + i, steps: flat(steps) }));
	const records = [...daily(20260314, 7, 4000), ...daily(20260301, 7, 2000)];
	const series = (pair: typeof saturdayAndSunday) => {
		const result = comparePeriodRecords(records, [], pair);
		const a = result.seriesA.find((s) => s.id === 'move.steps');
		const b = result.seriesB.find((s) => s.id === 'move.steps');
		if (!a || !b) throw new Error('no steps series');
		return { a, b };
	};

	it('lines up a Saturday start with a Sunday start so Sunday faces Sunday, and names the weekdays', () => {
		const { a, b } = series(saturdayAndSunday);
		const overlay = overlaySeries(a, b, saturdayAndSunday, 'weekday', 'metric');
		const axis = overlayAxis(overlay, saturdayAndSunday, 'weekday');
		const labels = overlay[0]?.points.map((_, index) => axis.tick(index));
		expect(labels).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
		expect(axis.ticks).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		// Position 1 is Sunday in both periods: 15 March against 1 March.
		expect(overlay[0]?.points[1]).toEqual({ dateInt: 20260315, value: 4000 });
		expect(overlay[1]?.points[1]).toEqual({ dateInt: 20260301, value: 2000 });
		// B has no Saturday before its Sunday start; A has no second Saturday.
		expect(overlay[1]?.points[0]?.value).toBeNull();
		expect(overlay[0]?.points[7]?.value).toBeNull();
	});

	it('tables each position by weekday with both periods’ ISO dates, empty where a period has no day', () => {
		const { a, b } = series(saturdayAndSunday);
		const overlay = overlaySeries(a, b, saturdayAndSunday, 'weekday', 'metric');
		const table = overlayTable(
			overlay,
			saturdayAndSunday,
			overlayAxis(overlay, saturdayAndSunday, 'weekday')
		);
		expect(table.rows[0]).toEqual({ day: 'Sat', d0: '2026-03-14', s0: 4000, d1: null, s1: null });
		expect(table.rows[1]).toEqual({
			day: 'Sun',
			d0: '2026-03-15',
			s0: 4000,
			d1: '2026-03-01',
			s1: 2000
		});
		expect(table.columns.find((column) => column.key === 's0')?.unit).toBe('steps');
	});

	it('draws by day of period differently from by weekday when the starts differ', () => {
		const { a, b } = series(saturdayAndSunday);
		const byDay = overlaySeries(a, b, saturdayAndSunday, 'day', 'metric');
		const axis = overlayAxis(byDay, saturdayAndSunday, 'day');
		expect(byDay[0]?.points).toHaveLength(7);
		expect(byDay[1]?.points[0]).toEqual({ dateInt: 20260301, value: 2000 });
		expect([0, 6].map((index) => axis.tick(index))).toEqual(['Day 1', 'Day 7']);
	});

	it('names the days of the week presets Mon to Sun, aligned either way', () => {
		for (const align of ['weekday', 'day'] as const) {
			const overlay = overlaySeries(
				{ id: 'x', label: 'x', unit: 'steps', points: [] },
				{ id: 'x', label: 'x', unit: 'steps', points: [] },
				week,
				align,
				'metric'
			);
			const axis = overlayAxis(overlay, week, align);
			expect(overlay[0]?.points.map((_, index) => axis.tick(index))).toEqual([
				'Mon',
				'Tue',
				'Wed',
				'Thu',
				'Fri',
				'Sat',
				'Sun'
			]);
		}
	});

	it('ticks each Monday as a week over a long span, and names the day under the cursor', () => {
		const months = customPeriods(20260301, 20260331, 20260201);
		const overlay = overlaySeries(
			{ id: 'x', label: 'x', unit: 'steps', points: [] },
			{ id: 'x', label: 'x', unit: 'steps', points: [] },
			months,
			'weekday',
			'metric'
		);
		const axis = overlayAxis(overlay, months, 'weekday');
		// 1 March 2026 is a Sunday, 1 February too: the first position is a Sunday in week 1.
		expect(axis.title(0)).toBe('Sun, week 1');
		expect(axis.ticks?.[0]).toBe(1);
		expect(axis.tick(1)).toBe('Week 2');
		expect(axis.title(1)).toBe('Mon, week 2');
	});
});

describe('pairText', () => {
	it('capitalises only the first preset name, for a caption', () => {
		expect(pairText(week)).toBe('This week against last week');
	});
});

describe('overlayTitle', () => {
	it('uses the preset names', () => {
		expect(overlayTitle('Steps', week)).toBe('Steps: this week against last week');
	});

	it('names custom periods by their dates, not as period a and period b', () => {
		expect(overlayTitle('Steps', customPeriods(20260314, 20260320, 20260301))).toBe(
			'Steps: 14\u00a0– 20 Mar 2026 against 1\u00a0– 7 Mar 2026'
		);
	});
});
