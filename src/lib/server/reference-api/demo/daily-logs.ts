// What she logs in the app besides the band: meals with items, weekly weigh-ins, moods, resting heart rate, custom events.

import type { BodyEvent, GenericEvent, HeartRate, MealItem, MealWithItems, Mood } from '$lib/api';
import { addDays, daysBetween, weekdayOfDate } from '$lib/time/zone';
import { localDate } from './fast-zone';
import { type Calendar, type Period, TRIP_TZ, zoneAt } from './calendar';
import { type Food, type Slot, foodByKey, foodsFor } from './foods';
import { wallClock } from './nights';
import { DEMO_PERSON, weightTrend } from './person';
import { PLACES, type Place } from './places';
import { type Stream, type Streams, round } from './random';

/** What one day's logs depend on: the day itself and what the band saw. */
export interface DayContext {
	calendar: Calendar;
	streams: Streams;
	date: number;
	daysIn: number;
	tz: string;
	period: Period;
	/** When she got up (the night's wake, or a usual time when the band was on the charger). */
	wake: number;
	/** Seconds of light + deep sleep the night before; null without a record. */
	slept: number | null;
	steps: number;
	hadNightRecord: boolean;
	nowSec: number;
	/** The zones the day's clock reads, the latest first (two on a flight day). */
	zones: string[];
	/** When she sleeps around this day: the night before, a nap, the night after, as [bed, wake]. */
	asleep: [number, number][];
	/** When she goes to bed tonight; null when the band was on the charger. */
	bedtime: number | null;
}

/**
 * The instant a wall-clock time of the day reads on the clock she lives by then, and that zone.
 * On a flight day the evening is the new zone's: its reading is tried first.
 */
export function clockOf(ctx: DayContext, minutes: number): { time: number; tz: string } {
	for (const tz of ctx.zones) {
		const time = wallClock(ctx.date, minutes, tz);
		if (zoneAt(ctx.calendar, time) === tz) return { time, tz };
	}
	const time = wallClock(ctx.date, minutes, ctx.tz);
	return { time, tz: zoneAt(ctx.calendar, time) };
}

/** Minutes after local midnight of an instant, in a zone. */
function minutesOfDay(time: number, tz: string, date: number): number {
	return Math.round((time - wallClock(date, 0, tz)) / 60);
}

const asleepDuring = (ctx: DayContext, from: number, to: number): [number, number] | undefined =>
	ctx.asleep.find(([bed, wake]) => from < wake && bed < to);

/** The meal type a time of day calls for: breakfast before 11:00, lunch before 16:00, then dinner. */
export function mealTypeAt(minutes: number): 1 | 2 | 3 {
	return minutes < 11 * 60 ? 1 : minutes < 16 * 60 ? 2 : 3;
}

const MEAL_TITLES = { 1: 'Breakfast', 2: 'Lunch', 3: 'Dinner' } as const;

function locate(place: Place | null) {
	return {
		place_lat: place?.lat ?? null,
		place_lon: place?.lon ?? null,
		place_acc: place?.acc ?? null,
		place_name: place?.name ?? null
	};
}

type Nutrient =
	| 'fiber'
	| 'protein'
	| 'fat'
	| 'carbohydrate'
	| 'saturated_fat'
	| 'polyunsaturated_fat'
	| 'monounsaturated_fat'
	| 'sugar'
	| 'potassium'
	| 'sodium'
	| 'calcium'
	| 'cholesterol'
	| 'vitamin_c'
	| 'vitamin_a'
	| 'iron';

function mealItem(
	streams: Streams,
	mealXid: string,
	n: number,
	food: Food,
	multiplier: number
): MealItem {
	const scaled = (value: number): number => round(value * multiplier, 1);
	return {
		xid: streams.xid('meal-item', mealXid, n),
		food_xid: streams.stableXid('food', food.key),
		serving_xid: streams.stableXid('serving', food.key),
		name: food.name,
		description: food.description,
		image: null,
		sub_type: 1,
		health_score: food.healthScore,
		multiplier_max: 3,
		multiplier_min: 0.25,
		measurement: food.measurement,
		type: food.plate,
		amount: round(food.amount * multiplier, 2),
		carbohydrate: scaled(food.carbohydrate),
		trans_fat: scaled(food.trans_fat),
		saturated_fat: scaled(food.saturated_fat),
		protein: scaled(food.protein),
		sodium: scaled(food.sodium),
		vitamin_c: scaled(food.vitamin_c),
		vitamin_a: scaled(food.vitamin_a),
		unsaturated_fat: round(scaled(food.monounsaturated_fat) + scaled(food.polyunsaturated_fat), 1),
		sugar: scaled(food.sugar),
		fiber: scaled(food.fiber),
		potassium: scaled(food.potassium),
		fat: scaled(food.fat),
		monounsaturated_fat: scaled(food.monounsaturated_fat),
		calories: Math.round(food.calories * multiplier),
		polyunsaturated_fat: scaled(food.polyunsaturated_fat),
		calcium: scaled(food.calcium),
		iron: scaled(food.iron),
		cholesterol: scaled(food.cholesterol)
	};
}

interface MealDraft {
	subType: 1 | 2 | 3;
	title: string;
	minutes: number;
	foods: { food: Food; multiplier: number }[];
	place: Place | null;
	note: string | null;
}

function choose(rng: Stream, slot: Slot, inNewYork: boolean): Food {
	return rng.pick(foodsFor(slot, inNewYork));
}

function portion(rng: Stream): number {
	return rng.pick([1, 1, 1, 1, 0.75, 1.25, 1.5]);
}

function draftMeals(ctx: DayContext, rng: Stream): MealDraft[] {
	const weekday = weekdayOfDate(ctx.date);
	const weekend = weekday === 0 || weekday === 6;
	const inNewYork = ctx.tz === TRIP_TZ;
	const drafts: MealDraft[] = [];
	const wakeMinutes = (ctx.wake - wallClock(ctx.date, 0, ctx.tz)) / 60;
	if (ctx.period === 'sick' ? rng.chance(0.5) : rng.chance(weekend ? 0.85 : 0.9)) {
		const foods = [{ food: choose(rng, 'breakfast', inNewYork), multiplier: portion(rng) }];
		foods.push({ food: rng.chance(0.8) ? foodByKey('coffee') : foodByKey('juice'), multiplier: 1 });
		if (rng.chance(0.3)) foods.push({ food: foodByKey('banana'), multiplier: 1 });
		drafts.push({
			subType: 1,
			title: 'Breakfast',
			minutes: wakeMinutes + rng.int(20, 55),
			foods,
			place: null,
			note: null
		});
	}
	const lunchFoods = [{ food: choose(rng, 'lunch', inNewYork), multiplier: portion(rng) }];
	if (rng.chance(0.45)) lunchFoods.push({ food: foodByKey('water'), multiplier: 1 });
	const lunchOut = !weekend && ctx.period !== 'sick' && rng.chance(0.35);
	drafts.push({
		subType: 2,
		title: lunchOut ? 'Lunch at the café' : 'Lunch',
		minutes: rng.int(12 * 60 + 5, 13 * 60 + 20),
		foods: lunchFoods,
		place: lunchOut ? PLACES.cafe : null,
		note: null
	});
	if (rng.chance(ctx.period === 'sick' ? 0.1 : 0.3)) {
		// The API has no snack type: an afternoon snack is logged as a second lunch-time meal.
		const foods = [{ food: choose(rng, 'snack', inNewYork), multiplier: 1 }];
		if (rng.chance(0.5)) foods.push({ food: foodByKey('cappuccino'), multiplier: 1 });
		drafts.push({
			subType: 2,
			title: 'Afternoon snack',
			minutes: rng.int(15 * 60 + 30, 16 * 60 + 30),
			foods,
			place: null,
			note: null
		});
	}
	const dinnerFoods = [{ food: choose(rng, 'dinner', inNewYork), multiplier: portion(rng) }];
	if (rng.chance(0.4)) dinnerFoods.push({ food: foodByKey('greenSalad'), multiplier: 1 });
	if (ctx.period === 'sick') dinnerFoods.push({ food: foodByKey('tea'), multiplier: 1 });
	else if (weekend && rng.chance(0.5))
		dinnerFoods.push({
			food: rng.chance(0.6) ? foodByKey('wine') : foodByKey('beer'),
			multiplier: 1
		});
	drafts.push({
		subType: 3,
		title: 'Dinner',
		minutes: rng.int(18 * 60 + 30, 20 * 60),
		foods: dinnerFoods,
		place: null,
		note: ctx.period === 'trip' && rng.chance(0.3) ? 'Eating out in Manhattan' : null
	});
	return drafts;
}

/** The day's meals (2–4), each with items whose nutrients add up to the meal's details. */
export function mealsOf(ctx: DayContext): MealWithItems[] {
	const rng = ctx.streams.of('meals', ctx.date);
	const meals: MealWithItems[] = [];
	draftMeals(ctx, rng).forEach((draft, n) => {
		const clock = clockOf(ctx, Math.round(draft.minutes));
		const length = 60 * rng.int(12, 40);
		let start = clock.time;
		// Never while asleep: after a nap (or a long night) she eats once up, and before bed.
		const clash = asleepDuring(ctx, start, start + length);
		if (clash) start = clash[0] <= start ? clash[1] + 15 * 60 : clash[0] - 20 * 60 - length;
		const end = start + length;
		if (start < ctx.wake || asleepDuring(ctx, start, end) || end > ctx.nowSec) return;
		const tz = zoneAt(ctx.calendar, start);
		const subType = mealTypeAt(minutesOfDay(start, tz, localDate(start, tz)));
		const title =
			subType === draft.subType || draft.title === 'Afternoon snack'
				? draft.title
				: MEAL_TITLES[subType];
		const xid = ctx.streams.xid('meal', ctx.date, n);
		const items = draft.foods.map(({ food, multiplier }, i) =>
			mealItem(ctx.streams, xid, i, food, multiplier)
		);
		const sum = (field: Nutrient | 'unsaturated_fat'): number =>
			round(
				items.reduce((total, item) => total + (item[field] ?? 0), 0),
				1
			);
		const details = {
			num_drinks: draft.foods.filter(({ food }) => food.drink).length,
			num_foods: draft.foods.filter(({ food }) => !food.drink).length,
			calories: items.reduce((total, item) => total + (item.calories ?? 0), 0),
			fiber: sum('fiber'),
			protein: sum('protein'),
			fat: sum('fat'),
			carbohydrate: sum('carbohydrate'),
			saturated_fat: sum('saturated_fat'),
			unsaturated_fat: sum('unsaturated_fat'),
			polyunsaturated_fat: sum('polyunsaturated_fat'),
			monounsaturated_fat: sum('monounsaturated_fat'),
			sugar: sum('sugar'),
			potassium: sum('potassium'),
			sodium: sum('sodium'),
			calcium: sum('calcium'),
			cholesterol: sum('cholesterol'),
			vitamin_c: sum('vitamin_c'),
			vitamin_a: sum('vitamin_a'),
			iron: sum('iron'),
			accuracy: round(rng.range(0.7, 1), 2),
			tz
		};
		meals.push({
			xid,
			title,
			note: draft.note,
			type: 'meal',
			sub_type: subType,
			time_created: start,
			time_updated: end,
			time_completed: end,
			date: localDate(start, tz),
			...locate(draft.place),
			details,
			items: { items, size: items.length }
		});
	});
	return meals;
}

/** Sunday-morning weigh-in (not while travelling: the scale stays at home). */
export function bodyEventOf(ctx: DayContext): BodyEvent | null {
	if (weekdayOfDate(ctx.date) !== 0 || ctx.period === 'trip') return null;
	const rng = ctx.streams.of('body', ctx.date);
	const time = ctx.wake + 60 * rng.int(8, 25);
	if (time > ctx.nowSec) return null;
	const weight = round(
		weightTrend(ctx.date, ctx.daysIn) + rng.normal(0, 0.3) - (ctx.period === 'sick' ? 0.8 : 0),
		1
	);
	const bodyFat = round(
		31.2 - (DEMO_PERSON.startWeightKg - weight) * 0.55 + rng.normal(0, 0.35),
		1
	);
	return {
		xid: ctx.streams.xid('body', ctx.date),
		title: `${weight.toFixed(1)} kg`,
		type: 'body',
		time_created: time,
		time_updated: time,
		date: localDate(time, ctx.tz),
		...locate(null),
		note: ctx.period === 'sick' ? 'Down with the flu' : null,
		lean_mass: round(100 - bodyFat, 1),
		weight,
		body_fat: bodyFat,
		bmi: round(weight / (DEMO_PERSON.heightM * DEMO_PERSON.heightM), 1),
		details: { tz: ctx.tz }
	};
}

const MOOD_TITLES = {
	1: 'Amazing',
	2: 'Pumped',
	3: 'Energized',
	8: 'Good',
	4: 'Meh',
	5: 'Dragging',
	6: 'Exhausted',
	7: 'Totally Done'
} as const;

/** An evening mood on most days, coloured by the night before and the day's movement. */
export function moodOf(ctx: DayContext): Mood | null {
	const rng = ctx.streams.of('mood', ctx.date);
	if (!rng.chance(0.8)) return null;
	const clock = clockOf(ctx, rng.int(20 * 60 + 30, 22 * 60 + 15));
	// Logged before bed (an early night brings it forward), never while asleep.
	const time =
		ctx.bedtime !== null && clock.time > ctx.bedtime - 20 * 60 ? ctx.bedtime - 20 * 60 : clock.time;
	if (time > ctx.nowSec || time < ctx.wake || asleepDuring(ctx, time, time + 1)) return null;
	const tz = zoneAt(ctx.calendar, time);
	let subType: keyof typeof MOOD_TITLES;
	if (ctx.period === 'sick') subType = rng.pick([5, 6, 7, 6] as const);
	else if (ctx.period === 'trip' || ctx.period === 'holiday')
		subType = rng.pick([1, 2, 3, 8] as const);
	else {
		const rested = (ctx.slept ?? 25200) / 3600 + rng.normal(0, 0.6);
		const moved = ctx.steps / 10000 + rng.normal(0, 0.2);
		const score = rested - 6.5 + 1.5 * (moved - 0.8);
		subType =
			score > 1.4
				? rng.pick([1, 2] as const)
				: score > 0.5
					? rng.pick([3, 8] as const)
					: score > -0.4
						? 8
						: score > -1.2
							? 4
							: 5;
	}
	return {
		xid: ctx.streams.xid('mood', ctx.date),
		title: MOOD_TITLES[subType],
		type: 'mood',
		sub_type: subType,
		time_created: time,
		time_updated: time,
		date: localDate(time, tz),
		...locate(null),
		details: { tz }
	};
}

/** The resting heart rate the band takes just after waking; none when it was off the wrist. */
export function heartRateOf(ctx: DayContext): HeartRate | null {
	if (!ctx.hadNightRecord) return null;
	const rng = ctx.streams.of('heartrate', ctx.date);
	const time = ctx.wake + 60 * rng.int(3, 9);
	if (time > ctx.nowSec) return null;
	const { trip } = ctx.calendar;
	const jetLag = trip !== null && ctx.date > trip.outbound && ctx.date <= addDays(trip.outbound, 3);
	const fitness = 63 - 5 * Math.min(1, ctx.daysIn / 600);
	const bpm = Math.round(
		fitness + (ctx.period === 'sick' ? 8 : 0) + (jetLag ? 4 : 0) + rng.normal(0, 1.6)
	);
	return {
		xid: ctx.streams.xid('heartrate', ctx.date),
		title: 'Resting heart rate',
		time_created: time,
		time_updated: time,
		date: localDate(time, ctx.tz),
		...locate(null),
		resting_heartrate: bpm,
		details: { tz: ctx.tz }
	};
}

interface CustomEventDraft {
	daysIn: number;
	minutes: number;
	title: string;
	attributes: Record<string, string | number | boolean>;
	place: Place | null;
}

// A handful of posts partner apps made to her feed, at fixed points of the two years.
const CUSTOM_EVENTS: readonly CustomEventDraft[] = [
	{
		daysIn: 12,
		minutes: 7 * 60 + 20,
		title: 'Finished a 10-minute breathing session',
		attributes: { app: 'Calm Minutes', minutes: 10 },
		place: null
	},
	{
		daysIn: 64,
		minutes: 9 * 60 + 45,
		title: 'Ran parkrun Hasenheide in 29:41',
		attributes: { app: 'parkrun', distance_km: 5, seconds: 1781 },
		place: PLACES.tempelhof
	},
	{
		daysIn: 170,
		minutes: 21 * 60,
		title: 'Drank 2 litres of water today',
		attributes: { app: 'Hydrate', millilitres: 2000, goal_met: true },
		place: null
	},
	{
		daysIn: 250,
		minutes: 18 * 60 + 30,
		title: 'Booked a physio appointment',
		attributes: { app: 'Doctolib', reason: 'knee' },
		place: null
	},
	{
		daysIn: 342,
		minutes: 8 * 60 + 5,
		title: 'Meditation streak: 30 days',
		attributes: { app: 'Calm Minutes', streak_days: 30 },
		place: null
	},
	{
		daysIn: 420,
		minutes: 20 * 60 + 10,
		title: 'Step challenge won against 4 friends',
		attributes: { app: 'Nudge Challenges', rank: 1, participants: 5 },
		place: null
	},
	{
		// On the holiday's sixth day (see holidayDay below), wherever the holiday falls.
		daysIn: -6,
		minutes: 17 * 60 + 40,
		title: 'Reached the Nebelhorn summit (2224 m)',
		attributes: { app: 'Peakfinder', altitude_m: 2224 },
		place: PLACES.nebelhorn
	},
	{
		daysIn: 600,
		minutes: 9 * 60 + 30,
		title: 'Ran parkrun Hasenheide in 27:58',
		attributes: { app: 'parkrun', distance_km: 5, seconds: 1678 },
		place: PLACES.tempelhof
	},
	{
		daysIn: 690,
		minutes: 21 * 60 + 45,
		title: 'Screen-free evening',
		attributes: { app: 'Unplug', hours: 3 },
		place: null
	}
];

/** The custom (generic) events that fall on this day. */
export function genericEventsOf(ctx: DayContext): GenericEvent[] {
	const [holidayStart, holidayEnd] = ctx.calendar.holiday;
	// A negative `daysIn` counts days into the holiday instead (-6: its sixth day).
	const holidayDay =
		ctx.date >= holidayStart && ctx.date <= holidayEnd
			? -(daysBetween(holidayStart, ctx.date) + 1)
			: null;
	return CUSTOM_EVENTS.filter(
		(draft) => draft.daysIn === ctx.daysIn || draft.daysIn === holidayDay
	).flatMap((draft, n) => {
		const { time, tz } = clockOf(ctx, draft.minutes);
		if (time > ctx.nowSec) return [];
		const event: GenericEvent = {
			xid: ctx.streams.xid('generic', ctx.date, n),
			title: draft.title,
			type: 'generic',
			time_created: time,
			time_updated: time,
			date: localDate(time, tz),
			...locate(draft.place),
			image: null,
			attributes: { ...draft.attributes },
			details: { tz }
		};
		return [event];
	});
}
