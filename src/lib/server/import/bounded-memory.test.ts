import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLongExport } from './fixtures/long-export';
import { importFile, MemorySink, type ImportedRecord } from './index';

// The expected figures come from the records fixtures/long-export.ts writes: per day the watch's
// 100 steps, 80 m and 10 kcal between 08:00 and 08:10 (+0100); the phone's 500 steps in the
// same minutes lose to the watch.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Heap and buffers in use after a full collection: what is really held. Freed buffers are
 * released in the background, so it collects again a moment later before reading.
 */
async function held(): Promise<number> {
	collect();
	await new Promise((resolve) => setTimeout(resolve, 20));
	collect();
	const usage = process.memoryUsage();
	return usage.heapUsed + usage.external;
}

const DAYS = 1500;
let dir: string;
let path: string;

beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'import-bounded-'));
	path = join(dir, 'export.xml');
	await writeLongExport(path, DAYS);
});

afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe('importing a long Apple Health export', () => {
	it('keeps the minutes of four years out of memory, and still counts the watch over the phone', async () => {
		const sink = new MemorySink();
		const before = await held();
		let afterRead = Number.NaN;
		const measuring = {
			async add(item: ImportedRecord) {
				// The first record is handed over once the whole file has been read.
				if (Number.isNaN(afterRead)) afterRead = await held();
				sink.add(item);
			},
			commit: () => sink.commit(),
			abort: () => sink.abort()
		};
		const summary = await importFile(path, measuring);
		// Minute totals kept in memory for every day would be about 43 MB here (1,500 days of
		// offsets and three quantities); a few weeks of them and the parser's buffers stay far below.
		expect(afterRead - before).toBeLessThan(10 * 1024 * 1024);
		expect(summary.records.moves).toBe(DAYS);
		const moves = sink
			.list('moves')
			.flatMap((item) => (item.kind === 'moves' ? [item.record] : []));
		const dates = moves.map((move) => move.date).sort((a, b) => a - b);
		expect(dates[0]).toBe(20200101);
		expect(dates[DAYS - 1]).toBe(20240208);
		for (const move of moves) {
			expect(move.details).toMatchObject({ steps: 100, distance: 80, active_time: 600 });
			const hourly = move.details.hourly_totals;
			expect(Object.keys(hourly)).toEqual([`${move.date}08`]);
			expect(hourly[`${move.date}08`]).toMatchObject({ steps: 100, distance: 80, calories: 10 });
		}
	});

	it('leaves no scratch file behind, whether the import succeeds or fails', async () => {
		const scratch = async () =>
			(await readdir(tmpdir())).filter((name) => name.startsWith('health-minutes-'));
		const earlier = await scratch();
		await importFile(path, new MemorySink());
		const bad = join(dir, 'bad.xml');
		await writeLongExport(bad, 200, { badLastDate: true });
		await expect(importFile(bad, new MemorySink())).rejects.toThrow(/is not a date/);
		expect(await scratch()).toEqual(earlier);
	});
});
