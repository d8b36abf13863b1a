// What the Today view shows: calories eaten for the budget gauge, and the headline figures against the usual.
import type { Move, Sleep } from '$lib/api';
import type { TrendSeries } from '$lib/client/api-client';
import type { HourlyMetric } from '$lib/metrics/hourly';
import { headlineFigures, type Headline } from '$lib/metrics/summary';
import {
	formatDistance,
	formatDuration,
	formatPercent,
	formatSteps,
	MISSING,
	type UnitSystem
} from '$lib/metrics/units';
import { formatDay, plural } from '$lib/format';
import { addDays, daysBetween, formatDateInt, weekdayOfDate } from '$lib/time/zone';
import type { Period } from '$lib/views/controls/periods';
import { BY_THIS_HOUR_WEEKS, byThisHour, type ByThisHour } from './by-this-hour';

/** Days of history the headline average reads (the 7 days before today). */
export const HEADLINE_DAYS = 7;

/** The dates the headline figures need: today and the 7 days before it. */
export function headlineRange(today: number): Period {
	return { from: addDays(today, -HEADLINE_DAYS), to: today };
}

/** Where Today points when today has no records: the latest day that has some. */
export interface LatestDayPointer {
	text: string;
	/** That day, `YYYY-MM-DD`, for Activity's `?date=`. */
	activityDate: string;
	linkText: string;
}

/**
 * The pointer to the latest day with records, for a today without any (an imported history that
 * ends in the past): null when there is no such day, or it is today.
 */
export function latestDayPointer(today: number, latest: number | null): LatestDayPointer | null {
	if (latest === null || latest >= today) return null;
	const ago = daysBetween(latest, today);
	const when = `${formatDay(latest)} ${Math.floor(latest / 10000)}`;
	return {
		text: `Nothing recorded today. Your latest records are from ${when}, ${ago === 1 ? 'yesterday' : `${ago} days ago`}.`,
		activityDate: formatDateInt(latest),
		linkText: `Show ${formatDay(latest)} ${Math.floor(latest / 10000)} in Activity`
	};
}

/** A headline figure as shown: today's value, the 7-day average and the change. */
export interface HeadlineCard {
	id: string;
	label: string;
	value: string;
	average: string;
	/** "+12% vs 7-day average", or null without an average. */
	change: string | null;
	/** Whether today is above (1), below (-1) or level with (0) the average; null when unknown. */
	direction: -1 | 0 | 1 | null;
}

function formatHeadline(headline: Headline, system: UnitSystem): (value: number | null) => string {
	switch (headline.unit) {
		case 'steps':
			return (value) => formatSteps(value);
		case 'seconds':
			return (value) => formatDuration(value);
		case 'm':
			return (value) => formatDistance(value, system);
		default:
			return (value) => (value === null ? MISSING : String(Math.round(value)));
	}
}

function card(headline: Headline, label: string, system: UnitSystem): HeadlineCard {
	const show = formatHeadline(headline, system);
	const days = headline.averageDays;
	return {
		id: headline.id,
		label,
		value: show(headline.value),
		average:
			headline.average === null
				? 'No data in the last 7 days'
				: `${show(headline.average)} average over ${days} ${plural(days, 'day')}`,
		change:
			headline.deltaPct === null
				? null
				: `${formatPercent(headline.deltaPct / 100, 'en-GB', { signed: true })} vs 7-day average`,
		direction: headline.delta === null ? null : headline.delta > 0 ? 1 : headline.delta < 0 ? -1 : 0
	};
}

/** Calories eaten on `dateInt`, from a daily trends series (meal_read); null when not known. */
export function eatenOn(series: TrendSeries | null | undefined, dateInt: number): number | null {
	const bucket = series?.buckets.find(([date]) => date === dateInt);
	const eaten = bucket?.[1].e_calories;
	return typeof eaten === 'number' && Number.isFinite(eaten) ? eaten : null;
}

const WEEKDAYS = [
	'Sundays',
	'Mondays',
	'Tuesdays',
	'Wednesdays',
	'Thursdays',
	'Fridays',
	'Saturdays'
];

function hourText(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}

/** A move metric so far today against the usual by the same hour (see `byThisHour`). */
function soFarCard(
	id: string,
	label: string,
	figure: ByThisHour,
	dateInt: number,
	show: (value: number | null) => string
): HeadlineCard {
	const { hour, value, usual, days } = figure;
	const weekdays = WEEKDAYS[weekdayOfDate(dateInt)] ?? 'same weekdays';
	const over = hour >= 24;
	const by = over ? 'all day' : `by ${hourText(hour)}`;
	const base = { id, label: hour === 0 ? label : `${label} ${by}`, value: show(value) };
	if (hour === 0) {
		return { ...base, average: 'Too early in the day to compare', change: null, direction: null };
	}
	if (usual === null) {
		return {
			...base,
			average: `No ${weekdays} recorded in the last ${BY_THIS_HOUR_WEEKS} weeks`,
			change: null,
			direction: null
		};
	}
	const of = days === 1 ? `the one ${weekdays.slice(0, -1)}` : `${days} ${weekdays}`;
	const delta = value === null ? null : value - usual;
	return {
		...base,
		average: `Usually ${show(usual)} ${over ? 'all day' : 'by this hour'} (median of ${of} in the last ${BY_THIS_HOUR_WEEKS} weeks)`,
		change:
			delta === null || usual === 0
				? null
				: `${formatPercent(delta / usual, 'en-GB', { signed: true })} vs usual`,
		direction: delta === null ? null : delta > 0 ? 1 : delta < 0 ? -1 : 0
	};
}

/** What the headline cards read: the records, today, the data's moment and the person's zone. */
export interface TodayInputs {
	moves: readonly Move[];
	sleeps: readonly Sleep[];
	dateInt: number;
	/** The moment the data stands at (the last sync), epoch seconds. */
	asOf: number;
	zone: string | null;
	system: UnitSystem;
}

/**
 * The four headline cards in the order the page shows them. Steps, active time and distance
 * build up through the day, so they are set against the usual by the same hour, not full days;
 * last night's sleep is a finished night and reads against the 7 days before.
 */
export function headlineCards(inputs: TodayInputs): HeadlineCard[] {
	const { moves, sleeps, dateInt, asOf, zone, system } = inputs;
	const soFar = (metric: HourlyMetric) => byThisHour(moves, dateInt, asOf, zone, metric);
	const sleep = headlineFigures(moves, sleeps, dateInt).sleep;
	return [
		soFarCard('move.steps', 'Steps', soFar('steps'), dateInt, (value) => formatSteps(value)),
		soFarCard('move.active_time', 'Active time', soFar('active_time'), dateInt, (value) =>
			formatDuration(value)
		),
		soFarCard('move.distance', 'Distance', soFar('distance'), dateInt, (value) =>
			formatDistance(value, system)
		),
		card(sleep, 'Last night’s sleep', system)
	];
}
