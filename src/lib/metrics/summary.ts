// Headline figures for today (steps, active time, distance, last night's sleep) against the 7 days before.
import type { Move, Sleep } from '$lib/api';
import { addDays } from '$lib/time/zone';
import { movesToSeries, sleepsToSeries } from './series';
import type { Series } from './types';

export interface Headline {
	id: string;
	label: string;
	unit: string;
	/** Today's value; null when there is none yet. */
	value: number | null;
	/** Mean of the 7 days before today, over the days that have data. */
	average: number | null;
	/** How many of those 7 days had data. */
	averageDays: number;
	/** value - average. */
	delta: number | null;
	/** (value - average) / average * 100; null when the average is 0 or missing. */
	deltaPct: number | null;
}

export interface HeadlineFigures {
	dateInt: number;
	steps: Headline;
	activeTime: Headline;
	distance: Headline;
	/** Last night: the night that woke up today (wake-date rule), naps left out. */
	sleep: Headline;
}

const AVERAGE_DAYS = 7;

function headline(series: Series, todayDateInt: number): Headline {
	let value: number | null = null;
	let sum = 0;
	let days = 0;
	for (const point of series.points) {
		if (point.dateInt === todayDateInt) value = point.value;
		else if (point.value !== null) {
			sum += point.value;
			days++;
		}
	}
	const average = days === 0 ? null : sum / days;
	const delta = value === null || average === null ? null : value - average;
	return {
		id: series.id,
		label: series.label,
		unit: series.unit,
		value,
		average,
		averageDays: days,
		delta,
		deltaPct: delta === null || average === null || average === 0 ? null : (delta / average) * 100
	};
}

/** Today's headline numbers, each with the mean of the 7 days before today. */
export function headlineFigures(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	todayDateInt: number
): HeadlineFigures {
	const range = { from: addDays(todayDateInt, -AVERAGE_DAYS), to: todayDateInt };
	return {
		dateInt: todayDateInt,
		steps: headline(movesToSeries(moves, 'steps', { range }), todayDateInt),
		activeTime: headline(movesToSeries(moves, 'active_time', { range }), todayDateInt),
		distance: headline(movesToSeries(moves, 'distance', { range }), todayDateInt),
		sleep: headline(sleepsToSeries(sleeps, 'asleep', { range }), todayDateInt)
	};
}
