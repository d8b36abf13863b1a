// Imports a person's own exports (Apple Health, the UP app's CSV) into a sink, all or nothing per file.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { isValidTz } from '$lib/time/zone';
import { AppleHealthReader } from './apple-health';
import { importVendorArchive } from './archive/vendor-import';
import { Collector } from './collector';
import { Pace } from './pace';
import { readUpCsv } from './up-csv';
import {
	ImportError,
	type ImportFormat,
	type ImportOptions,
	type ImportSink,
	type ImportSummary
} from './types';

export * from './types';
export { MemorySink } from './memory-sink';
export { JsonLinesSink } from './jsonl-sink';
export {
	ownAccountWriter,
	StoreSink,
	type StoreCounts,
	type StoreImport,
	type StoreWriter
} from './store-sink';

/** The entry an Apple Health `export.zip` keeps the export in. */
export const APPLE_HEALTH_ENTRY = 'apple_health_export/export.xml';
const READ_CHUNK = 1 << 20;
/** The parser takes a read chunk in slices this big, so the event loop gets a turn between them. */
const PARSE_SLICE = 1 << 18;

/** The format of a file, by its name (`.zip`, `.xml`, `.csv`). */
export function formatOf(path: string): ImportFormat {
	const lower = path.toLowerCase();
	if (lower.endsWith('.zip')) return 'apple-health-zip';
	if (lower.endsWith('.xml')) return 'apple-health-xml';
	if (lower.endsWith('.csv')) return 'up-csv';
	throw new ImportError(
		`${basename(path)}: not an export the importer reads (export.zip or export.xml from Apple Health, a Fitbit, Garmin Connect or Oura export .zip, or the UP app's .csv)`
	);
}

/** Counts bytes as they pass, for the progress bar. */
async function* counted(
	input: AsyncIterable<Uint8Array>,
	total: number | null,
	onProgress: ImportOptions['onProgress'],
	tally: { bytes: number }
): AsyncGenerator<Uint8Array> {
	for await (const chunk of input) {
		tally.bytes += chunk.length;
		onProgress?.(tally.bytes, total);
		yield chunk;
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
	const tz = options.tz ?? 'UTC';
	if (!isValidTz(tz)) throw new ImportError(`"${tz}" is not a time zone`);
	const collector = new Collector(sink);
	const tally = { bytes: 0 };
	const chunks = counted(input, options.size ?? null, options.onProgress, tally);
	try {
		if (format === 'up-csv') {
			await readUpCsv(Readable.from(chunks), collector, options.fileName, tz);
		} else {
			const reader = new AppleHealthReader(options.fileName);
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
			} finally {
				reader.close();
			}
		}
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
	const outcome = await sink.commit();
	return {
		format,
		records: collector.counts,
		skipped: collector.skipped,
		outcome,
		bytes: tally.bytes
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
		// A Fitbit, Garmin Connect or Oura export is recognised by the files it holds.
		const vendor = await importVendorArchive(path, sink, options);
		if (vendor) return vendor;
		let entry: { stream: Readable; size: number; close: () => void };
		try {
			entry = await openZipEntry(path, APPLE_HEALTH_ENTRY);
		} catch (error) {
			await sink.abort(error instanceof Error ? error : new Error(String(error)));
			throw error;
		}
		try {
			const summary = await importStream(entry.stream, 'apple-health-xml', sink, {
				...options,
				fileName: `${basename(path)}/${APPLE_HEALTH_ENTRY}`,
				size: entry.size
			});
			return { ...summary, format };
		} finally {
			entry.close();
		}
	}
	const { size } = await stat(path);
	return importStream(createReadStream(path, { highWaterMark: READ_CHUNK }), format, sink, {
		...options,
		fileName: basename(path),
		size
	});
}

/** Opens one entry of a zip as a stream of its inflated bytes (yauzl reads the zip piecewise). */
function openZipEntry(
	path: string,
	wanted: string
): Promise<{ stream: Readable; size: number; close: () => void }> {
	const name = basename(path);
	return new Promise((resolve, reject) => {
		yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
			if (error) {
				reject(new ImportError(`${name}: not a readable zip file (${error.message})`));
				return;
			}
			const close = () => zip.close();
			zip.on('error', (zipError: Error) => {
				close();
				reject(new ImportError(`${name}: ${zipError.message}`));
			});
			zip.on('end', () => {
				close();
				reject(new ImportError(`${name}: no ${wanted} inside: not an Apple Health export`));
			});
			zip.on('entry', (entry: yauzl.Entry) => {
				// Some archivers drop the folder: accept export.xml at any depth under that name.
				if (
					entry.fileName !== wanted &&
					!entry.fileName.endsWith('/export.xml') &&
					entry.fileName !== 'export.xml'
				) {
					zip.readEntry();
					return;
				}
				zip.openReadStream(entry, (streamError, stream) => {
					if (streamError) {
						close();
						reject(new ImportError(`${name}: ${entry.fileName}: ${streamError.message}`));
						return;
					}
					resolve({ stream, size: entry.uncompressedSize, close });
				});
			});
			zip.readEntry();
		});
	});
}
