// What the Sleep view shows: the night of a wake date, nights and naps of a range, regularity in words.
import type { Coverage } from '$lib/coverage';
import type { Sleep } from '$lib/api';
import { bedtimeNight, bedtimeRegularity, type BedtimeRegularity } from '$lib/metrics/bedtime';
import { AVERAGE_DAYS, daySlots, type DaySlot } from '$lib/metrics/day-slots';
import { sleepsToSeries } from '$lib/metrics/series';
import { isNap, nightDate } from '$lib/metrics/sleep';
import { formatDuration, formatPercent, MISSING } from '$lib/metrics/units';
import type { BedtimeNight } from '$lib/metrics/types';
import {
	addDays,
	clockOfOffset,
	dateIntFromString,
	formatClock,
	normalizeTz
} from '$lib/time/zone';
import { clipToToday, periodOf, type Period, type Span } from '$lib/views/controls/periods';
import { enumParam } from '$lib/views/url-state';

/** The rule every sleep chart states beside itself. */

/** Nights (sub_type 0) and naps of a list, each sorted by wake date then bedtime. */
export function splitSleeps(sleeps: readonly Sleep[]): { nights: Sleep[]; naps: Sleep[] } {
	const sorted = [...sleeps].sort(
		(a, b) => nightDate(a) - nightDate(b) || a.time_created - b.time_created
	);
	return {
		nights: sorted.filter((sleep) => !isNap(sleep)),
		naps: sorted.filter((sleep) => isNap(sleep))
	};
}

/** Bedtime bars of the nights only: naps are listed apart. */
export function nightBedtimes(sleeps: readonly Sleep[]): BedtimeNight[] {
	return splitSleeps(sleeps).nights.map(bedtimeNight);
}

/** A nap as a person reads it, in the nap's own zone. */
export interface NapRow {
	xid: string;
	dateInt: number;
	kind: string;
	from: string;
	to: string;
	tz: string;
	duration: string;
}

export function napRows(naps: readonly Sleep[]): NapRow[] {
	return naps.map((nap) => {
		const tz = normalizeTz(nap.details.tz);
		return {
			xid: nap.xid,
			dateInt: nightDate(nap),
			kind: nap.sub_type === 1 ? 'Power nap' : 'Nap',
			from: formatClock(nap.time_created, tz),
			to: formatClock(nap.time_completed, tz),
			tz,
			duration: formatDuration(nap.time_completed - nap.time_created)
		};
	});
}

/** The regularity figures as the page lists them: label and text. */
export function regularityFigures(
	regularity: BedtimeRegularity
): { label: string; value: string }[] {
	const clock = (offset: number | null) => (offset === null ? MISSING : clockOfOffset(offset));
	return [
		{ label: 'Median bedtime', value: clock(regularity.medianBedtime) },
		{ label: 'Median wake time', value: clock(regularity.medianWake) },
		{ label: 'Bedtime spread (middle half)', value: formatDuration(regularity.bedtimeSpread) },
		{ label: 'Wake time spread (middle half)', value: formatDuration(regularity.wakeSpread) },
		{
			label: 'Nights within 30 min of both medians',
			value: formatPercent(regularity.shareWithin30min)
		},
		{ label: 'Nights counted', value: String(regularity.nights) }
	];
}

/** Regularity of a list of sleeps (naps ignored). */
export function sleepRegularity(sleeps: readonly Sleep[]): BedtimeRegularity {
	return bedtimeRegularity(nightBedtimes(sleeps));
}

/** An inclusive range of wake dates `YYYYMMDD`. */
export interface NightRange {
	from: number;
	to: number;
}

/** The wake dates a week or month of nights reads: the range and the nights its first average needs. */
export function nightsHistoryRange(range: NightRange): NightRange {
	return { from: addDays(range.from, -(AVERAGE_DAYS - 1)), to: range.to };
}

/**
 * Time asleep per night for every wake date of `range` (naps left out, a broken night summed):
 * each date in the state its coverage gives. A night dated today ended this morning, so it counts
 * whole once recorded. The sleeps may reach back before the range (see `nightsHistoryRange`) for
 * the first nights' averages.
 */
export function asleepPerNight(
	sleeps: readonly Sleep[],
	range: NightRange,
	coverage: Coverage
): DaySlot[] {
	const series = sleepsToSeries(sleeps, 'asleep', { range: nightsHistoryRange(range) });
	return daySlots(range.from, range.to, coverage, series.points, { todayOver: true });
}

/**
 * The wake dates of `range` as slots saying which had a night at all (value 1): the fixed
 * columns of the phase and bedtime charts, a gap where no night ended that day.
 */
export function nightSlots(
	sleeps: readonly Sleep[],
	range: NightRange,
	coverage: Coverage
): DaySlot[] {
	const points = splitSleeps(sleeps).nights.map((night) => ({
		dateInt: nightDate(night),
		value: 1
	}));
	return daySlots(range.from, range.to, coverage, points, { todayOver: true }).map((slot) => ({
		...slot,
		average: null
	}));
}

export type SleepSpan = Extract<Span, 'night' | 'week' | 'month'>;
export const SLEEP_SPANS = ['night', 'week', 'month'] as const satisfies SleepSpan[];

/** What the Sleep URL says: `?span=month&date=2026-03-30&avg=1`. */
export interface SleepView {
	span: SleepSpan;
	/** The wake date shown, or null for the person's today (resolved in the page). */
	date: number | null;
	/** Whether the time-asleep bars draw the 7-day average. */
	average: boolean;
}

export function parseSleepView(url: URL): SleepView {
	return {
		span: enumParam(url, 'span', SLEEP_SPANS, 'night'),
		date: dateIntFromString(url.searchParams.get('date') ?? ''),
		average: url.searchParams.get('avg') === '1'
	};
}

/** The dates a Sleep view shows once today is known. */
export interface SleepDates {
	date: number;
	/** Every wake date of the night, week or month, days to come included. */
	slots: Period;
	/** The sleeps to read: up to today, and for a week or month the nights the first average needs. */
	read: Period;
}

export function sleepDates(view: SleepView, today: number): SleepDates {
	const date = view.date ?? today;
	const slots = periodOf(date, view.span);
	const clipped = clipToToday(slots, today);
	return { date, slots, read: view.span === 'night' ? clipped : nightsHistoryRange(clipped) };
}

/** The sleeps whose wake date lies in `range` (the read reaches back further, for averages). */
export function sleepsIn(sleeps: readonly Sleep[], range: NightRange): Sleep[] {
	return sleeps.filter((sleep) => {
		const dateInt = nightDate(sleep);
		return dateInt >= range.from && dateInt <= range.to;
	});
}
