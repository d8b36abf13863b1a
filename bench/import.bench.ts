// Benchmarks the Apple Health importer on a generated export (200 MB, or IMPORT_BENCH_MB) against a
// bare saxes parse of the same file, the reference API's list pages answered while the same file
// is imported into its database, and each vendor importer (Fitbit, Garmin Connect, Oura) on a
// generated archive against a bare read (inflate and parse) of the same files.
// IMPORT_BENCH_VENDORS_ONLY=1 runs the vendors' part alone.
//
// The budget's 1 GB figure is measured by hand (generating the file alone takes a minute): write
// a 1,000 MB export with writeExport below (IMPORT_BENCH_MB=1000, from a copy of it that keeps the
// file), then
//   NUDGE_REFERENCE_DATA_DIR=$(mktemp -d) /usr/bin/time -v node node_modules/tsx/dist/cli.mjs scripts/import.ts FILE
// and read "Maximum resident set size" (budget 300 MB) and "Elapsed (wall clock) time".
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SaxesParser } from 'saxes';
import { parse as parseCsv } from 'csv-parse/sync';
import { importFile, ownAccountWriter, StoreSink, type ImportSink } from '$lib/server/import/index';
import { vendorOf } from '$lib/server/import/archive/vendor-import';
import { ZipArchive } from '$lib/server/import/archive/zip-archive';
import { emit, percentile } from './lib/common';
import { writeFitbitArchive, writeGarminArchive, writeOuraArchive } from './lib/vendor-archives';

const TARGET_BYTES = Number(process.env.IMPORT_BENCH_MB ?? 200) * 1024 * 1024;
const PHONE =
	'sourceName="Anna’s iPhone" sourceVersion="17.4" device="&lt;&lt;HKDevice: 0x1&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.4&gt;"';
const WATCH =
	'sourceName="Anna’s Apple Watch" sourceVersion="10.4" device="&lt;&lt;HKDevice: 0x2&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.4&gt;"';

/** A fixed-seed generator, so every run measures the same file. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1664525 + 1013904223) % 4294967296;
		return state / 4294967296;
	};
}

function stamp(epoch: number, offsetMin: number): string {
	const wall = new Date((epoch + offsetMin * 60) * 1000).toISOString();
	const sign = offsetMin < 0 ? '-' : '+';
	const abs = Math.abs(offsetMin);
	const hh = String(Math.floor(abs / 60)).padStart(2, '0');
	const mm = String(abs % 60).padStart(2, '0');
	return `${wall.slice(0, 10)} ${wall.slice(11, 19)} ${sign}${hh}${mm}`;
}

/** Writes an export of phone and watch samples, a night a day and a resting heart rate, until it is big enough. */
async function writeExport(path: string): Promise<void> {
	const out = createWriteStream(path);
	const next = random(42);
	let written = 0;
	const write = async (text: string) => {
		written += Buffer.byteLength(text);
		if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
	};
	const record = (
		type: string,
		source: string,
		start: number,
		end: number,
		offset: number,
		value: string,
		unit: string
	) =>
		` <Record type="HKQuantityTypeIdentifier${type}" ${source} unit="${unit}" creationDate="${stamp(end, offset)}" startDate="${stamp(start, offset)}" endDate="${stamp(end, offset)}" value="${value}"/>\n`;
	await write(
		'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (Record*)>\n]>\n<HealthData locale="en_DE">\n'
	);
	let day = Date.UTC(2022, 0, 1) / 1000;
	while (written < TARGET_BYTES) {
		const offset =
			new Date(day * 1000).getUTCMonth() >= 3 && new Date(day * 1000).getUTCMonth() <= 9 ? 120 : 60;
		const morning = day + 6 * 3600;
		for (let t = morning; t < day + 22 * 3600; t += 600) {
			const steps = Math.floor(next() * 900);
			await write(record('StepCount', WATCH, t, t + 540, offset, String(steps), 'count'));
			await write(
				record(
					'DistanceWalkingRunning',
					WATCH,
					t,
					t + 540,
					offset,
					(steps * 0.00075).toFixed(5),
					'km'
				)
			);
			await write(
				record('ActiveEnergyBurned', WATCH, t, t + 300, offset, (next() * 12).toFixed(3), 'kcal')
			);
			await write(
				record('BasalEnergyBurned', WATCH, t, t + 600, offset, (next() * 2 + 10).toFixed(3), 'kcal')
			);
			if (next() < 0.7)
				await write(
					record(
						'StepCount',
						PHONE,
						t + 60,
						t + 420,
						offset,
						String(Math.floor(steps * 0.8)),
						'count'
					)
				);
		}
		await write(
			record(
				'RestingHeartRate',
				WATCH,
				morning,
				morning,
				offset,
				String(55 + Math.floor(next() * 8)),
				'count/min'
			)
		);
		let t = day - 1.5 * 3600;
		for (const stage of [
			'AsleepCore',
			'AsleepDeep',
			'AsleepCore',
			'AsleepREM',
			'Awake',
			'AsleepCore',
			'AsleepREM'
		]) {
			const length = 1800 + Math.floor(next() * 3600);
			await write(
				` <Record type="HKCategoryTypeIdentifierSleepAnalysis" ${WATCH} creationDate="${stamp(t + length, offset)}" startDate="${stamp(t, offset)}" endDate="${stamp(t + length, offset)}" value="HKCategoryValueSleepAnalysis${stage}"/>\n`
			);
			t += length;
		}
		day += 86400;
	}
	await write('</HealthData>\n');
	await new Promise<void>((resolve, reject) =>
		out.end((error?: Error | null) => (error ? reject(error) : resolve()))
	);
}

/** saxes alone: the same chunks, decoded the same way, no handler and no work per element. */
async function bareParse(path: string): Promise<void> {
	const parser = new SaxesParser({ xmlns: false, position: true });
	const decoder = new TextDecoder('utf-8', { fatal: true });
	for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }))
		parser.write(decoder.decode(chunk as Buffer, { stream: true }));
	parser.close();
}

const discard: ImportSink = {
	add: () => undefined,
	commit: () => Promise.resolve(null),
	abort: () => Promise.resolve()
};

const NOW_MS = Date.parse('2026-03-30T18:00:00Z');
const TOKEN = 'bench-import-token-0001';
/** How often the list page is asked for during the import, as a busy dashboard would. */
const PAGE_EVERY_MS = 20;

/**
 * The server answering during an import: the reference API on a database file, the export
 * imported into it as the Data page's upload does (a StoreSink over `beginImport`), and meanwhile
 * a page of the moves list asked for every PAGE_EVERY_MS. An answer's time counts from when it
 * was due, not from when a held-up event loop got round to asking, so every millisecond the
 * import keeps the server from answering shows.
 */
async function listPagesDuringImport(
	path: string,
	storeDir: string
): Promise<{ timings: number[]; seconds: number }> {
	// Loaded here, so the store's memory does not count in the parse figures above.
	const api = await import('$lib/server/reference-api/index');
	const reference = api.createReferenceApi({
		now: () => NOW_MS,
		dataDir: storeDir,
		accessToken: TOKEN
	});
	await reference.ready();
	const nowSec = Math.floor(NOW_MS / 1000);
	const page = async (): Promise<void> => {
		const response = await reference.handle(
			new Request(
				`http://127.0.0.1/nudge/api/v.1.1/users/@me/moves?start_time=${nowSec - 30 * 86_400}&end_time=${nowSec}`,
				{ headers: { authorization: `Bearer ${TOKEN}` } }
			)
		);
		const text = (await response?.text()) ?? '';
		if (response?.status !== 200 || !text.includes('"items"'))
			throw new Error(`the moves list answered ${response?.status}: ${text.slice(0, 300)}`);
	};
	for (let i = 0; i < 50; i++) await page(); // warms the JIT
	const sink = new StoreSink(ownAccountWriter(reference, api));
	const timings: number[] = [];
	let importing = true;
	const asking = (async () => {
		const started = performance.now();
		for (let k = 1; importing; k++) {
			const due = started + k * PAGE_EVERY_MS;
			const wait = due - performance.now();
			if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
			await page();
			timings.push(performance.now() - due);
		}
	})();
	const started = performance.now();
	try {
		const summary = await importFile(path, sink);
		if (summary.outcome === null || summary.outcome.added.moves === 0)
			throw new Error('the import stored no moves');
	} finally {
		importing = false;
		await asking;
		await reference.close();
	}
	return { timings, seconds: (performance.now() - started) / 1000 };
}

/**
 * The bare read a vendor importer is measured against: the same zip opened the same way, every
 * file the importer reads inflated and parsed (JSON.parse, or csv-parse with the same options),
 * and nothing mapped. Answers the megabytes inflated.
 */
async function bareVendorRead(path: string): Promise<number> {
	const archive = await ZipArchive.open(path);
	try {
		const vendor = vendorOf(archive.entries.map((entry) => entry.name));
		if (!vendor) throw new Error(`${path} is no vendor's archive`);
		let bytes = 0;
		for (const entry of vendor.wanted(archive.entries)) {
			const text = await archive.text(entry);
			bytes += entry.size;
			if (entry.name.endsWith('.json')) JSON.parse(text);
			else parseCsv(text, { columns: true, delimiter: ';', skip_empty_lines: true, bom: true });
		}
		return bytes / 1e6;
	} finally {
		archive.close();
	}
}

/** Each vendor's import rate against the bare read of the same files, best of three alternating runs. */
async function vendorRates(dir: string): Promise<void> {
	const archives = {
		fitbit: writeFitbitArchive(dir, Number(process.env.IMPORT_BENCH_FITBIT_MONTHS ?? 12)),
		garmin: writeGarminArchive(dir, 3650),
		oura: writeOuraArchive(dir, 3650)
	};
	for (const [vendor, path] of Object.entries(archives)) {
		const bare: number[] = [];
		const imported: number[] = [];
		let mb = 0;
		for (let run = 0; run < 3; run++) {
			let started = performance.now();
			mb = await bareVendorRead(path);
			bare.push(mb / ((performance.now() - started) / 1000));
			started = performance.now();
			await importFile(path, discard);
			imported.push(mb / ((performance.now() - started) / 1000));
		}
		const importRate = Math.max(...imported);
		const bareRate = Math.max(...bare);
		emit(`import_${vendor}_mb`, mb, 'MB');
		emit(`import_${vendor}_mb_per_s`, importRate, 'MB/s');
		emit(`import_${vendor}_bare_mb_per_s`, bareRate, 'MB/s');
		emit(`import_${vendor}_ratio`, importRate / bareRate, 'ratio');
	}
}

const dir = await mkdtemp(join(tmpdir(), 'import-bench-'));
try {
	await vendorRates(dir);
	if (process.env.IMPORT_BENCH_VENDORS_ONLY !== '1') await appleHealthFigures(dir);
} finally {
	await rm(dir, { recursive: true, force: true });
}

/** The Apple Health importer's figures: rate against saxes, and the server answering during an import. */
async function appleHealthFigures(dir: string): Promise<void> {
	const path = join(dir, 'export.xml');
	await writeExport(path);
	const { size } = await stat(path);
	const mb = size / 1e6;
	const bare: number[] = [];
	const imported: number[] = [];
	// Alternating runs, so a busy moment on a shared machine weighs on both sides alike; the best
	// of five of each is the run least disturbed by the other work on the machine.
	for (let run = 0; run < 5; run++) {
		let started = performance.now();
		await bareParse(path);
		bare.push(mb / ((performance.now() - started) / 1000));
		started = performance.now();
		await importFile(path, discard);
		imported.push(mb / ((performance.now() - started) / 1000));
	}
	const importRate = Math.max(...imported);
	emit('import_file_mb', mb, 'MB');
	emit('import_mb_per_s', importRate, 'MB/s');
	const bareRate = Math.max(...bare);
	emit('import_bare_saxes_mb_per_s', bareRate, 'MB/s');
	emit('import_parse_ratio', importRate / bareRate, 'ratio');
	emit('import_peak_rss_mb', process.resourceUsage().maxRSS / 1024, 'MB');
	// Three imports, each into a new database; the one with the lowest p99 is the one least
	// disturbed by the other work on a shared machine, as for the parse rates above.
	const runs: { timings: number[]; seconds: number }[] = [];
	for (let run = 0; run < 3; run++)
		runs.push(await listPagesDuringImport(path, join(dir, `store-${run}`)));
	const p99 = (run: { timings: number[] }) => percentile(run.timings, 99);
	const during = runs.reduce((best, run) => (p99(run) < p99(best) ? run : best));
	emit('import_into_store_s', during.seconds, 's');
	emit('import_list_pages_asked', during.timings.length, 'pages');
	emit('import_list_page_p50_ms', percentile(during.timings, 50), 'ms');
	emit('import_list_page_p99_ms', percentile(during.timings, 99), 'ms');
	emit('import_list_page_max_ms', Math.max(...during.timings), 'ms');
}
