// Fitbit's minute series (steps, distance, calories): kept per UTC day, then cut into the person's local days.
import { localDateInt } from '$lib/time/zone';
import type { MinuteActivity } from '../archive/vendor-records';

const MINUTES = 1440;
export const STEPS = 0;
export const CENTIMETERS = 1;
export const KCAL = 2;

/**
 * A Float32Array per series per UTC day that has any minute (17 KB a day: ten years hold about
 * 63 MB). The archive lists each series in its own monthly files, so a day is only complete once
 * every file has been read; the days are cut into local days at the end.
 */
export class MinuteSeries {
	readonly #days = new Map<number, (Float32Array | undefined)[]>();

	add(series: number, epoch: number, value: number): void {
		if (!(value > 0)) return;
		const minute = Math.floor(epoch / 60);
		const day = Math.floor(minute / MINUTES);
		let arrays = this.#days.get(day);
		if (!arrays) {
			arrays = [undefined, undefined, undefined];
			this.#days.set(day, arrays);
		}
		let values = arrays[series];
		if (!values) {
			values = new Float32Array(MINUTES);
			arrays[series] = values;
		}
		values[minute - day * MINUTES] = value;
	}

	/** Local days in date order, each with its minutes (every minute holding any value), in `tz`. */
	*localDays(tz: string): Generator<{ date: number; minutes: MinuteActivity[] }> {
		let current: { date: number; minutes: MinuteActivity[] } | null = null;
		for (const day of [...this.#days.keys()].sort((a, b) => a - b)) {
			const arrays = this.#days.get(day) ?? [];
			for (let i = 0; i < MINUTES; i++) {
				const steps = arrays[STEPS]?.[i] ?? 0;
				const centimeters = arrays[CENTIMETERS]?.[i] ?? 0;
				const kcal = arrays[KCAL]?.[i] ?? 0;
				if (steps === 0 && centimeters === 0 && kcal === 0) continue;
				const epoch = (day * MINUTES + i) * 60;
				const date = localDateInt(epoch, tz);
				if (current === null || current.date !== date) {
					if (current) yield current;
					current = { date, minutes: [] };
				}
				current.minutes.push({
					epoch,
					steps: Math.round(steps),
					meters: Math.round(centimeters) / 100,
					kcal
				});
			}
			this.#days.delete(day);
		}
		if (current) yield current;
	}
}
