// What `npm run import -- FILE` does (scripts/import.ts runs it): `runImport` reads its arguments,
// imports the file and prints the summary, and answers the exit code.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
	IMPORT_KINDS,
	ImportError,
	importFile,
	JsonLinesSink,
	notImportedList,
	StoreSink,
	ownAccountWriter,
	type ImportSink,
	type ImportSummary,
	type ImportZone
} from '$lib/server/import/index';

const HELP = `Usage: npm run import -- FILE [--out RECORDS.jsonl | --dry-run] [--tz ZONE] [--again]

Reads FILE, one of:
  export.zip or export.xml   an Apple Health export (steps, distance, energy, sleep, workouts,
                             resting heart rate, body measurements, food)
  a Fitbit archive (.zip)    Google Takeout's Fitbit/Global Export Data, or fitbit.com's export
  a Garmin export (.zip)     Garmin Connect's "Export your data" (DI_CONNECT/...)
  an Oura export (.zip)      the membership hub's data export (App Data/*.csv)
  *.csv                      the UP app's data export (one row a day)
A zip is recognised by the files it holds, whatever its name.
checks every record against the API's schemas and, by default, stores them in the embedded
API's database (NUDGE_REFERENCE_DATA_DIR, default ./data) as the person's own records, all in one
transaction: a file that fails anywhere stores nothing. Prints what was added, updated and already
there per kind; importing the same or an overlapping export again adds nothing twice. Then
\`npm run demo\` shows them (with NUDGE_ACCESS_TOKEN set, that token reads them; signing in
offers them). The database is made on first use; the dashboard adds the demo user when it
starts. A dashboard running on the same folder keeps answering while the file is imported.

  --out FILE.jsonl   write the records, one JSON line each; the file appears only if the whole
                     import succeeds
  --dry-run          read and check only, write nothing
  --tz ZONE          the zone of local times that carry none (Olson name or GMT+hhmm): a UP
                     export's days (default UTC), a Fitbit archive's times (default: the
                     zone in its Profile.csv; without one the import asks for --tz). Apple
                     Health, Garmin and Oura times carry their own offsets
  --again            import a file even when it is recognised (by its SHA-256) as one
                     imported before; without it such a file is answered at once

The summary names what the file holds that the API has no place for ("Not imported: 170
flights climbed, ..."), what was skipped and why (records dated after the export, values no
device could show), and the zone the person's records place them in, which becomes the
account's zone.`;

/** Where a run reads its settings and writes what it says: the process's own, or a test's. */
export interface CliIo {
	/** NUDGE_REFERENCE_DATA_DIR and the embedded API's other settings (optionsFromEnv). */
	env: NodeJS.ProcessEnv;
	stdout: { write(text: string): unknown };
	/** Progress and errors; a terminal (isTTY) gets the progress bar redrawn in place. */
	stderr: { write(text: string): unknown; isTTY?: boolean };
}

/** Accepts everything and keeps nothing: a dry run. */
const discard: ImportSink = {
	add: () => undefined,
	commit: () => Promise.resolve(null),
	abort: () => Promise.resolve()
};

const BAR = 30;

const ZONE_BASIS: Record<ImportZone['basis'], string> = {
	device: "the zone the export's device named for its latest records",
	offsets: "the clock offset of the export's latest records",
	given: 'given with --tz',
	column: "the file's tz column",
	profile: "the zone in the archive's profile (Profile.csv)",
	default: 'UTC: no zone given (use --tz ZONE)'
};

/** One `npm run import -- ARGS`: 0 when done, 1 when the file was refused, 2 for a usage error. */
export async function runImport(args: string[], io: CliIo): Promise<number> {
	const { stderr } = io;
	const log = (text: string): void => void io.stdout.write(`${text}\n`);
	const error = (text: string): void => void stderr.write(`${text}\n`);

	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: {
			out: { type: 'string' },
			'dry-run': { type: 'boolean', default: false },
			tz: { type: 'string' },
			again: { type: 'boolean', default: false },
			help: { type: 'boolean', short: 'h', default: false }
		}
	});

	const file = positionals[0];
	if (values.help || file === undefined || positionals.length > 1) {
		log(HELP);
		return values.help ? 0 : 2;
	}
	if (values.out !== undefined && values['dry-run']) {
		error('Give --out FILE.jsonl or --dry-run, not both.\n');
		error(HELP);
		return 2;
	}

	let shown = -1;
	function progress(done: number, total: number | null): void {
		const mb = (done / 1e6).toFixed(1);
		if (total === null || total <= 0) {
			if (stderr.isTTY) stderr.write(`\r${mb} MB read`);
			return;
		}
		const percent = Math.min(100, Math.floor((done / total) * 100));
		// A terminal gets a bar redrawn in place; a log gets a line every 10 %.
		if (percent === shown || (!stderr.isTTY && percent % 10 !== 0)) return;
		shown = percent;
		const filled = Math.round((percent / 100) * BAR);
		const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${String(percent).padStart(3)}%  ${mb} / ${(total / 1e6).toFixed(1)} MB`;
		stderr.write(stderr.isTTY ? `\r${line}` : `${line}\n`);
	}

	function print(summary: ImportSummary, seconds: number): void {
		if (stderr.isTTY) stderr.write('\n');
		log(`${summary.format}: ${(summary.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
		if (summary.repeatOf !== null) {
			const when = new Date(summary.repeatOf.at * 1000)
				.toISOString()
				.slice(0, 16)
				.replace('T', ' ');
			log(
				`Imported before (${when} UTC), recognised by its SHA-256: nothing changed. --again imports it anyway.`
			);
		}
		const { outcome } = summary;
		if (outcome !== null) {
			const column = (count: number, label: string) => `${String(count).padStart(8)} ${label}`;
			for (const kind of IMPORT_KINDS)
				log(
					`  ${kind.padEnd(15)}${column(outcome.added[kind], 'added')}${column(outcome.updated[kind], 'updated')}${column(outcome.unchanged[kind], 'unchanged')}`
				);
		} else {
			const verb = values['dry-run'] ? 'found' : 'written';
			for (const kind of IMPORT_KINDS)
				log(`  ${kind.padEnd(15)} ${String(summary.records[kind]).padStart(8)} ${verb}`);
		}
		for (const [reason, count] of Object.entries(summary.skipped))
			log(`  skipped ${count}: ${reason}`);
		// The API has no place for these; saying so beats letting them vanish (README: "Not imported").
		if (Object.keys(summary.notImported).length > 0)
			log(`Not imported (the API has no place for them): ${notImportedList(summary.notImported)}`);
		if (summary.zone !== null) log(`Zone: ${summary.zone.tz} (${ZONE_BASIS[summary.zone.basis]})`);
		if (values.out !== undefined) log(`Records in ${values.out}`);
		else if (outcome !== null) log(`Stored in ${store?.where ?? 'the embedded store'}`);
	}

	/** The embedded API's database, opened only when the records go there. */
	let store: { sink: ImportSink; where: string; close: () => Promise<void> } | null = null;
	async function openStore(): Promise<NonNullable<typeof store> | null> {
		const api = await import('$lib/server/reference-api/index');
		const options = api.optionsFromEnv(io.env);
		if (options.dataDir === null) {
			error('NUDGE_REFERENCE_DATA_DIR=memory keeps nothing: give a directory, or --out.');
			return null;
		}
		// Only the person's own account is written: a fresh folder gets the demo user when the
		// dashboard starts, so the import does not wait for it.
		const reference = api.createReferenceApi({ ...options, demo: false });
		await reference.ready();
		return {
			// A record the store refuses is reported like a malformed file: nothing was stored.
			sink: new StoreSink(ownAccountWriter(reference, api)),
			where: resolve(options.dataDir ?? 'data'),
			close: () => reference.close()
		};
	}

	const started = performance.now();
	try {
		if (values.out === undefined && !values['dry-run']) {
			store = await openStore();
			if (store === null) return 2;
		}
		const sink =
			values.out !== undefined ? new JsonLinesSink(values.out) : (store?.sink ?? discard);
		const summary = await importFile(file, sink, {
			onProgress: progress,
			again: values.again,
			...(values.tz === undefined ? {} : { tz: values.tz })
		});
		print(summary, (performance.now() - started) / 1000);
	} catch (thrown) {
		if (stderr.isTTY) stderr.write('\n');
		if (thrown instanceof ImportError) {
			error(`Nothing was imported: ${thrown.message}`);
			await store?.close();
			return 1;
		}
		throw thrown;
	}
	await store?.close();
	return 0;
}
