// Imports a person's own exports (Apple Health, the UP app's CSV, Fitbit, Garmin, Oura) into a sink, all or nothing per file.
import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { isValidTz } from '$lib/time/zone';
import { AppleHealthReader } from './apple-health';
import { Collector } from './collector';
import { fileContent, formatOf, healthExportInZip, type ExportContent } from './formats';
import { Pace } from './pace';
import {
	emptyCounts,
	ImportError,
	type CommitDetails,
	type FileSummary,
	type ImportFormat,
	type ImportOptions,
	type ImportSink,
	type ImportSummary,
	type ImportZone,
	type PriorImport
} from './types';

export * from './types';
export { formatOf } from './formats';
export { notImportedList } from './not-imported';
export { MemorySink } from './memory-sink';
export { JsonLinesSink } from './jsonl-sink';
export {
	ownAccountWriter,
	StoreSink,
	type StoreCounts,
	type StoreImport,
	type StoreWriter
} from './store-sink';

/**
 * The parser takes a read chunk in slices this big, so the event loop gets a turn between them.
 * A slice decodes to a string of at most 128 KB, which V8 makes in its young generation; a
 * 256 KiB slice's string went to the large-object space and took twice as long to decode.
 */
const PARSE_SLICE = 1 << 16;
/**
 * Folded into every file's digest: bumped when the importer reads a file differently, so a file
 * imported by an earlier version is imported again rather than recognised as done.
 */
const IMPORTER_REVISION = 2;

/** Counts and hashes bytes as they pass, for the progress bar and the file's digest. */
async function* counted(
	input: AsyncIterable<Uint8Array>,
	total: number | null,
	onProgress: ImportOptions['onProgress'],
	tally: { bytes: number; hash: Hash }
): AsyncGenerator<Uint8Array> {
	for await (const chunk of input) {
		tally.bytes += chunk.length;
		tally.hash.update(chunk);
		onProgress?.(tally.bytes, total);
		yield chunk;
	}
}

/** A digest of what decides an import's records: the content, the importer, a UP export's zone. */
function digestOf(hash: Hash, format: ImportFormat, tz: string): string {
	hash.update(`\u0000revision ${IMPORTER_REVISION}`);
	if (format === 'up-csv') hash.update(`\u0000tz ${tz}`);
	return hash.digest('hex');
}

/** What reading a file found besides its records. */
interface FileRead {
	zone: (ImportZone & { asOf: number }) | null;
	notImported?: Record<string, number>;
}

/** Feeds an Apple Health export to its reader in slices, with a turn for the event loop between. */
async function readAppleHealth(
	chunks: AsyncIterable<Uint8Array>,
	collector: Collector,
	fileName: string,
	nowMs: number
): Promise<FileRead> {
	const reader = new AppleHealthReader(fileName, nowMs);
	const pace = new Pace();
	try {
		for await (const chunk of chunks) {
			for (let start = 0; start < chunk.length; start += PARSE_SLICE) {
				reader.write(chunk.subarray(start, start + PARSE_SLICE));
				await pace.breathe();
			}
		}
		reader.end();
		await reader.finish(collector);
		return { zone: reader.zone(), notImported: reader.notImported };
	} finally {
		reader.close();
	}
}

/**
 * Reads a whole export from a stream into the sink, then commits; on any error the sink is
 * aborted before the error is rethrown, so nothing of a bad file is ever committed.
 */
export async function importStream(
	input: Readable,
	format: Exclude<ImportFormat, 'apple-health-zip'>,
	sink: ImportSink,
	options: ImportOptions & { fileName: string; size?: number | null }
): Promise<ImportSummary> {
	const given = options.tz !== undefined && options.tz !== '';
	const tz = given ? (options.tz ?? 'UTC') : 'UTC';
	if (!isValidTz(tz)) throw new ImportError(`"${tz}" is not a time zone`);
	const now = options.now ?? Date.now;
	const collector = new Collector(sink);
	const tally = { bytes: 0, hash: createHash('sha256') };
	const chunks = counted(input, options.size ?? null, options.onProgress, tally);
	let read: FileRead;
	try {
		if (format === 'up-csv') {
			const { readUpCsv } = await import('./up-csv');
			read = await readUpCsv(Readable.from(chunks), collector, options.fileName, {
				tz,
				given,
				nowMs: now()
			});
		} else read = await readAppleHealth(chunks, collector, options.fileName, now());
	} catch (error) {
		// A read error (a damaged zip entry, a vanished file) is reported like a malformed file.
		const failure =
			error instanceof ImportError
				? error
				: new ImportError(
						`${options.fileName}: ${error instanceof Error ? error.message : String(error)}`
					);
		await sink.abort(failure);
		throw failure;
	}
	const { zone } = read;
	const file: FileSummary = {
		format,
		records: collector.counts,
		skipped: collector.skipped,
		notImported: read.notImported ?? {},
		zone: zone === null ? null : { tz: zone.tz, basis: zone.basis },
		bytes: tally.bytes
	};
	const details: CommitDetails = {
		zone: zone === null ? null : { tz: zone.tz, asOf: zone.asOf },
		digest: {
			sha256: digestOf(tally.hash, format, tz),
			bytes: tally.bytes,
			at: Math.floor(now() / 1000),
			summary: file
		}
	};
	const outcome = await sink.commit(details);
	return { ...file, outcome, repeatOf: null };
}

/**
 * Whether `content` is a file imported into `sink` before: only when the sink remembers an
 * import of content of the same size is the content read, once, for its digest.
 */
async function priorImportOf(
	content: ExportContent,
	format: ImportFormat,
	sink: ImportSink,
	options: ImportOptions
): Promise<PriorImport | null> {
	if (sink.priorImports === undefined || options.again === true) return null;
	const priors = await sink.priorImports(content.bytes);
	if (priors.length === 0) return null;
	const hash = createHash('sha256');
	let read = 0;
	for await (const chunk of await content.open()) {
		if (!(chunk instanceof Uint8Array)) continue;
		hash.update(chunk);
		read += chunk.length;
		options.onProgress?.(read, content.bytes);
	}
	const sha256 = digestOf(hash, format, options.tz || 'UTC');
	return priors.find((prior) => prior.sha256 === sha256) ?? null;
}

/** The answer for a file recognised as imported before: its summary, every record unchanged. */
function repeatSummary(prior: PriorImport, format: ImportFormat): ImportSummary {
	const { summary } = prior;
	return {
		...summary,
		format,
		outcome: { added: emptyCounts(), updated: emptyCounts(), unchanged: summary.records },
		repeatOf: { at: prior.at }
	};
}

/** Imports one file: `export.zip`, `export.xml` or a UP `.csv`. */
export async function importFile(
	path: string,
	sink: ImportSink,
	options: ImportOptions = {}
): Promise<ImportSummary> {
	const format = formatOf(path);
	if (format === 'apple-health-zip') {
		// A Fitbit, Garmin Connect or Oura export is recognised by the files it holds. Their readers
		// (and the UP export's) are loaded when a file needs them: the command line starts sooner.
		const { importVendorArchive } = await import('./archive/vendor-import');
		const vendor = await importVendorArchive(path, sink, options);
		if (vendor) return vendor;
	}
	let content: ExportContent;
	try {
		content =
			format === 'apple-health-zip' ? await healthExportInZip(path) : await fileContent(path);
	} catch (error) {
		await sink.abort(error instanceof Error ? error : new Error(String(error)));
		throw error;
	}
	try {
		const prior = await priorImportOf(content, format, sink, options);
		if (prior !== null) return repeatSummary(prior, format);
		const summary = await importStream(
			await content.open(),
			format === 'apple-health-zip' ? 'apple-health-xml' : format,
			sink,
			{ ...options, fileName: content.name, size: content.bytes }
		);
		return { ...summary, format };
	} finally {
		content.close();
	}
}
