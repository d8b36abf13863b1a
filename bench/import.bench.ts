// Benchmarks the Apple Health importer on a generated export (200 MB, or IMPORT_BENCH_MB) against a
// bare saxes parse of the same file: in process with nothing stored, end to end through the
// command line (`scripts/import.ts`, what `npm run import` runs) into a fresh data folder, and the
// same file imported again (recognised by its digest). Then the reference API's list pages
// answered while the same file is imported into its database. First, each vendor importer
// (Fitbit, Garmin Connect, Oura) on a generated archive against a bare read (inflate and parse) of
// the same files; IMPORT_BENCH_VENDORS_ONLY=1 runs the vendors' part alone.
//
// The budget's 1 GB figures (end-to-end ratio >= 0.6, peak RSS <= 300 MB) come from
//   IMPORT_BENCH_MB=1000 npx tsx bench/import.bench.ts
// (generating the file takes a minute), or from a kept file: `npx tsx bench/lib/health-export.ts
// OUT.xml 1000` writes it, IMPORT_BENCH_FILE=OUT.xml measures it. The peak RSS is the child's
// "Maximum resident set size" per /usr/bin/time when the machine has it.
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { SaxesParser } from 'saxes';
import { parse as parseCsv } from 'csv-parse/sync';
import { importFile, ownAccountWriter, StoreSink, type ImportSink } from '$lib/server/import/index';
import { vendorOf } from '$lib/server/import/archive/vendor-import';
import { ZipArchive } from '$lib/server/import/archive/zip-archive';
import { emit, percentile } from './lib/common';
import { writeExport } from './lib/health-export';
import { writeFitbitArchive, writeGarminArchive, writeOuraArchive } from './lib/vendor-archives';

const TARGET_BYTES = Number(process.env.IMPORT_BENCH_MB ?? 200) * 1024 * 1024;
/** A file written before (bench/lib/health-export.ts), measured instead of a new one. */
const GIVEN_FILE = process.env.IMPORT_BENCH_FILE;
const execute = promisify(execFile);
const TIME = '/usr/bin/time';

/**
 * `npm run import -- FILE` into `dataDir`, as a person runs it (without npm's own start-up):
 * seconds, and the peak RSS in MB when /usr/bin/time is there to tell it.
 */
async function commandLineImport(
	path: string,
	dataDir: string
): Promise<{ seconds: number; rssMb: number | null; stdout: string }> {
	const node = [process.execPath, 'node_modules/tsx/dist/cli.mjs', 'scripts/import.ts', path];
	const timed = existsSync(TIME);
	const rssFile = join(dataDir, '..', `${Date.now()}.rss`);
	const [command, ...args] = timed ? [TIME, '-f', '%M', '-o', rssFile, ...node] : node;
	const env = { ...process.env, NUDGE_REFERENCE_DATA_DIR: dataDir, NO_COLOR: '1' };
	const started = performance.now();
	const { stdout } = await execute(command ?? process.execPath, args, {
		env,
		maxBuffer: 1 << 24
	});
	const seconds = (performance.now() - started) / 1000;
	const rssKb = timed ? Number((await readFile(rssFile, 'utf8')).trim()) : Number.NaN;
	return { seconds, rssMb: Number.isFinite(rssKb) ? rssKb / 1024 : null, stdout };
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

/**
 * The Apple Health importer's figures: rate against saxes in process and end to end through the
 * command line, the same file again, and the server answering during an import.
 */
async function appleHealthFigures(dir: string): Promise<void> {
	const path = GIVEN_FILE ?? join(dir, 'export.xml');
	if (GIVEN_FILE === undefined) await writeExport(path, TARGET_BYTES);
	const { size } = await stat(path);
	const mb = size / 1e6;
	const bare: number[] = [];
	const imported: number[] = [];
	const endToEnd: { seconds: number; rssMb: number | null }[] = [];
	let lastStore = '';
	// Alternating runs, so a busy moment on a shared machine weighs on both sides alike; the best
	// of each is the run least disturbed by the other work on the machine.
	for (let run = 0; run < 3; run++) {
		let started = performance.now();
		await bareParse(path);
		bare.push(mb / ((performance.now() - started) / 1000));
		started = performance.now();
		await importFile(path, discard);
		imported.push(mb / ((performance.now() - started) / 1000));
		lastStore = join(dir, `cli-${run}`);
		endToEnd.push(await commandLineImport(path, lastStore));
	}
	const importRate = Math.max(...imported);
	emit('import_file_mb', mb, 'MB');
	emit('import_mb_per_s', importRate, 'MB/s');
	const bareRate = Math.max(...bare);
	emit('import_bare_saxes_mb_per_s', bareRate, 'MB/s');
	emit('import_parse_ratio', importRate / bareRate, 'ratio');
	emit('import_peak_rss_mb', process.resourceUsage().maxRSS / 1024, 'MB');
	const cliSeconds = Math.min(...endToEnd.map((one) => one.seconds));
	emit('import_cli_s', cliSeconds, 's');
	emit('import_end_to_end_ratio', mb / bareRate / cliSeconds, 'ratio');
	const rss = endToEnd.flatMap((one) => (one.rssMb === null ? [] : [one.rssMb]));
	if (rss.length > 0) emit('import_cli_peak_rss_mb', Math.max(...rss), 'MB');
	// The same file again, into the folder that holds it: recognised by its digest.
	const repeat = await commandLineImport(path, lastStore);
	if (!repeat.stdout.includes('Imported before'))
		throw new Error(`the repeated import was not recognised:\n${repeat.stdout}`);
	emit('import_repeat_s', repeat.seconds, 's');
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
