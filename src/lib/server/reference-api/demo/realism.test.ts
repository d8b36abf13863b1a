// The demo user's day reads like a life: each rule below is checked over the whole generated demo.
import { beforeAll, describe, expect, it } from 'vitest';
import { localDateInt, offsetSeconds, parseDateInt } from '$lib/time/zone';
import { buildCalendar, periodOf } from './calendar';
import { type DemoData, generateDemoData } from './index';

// The e2e suite's "now" (Monday 2026-03-30, 20:00 in Berlin), and one late in a year, when a
// window counted from its first day would put summer events in early spring.
const NOWS = [Date.parse('2026-03-30T18:00:00Z'), Date.parse('2026-11-27T07:00:00Z')];

const demos: DemoData[] = [];
beforeAll(() => {
	for (const now of NOWS) demos.push(generateDemoData({ now }));
});

/** The zone in force at an instant, read from the moves' `details.tzs` (not the generator's calendar). */
function zoneReader(demo: DemoData): (time: number) => string {
	const switches = demo.moves
		.flatMap((move) => move.details.tzs ?? [])
		.map(([from, tz]) => ({ from, tz }))
		.sort((a, b) => a.from - b.from);
	return (time) => {
		let tz = switches[0]?.tz ?? demo.homeTz;
		for (const entry of switches) if (entry.from <= time) tz = entry.tz;
		return tz;
	};
}

/** Minutes after local midnight. */
function clock(time: number, tz: string): number {
	const local = time + offsetSeconds(time, tz);
	return Math.floor((((local % 86400) + 86400) % 86400) / 60);
}

const sleepSpans = (demo: DemoData) =>
	demo.sleeps.map((sleep) => ({
		from: sleep.time_created,
		to: sleep.time_completed,
		date: sleep.date,
		night: sleep.sub_type === 0
	}));

describe('the demo user’s day', () => {
	it('logs each meal and mood on the clock of the zone in force then, flight days included', () => {
		for (const demo of demos) {
			const zoneAt = zoneReader(demo);
			for (const record of [...demo.meals, ...demo.moods]) {
				const tz = zoneAt(record.time_created);
				expect({ xid: record.xid, tz: record.details.tz }).toEqual({ xid: record.xid, tz });
				expect(record.date).toBe(localDateInt(record.time_created, tz));
			}
			// The flight out lands in New York at 13:05: that evening's dinner is New York's.
			const out = demo.moves.find((move) => (move.details.tzs ?? []).length > 1);
			expect(out).toBeDefined();
			const dinner = demo.meals.find((meal) => meal.date === out?.date && meal.sub_type === 3);
			expect(dinner?.details.tz).toBe('America/New_York');
		}
	});

	it('logs moods while awake, before that night’s bedtime', () => {
		for (const demo of demos) {
			const spans = sleepSpans(demo);
			for (const mood of demo.moods) {
				const asleep = spans.find((s) => mood.time_created >= s.from && mood.time_created < s.to);
				expect({ mood: mood.xid, asleep }).toEqual({ mood: mood.xid, asleep: undefined });
			}
		}
	});

	it('eats no meal during a nap or a night, and no breakfast before waking', () => {
		for (const demo of demos) {
			const spans = sleepSpans(demo);
			for (const meal of demo.meals) {
				const end = meal.time_completed ?? meal.time_created;
				const clash = spans.find((s) => meal.time_created < s.to && s.from < end);
				expect({ meal: meal.xid, clash }).toEqual({ meal: meal.xid, clash: undefined });
				if (meal.sub_type !== 1) continue;
				const night = spans.find((s) => s.night && s.date === meal.date);
				if (night) expect(meal.time_created).toBeGreaterThan(night.to);
			}
		}
	});

	it('names meals by the time of day: breakfast before 11:00, lunch to 16:00, then dinner', () => {
		for (const demo of demos) {
			for (const meal of demo.meals) {
				const minutes = clock(meal.time_created, meal.details.tz);
				const expected = minutes < 11 * 60 ? 1 : minutes < 16 * 60 ? 2 : 3;
				expect({ meal: meal.title, at: minutes, type: meal.sub_type }).toEqual({
					meal: meal.title,
					at: minutes,
					type: expected
				});
			}
		}
	});

	it('moves with the seasons, visibly but not wildly: each summer month 0.7–1.25 of the mean', () => {
		demos.forEach((demo, n) => {
			// Ordinary days only: the trip, the holiday, the sick week and the motivated month are
			// events of their own, not the season.
			const calendar = buildCalendar(Math.floor((NOWS[n] ?? 0) / 1000), 731);
			const ordinary = demo.moves
				.slice(0, -1)
				.filter((move) => periodOf(calendar, move.date) === 'normal');
			const steps = (move: (typeof ordinary)[number]) => move.details.steps ?? 0;
			const mean = ordinary.reduce((sum, move) => sum + steps(move), 0) / ordinary.length;
			const byMonth = new Map<number, number[]>();
			for (const move of ordinary) {
				const { year, month } = parseDateInt(move.date);
				const key = year * 100 + month;
				byMonth.set(key, [...(byMonth.get(key) ?? []), steps(move)]);
			}
			const ratios = [...byMonth]
				.filter(([, days]) => days.length >= 14)
				.map(([key, days]) => ({
					key,
					ratio: days.reduce((a, b) => a + b, 0) / days.length / mean
				}));
			const summer = ratios.filter(({ key }) => [6, 7, 8].includes(key % 100));
			const winter = ratios.filter(({ key }) => [12, 1, 2].includes(key % 100));
			expect(summer.length).toBeGreaterThanOrEqual(3);
			for (const { key, ratio } of [...summer, ...winter]) {
				expect({ key, within: ratio >= 0.7 && ratio <= 1.25 }).toEqual({ key, within: true });
			}
			const avg = (list: { ratio: number }[]) =>
				list.reduce((sum, { ratio }) => sum + ratio, 0) / list.length;
			// Visible: summer days are at least a tenth busier than winter ones.
			expect(avg(summer)).toBeGreaterThan(avg(winter) * 1.1);
		});
	});

	it('goes hiking in the Alps in July, whenever the two years end', () => {
		for (const now of [
			...NOWS,
			Date.parse('2025-09-01T12:00:00Z'),
			Date.parse('2027-02-10T12:00:00Z')
		]) {
			const calendar = buildCalendar(Math.floor(now / 1000), 731);
			const [from, to] = calendar.holiday;
			expect(parseDateInt(from).month).toBe(7);
			expect(parseDateInt(to).month).toBe(7);
			expect(from).toBeGreaterThanOrEqual(calendar.first);
			expect(to).toBeLessThanOrEqual(calendar.last);
		}
	});
});
