// Hand-run measurement of generation time and heap: `npx tsx --expose-gc src/lib/server/reference-api/demo/measure-generation.ts`.

import { generateDemoData } from './index';

const NOW = Date.parse('2026-03-30T18:00:00Z');
// Run with --expose-gc so the heap figures are not blurred by garbage still waiting to be collected.
const collect = (): void => globalThis.gc?.();

collect();
const heapBefore = process.memoryUsage().heapUsed;
// CPU time beside wall time: on a shared machine the wall clock also counts other people's work.
const cpuMs = (since: NodeJS.CpuUsage): number => {
	const used = process.cpuUsage(since);
	return (used.user + used.system) / 1000;
};
const coldStarted = performance.now();
const coldCpu = process.cpuUsage();
let data = generateDemoData({ now: NOW });
const coldMs = performance.now() - coldStarted;
const coldCpuMs = cpuMs(coldCpu);
const timings: number[] = [];
const cpuTimings: number[] = [];
for (let run = 0; run < 3; run++) {
	const started = performance.now();
	const cpu = process.cpuUsage();
	data = generateDemoData({ now: NOW, seed: 20140101 + run });
	timings.push(performance.now() - started);
	cpuTimings.push(cpuMs(cpu));
}
collect();
const retained = process.memoryUsage().heapUsed - heapBefore;
const ticksStarted = performance.now();
let tickCount = 0;
for (const move of data.moves) tickCount += data.moveTicks(move).length;
const ticksMs = performance.now() - ticksStarted;

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
	`first (cold) generation of 731 days: ${coldMs.toFixed(0)} ms wall, ${coldCpuMs.toFixed(0)} ms CPU`
);
console.log(
	`generation (731 days), 3 runs after a warm-up: ${timings.map((t, i) => `${t.toFixed(0)} ms wall / ${(cpuTimings[i] ?? 0).toFixed(0)} ms CPU`).join(', ')}`
);
console.log(
	`heap retained by one DemoData: ${mb(retained)}; peak RSS: ${mb(process.resourceUsage().maxRSS * 1024)}`
);
console.log(`moveTicks for every move: ${tickCount} ticks in ${ticksMs.toFixed(0)} ms`);
console.log(
	`records: ${data.moves.length} moves, ${data.sleeps.length} sleeps, ${data.workouts.length} workouts, ${data.meals.length} meals, ${data.bodyEvents.length} body, ${data.moods.length} moods, ${data.heartrates.length} heart rates, ${data.genericEvents.length} custom`
);
