import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import {
	bodyEventSchema,
	friendSchema,
	genericEventSchema,
	heartRateSchema,
	mealWithItemsSchema,
	moodSchema,
	moveSchema,
	moveTickSchema,
	settingsSchema,
	sleepSchema,
	sleepTickSchema,
	userSchema,
	workoutSchema,
	workoutTickSchema,
	type Move,
	type Sleep
} from '$lib/api';
import {
	addDays,
	daysBetween,
	hourKey,
	localDateInt,
	offsetSeconds,
	parseDateInt,
	tzAt,
	weekdayOfDate
} from '$lib/time/zone';
import { type DemoData, generateDemoData } from './index';

// The e2e suite's fixed "now": Monday 2026-03-30, 20:00 in Berlin.
const NOW = Date.parse('2026-03-30T18:00:00Z');
const NOW_SEC = NOW / 1000;
const XID = /^[A-Za-z0-9_-]{22}$/;

let data: DemoData;
beforeAll(() => {
	data = generateDemoData({ now: NOW });
});

/** Everything a consumer can see, ticks included, as one JSON string. */
function snapshot(demo: DemoData): string {
	return JSON.stringify({
		...demo,
		sleepTicks: [...demo.sleepTicks],
		someMoveTicks: demo.moves.slice(0, 5).map((move) => demo.moveTicks(move)),
		someWorkoutTicks: demo.workouts.slice(0, 5).map((workout) => demo.workoutTicks(workout))
	});
}

function lastSunday(year: number, month: number): number {
	const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
	const end = year * 10000 + month * 100 + lastDay;
	return addDays(end, -weekdayOfDate(end));
}

/** The value, or a failed test when it is missing. */
function present<T>(value: T | undefined): T {
	if (value === undefined) throw new Error('expected a value');
	return value;
}

function moveOn(date: number): Move {
	const move = data.moves.find((candidate) => candidate.date === date);
	if (!move) throw new Error(`no move on ${date}`);
	return move;
}

function nightEnding(date: number): Sleep {
	const night = data.sleeps.find((sleep) => sleep.sub_type === 0 && sleep.date === date);
	if (!night) throw new Error(`no night ending on ${date}`);
	return night;
}

/** Seconds on the local wall clock between two instants (what a naive local subtraction gives). */
function wallClockGap(from: number, to: number, tz: string): number {
	return to + offsetSeconds(to, tz) - (from + offsetSeconds(from, tz));
}

const ADDITIVE = ['steps', 'distance', 'active_time', 'inactive_time'] as const;

describe('generateDemoData', () => {
	it('gives byte-identical output for the same seed and different output for another seed', () => {
		const again = generateDemoData({ now: NOW });
		expect(snapshot(again)).toBe(snapshot(data));
		const other = generateDemoData({ now: NOW, seed: 7 });
		expect(snapshot(other)).not.toBe(snapshot(data));
		expect(other.moves[100]?.details.steps).not.toBe(data.moves[100]?.details.steps);
	});

	it('leaves earlier days untouched when the window grows by a day', () => {
		const longer = generateDemoData({ now: NOW + 86_400_000, days: 732 });
		const before = (demo: DemoData, date: number) => ({
			move: demo.moves.find((move) => move.date === date),
			sleeps: demo.sleeps.filter((sleep) => sleep.date === date),
			meals: demo.meals.filter((meal) => meal.date === date),
			workouts: demo.workouts.filter((workout) => workout.date === date)
		});
		for (const date of [20240402, 20250101, 20260301, 20260329]) {
			expect(before(longer, date)).toEqual(before(data, date));
		}
		expect(longer.moves.length).toBe(data.moves.length + 1);
	});

	it('ends on the local day containing now and covers 731 days by default', () => {
		expect(data.moves).toHaveLength(731);
		expect(data.moves.at(-1)?.date).toBe(20260330);
		expect(data.moves[0]?.date).toBe(addDays(20260330, -730));
		data.moves.forEach((move, i) => {
			if (i > 0) expect(move.date).toBe(addDays(data.moves[i - 1]?.date ?? 0, 1));
		});
		expect(generateDemoData({ now: NOW, days: 30 }).moves).toHaveLength(30);
	});

	it('parses every record and tick with the API schemas', () => {
		const check = (schema: z.core.$ZodType, value: unknown): void => {
			const result = z.safeParse(schema, value);
			if (!result.success)
				throw new Error(`${JSON.stringify(value).slice(0, 300)}\n${result.error.message}`);
		};
		for (const move of data.moves) check(moveSchema, move);
		for (const sleep of data.sleeps) check(sleepSchema, sleep);
		for (const workout of data.workouts) check(workoutSchema, workout);
		for (const meal of data.meals) check(mealWithItemsSchema, meal);
		for (const body of data.bodyEvents) check(bodyEventSchema, body);
		for (const mood of data.moods) check(moodSchema, mood);
		for (const heartRate of data.heartrates) check(heartRateSchema, heartRate);
		for (const event of data.genericEvents) check(genericEventSchema, event);
		for (const ticks of data.sleepTicks.values())
			for (const tick of ticks) check(sleepTickSchema, tick);
		for (const tick of data.moveTicks(present(data.moves[200]))) check(moveTickSchema, tick);
		for (const workout of data.workouts.slice(0, 40)) {
			for (const tick of data.workoutTicks(workout)) check(workoutTickSchema, tick);
		}
		check(userSchema, data.user);
		check(settingsSchema, data.settings);
		for (const xid of data.friends) check(friendSchema, { xid });
		expect(data.user.xid).toBe(data.userXid);
		expect(data.settings.metric).toBe(1);
		expect(data.settings.goals?.move?.steps).toBe(data.goals.move_steps);
		expect(data.settings.goals?.sleep?.total).toBe(data.goals.sleep_total);
		expect(data.friends.length).toBeGreaterThanOrEqual(3);
		expect(data.friends.length).toBeLessThanOrEqual(5);
	});

	it('sorts every list by time_created, with unique 22-character xids and the right type', () => {
		const lists = {
			move: data.moves,
			sleep: data.sleeps,
			workout: data.workouts,
			meal: data.meals,
			body: data.bodyEvents,
			mood: data.moods,
			generic: data.genericEvents,
			heartrate: data.heartrates
		};
		const seen = new Set<string>([data.userXid, ...data.friends]);
		for (const [type, list] of Object.entries(lists)) {
			expect(list.length, type).toBeGreaterThan(0);
			list.forEach((record, i) => {
				expect(record.xid).toMatch(XID);
				expect(seen.has(record.xid), record.xid).toBe(false);
				seen.add(record.xid);
				if (type !== 'heartrate') expect(record.type).toBe(type);
				if (i > 0)
					expect(record.time_created).toBeGreaterThanOrEqual(list[i - 1]?.time_created ?? 0);
			});
		}
	});

	it('dates nothing after now', () => {
		const records = [
			...data.moves,
			...data.sleeps,
			...data.workouts,
			...data.meals,
			...data.bodyEvents,
			...data.moods,
			...data.heartrates,
			...data.genericEvents
		];
		for (const record of records) {
			for (const field of ['time_created', 'time_updated', 'time_completed'] as const) {
				const value: unknown = record[field];
				if (typeof value === 'number') expect(value).toBeLessThanOrEqual(NOW_SEC);
			}
			expect(record.date).toBeLessThanOrEqual(20260330);
		}
	});
});

describe('moves', () => {
	it('have hourly totals that add up to the day and keys in the zone in effect at each hour', () => {
		for (const move of data.moves) {
			const { details } = move;
			const hours = Object.entries(details.hourly_totals);
			for (const field of ADDITIVE) {
				expect(
					hours.reduce((sum, [, hour]) => sum + (hour[field] ?? 0), 0),
					`${move.date} ${field}`
				).toBe(details[field]);
			}
			const calories = hours.reduce((sum, [, hour]) => sum + (hour.calories ?? 0), 0);
			expect(Math.abs(calories - (details.calories ?? 0))).toBeLessThan(1e-6);
			const formula =
				(details.wo_calories ?? 0) +
				(details.bg_calories ?? 0) +
				((details.bmr_day ?? 0) / 86400) * (details.active_time ?? 0);
			expect(Math.abs(formula - (details.calories ?? 0))).toBeLessThan(1e-9);
			expect(details.km).toBe((details.distance ?? 0) / 1000);
			for (const [, hour] of hours) {
				expect(hour.longest_active_time).toBeLessThanOrEqual(hour.active_time ?? 0);
				expect(hour.longest_idle_time).toBeLessThanOrEqual(hour.inactive_time ?? 0);
			}
			// every quarter hour of the day falls in a key of the zone in effect then, and no other key exists
			const next = data.moves.find((candidate) => candidate.date === addDays(move.date, 1));
			const end = Math.min(next?.time_created ?? NOW_SEC, NOW_SEC);
			const expected = new Set<string>();
			for (let t = move.time_created; t < end; t += 900) {
				expected.add(hourKey(t, tzAt(t, details.tz, details.tzs)));
			}
			if (end === NOW_SEC) expected.add(hourKey(NOW_SEC, details.tz));
			expect(new Set(Object.keys(details.hourly_totals))).toEqual(expected);
			expect(move.date).toBe(localDateInt(move.time_created, details.tz));
			expect(details.sunrise ?? 0).toBeLessThan(details.sunset ?? 0);
			expect(localDateInt(details.sunrise ?? 0, details.tz)).toBe(move.date);
		}
	});

	it('agree with the workouts of the same day', () => {
		for (const move of data.moves) {
			const next = data.moves.find((candidate) => candidate.date === addDays(move.date, 1));
			const end = next?.time_created ?? Infinity;
			const own = data.workouts.filter(
				(w) => w.time_created >= move.time_created && w.time_created < end
			);
			const { details } = move;
			expect(details.wo_count).toBe(own.length);
			expect(details.wo_calories).toBe(own.reduce((sum, w) => sum + (w.details.calories ?? 0), 0));
			expect(details.wo_time).toBe(own.reduce((sum, w) => sum + (w.details.time ?? 0), 0));
			expect(details.wo_active_time).toBe(
				own.reduce((sum, w) => sum + (w.details.bg_active_time ?? 0), 0)
			);
			expect(details.wo_longest).toBe(
				own.reduce((max, w) => Math.max(max, w.details.time ?? 0), 0)
			);
			expect(own.reduce((sum, w) => sum + (w.details.steps ?? 0), 0)).toBeLessThanOrEqual(
				details.steps ?? 0
			);
		}
	});

	it('have minute ticks, only with activity, that add up to each hour', () => {
		const badTicks: number[] = [];
		for (const move of data.moves) {
			const { details } = move;
			const sums = new Map<
				string,
				{ steps: number; distance: number; active_time: number; calories: number }
			>();
			const keyOf = new Map<string, string>();
			for (const tick of data.moveTicks(move)) {
				// one expect per tick would dominate the run time: collect the odd ones instead
				const wellFormed =
					tick.time_completed === tick.time + 60 &&
					(tick.active_time ?? 0) > 0 &&
					tick.speed === (tick.distance ?? 0) / (tick.active_time ?? 1);
				if (!wellFormed) badTicks.push(tick.time);
				const tz = tzAt(tick.time, details.tz, details.tzs);
				const hourStart = tick.time - (tick.time % 3600);
				let key = keyOf.get(`${hourStart}|${tz}`);
				if (key === undefined) {
					key = hourKey(tick.time, tz);
					keyOf.set(`${hourStart}|${tz}`, key);
				}
				const sum = sums.get(key) ?? { steps: 0, distance: 0, active_time: 0, calories: 0 };
				sum.steps += tick.steps ?? 0;
				sum.distance += tick.distance ?? 0;
				sum.active_time += tick.active_time ?? 0;
				sum.calories += tick.calories ?? 0;
				sums.set(key, sum);
			}
			for (const [key, hour] of Object.entries(details.hourly_totals)) {
				const sum = sums.get(key) ?? { steps: 0, distance: 0, active_time: 0, calories: 0 };
				expect(sum.steps, `${key} steps`).toBe(hour.steps);
				expect(sum.distance).toBe(hour.distance);
				expect(sum.active_time).toBe(hour.active_time);
				expect(Math.abs(sum.calories - (hour.calories ?? 0))).toBeLessThan(1e-6);
			}
		}
		expect(badTicks).toEqual([]);
	});

	it("stops today's move at the hour of now", () => {
		const today = present(data.moves.at(-1));
		const keys = Object.keys(today.details.hourly_totals).sort();
		expect(keys.at(-1)).toBe(hourKey(NOW_SEC, 'Europe/Berlin'));
		expect(keys.at(-1)).toBe('2026033020');
		expect(keys).toHaveLength(21);
		expect(today.time_completed).toBeLessThanOrEqual(NOW_SEC);
		expect(today.details.bmr ?? 0).toBeLessThan(today.details.bmr_day ?? 0);
		const ticks = data.moveTicks(today);
		expect(ticks.every((tick) => tick.time_completed <= NOW_SEC)).toBe(true);
		const earlier = generateDemoData({ now: Date.parse('2026-03-30T08:10:00Z') });
		expect(
			Object.keys(present(earlier.moves.at(-1)).details.hourly_totals)
				.sort()
				.at(-1)
		).toBe('2026033010');
	});

	it('feel like a life: seasons, a motivated month, a sick week', () => {
		const stepsBy = (months: number[]) => {
			const picked = data.moves.filter((m) => months.includes(parseDateInt(m.date).month));
			return picked.reduce((sum, m) => sum + (m.details.steps ?? 0), 0) / picked.length;
		};
		expect(stepsBy([6, 7, 8])).toBeGreaterThan(stepsBy([12, 1, 2]) * 1.1);
		const all = data.moves.reduce((sum, m) => sum + (m.details.steps ?? 0), 0) / data.moves.length;
		expect(all).toBeGreaterThan(7000);
		expect(all).toBeLessThan(12000);
		let streak = 0;
		let longest = 0;
		for (const move of data.moves) {
			streak = (move.details.steps ?? 0) >= 10000 ? streak + 1 : 0;
			longest = Math.max(longest, streak);
		}
		expect(longest).toBeGreaterThanOrEqual(28);
		let quietWeek = false;
		for (let i = 0; i + 7 <= data.moves.length; i++) {
			const week = data.moves.slice(i, i + 7);
			if (week.every((m) => (m.details.steps ?? 0) < 4000)) quietWeek = true;
		}
		expect(quietWeek).toBe(true);
	});
});

describe('sleeps', () => {
	it('follow the team rules: wake date, duration = latency + awake + light + deep, phases from ticks', () => {
		for (const sleep of data.sleeps) {
			const { details } = sleep;
			const ticks = data.sleepTicks.get(sleep.xid) ?? [];
			expect(ticks.length).toBeGreaterThan(1);
			expect(sleep.date).toBe(localDateInt(sleep.time_completed, details.tz));
			expect(details.duration).toBe(sleep.time_completed - sleep.time_created);
			expect(details.awake_time).toBe(sleep.time_completed);
			expect(details.asleep_time).toBe(ticks[0]?.time);
			expect(ticks[0]?.depth).toBe(2);
			const phases = { 1: 0, 2: 0, 3: 0, 4: 0 };
			ticks.forEach((tick, i) => {
				const until = ticks[i + 1]?.time ?? sleep.time_completed;
				expect(until).toBeGreaterThan(tick.time);
				if (i > 0) expect(tick.depth).not.toBe(ticks[i - 1]?.depth);
				phases[tick.depth] += until - tick.time;
			});
			expect(details.awake).toBe(phases[1]);
			expect(details.light).toBe(phases[2]);
			expect(details.deep).toBe(phases[3]);
			expect(details.rem).toBe(0);
			expect(details.awakenings).toBe(ticks.filter((tick) => tick.depth === 1).length);
			const latency = (details.asleep_time ?? 0) - sleep.time_created;
			expect(latency).toBeGreaterThan(0);
			expect(latency + phases[1] + phases[2] + phases[3]).toBe(details.duration);
			const alarm = details.smart_alarm_fire ?? 0;
			if (alarm !== 0) {
				expect(sleep.sub_type).toBe(0);
				expect(alarm).toBeGreaterThan(sleep.time_created);
				expect(alarm).toBeLessThanOrEqual(sleep.time_completed);
			}
		}
	});

	it('has about one night a day, a few missing, naps on some afternoons, deep sleep early', () => {
		const nights = data.sleeps.filter((sleep) => sleep.sub_type === 0);
		const dates = new Set(nights.map((night) => night.date));
		expect(dates.size).toBe(nights.length);
		const missing = data.moves.length - nights.length;
		expect(missing).toBeGreaterThanOrEqual(3);
		expect(missing).toBeLessThan(40);
		const naps = data.sleeps.filter((sleep) => sleep.sub_type !== 0);
		expect(naps.length).toBeGreaterThan(10);
		let early = 0;
		let late = 0;
		for (const night of nights) {
			const ticks = data.sleepTicks.get(night.xid) ?? [];
			const third = (night.time_completed - (night.details.asleep_time ?? 0)) / 3;
			ticks.forEach((tick, i) => {
				if (tick.depth !== 3) return;
				const length = (ticks[i + 1]?.time ?? night.time_completed) - tick.time;
				if (tick.time < (night.details.asleep_time ?? 0) + third) early += length;
				if (tick.time > night.time_completed - third) late += length;
			});
		}
		expect(early).toBeGreaterThan(late * 2);
		const weekdayWakes = nights.filter(
			(n) => [2, 3, 4].includes(weekdayOfDate(n.date)) && n.details.tz === 'Europe/Berlin'
		);
		const smart = weekdayWakes.filter((n) => (n.details.smart_alarm_fire ?? 0) > 0).length;
		expect(smart).toBeGreaterThan(weekdayWakes.length * 0.2);
		expect(smart).toBeLessThan(weekdayWakes.length * 0.8);
	});
});

describe('clock changes in Berlin', () => {
	const years = [2024, 2025, 2026];

	it('shortens the spring night by an hour and drops the 02 hour from that day', () => {
		let checked = 0;
		for (const year of years) {
			const date = lastSunday(year, 3);
			if (date < (data.moves[0]?.date ?? 0) || date > 20260330) continue;
			checked++;
			const move = moveOn(date);
			const keys = Object.keys(move.details.hourly_totals);
			expect(keys).toHaveLength(23);
			expect(keys).not.toContain(`${date}02`);
			expect(keys).toContain(`${date}03`);
			const night = nightEnding(date);
			const tz = night.details.tz;
			expect(offsetSeconds(night.time_completed, tz) - offsetSeconds(night.time_created, tz)).toBe(
				3600
			);
			expect(night.details.duration).toBe(
				wallClockGap(night.time_created, night.time_completed, tz) - 3600
			);
		}
		expect(checked).toBe(3);
	});

	it('lengthens the autumn night by an hour and folds the repeated 02 hour into one key', () => {
		let checked = 0;
		for (const year of years) {
			const date = lastSunday(year, 10);
			if (date < (data.moves[0]?.date ?? 0) || date > 20260330) continue;
			checked++;
			const move = moveOn(date);
			const keys = Object.keys(move.details.hourly_totals);
			expect(keys).toHaveLength(24);
			expect(keys.filter((key) => key === `${date}02`)).toHaveLength(1);
			const next = moveOn(addDays(date, 1));
			expect(next.time_created - move.time_created).toBe(25 * 3600);
			const night = nightEnding(date);
			const tz = night.details.tz;
			expect(offsetSeconds(night.time_created, tz) - offsetSeconds(night.time_completed, tz)).toBe(
				3600
			);
			expect(night.details.duration).toBe(
				wallClockGap(night.time_created, night.time_completed, tz) + 3600
			);
		}
		expect(checked).toBe(2);
	});
});

describe('the trip to New York', () => {
	it('switches zones on the flight days, with keys local to each zone and nights in New York', () => {
		const crossing = data.moves.filter((move) => (move.details.tzs?.length ?? 0) > 1);
		expect(crossing).toHaveLength(2);
		const outbound = present(crossing[0]);
		const homecoming = present(crossing[1]);
		expect(daysBetween(data.moves[0]?.date ?? 0, outbound.date)).toBeLessThan(365);
		expect(daysBetween(outbound.date, homecoming.date)).toBe(10);
		const outTzs = outbound.details.tzs ?? [];
		expect(outTzs.map(([, tz]) => tz)).toEqual(['Europe/Berlin', 'America/New_York']);
		expect(outTzs[0]?.[0]).toBe(outbound.time_created);
		expect(outbound.details.tz).toBe('Europe/Berlin');
		expect((homecoming.details.tzs ?? []).map(([, tz]) => tz)).toEqual([
			'America/New_York',
			'Europe/Berlin'
		]);
		const switchAt = outTzs[1]?.[0] ?? 0;
		// an hour before landing is keyed on Berlin's clock, an hour after on New York's
		expect(outbound.details.hourly_totals[hourKey(switchAt - 3600, 'Europe/Berlin')]).toBeDefined();
		expect(
			outbound.details.hourly_totals[hourKey(switchAt + 3600, 'America/New_York')]
		).toBeDefined();
		// flying west makes a 30-hour day; flying home an 18-hour one
		const after = (move: Move) => moveOn(addDays(move.date, 1)).time_created - move.time_created;
		expect(after(outbound)).toBe(30 * 3600);
		expect(after(homecoming)).toBe(18 * 3600);
		const away = data.sleeps.filter((s) => s.details.tz === 'America/New_York');
		expect(away.length).toBeGreaterThanOrEqual(8);
		for (const sleep of away) {
			expect(sleep.date).toBeGreaterThan(outbound.date);
			expect(sleep.date).toBeLessThan(homecoming.date);
		}
		const nyWorkouts = data.workouts.filter((w) => w.details.tz === 'America/New_York');
		expect(nyWorkouts.length).toBeGreaterThan(0);
	});
});

describe('workouts', () => {
	it('have ticks of one width that add up to their totals, about three a week', () => {
		const weeks = data.moves.length / 7;
		expect(data.workouts.length / weeks).toBeGreaterThan(2);
		expect(data.workouts.length / weeks).toBeLessThan(4);
		for (const workout of data.workouts) {
			const { details } = workout;
			expect(details.time).toBe(workout.time_completed - workout.time_created);
			expect(details.km).toBe((details.meters ?? 0) / 1000);
			const ticks = data.workoutTicks(workout);
			const width = (ticks[1]?.time ?? 0) - (ticks[0]?.time ?? 0);
			expect([10, 60]).toContain(width);
			expect(ticks).toHaveLength((details.time ?? 0) / width);
			const misplaced = ticks.filter((tick, i) => tick.time !== workout.time_created + i * width);
			const wrongSpeed = ticks.filter(
				(tick) =>
					tick.speed !==
					((tick.active_time ?? 0) > 0 ? (tick.distance ?? 0) / (tick.active_time ?? 1) : 0)
			);
			expect(misplaced).toEqual([]);
			expect(wrongSpeed).toEqual([]);
			const total = (field: 'steps' | 'distance' | 'active_time' | 'calories') =>
				ticks.reduce((sum, tick) => sum + (tick[field] ?? 0), 0);
			expect(total('steps')).toBe(details.steps);
			expect(total('distance')).toBe(details.meters);
			expect(total('active_time')).toBe(details.bg_active_time);
			expect(Math.abs(total('calories') - (details.calories ?? 0))).toBeLessThan(1e-6);
		}
		expect(data.workoutTicks({ ...present(data.workouts[0]), xid: 'unknown' })).toEqual([]);
	});
});

describe('logs', () => {
	it('has 2 to 4 meals a day whose details are the sums of their items', () => {
		const perDay = new Map<number, number>();
		for (const meal of data.meals) {
			perDay.set(meal.date, (perDay.get(meal.date) ?? 0) + 1);
			const items = meal.items.items;
			expect(meal.items.size).toBe(items.length);
			expect((meal.details.num_foods ?? 0) + (meal.details.num_drinks ?? 0)).toBe(items.length);
			expect(meal.details.calories).toBe(
				items.reduce((sum, item) => sum + (item.calories ?? 0), 0)
			);
			for (const field of [
				'protein',
				'fat',
				'carbohydrate',
				'sugar',
				'fiber',
				'sodium',
				'saturated_fat',
				'unsaturated_fat',
				'cholesterol',
				'iron'
			] as const) {
				const sum = items.reduce((total, item) => total + (item[field] ?? 0), 0);
				expect(Math.abs(sum - (meal.details[field] ?? 0)), field).toBeLessThan(1e-6);
			}
			expect(meal.time_completed).toBeGreaterThan(meal.time_created);
		}
		const fullDays = [...perDay].filter(([date]) => date < 20260330);
		for (const [, count] of fullDays) {
			expect(count).toBeGreaterThanOrEqual(2);
			expect(count).toBeLessThanOrEqual(4);
		}
	});

	it('weighs in weekly, drifting toward the goal, with bmi from the height', () => {
		expect(data.bodyEvents.length).toBeGreaterThan(95);
		for (const body of data.bodyEvents) {
			expect(weekdayOfDate(body.date)).toBe(0);
			expect(body.bmi).toBe(
				Math.round(((body.weight ?? 0) / (data.user.height ?? 1) ** 2) * 10) / 10
			);
		}
		const weights = data.bodyEvents.map((body) => body.weight ?? 0);
		const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
		expect(mean(weights.slice(-12))).toBeLessThan(mean(weights.slice(0, 12)) - 2);
		expect(data.goals.body_weight).toBeLessThan(mean(weights.slice(-12)));
		expect(data.goals).toMatchObject({
			move_steps: 10000,
			sleep_total: 28800,
			body_weight_intent: 0
		});
		expect(data.user.weight).toBe(data.bodyEvents.at(-1)?.weight);
	});

	it('has moods on most days, a resting heart rate nearly every day and a few custom events', () => {
		expect(data.moods.length / data.moves.length).toBeGreaterThan(0.65);
		expect(data.moods.length / data.moves.length).toBeLessThan(0.95);
		expect(data.heartrates.length / data.moves.length).toBeGreaterThan(0.9);
		for (const heartRate of data.heartrates) {
			expect(heartRate.resting_heartrate).toBeGreaterThan(45);
			expect(heartRate.resting_heartrate).toBeLessThan(85);
		}
		expect(data.genericEvents.length).toBeGreaterThanOrEqual(3);
		expect(data.genericEvents.length).toBeLessThanOrEqual(12);
	});
});
