// The Activity view's URL state as a typed model, and the dates it resolves to once today is known.
import type { HourlyMetric } from '$lib/metrics/hourly';
import { dateIntFromString } from '$lib/time/zone';
import { clipToToday, periodOf, type Period, type Span } from '$lib/views/controls/periods';
import { enumParam, intParam } from '$lib/views/url-state';
import { ACTIVITY_METRICS, dailyHistoryRange, usualHistoryRange } from './activity';

export type ActivitySpan = Extract<Span, 'day' | 'week' | 'month' | 'year'>;
export const ACTIVITY_SPANS = ['day', 'week', 'month', 'year'] as const satisfies ActivitySpan[];

/** What the Activity URL says: `?span=week&metric=steps&date=2026-03-30&hour=9&avg=1`. */
export interface ActivityView {
	span: ActivitySpan;
	metric: HourlyMetric;
	/** The zoomed hour of a day, or null. */
	hour: number | null;
	/** The date shown, or null for the person's today (resolved in the page). */
	date: number | null;
	/** Whether the daily bars draw the 7-day average. */
	average: boolean;
}

export function parseActivityView(url: URL): ActivityView {
	const hour = intParam(url, 'hour', 0, 23, -1);
	return {
		span: enumParam(url, 'span', ACTIVITY_SPANS, 'day'),
		metric: enumParam(url, 'metric', ACTIVITY_METRICS, 'steps'),
		hour: hour === -1 ? null : hour,
		date: dateIntFromString(url.searchParams.get('date') ?? ''),
		average: url.searchParams.get('avg') === '1'
	};
}

/** The dates a view shows once today is known. */
export interface ActivityDates {
	date: number;
	/** The whole week, month or year: the chart keeps a slot for each of its days. */
	slots: Period;
	/** The period up to today, for the figures and the labels. */
	period: Period;
	/** The moves to read: a day's four weeks of history, a week or month's days for the average. */
	read: Period;
}

export function activityDates(view: ActivityView, today: number): ActivityDates {
	const date = view.date ?? today;
	const slots = periodOf(date, view.span);
	const period = clipToToday(slots, today);
	let read: Period;
	if (view.span === 'day') read = { from: usualHistoryRange(date).from, to: date };
	else if (view.span === 'year') read = period;
	else read = dailyHistoryRange(period);
	return { date, slots, period, read };
}
