// The calendar periods views navigate by (day, ISO week, month, 12 months) and their labels.
import { addDays, isoWeekStart, parseDateInt } from '$lib/time/zone';
import { formatDay, formatMonth, formatShortDay } from '$lib/format';

/** How much a view shows at once; `night` is a day seen from the Sleep view. */
export type Span = 'day' | 'night' | 'week' | 'month' | 'year';

/** An inclusive range of calendar dates `YYYYMMDD`. */
export interface Period {
	from: number;
	to: number;
}

function dateOf(year: number, month: number, day: number): number {
	return year * 10000 + month * 100 + day;
}

function daysInMonth(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date `months` calendar months away, its day clamped to the target month (31 Mar - 1 = 28 Feb). */
export function addMonths(dateInt: number, months: number): number {
	const { year, month, day } = parseDateInt(dateInt);
	const index = year * 12 + (month - 1) + months;
	const targetYear = Math.floor(index / 12);
	const targetMonth = (index % 12) + 1;
	return dateOf(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * The dates a span shows around `dateInt`: the day itself, its ISO week (Monday to Sunday), its
 * calendar month, or the twelve calendar months ending with its month (a year of history that
 * lines up with month navigation).
 */
export function periodOf(dateInt: number, span: Span): Period {
	const { year, month } = parseDateInt(dateInt);
	switch (span) {
		case 'day':
		case 'night':
			return { from: dateInt, to: dateInt };
		case 'week': {
			const monday = isoWeekStart(dateInt);
			return { from: monday, to: addDays(monday, 6) };
		}
		case 'month':
			return { from: dateOf(year, month, 1), to: dateOf(year, month, daysInMonth(year, month)) };
		case 'year': {
			const first = addMonths(dateOf(year, month, 1), -11);
			return { from: first, to: dateOf(year, month, daysInMonth(year, month)) };
		}
	}
}

/** The date one span earlier (`-1`) or later (`1`): a day, 7 days, a month or 12 months. */
export function stepDate(dateInt: number, span: Span, direction: -1 | 1): number {
	switch (span) {
		case 'day':
		case 'night':
			return addDays(dateInt, direction);
		case 'week':
			return addDays(dateInt, 7 * direction);
		case 'month':
			return addMonths(dateInt, direction);
		case 'year':
			return addMonths(dateInt, 12 * direction);
	}
}

/** Whether stepping forward would only show days after `today` (nothing recorded yet). */
export function isLatest(dateInt: number, span: Span, today: number): boolean {
	return periodOf(stepDate(dateInt, span, 1), span).from > today;
}

/** Text for a period: `Mon 30 Mar 2026`, `23 Mar – 29 Mar 2026`, `Mar 2026`, `Apr 2025 – Mar 2026`. */
export function periodLabel(period: Period, span: Span): string {
	const year = (dateInt: number) => String(Math.floor(dateInt / 10000));
	switch (span) {
		case 'day':
		case 'night':
			return `${formatDay(period.from)} ${year(period.from)}`;
		case 'week':
			return `${formatShortDay(period.from)} – ${formatShortDay(period.to)} ${year(period.to)}`;
		case 'month':
			return formatMonth(period.from);
		case 'year':
			return `${formatMonth(period.from)} – ${formatMonth(period.to)}`;
	}
}

/** The period clipped to end no later than `today` (days after it have no records to ask for). */
export function clipToToday(period: Period, today: number): Period {
	return { from: period.from, to: Math.min(period.to, Math.max(today, period.from)) };
}
