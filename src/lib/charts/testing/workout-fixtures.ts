// Named workout data for the chart tests and snapshots: a Berlin runner's weeks and two workouts.
import type { WorkoutTick } from '$lib/api';
import { at, BERLIN } from '$lib/metrics/testing/fixtures';
import { tickSpans, type TickSpan, type VolumeSlot } from '$lib/metrics/workouts';

function slot(
	start: number,
	end: number,
	time: number,
	distance: number,
	count: number,
	partial = false
): VolumeSlot {
	return { start, end, time, distance, calories: Math.round(time / 6), count, partial };
}

/** Six weeks of March and April 2026: an idle week (16 Mar) and an unfinished last week. */
export const sixWeeks: VolumeSlot[] = [
	slot(20260302, 20260308, 9000, 24000, 3),
	slot(20260309, 20260315, 5400, 15200, 2),
	slot(20260316, 20260322, 0, 0, 0),
	slot(20260323, 20260329, 12600, 41000, 4),
	slot(20260330, 20260405, 7200, 20500, 2),
	slot(20260406, 20260412, 1800, 5000, 1, true)
];

/** Ticks of a 25-minute run at 10 s ticks, with a one-minute stop at a crossing after 12 min. */
export const runTicks: WorkoutTick[] = (() => {
	const start = at(20260324, 7, 0, BERLIN);
	const ticks: WorkoutTick[] = [];
	for (let second = 0; second < 25 * 60; second += 10) {
		if (second >= 720 && second < 780) continue;
		const wave = Math.sin(second / 120);
		const distance = Math.round(32 + wave * 4);
		const steps = Math.round(28 + wave * 2);
		ticks.push({
			time: start + second,
			distance,
			active_time: 10,
			steps,
			calories: 1.3,
			speed: distance / 10
		});
	}
	return ticks;
})();

export const runSpans: TickSpan[] = tickSpans(runTicks);

/** A 40-minute ride recorded at 60 s ticks, without steps. */
export const rideSpans: TickSpan[] = tickSpans(
	Array.from({ length: 40 }, (_, minute) => {
		const distance = 380 + ((minute * 37) % 90);
		return {
			time: at(20260328, 15, 0, BERLIN) + minute * 60,
			distance,
			active_time: 60,
			steps: 0,
			calories: 9,
			speed: distance / 60
		};
	})
);
