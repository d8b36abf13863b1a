// What the Sleep page lays out: one night, or a week or month of nights whose figures say what they rest on.
import type { Sleep } from '$lib/api';
import { bedtimeTable } from '$lib/charts/bedtime-bars/bedtime-bars';
import { dailyBarsLegend, dailyBarsTable } from '$lib/charts/daily-bars/daily-bars';
import type { LegendItem } from '$lib/charts/frame/legend';
import type { ChartTable } from '$lib/charts/frame/table';
import { nightStackTable } from '$lib/charts/night-stack/night-stack';
import { basisOf, type Coverage } from '$lib/coverage';
import { basisNote, formatDay } from '$lib/format';
import type { DaySlot } from '$lib/metrics/day-slots';
import { nightPhaseTotals } from '$lib/metrics/sleep';
import type { BedtimeNight, NightPhaseTotals } from '$lib/metrics/types';
import { formatDateInt } from '$lib/time/zone';
import type { Figure } from '../controls/figure';
import { periodLabel } from '../controls/periods';
import { phaseLegendFor } from './legends';
import { nightOf } from './night';
import {
	asleepPerNight,
	napRows,
	nightBedtimes,
	nightSlots,
	regularityFigures,
	sleepRegularity,
	sleepsIn,
	splitSleeps,
	type NapRow,
	type SleepDates,
	type SleepView
} from './sleep-view';

/** What the Sleep page reads: its choices, dates, the sleeps and what they rest on, the goal. */
export interface SleepInputs {
	view: SleepView;
	dates: SleepDates;
	sleeps: readonly Sleep[];
	coverage: Coverage;
	/** The sleep goal in seconds, or null. */
	sleepGoal: number | null;
}

/** The naps of what is shown, and what to say when there are none. */
export interface NapList {
	rows: NapRow[];
	empty: string;
}

/** One night: the record drawn (the longest part of a broken night), or why there is none. */
export interface SleepNightModel {
	night: Sleep | null;
	empty: string;
	naps: NapList;
}

/** Today's night before it has ended (and synced): said instead of "no night". */
export const NIGHT_NOT_YET =
	'No night has ended yet today: a night shows under the date you woke up, once the band syncs.';

export function sleepNight(inputs: SleepInputs): SleepNightModel {
	const { dates, sleeps } = inputs;
	const { naps } = splitSleeps(sleepsIn(sleeps, dates.slots));
	// Today with no night yet: the person may still be asleep, which is not a day without a night.
	const empty =
		dates.date === inputs.coverage.today
			? NIGHT_NOT_YET
			: `No night ended on ${formatDay(dates.date)}.`;
	return {
		night: nightOf(sleeps, dates.date),
		empty,
		naps: { rows: napRows(naps), empty: 'No naps on this day.' }
	};
}

/** A week or month of nights: time asleep, phases and bedtimes, each wake date in its slot. */
export interface SleepRangeModel {
	label: string;
	fileSuffix: string;
	asleep: { slots: DaySlot[]; goal: number | null; legend: LegendItem[]; table: ChartTable };
	/** Phases per night; the legend has REM when one of the nights recorded some. */
	stack: { nights: NightPhaseTotals[]; slots: DaySlot[]; legend: LegendItem[]; table: ChartTable };
	bedtimes: { nights: BedtimeNight[]; table: ChartTable };
	/** The regularity of the nights, each figure saying what it rests on when not every night. */
	regularity: Figure[];
	naps: NapList;
}

/**
 * The week or month: every wake date in the state its coverage gives (a night dated today ended
 * this morning, so it counts whole; days to come are empty; a day without a night, not read yet or
 * whose read failed is named), and the regularity figures with their basis ("so far: 12 of 30
 * days", "20 of 30 days; the rest could not be loaded").
 */
export function sleepRange(inputs: SleepInputs): SleepRangeModel {
	const { view, dates, sleeps, coverage, sleepGoal } = inputs;
	const period = dates.slots;
	const { nights, naps } = splitSleeps(sleepsIn(sleeps, period));
	const asleep = asleepPerNight(sleeps, period, coverage);
	const slots = nightSlots(nights, period, coverage);
	const stack = nightPhaseTotals(nights);
	const bedtimes = nightBedtimes(nights);
	const rests = basisNote(basisOf(coverage, period.from, period.to));
	const gaps = asleep.some(
		(slot) => slot.value === null && slot.state !== 'future' && slot.state !== 'underway'
	);
	return {
		label: periodLabel(period, view.span),
		fileSuffix: formatDateInt(period.from),
		asleep: {
			slots: asleep,
			goal: sleepGoal,
			legend: dailyBarsLegend('Time asleep', sleepGoal, view.average, 'sleep', gaps),
			table: dailyBarsTable(asleep, 'Time asleep', 'seconds', sleepGoal)
		},
		stack: {
			nights: stack,
			slots,
			legend: phaseLegendFor(stack.some((night) => night.rem > 0)),
			table: nightStackTable(stack, slots)
		},
		bedtimes: { nights: bedtimes, table: bedtimeTable(bedtimes, slots) },
		regularity: regularityFigures(sleepRegularity(nights)).map((figure) => ({
			...figure,
			note: rests
		})),
		naps: { rows: napRows(naps), empty: 'No naps in this period.' }
	};
}
