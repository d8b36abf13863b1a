// Names the zone of an imported record: the zone the device named (HKTimeZone) when it had the record's offset, else the offset.
import { offsetSeconds } from '$lib/time/zone';
import { gmtZone } from './health-time';

/** When a device said which zone it was in: epoch seconds, and the zone's name. */
export interface DeviceZone {
	epoch: number;
	tz: string;
}

/**
 * The export writes offsets (`+0100`), and one offset fits many zones; some records also name the
 * device's zone (the `HKTimeZone` metadata of a watch's sleep or workout). A record is named by the
 * zone its device named nearest before it (else the first one named after it) when that zone had
 * the record's offset at its time, so a night in Berlin reads Europe/Berlin, summer and winter
 * alike; otherwise, a trip say, it keeps the fixed offset (`GMT-0400`).
 */
export class ZoneNamer {
	readonly #timeline: DeviceZone[];

	constructor(named: readonly DeviceZone[]) {
		const sorted = [...named].sort((a, b) => a.epoch - b.epoch);
		// Only the changes matter: a zone named on every night is one entry until it changes.
		this.#timeline = sorted.filter((entry, i) => entry.tz !== sorted[i - 1]?.tz);
	}

	/** The zone of a record at `epoch` whose clock stood at `offset` minutes east of UTC. */
	name(epoch: number, offset: number): string {
		const device = this.#deviceAt(epoch);
		if (device !== undefined && offsetSeconds(epoch, device) === offset * 60) return device;
		return gmtZone(offset);
	}

	/** The zone named at or before `epoch`; before the first naming, the first one. */
	#deviceAt(epoch: number): string | undefined {
		const timeline = this.#timeline;
		let low = 0;
		let high = timeline.length - 1;
		let found = -1;
		while (low <= high) {
			const middle = (low + high) >> 1;
			if ((timeline[middle]?.epoch ?? Infinity) <= epoch) {
				found = middle;
				low = middle + 1;
			} else high = middle - 1;
		}
		return timeline[Math.max(found, 0)]?.tz;
	}
}

/** A namer that knows no device zone: every record keeps its fixed offset. */
export const OFFSETS_ONLY = new ZoneNamer([]);
