// Steps, distance and energy samples → one move per local day, counted once per minute across sources.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MoveTally } from '$lib/api/move-tally';
import type { Move, MoveTick } from '$lib/api/records';
import { addDays } from '$lib/time/zone';
import {
	localDateAt,
	localHourKey,
	round,
	roundedCalories,
	wholeUnits,
	withThousands
} from './health-time';
import type { SourceRanking } from './sources';
import { importXid } from './xid';
import type { ZoneNamer } from './zone-names';

export const STEPS = 0;
export const DISTANCE = 1;
export const ACTIVE_ENERGY = 2;
export const BASAL_ENERGY = 3;
const METRIC_COUNT = 4;
const MINUTES_PER_CHUNK = 1440;
const NO_OFFSET = -32768;
/**
 * UTC days of minutes kept in memory at once; the others wait in a scratch file. An export lists
 * its records by type, each type in date order, so the ledger sweeps through the days once per
 * type and a handful of days in memory is enough.
 */
export const RESIDENT_DAYS = 32;

/** One UTC day of minutes: per metric the winning source's value, and the clock offset per minute. */
interface Chunk {
	offsets: Int16Array;
	values: (Float32Array | undefined)[];
	sources: (Uint16Array | undefined)[];
	/** Parts changed since the chunk was last written to the scratch file: bit per metric, and OFFSETS_PART. */
	dirty: number;
}

const OFFSETS_PART = 1 << METRIC_COUNT;
const OFFSETS_BYTES = MINUTES_PER_CHUNK * Int16Array.BYTES_PER_ELEMENT;
const VALUES_BYTES = MINUTES_PER_CHUNK * Float32Array.BYTES_PER_ELEMENT;
const SOURCES_BYTES = MINUTES_PER_CHUNK * Uint16Array.BYTES_PER_ELEMENT;
const METRIC_BYTES = VALUES_BYTES + SOURCES_BYTES;
/** A chunk's place in the scratch file: its offsets, then per metric its values and sources. */
const SLOT_BYTES = OFFSETS_BYTES + METRIC_COUNT * METRIC_BYTES;

function emptyChunk(): Chunk {
	return {
		offsets: new Int16Array(MINUTES_PER_CHUNK).fill(NO_OFFSET),
		values: new Array<Float32Array | undefined>(METRIC_COUNT).fill(undefined),
		sources: new Array<Uint16Array | undefined>(METRIC_COUNT).fill(undefined),
		dirty: 0
	};
}

/**
 * The chunks that left memory, in fixed-size slots of a scratch file under the system's temp
 * folder: an export of twenty years keeps its minutes on disk, not in the heap. The file is
 * unlinked as soon as it is open where the system allows it, and in any case on `close`.
 */
class ChunkFile {
	readonly #folder: string;
	readonly #fd: number;
	/** Where each spilled chunk lives, and which of its metrics it holds (bit per metric). */
	readonly #slots = new Map<number, { slot: number; metrics: number }>();

	constructor() {
		this.#folder = mkdtempSync(join(tmpdir(), 'health-minutes-'));
		const path = join(this.#folder, 'minutes');
		this.#fd = openSync(path, 'w+');
		try {
			rmSync(this.#folder, { recursive: true, force: true });
		} catch {
			// Kept until close where an open file cannot be removed.
		}
	}

	keys(): IterableIterator<number> {
		return this.#slots.keys();
	}

	write(key: number, chunk: Chunk): void {
		let place = this.#slots.get(key);
		if (!place) {
			place = { slot: this.#slots.size, metrics: 0 };
			this.#slots.set(key, place);
		}
		const base = place.slot * SLOT_BYTES;
		if (chunk.dirty & OFFSETS_PART) writeSync(this.#fd, chunk.offsets, 0, OFFSETS_BYTES, base);
		for (let metric = 0; metric < METRIC_COUNT; metric++) {
			const values = chunk.values[metric];
			const sources = chunk.sources[metric];
			if (!values || !sources || !(chunk.dirty & (1 << metric))) continue;
			const at = base + OFFSETS_BYTES + metric * METRIC_BYTES;
			writeSync(this.#fd, values, 0, VALUES_BYTES, at);
			writeSync(this.#fd, sources, 0, SOURCES_BYTES, at + VALUES_BYTES);
			place.metrics |= 1 << metric;
		}
		chunk.dirty = 0;
	}

	read(key: number): Chunk | undefined {
		const place = this.#slots.get(key);
		if (!place) return undefined;
		const chunk = emptyChunk();
		const base = place.slot * SLOT_BYTES;
		readSync(this.#fd, chunk.offsets, 0, OFFSETS_BYTES, base);
		for (let metric = 0; metric < METRIC_COUNT; metric++) {
			if (!(place.metrics & (1 << metric))) continue;
			const values = new Float32Array(MINUTES_PER_CHUNK);
			const sources = new Uint16Array(MINUTES_PER_CHUNK);
			const at = base + OFFSETS_BYTES + metric * METRIC_BYTES;
			readSync(this.#fd, values, 0, VALUES_BYTES, at);
			readSync(this.#fd, sources, 0, SOURCES_BYTES, at + VALUES_BYTES);
			chunk.values[metric] = values;
			chunk.sources[metric] = sources;
		}
		return chunk;
	}

	close(): void {
		closeSync(this.#fd);
		rmSync(this.#folder, { recursive: true, force: true });
	}
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
 * once. Memory: about 37 KB per UTC day (Float32 per metric per minute) for at most
 * `residentDays` days, the least recently used; the others go to a scratch file (`ChunkFile`)
 * and come back when a sample or the moves need them. Call `close` when done.
 */
export class MinuteLedger {
	/** The chunks in memory, least recently used first. */
	readonly #chunks = new Map<number, Chunk>();
	readonly #ranking: SourceRanking;
	readonly #residentDays: number;
	#file: ChunkFile | null = null;
	// Consecutive minutes fall in the same chunk: skip the map for them.
	#lastKey = Number.NaN;
	#lastChunk: Chunk | undefined;

	constructor(ranking: SourceRanking, residentDays = RESIDENT_DAYS) {
		this.#ranking = ranking;
		this.#residentDays = Math.max(1, residentDays);
	}

	/** UTC days of minutes now held in memory (at most `residentDays`). */
	get residentDays(): number {
		return this.#chunks.size;
	}

	/** Drops the scratch file; the ledger is empty afterwards. */
	close(): void {
		this.#chunks.clear();
		this.#lastKey = Number.NaN;
		this.#lastChunk = undefined;
		this.#file?.close();
		this.#file = null;
	}

	/** The chunk of a UTC day, brought into memory (from the scratch file, or new). */
	#chunk(key: number): Chunk {
		let chunk = this.#chunks.get(key);
		if (chunk) {
			// Most recently used last.
			this.#chunks.delete(key);
			this.#chunks.set(key, chunk);
			return chunk;
		}
		chunk = this.#file?.read(key) ?? emptyChunk();
		this.#chunks.set(key, chunk);
		if (this.#chunks.size > this.#residentDays) {
			const [oldKey, oldChunk] = this.#chunks.entries().next().value as [number, Chunk];
			this.#chunks.delete(oldKey);
			this.#file ??= new ChunkFile();
			this.#file.write(oldKey, oldChunk);
		}
		return chunk;
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
		const chunk =
			chunkKey === this.#lastKey && this.#lastChunk ? this.#lastChunk : this.#chunk(chunkKey);
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
		chunk.dirty |= OFFSETS_PART | (1 << metric);
	}

	/** The moves, in date order, each with its minute ticks. */
	*moves(
		workouts: ReadonlyMap<number, DayWorkouts>,
		namer: ZoneNamer
	): Generator<{ move: Move; ticks: MoveTick[] }> {
		const days = new Map<number, DayMinutes>();
		const keys = [...new Set([...this.#chunks.keys(), ...(this.#file?.keys() ?? [])])].sort(
			(a, b) => a - b
		);
		for (const key of keys) {
			// A day in memory is newer than its copy in the scratch file.
			const chunk = this.#chunks.get(key) ?? this.#file?.read(key);
			if (!chunk) continue;
			// The local day of the minute before: the next minute is almost always on the same one.
			let localDay = Number.NaN;
			let day: DayMinutes | undefined;
			const steps = chunk.values[STEPS];
			const distance = chunk.values[DISTANCE];
			const active = chunk.values[ACTIVE_ENERGY];
			const basal = chunk.values[BASAL_ENERGY];
			for (let index = 0; index < MINUTES_PER_CHUNK; index++) {
				const offset = chunk.offsets[index] ?? NO_OFFSET;
				if (offset === NO_OFFSET) continue;
				const epoch = (key * MINUTES_PER_CHUNK + index) * 60;
				if (day === undefined || Math.floor((epoch + offset * 60) / 86400) !== localDay) {
					localDay = Math.floor((epoch + offset * 60) / 86400);
					const date = localDateAt(epoch, offset);
					day = days.get(date);
					if (!day) {
						day = { date, epochs: [], offsets: [], steps: [], distance: [], active: [], basal: [] };
						days.set(date, day);
					}
				}
				day.epochs.push(epoch);
				day.offsets.push(offset);
				day.steps.push(steps?.[index] ?? 0);
				day.distance.push(distance?.[index] ?? 0);
				day.active.push(active?.[index] ?? 0);
				day.basal.push(basal?.[index] ?? 0);
			}
			// A local day draws on at most the UTC days before and after it (offsets within ±14 h).
			const utcDate = localDateAt(key * MINUTES_PER_CHUNK * 60, 0);
			const complete = [...days.keys()]
				.filter((date) => date < addDays(utcDate, -1))
				.sort((a, b) => a - b);
			for (const date of complete) {
				const day = days.get(date);
				days.delete(date);
				if (day) yield buildMove(day, workouts.get(date), namer);
			}
		}
		for (const date of [...days.keys()].sort((a, b) => a - b)) {
			const day = days.get(date);
			if (day) yield buildMove(day, workouts.get(date), namer);
		}
	}
}

/**
 * One day's move. A minute with steps is active (60 s); a minute without steps between the day's
 * first and last active minute is idle: the worn span, as the band counts inactive time. Calories
 * follow the API's formula: workout calories + the rest of the active energy + the day's basal
 * energy prorated over the active seconds.
 */
function buildMove(
	day: DayMinutes,
	workouts: DayWorkouts | undefined,
	namer: ZoneNamer
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
	const tally = new MoveTally();
	const ticks: MoveTick[] = [];
	let activeEnergy = 0;
	let basalEnergy = 0;
	let hourKey = '';
	let lastHour = Number.NaN;
	/** Where the clock's offset changed within the day: [epoch, offset in minutes]. */
	const offsets: [number, number][] = [];
	for (let i = 0; i < count; i++) {
		const epoch = day.epochs[i] ?? 0;
		const offset = day.offsets[i] ?? 0;
		if (offsets.length === 0 || offsets[offsets.length - 1]?.[1] !== offset)
			offsets.push([epoch, offset]);
		// The hour's key is a string: made only when the local hour changes, not every minute.
		const localHour = Math.floor((epoch + offset * 60) / 3600);
		if (localHour !== lastHour) {
			lastHour = localHour;
			const key = localHourKey(epoch, offset);
			if (key !== hourKey) {
				hourKey = key;
				tally.enterHour(key);
			}
		}
		const minuteSteps = steps[i] ?? 0;
		const minuteDistance = distance[i] ?? 0;
		const minuteActive = day.active[i] ?? 0;
		activeEnergy += minuteActive;
		basalEnergy += day.basal[i] ?? 0;
		const active = (day.steps[i] ?? 0) > 0;
		const worn = i >= firstActive && i <= lastActive && firstActive >= 0;
		tally.add({
			steps: minuteSteps,
			distance: minuteDistance,
			calories: minuteActive,
			active: active ? 60 : 0,
			idle: !active && worn ? 60 : 0
		});
		if (!active && !worn) tally.pause();
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
	// The zones in force through the day: a change of offset within one named zone (the clocks
	// changing in Berlin) is no change of zone.
	const tzs: [number, string][] = [];
	for (const [epoch, offset] of offsets) {
		const zone = namer.name(epoch, offset);
		if (tzs[tzs.length - 1]?.[1] !== zone) tzs.push([epoch, zone]);
	}
	const first = day.epochs[0] ?? 0;
	const last = (day.epochs[count - 1] ?? 0) + 60;
	const woCalories = round(workouts?.calories ?? 0, 1);
	const bgCalories = round(Math.max(0, activeEnergy - woCalories), 1);
	const bmrDay = basalEnergy > 0 ? round(basalEnergy, 1) : null;
	const xid = importXid('apple_health', 'move', day.date);
	const move: Move = {
		xid,
		title: `${withThousands(tally.steps)} steps`,
		type: 'move',
		time_created: first,
		time_updated: last,
		time_completed: last,
		date: day.date,
		snapshot_image: null,
		details: {
			distance: tally.distance,
			km: tally.distance / 1000,
			steps: tally.steps,
			active_time: tally.activeTime,
			longest_active: tally.longestActive,
			inactive_time: tally.inactiveTime,
			longest_idle: tally.longestIdle,
			calories: round(woCalories + bgCalories + ((bmrDay ?? 0) / 86400) * tally.activeTime, 1),
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
			hourly_totals: roundedCalories(tally.hourly),
			import_source: 'apple_health'
		}
	};
	return { move, ticks };
}
