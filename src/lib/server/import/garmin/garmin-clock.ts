// Garmin's clocks: "…GMT" fields in UTC beside "…Local" ones, and the offset each pair implies.
import { gmtZone } from '../health-time';
import { parseIsoWall, wallAsUtc } from '../archive/wall-clock';

/** Garmin's `2024-06-14T22:09:00.0` read as UTC (or as a local wall clock, for `…Local` fields). */
export function garminInstant(text: unknown): number | null {
	if (typeof text === 'number' && Number.isFinite(text)) return Math.floor(text / 1000);
	if (typeof text !== 'string') return null;
	const wall = parseIsoWall(text);
	return wall ? wallAsUtc(wall) : null;
}

/** Minutes east of UTC implied by a local reading and the GMT reading of the same instant. */
export function offsetOfPair(local: unknown, gmt: unknown): number | null {
	const l = garminInstant(local);
	const g = garminInstant(gmt);
	if (l === null || g === null) return null;
	const minutes = Math.round((l - g) / 60);
	return Math.abs(minutes) <= 14 * 60 ? minutes : null;
}

interface Span {
	start: number;
	end: number;
	offset: number;
}

/**
 * The offsets the daily summaries imply, one per day (`wellnessStartTimeLocal` against
 * `wellnessStartTimeGmt`), to place records that carry only GMT times (sleeps, weigh-ins). An
 * instant outside every known day takes the offset of the nearest day.
 */
export class OffsetBook {
	readonly #spans: Span[] = [];
	#sorted = true;

	add(start: number, end: number, offset: number): void {
		this.#spans.push({ start, end, offset });
		this.#sorted = false;
	}

	get size(): number {
		return this.#spans.length;
	}

	/** Minutes east of UTC at `epoch`, or null when no day is known at all. */
	offsetAt(epoch: number): number | null {
		if (!this.#sorted) {
			this.#spans.sort((a, b) => a.start - b.start);
			this.#sorted = true;
		}
		let low = 0;
		let high = this.#spans.length - 1;
		while (low <= high) {
			const middle = (low + high) >> 1;
			const span = this.#spans[middle];
			if (!span) break;
			if (epoch < span.start) high = middle - 1;
			else if (epoch >= span.end) low = middle + 1;
			else return span.offset;
		}
		// Between two known days (or past the ends): the nearer neighbour's offset.
		const before = this.#spans[high];
		const after = this.#spans[low];
		if (!before) return after?.offset ?? null;
		if (!after) return before.offset;
		return epoch - before.end <= after.start - epoch ? before.offset : after.offset;
	}

	zoneAt(epoch: number): string | null {
		const offset = this.offsetAt(epoch);
		return offset === null ? null : gmtZone(offset);
	}
}
