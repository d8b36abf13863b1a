// Named fixtures of the daily bars: a week of steps with a gap, a month of nights with two gaps.
import type { DaySlot } from '$lib/metrics/day-slots';
import type { BedtimeNight, NightPhaseTotals } from '$lib/metrics/types';

function slot(dateInt: number, value: number | null, average: number | null): DaySlot {
	return { dateInt, value, state: value === null ? 'none' : 'finished', average };
}

/** Mon 23 – Sun 29 Mar 2026: no record on Thursday, the goal met on two days. */
export const stepsWeek: DaySlot[] = [
	slot(20260323, 8200, 8100),
	slot(20260324, 10400, 8600),
	slot(20260325, 6900, 8300),
	slot(20260326, null, 8300),
	slot(20260327, 12100, 9100),
	slot(20260328, 4300, 8400),
	slot(20260329, 7600, 8250)
];

/** Mon 30 Mar – Sun 5 Apr 2026 read on Wednesday: two days recorded, one missing, four to come. */
export const stepsWeekSoFar: DaySlot[] = [
	slot(20260330, 9100, 9100),
	slot(20260331, null, 9100),
	slot(20260401, 5200, 7150),
	...[20260402, 20260403, 20260404, 20260405].map((dateInt): DaySlot => ({
		dateInt,
		value: null,
		state: 'future',
		average: null
	}))
];

/**
 * Mon 23 – Sun 29 Mar 2026 on a first visit at 09:30 on Thursday: Monday's read failed, Tuesday is
 * not read yet, Wednesday is finished, Thursday is under way, the weekend is to come.
 */
export const stepsWeekLoading: DaySlot[] = [
	{ dateInt: 20260323, value: null, state: 'failed', average: null },
	{ dateInt: 20260324, value: null, state: 'unread', average: null },
	slot(20260325, 11200, 11200),
	{ dateInt: 20260326, value: 2300, state: 'underway', average: 11200 },
	...[20260327, 20260328, 20260329].map((dateInt): DaySlot => ({
		dateInt,
		value: null,
		state: 'future',
		average: null
	}))
];

/** Every night of March 2026, seconds asleep; no night ended on the 10th or the 17th. */
export const asleepMonth: DaySlot[] = Array.from({ length: 31 }, (_, index) => {
	const day = index + 1;
	const dateInt = 20260300 + day;
	if (day === 10 || day === 17) return slot(dateInt, null, 26400);
	// 6 h 50 min to 7 h 50 min, in whole minutes.
	const value = 24600 + ((day * 37) % 61) * 60;
	return slot(dateInt, value, 26400);
});

/** The same month as wake-date slots of the phase and bedtime charts (value 1: a night ended). */
export const nightMonthSlots: DaySlot[] = asleepMonth.map((slot) => ({
	...slot,
	value: slot.value === null ? null : 1,
	average: null
}));

/** Phase totals of the month's nights: latency 15 min, awake 20 min, deep 90 min, light the rest. */
export const nightMonthTotals: NightPhaseTotals[] = asleepMonth.flatMap((slot) =>
	slot.value === null
		? []
		: [
				{
					dateInt: slot.dateInt,
					xid: `night-${slot.dateInt}`,
					latency: 900,
					awake: 1200,
					rem: 0,
					light: slot.value - 5400,
					deep: 5400
				}
			]
);

/** Bedtimes of the month's nights: in bed between 22:30 and 23:30, up 40 minutes after sleeping. */
export const nightMonthBedtimes: BedtimeNight[] = asleepMonth.flatMap((slot) => {
	if (slot.value === null) return [];
	const bedtime = -5400 + ((slot.dateInt % 7) - 3) * 600;
	return [
		{
			dateInt: slot.dateInt,
			bedtimeOffset: bedtime,
			asleepOffset: bedtime + 900,
			wakeOffset: bedtime + 900 + slot.value + 1200,
			nap: false
		}
	];
});
