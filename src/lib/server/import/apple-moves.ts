// Steps, distance and energy samples → one move per local day, counted once per minute across sources.
import type { HourlyTotal, Move, MoveTick } from '$lib/api/records';
import { addDays } from '$lib/time/zone';
import { gmtZone, localDateAt, localHourKey, round, withThousands } from './health-time';
import type { SourceRanking } from './sources';
import { importXid } from './xid';

export const STEPS = 0;
export const DISTANCE = 1;
export const ACTIVE_ENERGY = 2;
export const BASAL_ENERGY = 3;
const METRIC_COUNT = 4;
const MINUTES_PER_CHUNK = 1440;
const NO_OFFSET = -32768;

/** One UTC day of minutes: per metric the winning source's value, and the clock offset per minute. */
interface Chunk {
	offsets: Int16Array;
	values: (Float32Array | undefined)[];
	sources: (Uint16Array | undefined)[];
}

/** What the day's workouts add to its move. */
export interface DayWorkouts {
	count: number;
	seconds: number;
	calories: number;
	longest: number;
}

interface DayMinutes {
	date: number;
	epochs: number[];
	offsets: number[];
	steps: number[];
	distance: number[];
	active: number[];
	basal: number[];
}

/**
 * Minute-by-minute totals of the four move quantities. A sample's value is spread evenly over the
 * seconds it covers; in each minute only the highest-ranked source that wrote to that minute
 * counts (its samples add up), so a phone and a watch that both counted the same walk count it
 * once. Memory: about 37 KB per day with data (Float32 per metric per minute), whatever the size
 * of the file.
 */
export class MinuteLedger {
	readonly #chunks = new Map<number, Chunk>();
	readonly #ranking: SourceRanking;
	// Consecutive minutes fall in the same chunk: skip the map for them.
	#lastKey = Number.NaN;
	#lastChunk: Chunk | undefined;

	constructor(ranking: SourceRanking) {
		this.#ranking = ranking;
	}

	add(metric: number, start: number, end: number, value: number, source: number, offset: number) {
		if (!(value > 0)) return;
		const duration = end - start;
		const first = Math.floor(start / 60);
		const last = duration > 0 ? Math.ceil(end / 60) - 1 : first;
		for (let minute = first; minute <= last; minute++) {
			const share =
				duration > 0
					? (value * (Math.min(end, minute * 60 + 60) - Math.max(start, minute * 60))) / duration
					: value;
			if (share <= 0) continue;
			this.#write(metric, minute, share, source, offset);
		}
	}

	#write(metric: number, minute: number, share: number, source: number, offset: number) {
		const chunkKey = Math.floor(minute / MINUTES_PER_CHUNK);
		let chunk = chunkKey === this.#lastKey ? this.#lastChunk : this.#chunks.get(chunkKey);
		if (!chunk) {
			chunk = {
				offsets: new Int16Array(MINUTES_PER_CHUNK).fill(NO_OFFSET),
				values: new Array<Float32Array | undefined>(METRIC_COUNT).fill(undefined),
				sources: new Array<Uint16Array | undefined>(METRIC_COUNT).fill(undefined)
			};
			this.#chunks.set(chunkKey, chunk);
		}
		this.#lastKey = chunkKey;
		this.#lastChunk = chunk;
		let values = chunk.values[metric];
		let sources = chunk.sources[metric];
		if (!values || !sources) {
			values = chunk.values[metric] = new Float32Array(MINUTES_PER_CHUNK);
			sources = chunk.sources[metric] = new Uint16Array(MINUTES_PER_CHUNK);
		}
		const index = minute - chunkKey * MINUTES_PER_CHUNK;
		const holder = sources[index] ?? 0;
		if (holder === source) values[index] = (values[index] ?? 0) + share;
		else if (holder === 0 || this.#ranking.prefers(source, holder)) {
			values[index] = share;
			sources[index] = source;
		} else return;
		chunk.offsets[index] = offset;
	}

	/** The moves, in date order, each with its minute ticks. */
	*moves(workouts: ReadonlyMap<number, DayWorkouts>): Generator<{ move: Move; ticks: MoveTick[] }> {
		const days = new Map<number, DayMinutes>();
		const keys = [...this.#chunks.keys()].sort((a, b) => a - b);
		for (const key of keys) {
			const chunk = this.#chunks.get(key);
			if (!chunk) continue;
			for (let index = 0; index < MINUTES_PER_CHUNK; index++) {
				const offset = chunk.offsets[index] ?? NO_OFFSET;
				if (offset === NO_OFFSET) continue;
				const epoch = (key * MINUTES_PER_CHUNK + index) * 60;
				const date = localDateAt(epoch, offset);
				let day = days.get(date);
				if (!day) {
					day = { date, epochs: [], offsets: [], steps: [], distance: [], active: [], basal: [] };
					days.set(date, day);
				}
				day.epochs.push(epoch);
				day.offsets.push(offset);
				day.steps.push(chunk.values[STEPS]?.[index] ?? 0);
				day.distance.push(chunk.values[DISTANCE]?.[index] ?? 0);
				day.active.push(chunk.values[ACTIVE_ENERGY]?.[index] ?? 0);
				day.basal.push(chunk.values[BASAL_ENERGY]?.[index] ?? 0);
			}
			// A local day draws on at most the UTC days before and after it (offsets within ±14 h).
			const utcDate = localDateAt(key * MINUTES_PER_CHUNK * 60, 0);
			const complete = [...days.keys()]
				.filter((date) => date < addDays(utcDate, -1))
				.sort((a, b) => a - b);
			for (const date of complete) {
				const day = days.get(date);
				days.delete(date);
				if (day) yield buildMove(day, workouts.get(date));
			}
		}
		for (const date of [...days.keys()].sort((a, b) => a - b)) {
			const day = days.get(date);
			if (day) yield buildMove(day, workouts.get(date));
		}
	}
}

/** Whole units per minute whose running sum matches the rounded running total (no drift). */
function wholeUnits(values: readonly number[]): number[] {
	let sum = 0;
	let rounded = 0;
	return values.map((value) => {
		sum += value;
		const next = Math.round(sum);
		const share = next - rounded;
		rounded = next;
		return share;
	});
}

function emptyHour(): HourlyTotal {
	return {
		distance: 0,
		calories: 0,
		steps: 0,
		active_time: 0,
		inactive_time: 0,
		longest_active_time: 0,
		longest_idle_time: 0
	};
}

/**
 * One day's move. A minute with steps is active (60 s); a minute without steps between the day's
 * first and last active minute is idle: the worn span, as the band counts inactive time. Calories
 * follow the API's formula: workout calories + the rest of the active energy + the day's basal
 * energy prorated over the active seconds.
 */
function buildMove(
	day: DayMinutes,
	workouts: DayWorkouts | undefined
): {
	move: Move;
	ticks: MoveTick[];
} {
	const steps = wholeUnits(day.steps);
	const distance = wholeUnits(day.distance);
	const count = day.epochs.length;
	let firstActive = -1;
	let lastActive = -1;
	for (let i = 0; i < count; i++) {
		if ((day.steps[i] ?? 0) > 0) {
			if (firstActive < 0) firstActive = i;
			lastActive = i;
		}
	}
	const hourly: Record<string, HourlyTotal> = {};
	const ticks: MoveTick[] = [];
	let totalSteps = 0;
	let totalDistance = 0;
	let activeEnergy = 0;
	let basalEnergy = 0;
	let activeTime = 0;
	let inactiveTime = 0;
	let longestActive = 0;
	let longestIdle = 0;
	let activeRun = 0;
	let idleRun = 0;
	let hourKey = '';
	let hourActiveRun = 0;
	let hourIdleRun = 0;
	let hour = emptyHour();
	const tzs: [number, string][] = [];
	for (let i = 0; i < count; i++) {
		const epoch = day.epochs[i] ?? 0;
		const offset = day.offsets[i] ?? 0;
		const zone = gmtZone(offset);
		if (tzs.length === 0 || tzs[tzs.length - 1]?.[1] !== zone) tzs.push([epoch, zone]);
		const key = localHourKey(epoch, offset);
		if (key !== hourKey) {
			hourKey = key;
			hour = hourly[key] ?? emptyHour();
			hourly[key] = hour;
			hourActiveRun = 0;
			hourIdleRun = 0;
		}
		const minuteSteps = steps[i] ?? 0;
		const minuteDistance = distance[i] ?? 0;
		const minuteActive = day.active[i] ?? 0;
		totalSteps += minuteSteps;
		totalDistance += minuteDistance;
		activeEnergy += minuteActive;
		basalEnergy += day.basal[i] ?? 0;
		hour.steps = (hour.steps ?? 0) + minuteSteps;
		hour.distance = (hour.distance ?? 0) + minuteDistance;
		hour.calories = round((hour.calories ?? 0) + minuteActive, 3);
		const active = (day.steps[i] ?? 0) > 0;
		const worn = i >= firstActive && i <= lastActive && firstActive >= 0;
		if (active) {
			activeTime += 60;
			hour.active_time = (hour.active_time ?? 0) + 60;
			activeRun += 60;
			hourActiveRun += 60;
			idleRun = 0;
			hourIdleRun = 0;
		} else if (worn) {
			inactiveTime += 60;
			hour.inactive_time = (hour.inactive_time ?? 0) + 60;
			idleRun += 60;
			hourIdleRun += 60;
			activeRun = 0;
			hourActiveRun = 0;
		} else {
			activeRun = idleRun = hourActiveRun = hourIdleRun = 0;
		}
		longestActive = Math.max(longestActive, activeRun);
		longestIdle = Math.max(longestIdle, idleRun);
		hour.longest_active_time = Math.max(hour.longest_active_time ?? 0, hourActiveRun);
		hour.longest_idle_time = Math.max(hour.longest_idle_time ?? 0, hourIdleRun);
		if (minuteSteps > 0 || minuteDistance > 0 || minuteActive > 0) {
			const tickActive = active ? 60 : 0;
			ticks.push({
				distance: minuteDistance,
				time_completed: epoch + 60,
				active_time: tickActive,
				calories: round(minuteActive, 3),
				steps: minuteSteps,
				time: epoch,
				speed: tickActive > 0 ? round(minuteDistance / tickActive, 3) : 0
			});
		}
	}
	const first = day.epochs[0] ?? 0;
	const last = (day.epochs[count - 1] ?? 0) + 60;
	const woCalories = round(workouts?.calories ?? 0, 1);
	const bgCalories = round(Math.max(0, activeEnergy - woCalories), 1);
	const bmrDay = basalEnergy > 0 ? round(basalEnergy, 1) : null;
	const xid = importXid('apple_health', 'move', day.date);
	const move: Move = {
		xid,
		title: `${withThousands(totalSteps)} steps`,
		type: 'move',
		time_created: first,
		time_updated: last,
		time_completed: last,
		date: day.date,
		snapshot_image: null,
		details: {
			distance: totalDistance,
			km: totalDistance / 1000,
			steps: totalSteps,
			active_time: activeTime,
			longest_active: longestActive,
			inactive_time: inactiveTime,
			longest_idle: longestIdle,
			calories: round(woCalories + bgCalories + ((bmrDay ?? 0) / 86400) * activeTime, 1),
			bmr_day: bmrDay,
			bmr: bmrDay,
			bg_calories: bgCalories,
			wo_calories: woCalories,
			wo_time: workouts?.seconds ?? 0,
			wo_active_time: null,
			wo_count: workouts?.count ?? 0,
			wo_longest: workouts?.longest ?? 0,
			tz: tzs[0]?.[1] ?? 'GMT+0000',
			...(tzs.length > 1 ? { tzs } : {}),
			hourly_totals: hourly,
			import_source: 'apple_health'
		}
	};
	return { move, ticks };
}
