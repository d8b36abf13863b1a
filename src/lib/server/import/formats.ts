// Tells the exports apart: a file's format by its name, and the Apple Health export inside a zip by what it is.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { ImportError, type ImportFormat } from './types';

const READ_CHUNK = 1 << 20;
/** How much of an XML entry is read to find its root element: past the doctype (about 10 KB). */
const SNIFF_BYTES = 256 * 1024;
/** XML entries looked into before a zip is called no Apple Health export. */
const SNIFF_ENTRIES = 50;
/** The root element of an Apple Health export, in every language Health speaks. */
const HEALTH_ROOT = 'HealthData';

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

/**
 * The content an importer reads: opened as many times as needed (once for its digest, once to
 * import it), each time from the start. `name` names it in messages, `bytes` is its size.
 */
export interface ExportContent {
	name: string;
	bytes: number;
	open(): Promise<Readable>;
	close(): void;
}

/** A plain file on disk. */
export async function fileContent(path: string): Promise<ExportContent> {
	const { size } = await stat(path);
	return {
		name: basename(path),
		bytes: size,
		open: () => Promise.resolve(createReadStream(path, { highWaterMark: READ_CHUNK })),
		close: () => {}
	};
}

/**
 * The Apple Health export inside a zip, found by what it is rather than by its name: the first XML
 * entry whose root element is `<HealthData>`. Health names the file in the phone's language
 * (`apple_health_export/export.xml` in English, `导出.xml` in Chinese), and the zip also holds
 * `export_cda.xml`, whose root is a clinical document. yauzl reads the zip piecewise; an entry is
 * inflated as a stream, never held whole.
 */
export async function healthExportInZip(path: string): Promise<ExportContent> {
	const name = basename(path);
	const zip = await openZip(path, name);
	try {
		const entry = await findHealthEntry(zip, name);
		return {
			name: `${name}/${entry.fileName}`,
			bytes: entry.uncompressedSize,
			open: () => entryStream(zip, entry, name),
			close: () => zip.close()
		};
	} catch (error) {
		zip.close();
		throw error;
	}
}

function openZip(path: string, name: string): Promise<yauzl.ZipFile> {
	return new Promise((resolve, reject) => {
		yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
			if (error) {
				// The directory sits at the end of a zip: without it the download stopped short.
				const cut = /end of central directory/i.test(error.message)
					? ': it looks cut off (an incomplete download or copy?)'
					: '';
				reject(new ImportError(`${name}: not a readable zip file (${error.message})${cut}`));
				return;
			}
			resolve(zip);
		});
	});
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
	return new Promise((resolve, reject) => {
		zip.openReadStream(entry, (error, stream) => {
			if (error) reject(new ImportError(`${name}: ${entry.fileName}: ${error.message}`));
			else resolve(stream);
		});
	});
}

/** Walks the zip's entries until one is an Apple Health export. */
function findHealthEntry(zip: yauzl.ZipFile, name: string): Promise<yauzl.Entry> {
	return new Promise((resolve, reject) => {
		let looked = 0;
		let settled = false;
		const fail = (error: Error) => {
			if (settled) return;
			settled = true;
			reject(error);
		};
		zip.on('error', (error: Error) => fail(new ImportError(`${name}: ${error.message}`)));
		zip.on('end', () =>
			fail(
				new ImportError(
					`${name}: no Apple Health export inside (no XML file whose root is <HealthData>)`
				)
			)
		);
		zip.on('entry', (entry: yauzl.Entry) => {
			const file = entry.fileName;
			// Folders, the resource forks macOS adds, and anything that is not XML.
			if (file.endsWith('/') || file.startsWith('__MACOSX/') || !/\.xml$/i.test(file)) {
				zip.readEntry();
				return;
			}
			if (++looked > SNIFF_ENTRIES) {
				fail(
					new ImportError(
						`${name}: no Apple Health export among its first ${SNIFF_ENTRIES} XML files`
					)
				);
				return;
			}
			entryStream(zip, entry, name)
				.then((stream) => rootElementOf(stream))
				.then((root) => {
					if (root !== HEALTH_ROOT) zip.readEntry();
					else if (!settled) {
						settled = true;
						resolve(entry);
					}
				})
				.catch((error: unknown) =>
					fail(error instanceof Error ? error : new ImportError(String(error)))
				);
		});
		zip.readEntry();
	});
}

/**
 * The name of the root element of an XML stream, read from its first SNIFF_BYTES; null when the
 * stream is no XML or has no element that early. The stream is closed after.
 */
async function rootElementOf(stream: Readable): Promise<string | null> {
	const parser = new SaxesParser({ xmlns: false, position: false });
	const decoder = new TextDecoder('utf-8');
	let root: string | null = null;
	parser.on('opentagstart', (tag) => {
		root ??= tag.name;
	});
	let read = 0;
	try {
		for await (const chunk of stream) {
			if (!(chunk instanceof Uint8Array)) break;
			parser.write(decoder.decode(chunk, { stream: true }));
			read += chunk.length;
			if (root !== null || read >= SNIFF_BYTES) break;
		}
	} catch {
		// Not XML, or not UTF-8: not the export.
	} finally {
		stream.destroy();
	}
	return root;
}
