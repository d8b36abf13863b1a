// The spans the Heart and Body views show: the last month, three months or year up to today.
import { formatShortDay } from '$lib/format';
import { addDays } from '$lib/time/zone';
import { addMonths, type Period } from '$lib/views/controls/periods';

export type TrailingSpan = 'month' | 'quarter' | 'year';

export const TRAILING_SPANS = [
	{ value: 'month', label: 'Month' },
	{ value: 'quarter', label: '3 months' },
	{ value: 'year', label: 'Year' }
] as const satisfies readonly { value: TrailingSpan; label: string }[];

const MONTHS: Record<TrailingSpan, number> = { month: 1, quarter: 3, year: 12 };

/**
 * The calendar months up to and including `today`: from the day after the same date one, three
 * or twelve months earlier (31 March back one month is 28 February, so 1 March starts it).
 */
export function trailingPeriod(today: number, span: TrailingSpan): Period {
	return { from: addDays(addMonths(today, -MONTHS[span]), 1), to: today };
}

/** `1 Mar – 30 Mar 2026`: the span with the year once, at its end. */
export function trailingLabel(period: Period): string {
	const year = Math.floor(period.to / 10_000);
	return `${formatShortDay(period.from)} – ${formatShortDay(period.to)} ${year}`;
}
