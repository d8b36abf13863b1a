// Ticks that speak the calendar and the clock: date ticks chosen for the span and labelled in two
// levels (day over month, month over year), and duration ticks in one unit per axis.
import {
	utcDay,
	utcMonday,
	utcMonth,
	utcYear,
	type CountableTimeInterval,
	type TimeInterval
} from 'd3-time';
import { format } from 'd3-format';
import { MONTHS, WEEKDAYS } from '$lib/format';

/** A tick with its own text: `label` on the first line, `context` (month, year) under it. */
export interface LabelledTick {
	value: number;
	label: string;
	/** Shown under the label where it changes (the month under day ticks, the year under months). */
	context?: string;
}

type Level = 'day' | 'month' | 'year';

/** The finest step a date axis may tick at: a chart of weekly, monthly or yearly buckets ticks no finer. */
export type TickStep = 'day' | 'week' | 'month' | 'year';

/** How many days the finest step of each kind is, to skip the steps finer than it. */
const STEP_DAYS: Readonly<Record<TickStep, number>> = { day: 1, week: 7, month: 30, year: 365 };

interface Step {
	interval: TimeInterval;
	level: Level;
	/** Roughly how long one step is, in days: steps far too fine are skipped without counting. */
	days: number;
	/** Whether a tick names its weekday (`Mon 23`): every day, and every Monday, whose week it starts. */
	named?: boolean;
}

function every(interval: CountableTimeInterval, step: number): TimeInterval {
	return interval.every(step) ?? interval;
}

// From finest to coarsest: days, Mondays, months, years. Dates are UTC-midnight labels, so a
// day is always one step here whatever the clocks did that night.
const STEPS: readonly Step[] = [
	{ interval: utcDay, level: 'day', days: 1, named: true },
	{ interval: every(utcDay, 2), level: 'day', days: 2 },
	{ interval: utcMonday, level: 'day', days: 7, named: true },
	{ interval: every(utcMonday, 2), level: 'day', days: 14, named: true },
	{ interval: utcMonth, level: 'month', days: 30 },
	{ interval: every(utcMonth, 2), level: 'month', days: 61 },
	{ interval: every(utcMonth, 3), level: 'month', days: 91 },
	{ interval: every(utcMonth, 6), level: 'month', days: 182 },
	{ interval: utcYear, level: 'year', days: 365 },
	{ interval: every(utcYear, 2), level: 'year', days: 730 },
	{ interval: every(utcYear, 5), level: 'year', days: 1826 },
	{ interval: every(utcYear, 10), level: 'year', days: 3652 },
	{ interval: every(utcYear, 20), level: 'year', days: 7305 }
];

function tickText(ms: number, level: Level, named: boolean): { label: string; context: string } {
	const date = new Date(ms);
	const month = MONTHS[date.getUTCMonth()] ?? '';
	const year = String(date.getUTCFullYear());
	switch (level) {
		case 'day':
			return {
				label: named
					? `${WEEKDAYS[date.getUTCDay()] ?? ''} ${date.getUTCDate()}`
					: String(date.getUTCDate()),
				context: `${month} ${year}`
			};
		case 'month':
			return { label: month, context: year };
		case 'year':
			return { label: year, context: '' };
	}
}

/**
 * Ticks for a date axis over `[from, to]` (UTC-midnight milliseconds of date labels), at most
 * `maxTicks` of them: the finest calendar step that fits, and never finer than `finest` (a
 * yearly series ticks its years, not months between them). Day and week ticks read `Mon 30`
 * (`30` when they skip days) with the month and year under the first tick and wherever the
 * month changes; month ticks read `Mar` with the year under the first and each January; year
 * ticks read `2026`. A one-day span has its one tick; an empty or inverted span has none.
 */
export function dateTicks(
	from: number,
	to: number,
	maxTicks: number,
	finest: TickStep = 'day'
): LabelledTick[] {
	if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return [];
	const limit = Math.max(1, Math.floor(maxTicks));
	if (to === from) {
		const { label, context } = tickText(from, 'day', true);
		return [{ value: from, label, context }];
	}
	const fallback = STEPS[STEPS.length - 1] ?? { interval: utcYear, level: 'year', days: 365 };
	const start = new Date(from);
	const stop = new Date(to + 1);
	const spanDays = (to - from) / 86_400_000;
	const step =
		STEPS.find(
			({ interval, days }) =>
				days >= STEP_DAYS[finest] &&
				spanDays / days <= limit * 2 &&
				interval.range(start, stop).length <= limit
		) ?? fallback;
	const values = step.interval.range(start, stop).map(Number);
	let previousContext = '';
	return values.map((value) => {
		const { label, context } = tickText(value, step.level, step.named === true);
		const changed = context !== previousContext;
		previousContext = context;
		return changed && context !== '' ? { value, label, context } : { value, label };
	});
}

/** The one unit a duration axis is labelled in: minutes below two hours, hours above. */
export function durationAxisUnit(maxSeconds: number): 'min' | 'h' {
	return Math.abs(maxSeconds) < 2 * 3600 ? 'min' : 'h';
}

const upToOneDecimal = format(',.1~f');

/**
 * Labels for duration ticks (in seconds) all in the unit `durationAxisUnit` picks for the
 * largest of them, as plain numbers: `0 30 60 90` with the title `min`, or `0 2 4 6` with `h`.
 */
export function durationTicks(values: readonly number[]): { unit: 'min' | 'h'; labels: string[] } {
	const largest = Math.max(0, ...values.map((value) => Math.abs(value)));
	const unit = durationAxisUnit(largest);
	const per = unit === 'h' ? 3600 : 60;
	return { unit, labels: values.map((value) => upToOneDecimal(value / per)) };
}
