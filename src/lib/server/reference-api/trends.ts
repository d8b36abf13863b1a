// Trends computed from the live store: per-day aggregates (cached, invalidated by writes) summed or averaged into buckets.
import type { ApiVersion } from '$lib/api/endpoints';
import type { Sleep } from '$lib/api/records';
import {
	addDays,
	localDateInt,
	parseDateInt,
	startOfLocalDay,
	weekdayOfDate
} from '$lib/time/zone';
import { invalid } from './envelope';
import type { Store } from './store';

export type BucketSize = 'd' | 'w' | 'm' | 'y';

/** Largest series a request may ask for (v.1.0 range_duration 100 years of days would be 36 500). */
export const MAX_TREND_BUCKETS = 1000;

interface SleepValues {
	bedtime: number;
	asleep_time: number;
	awake_time: number;
	awakenings: number;
	light: number;
	deep: number;
	/** REM seconds; null when the night recorded none (a band records no REM). */
	rem: number | null;
	awake: number;
	duration: number;
	quality: number;
}

interface DayAggregate {
	move: {
		steps: number;
		calories: number;
		total_calories: number;
		active_time: number;
		workout_time: number;
		distance: number;
		bmr: number | null;
	} | null;
	night: SleepValues | null;
	nap: SleepValues | null;
	eat: Record<(typeof EAT_FIELDS)[number][0], number> | null;
}

/** Trend field, then the meal detail it sums. */
const EAT_FIELDS = [
	['e_calories', 'calories'],
	['e_carbs', 'carbohydrate'],
	['e_protein', 'protein'],
	['e_unsat_fat', 'unsaturated_fat'],
	['e_sat_fat', 'saturated_fat'],
	['e_sugar', 'sugar'],
	['e_fiber', 'fiber'],
	['e_cholesterol', 'cholesterol'],
	['e_calcium', 'calcium'],
	['e_sodium', 'sodium']
] as const;

const num = (value: unknown): number =>
	typeof value === 'number' && Number.isFinite(value) ? value : 0;
const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The first day of the bucket holding `date`: itself, its Monday, the 1st of its month or year. */
export function bucketStart(date: number, size: BucketSize): number {
	const { year, month } = parseDateInt(date);
	switch (size) {
		case 'd':
			return date;
		case 'w':
			return addDays(date, -((weekdayOfDate(date) + 6) % 7));
		case 'm':
			return year * 10000 + month * 100 + 1;
		case 'y':
			return year * 10000 + 101;
	}
}

/** The first day of the bucket before the one starting at `start`. */
function previousBucketStart(start: number, size: BucketSize): number {
	return bucketStart(addDays(start, -1), size);
}

function sleepValues(sleep: Sleep, midnight: number): SleepValues {
	const d = sleep.details;
	const duration = num(d.duration);
	const slept = num(d.light) + num(d.deep) + num(d.rem);
	return {
		bedtime: sleep.time_created - midnight,
		asleep_time: num(d.asleep_time) - midnight,
		awake_time: num(d.awake_time) - midnight,
		awakenings: num(d.awakenings),
		light: num(d.light),
		deep: num(d.deep),
		rem: num(d.rem) > 0 ? num(d.rem) : null,
		awake: num(d.awake),
		duration,
		quality: duration > 0 ? Math.round((100 * slept) / duration) : 0
	};
}

export interface TrendsQuery {
	version: ApiVersion;
	endDate: number;
	bucketSize: BucketSize;
	/** v.1.1 */
	numBuckets?: number;
	/** v.1.0 */
	range?: BucketSize;
	rangeDuration?: number;
	scopes: ReadonlySet<string>;
}

export interface TrendsResult {
	earliest: number | null;
	data: [number, Record<string, number | boolean | null>][];
	links: { next?: string };
}

export class TrendsEngine {
	readonly #store: Store;
	readonly #days = new Map<number, DayAggregate>();
	#externalVersion = 0;

	constructor(store: Store) {
		this.#store = store;
		store.onChange((kind, date) => {
			if (kind === 'moves' || kind === 'sleeps' || kind === 'meals') this.#days.delete(date);
		});
	}

	/** Drops every cached day (an import rolled back records that reads may have seen). */
	forget(): void {
		this.#days.clear();
	}

	/** Aggregates of one local day, computed once and kept until a write touches that day. */
	day(date: number): DayAggregate {
		const external = this.#store.externalVersion();
		if (external !== this.#externalVersion) {
			// Another process (an import from the command line) wrote to the database.
			this.#days.clear();
			this.#externalVersion = external;
		}
		const cached = this.#days.get(date);
		if (cached !== undefined) return cached;
		const store = this.#store;
		const move = store.indexes.moves.onDate(date)[0];
		const sleeps = store.indexes.sleeps.onDate(date);
		const meals = store.indexes.meals.onDate(date);
		const longest = (list: readonly Sleep[]) =>
			list.reduce<Sleep | null>(
				(best, s) =>
					best === null || num(s.details.duration) > num(best.details.duration) ? s : best,
				null
			);
		const night = longest(sleeps.filter((s) => s.sub_type === 0));
		const nap = longest(sleeps.filter((s) => s.sub_type !== 0));
		const midnightOf = (sleep: Sleep) => startOfLocalDay(date, sleep.details.tz);
		let eat: DayAggregate['eat'] = null;
		if (meals.length > 0) {
			const totals = Object.fromEntries(EAT_FIELDS.map(([field]) => [field, 0]));
			for (const meal of meals) {
				for (const [field, detail] of EAT_FIELDS)
					totals[field] = num(totals[field]) + num(meal.details[detail]);
			}
			eat = {
				e_calories: Math.round(num(totals.e_calories)),
				e_carbs: round1(num(totals.e_carbs)),
				e_protein: round1(num(totals.e_protein)),
				e_unsat_fat: round1(num(totals.e_unsat_fat)),
				e_sat_fat: round1(num(totals.e_sat_fat)),
				e_sugar: round1(num(totals.e_sugar)),
				e_fiber: round1(num(totals.e_fiber)),
				e_cholesterol: round1(num(totals.e_cholesterol)),
				e_calcium: round1(num(totals.e_calcium)),
				e_sodium: round1(num(totals.e_sodium))
			};
		}
		const aggregate: DayAggregate = {
			move:
				move === undefined
					? null
					: {
							steps: num(move.details.steps),
							calories: num(move.details.calories),
							// Activity calories plus the whole day's basal rate.
							total_calories: round1(
								num(move.details.wo_calories) +
									num(move.details.bg_calories) +
									num(move.details.bmr_day)
							),
							active_time: num(move.details.active_time),
							workout_time: num(move.details.wo_time),
							distance: num(move.details.distance),
							bmr: move.details.bmr_day
						},
			night: night === null ? null : sleepValues(night, midnightOf(night)),
			nap: nap === null ? null : sleepValues(nap, midnightOf(nap)),
			eat
		};
		this.#days.set(date, aggregate);
		return aggregate;
	}

	/** The first date holding a move, sleep, meal or body event. */
	earliest(): number | null {
		const dates = (['moves', 'sleeps', 'meals', 'body_events'] as const)
			.map((kind) => this.#store.indexes[kind].earliestDate())
			.filter((date): date is number => date !== null);
		return dates.length === 0 ? null : Math.min(...dates);
	}

	/** Weight and body fat in effect on a date: the latest body event on or before it. */
	#bodyOn(date: number): { weight: number | null; body_fat: number | null } {
		const found = this.#store.indexes.body_events.latestOnOrBefore(date);
		return found === undefined
			? { weight: null, body_fat: null }
			: { weight: found.weight, body_fat: found.body_fat };
	}

	series(query: TrendsQuery, basePath: string): TrendsResult {
		const starts: number[] = [];
		let start = bucketStart(query.endDate, query.bucketSize);
		if (query.version === 'v.1.1') {
			const count = query.numBuckets ?? 1;
			for (let i = 0; i < count; i++) {
				starts.unshift(start);
				start = previousBucketStart(start, query.bucketSize);
			}
		} else {
			// The span is `range_duration` calendar units of `range`, the last one holding end_date.
			let spanStart = bucketStart(query.endDate, query.range ?? 'd');
			for (let i = 1; i < (query.rangeDuration ?? 7); i++) {
				spanStart = previousBucketStart(spanStart, query.range ?? 'd');
			}
			while (start >= bucketStart(spanStart, query.bucketSize)) {
				starts.unshift(start);
				if (starts.length > MAX_TREND_BUCKETS) {
					throw invalid(
						'range_duration',
						`asks for more than ${MAX_TREND_BUCKETS} buckets of this bucket_size`
					);
				}
				start = previousBucketStart(start, query.bucketSize);
			}
		}
		const earliest = this.earliest();
		const data = starts.map((first, index): [number, Record<string, number | boolean | null>] => {
			const next = starts[index + 1];
			const last = next === undefined ? query.endDate : Math.min(addDays(next, -1), query.endDate);
			return [first, this.#bucketValues(first, last, query)];
		});
		const links: { next?: string } = {};
		const first = starts[0];
		if (first !== undefined && earliest !== null && first > earliest) {
			const params = new URLSearchParams({
				end_date: String(addDays(first, -1)),
				bucket_size: query.bucketSize
			});
			if (query.version === 'v.1.1') params.set('num_buckets', String(query.numBuckets ?? 1));
			else {
				params.set('range', query.range ?? 'd');
				params.set('range_duration', String(query.rangeDuration ?? 7));
			}
			links.next = `${basePath}?${params.toString()}`;
		}
		return { earliest, data, links };
	}

	#bucketValues(
		first: number,
		last: number,
		query: TrendsQuery
	): Record<string, number | boolean | null> {
		const days: DayAggregate[] = [];
		for (let date = first; date <= last; date = addDays(date, 1)) days.push(this.day(date));
		const values: Record<string, number | boolean | null> = {};
		const { scopes } = query;
		const user = this.#store.user;
		const sumOf = (pick: (day: DayAggregate) => number | null | undefined) => {
			const present = days.map(pick).filter((v): v is number => typeof v === 'number');
			return present.length === 0 ? null : round1(present.reduce((a, b) => a + b, 0));
		};
		const meanOf = (pick: (day: DayAggregate) => number | null | undefined) => {
			const present = days.map(pick).filter((v): v is number => typeof v === 'number');
			return present.length === 0
				? null
				: Math.round(present.reduce((a, b) => a + b, 0) / present.length);
		};
		if (scopes.has('basic_read')) {
			values.height = typeof user.height === 'number' ? user.height : null;
			const { gender, birthDate } = this.#store.profile;
			values.age = ageOn(birthDate, last);
			values.gender =
				gender === null ? null : query.version === 'v.1.1' ? (gender === 1 ? 1 : 0) : gender === 1;
		}
		if (scopes.has('weight_read')) {
			const body = this.#bodyOn(last);
			values.weight = body.weight;
			values.body_fat = body.body_fat === null ? null : Math.round(body.body_fat);
			if (query.version === 'v.1.1') {
				values.goal_body_weight = this.#store.goals.body_weight;
				values.goal_body_weight_intent = this.#store.goals.body_weight_intent;
			}
		}
		if (scopes.has('move_read')) {
			values.bmr = meanOf((d) => d.move?.bmr);
			values.m_steps = sumOf((d) => d.move?.steps);
			values.m_calories = sumOf((d) => d.move?.calories);
			values.m_total_calories = sumOf((d) => d.move?.total_calories);
			values.m_active_time = sumOf((d) => d.move?.active_time);
			values.m_workout_time = sumOf((d) => d.move?.workout_time);
			values.m_distance = sumOf((d) => d.move?.distance);
		}
		if (scopes.has('meal_read')) {
			for (const [field] of EAT_FIELDS) values[field] = sumOf((d) => d.eat?.[field]);
		}
		if (scopes.has('sleep_read')) {
			const deepName = query.version === 'v.1.1' ? 'sound' : 'deep';
			for (const [prefix, pick] of [
				['s', (d: DayAggregate) => d.night],
				['n', (d: DayAggregate) => d.nap]
			] as const) {
				values[`${prefix}_bedtime`] = meanOf((d) => pick(d)?.bedtime);
				values[`${prefix}_asleep_time`] = meanOf((d) => pick(d)?.asleep_time);
				values[`${prefix}_awake_time`] = meanOf((d) => pick(d)?.awake_time);
				values[`${prefix}_awakenings`] = meanOf((d) => pick(d)?.awakenings);
				values[`${prefix}_light`] = meanOf((d) => pick(d)?.light);
				values[`${prefix}_${deepName}`] = meanOf((d) => pick(d)?.deep);
				// This project's extension (no trends field of the API carries REM): the mean REM of
				// the nights that recorded some, null where none did.
				values[`${prefix}_rem`] = meanOf((d) => pick(d)?.rem);
				values[`${prefix}_awake`] = meanOf((d) => pick(d)?.awake);
				values[`${prefix}_duration`] = meanOf((d) => pick(d)?.duration);
				values[`${prefix}_quality`] = meanOf((d) => pick(d)?.quality);
			}
		}
		return values;
	}
}

/** Age in whole years on `date` (both YYYYMMDD). */
function ageOn(birthDate: number | null, date: number): number | null {
	return birthDate === null ? null : Math.floor((date - birthDate) / 10000);
}

/** Today's local date in the user's home zone. */
export function todayOf(store: Store, nowSec: number): number {
	return localDateInt(nowSec, store.homeTz);
}
