// The demo person's calendar: which days exist, where she is, which zone each instant is in, and her special periods.

import { wallToEpoch } from './fast-zone';
import {
	addDays,
	daysBetween,
	localDateInt,
	parseDateInt,
	weekdayOfDate,
	zonedToEpoch
} from '$lib/time/zone';

export const HOME_TZ = 'Europe/Berlin';
export const TRIP_TZ = 'America/New_York';

/** A zone in effect from `from` (epoch seconds) until the next change. */
export interface ZoneSpan {
	from: number;
	tz: string;
}

export interface Trip {
	/** Date (Berlin) of the outbound flight day; the move of that day crosses into New York. */
	outbound: number;
	/** Epoch of landing in New York: the switch instant of the outbound day's `tzs`. */
	arrival: number;
	/** Date (New York) of the evening departure home. */
	departure: number;
	/** Epoch of the departure from New York (the overnight flight). */
	departureAt: number;
	/** Date (New York at midnight, Berlin on landing) of the day the return flight lands. */
	homecoming: number;
	/** Epoch of landing in Berlin: the switch instant of the homecoming day's `tzs`. */
	landing: number;
}

export type Period = 'normal' | 'trip' | 'sick' | 'motivated' | 'holiday';

export interface Calendar {
	first: number;
	last: number;
	dates: number[];
	trip: Trip | null;
	zones: ZoneSpan[];
	sick: [number, number];
	motivated: [number, number];
	holiday: [number, number];
}

function firstWeekdayOnOrAfter(dateInt: number, weekday: number): number {
	const shift = (weekday - weekdayOfDate(dateInt) + 7) % 7;
	return addDays(dateInt, shift);
}

/** Builds the calendar of `days` days ending on the local date containing `nowSec`. */
export function buildCalendar(nowSec: number, days: number): Calendar {
	const last = localDateInt(nowSec, HOME_TZ);
	const first = addDays(last, -(days - 1));
	const dates: number[] = [];
	for (let i = 0; i < days; i++) dates.push(addDays(first, i));

	// About four months in (summer for the usual two-year window): ten days in New York,
	// Saturday to the following Monday evening, landing back in Berlin on Tuesday morning.
	const outbound = firstWeekdayOnOrAfter(addDays(first, 120), 6);
	const departure = addDays(outbound, 9);
	const homecoming = addDays(outbound, 10);
	let trip: Trip | null = null;
	const zones: ZoneSpan[] = [{ from: -Infinity, tz: HOME_TZ }];
	if (daysBetween(homecoming, last) >= 1) {
		const o = parseDateInt(outbound);
		const d = parseDateInt(departure);
		const h = parseDateInt(homecoming);
		trip = {
			outbound,
			arrival: zonedToEpoch(o.year, o.month, o.day, 13, 5, 0, TRIP_TZ),
			departure,
			departureAt: zonedToEpoch(d.year, d.month, d.day, 18, 20, 0, TRIP_TZ),
			homecoming,
			landing: zonedToEpoch(h.year, h.month, h.day, 7, 40, 0, HOME_TZ)
		};
		zones.push({ from: trip.arrival, tz: TRIP_TZ }, { from: trip.landing, tz: HOME_TZ });
	}

	const sickStart = firstWeekdayOnOrAfter(addDays(first, 290), 2);
	const motivatedStart = addDays(first, 395);
	const sick: [number, number] = [sickStart, addDays(sickStart, 6)];
	const motivated: [number, number] = [motivatedStart, addDays(motivatedStart, 30)];
	return {
		first,
		last,
		dates,
		trip,
		zones,
		sick,
		motivated,
		holiday: julyHoliday(first, last, [
			trip === null ? NO_SPAN : [trip.outbound, trip.homecoming],
			sick,
			motivated
		])
	};
}

/** A span no date is in (from after to). */
const NO_SPAN: [number, number] = [1, 0];

/**
 * The hiking holiday: nine days from the Saturday on or after 12 July (all in July), in the latest
 * July of the window that holds it whole and clashes with no other period; none in a window
 * without such a July (a short demo).
 */
function julyHoliday(first: number, last: number, others: [number, number][]): [number, number] {
	for (let year = Math.floor(last / 10000); year >= Math.floor(first / 10000); year--) {
		const start = firstWeekdayOnOrAfter(year * 10000 + 712, 6);
		const end = addDays(start, 8);
		if (start < first || end > last) continue;
		if (others.some(([from, to]) => start <= to && from <= end)) continue;
		return [start, end];
	}
	return NO_SPAN;
}

/** The zone in effect at an instant. */
export function zoneAt(calendar: Calendar, epochSec: number): string {
	let tz = HOME_TZ;
	for (const span of calendar.zones) if (span.from <= epochSec) tz = span.tz;
	return tz;
}

/** The zone a date's move starts in: the zone in effect when the day before ended. */
export function zoneOfDayStart(calendar: Calendar, dateInt: number): string {
	const { trip } = calendar;
	if (trip && dateInt > trip.outbound && dateInt <= trip.homecoming) return TRIP_TZ;
	return HOME_TZ;
}

/** The instant a date's move starts: local midnight in the zone in effect then. */
export function dayStart(calendar: Calendar, dateInt: number): number {
	const { year, month, day } = parseDateInt(dateInt);
	return wallToEpoch(year, month, day, 0, 0, zoneOfDayStart(calendar, dateInt));
}

/** The zone of the night that ends on `wakeDate` (the zone she wakes up in). */
export function zoneOfNight(calendar: Calendar, wakeDate: number): string {
	const { trip } = calendar;
	if (trip && wakeDate > trip.outbound && wakeDate <= trip.departure) return TRIP_TZ;
	return HOME_TZ;
}

export function inRange(dateInt: number, [from, to]: [number, number]): boolean {
	return dateInt >= from && dateInt <= to;
}

export function periodOf(calendar: Calendar, dateInt: number): Period {
	const { trip } = calendar;
	if (trip && dateInt >= trip.outbound && dateInt <= trip.homecoming) return 'trip';
	if (inRange(dateInt, calendar.sick)) return 'sick';
	if (inRange(dateInt, calendar.holiday)) return 'holiday';
	if (inRange(dateInt, calendar.motivated)) return 'motivated';
	return 'normal';
}

/** The date of the last Sunday of a month (the EU changes clocks then). */
export function lastSundayOf(year: number, month: number): number {
	const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
	const end = year * 10000 + month * 100 + lastDay;
	return addDays(end, -weekdayOfDate(end));
}

/** Whether the night ending on `dateInt` is one of the Berlin clock-change nights. */
export function isClockChangeDate(dateInt: number): boolean {
	const { year, month } = parseDateInt(dateInt);
	return (month === 3 || month === 10) && dateInt === lastSundayOf(year, month);
}

/** Day of the year, 1-based. */
export function dayOfYear(dateInt: number): number {
	const { year } = parseDateInt(dateInt);
	return daysBetween(year * 10000 + 101, dateInt) + 1;
}

/** Where the sun is computed for a zone: Berlin or New York. */
const SITES: Record<string, { lat: number; lon: number }> = {
	[HOME_TZ]: { lat: 52.52, lon: 13.405 },
	[TRIP_TZ]: { lat: 40.7128, lon: -74.006 }
};

/**
 * Sunrise and sunset (epoch seconds) by the NOAA low-precision formula, good to a minute or two.
 * Results are rounded to whole seconds so the tiny differences between platforms' Math.sin
 * cannot leak into the data.
 */
export function sunTimes(dateInt: number, tz: string): { sunrise: number; sunset: number } {
	const site = SITES[tz] ?? { lat: 52.52, lon: 13.405 };
	const rad = Math.PI / 180;
	const n = dayOfYear(dateInt);
	const gamma = ((2 * Math.PI) / 365) * (n - 1);
	const eqTime =
		229.18 *
		(0.000075 +
			0.001868 * Math.cos(gamma) -
			0.032077 * Math.sin(gamma) -
			0.014615 * Math.cos(2 * gamma) -
			0.040849 * Math.sin(2 * gamma));
	const decl =
		0.006918 -
		0.399912 * Math.cos(gamma) +
		0.070257 * Math.sin(gamma) -
		0.006758 * Math.cos(2 * gamma) +
		0.000907 * Math.sin(2 * gamma) -
		0.002697 * Math.cos(3 * gamma) +
		0.00148 * Math.sin(3 * gamma);
	const cosH =
		Math.cos(90.833 * rad) / (Math.cos(site.lat * rad) * Math.cos(decl)) -
		Math.tan(site.lat * rad) * Math.tan(decl);
	const hourAngle = Math.acos(Math.max(-1, Math.min(1, cosH))) / rad;
	const { year, month, day } = parseDateInt(dateInt);
	const utcMidnight = Date.UTC(year, month - 1, day) / 1000;
	const sunriseMin = 720 - 4 * (site.lon + hourAngle) - eqTime;
	const sunsetMin = 720 - 4 * (site.lon - hourAngle) - eqTime;
	return {
		sunrise: utcMidnight + Math.round(sunriseMin * 60),
		sunset: utcMidnight + Math.round(sunsetMin * 60)
	};
}
