// A vendor's export zip read lazily with yauzl: its directory first, then one entry at a time, with caps.
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ImportError } from '../types';

/** Entries a vendor archive may list; a Garmin export of many years holds some tens of thousands. */
export const MAX_ENTRIES = 200_000;
/**
 * The largest entry read whole as text (a JSON file is parsed as one document). Fitbit writes a
 * month of minute steps in about 2 MB and a day of heart rate in a few MB; 64 MiB leaves room
 * for ten times that and still bounds what one entry can make the server hold.
 */
export const MAX_TEXT_ENTRY_BYTES = 64 * 1024 * 1024;

/** One file in the archive, as its directory lists it. */
export interface ArchiveEntry {
	/** The path inside the zip, with forward slashes. */
	name: string;
	/** Inflated size the directory announces (checked while inflating). */
	size: number;
	entry: yauzl.Entry;
}

/** Why a zip cannot be opened, worded for the person holding it. */
function openFailure(name: string, error: Error): ImportError {
	const cutOff = /central directory|end of central|unexpected EOF|offset|truncated/i.test(
		error.message
	);
	return new ImportError(
		cutOff
			? `${name}: the zip looks cut off (an incomplete download?): ${error.message}`
			: `${name}: not a readable zip file (${error.message})`
	);
}

/**
 * An open export zip: its directory is read once (names and sizes, at most MAX_ENTRIES), then
 * entries are inflated on demand as streams, or as bounded text. Nothing holds the archive whole.
 */
export class ZipArchive {
	readonly entries: readonly ArchiveEntry[];
	readonly fileName: string;
	readonly #zip: yauzl.ZipFile;

	private constructor(zip: yauzl.ZipFile, entries: ArchiveEntry[], fileName: string) {
		this.#zip = zip;
		this.entries = entries;
		this.fileName = fileName;
	}

	/** Opens a zip and reads its directory. */
	static open(path: string): Promise<ZipArchive> {
		const name = basename(path);
		return new Promise((resolve, reject) => {
			yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
				if (error) {
					reject(openFailure(name, error));
					return;
				}
				const entries: ArchiveEntry[] = [];
				zip.on('error', (zipError: Error) => {
					zip.close();
					reject(openFailure(name, zipError));
				});
				zip.on('entry', (entry: yauzl.Entry) => {
					if (entries.length >= MAX_ENTRIES) {
						zip.close();
						reject(new ImportError(`${name}: more than ${MAX_ENTRIES} files inside: not read`));
						return;
					}
					if (!entry.fileName.endsWith('/'))
						entries.push({
							name: entry.fileName.replace(/\\/g, '/'),
							size: entry.uncompressedSize,
							entry
						});
					zip.readEntry();
				});
				zip.on('end', () => resolve(new ZipArchive(zip, entries, name)));
				zip.readEntry();
			});
		});
	}

	/** The entry's inflated bytes as a stream (yauzl checks them against the directory's sizes). */
	stream(entry: ArchiveEntry): Promise<Readable> {
		return new Promise((resolve, reject) => {
			this.#zip.openReadStream(entry.entry, (error, stream) => {
				if (error) reject(new ImportError(`${this.fileName}: ${entry.name}: ${error.message}`));
				else resolve(stream);
			});
		});
	}

	/** The entry as UTF-8 text, refused past `cap` bytes (announced or actually inflated). */
	async text(entry: ArchiveEntry, cap = MAX_TEXT_ENTRY_BYTES): Promise<string> {
		const text = (await this.bytes(entry, cap)).toString('utf8');
		return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	}

	/** The entry's bytes, refused past `cap` bytes (announced or actually inflated). */
	async bytes(entry: ArchiveEntry, cap = MAX_TEXT_ENTRY_BYTES): Promise<Buffer> {
		const where = `${this.fileName}: ${entry.name}`;
		if (entry.size > cap)
			throw new ImportError(
				`${where}: ${(entry.size / 1e6).toFixed(1)} MB inflated, more than the ${(cap / 1e6).toFixed(0)} MB one file may hold here`
			);
		const stream = await this.stream(entry);
		const chunks: Buffer[] = [];
		let bytes = 0;
		try {
			for await (const chunk of stream) {
				const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
				bytes += buffer.length;
				if (bytes > cap) {
					stream.destroy();
					throw new ImportError(
						`${where}: more than the ${(cap / 1e6).toFixed(0)} MB one file may hold here`
					);
				}
				chunks.push(buffer);
			}
		} catch (error) {
			if (error instanceof ImportError) throw error;
			throw new ImportError(
				`${where}: the file inside the zip is damaged or cut off (${error instanceof Error ? error.message : String(error)})`
			);
		}
		return Buffer.concat(chunks);
	}

	/** The entry parsed as JSON; a parse error names the file. */
	async json(entry: ArchiveEntry): Promise<unknown> {
		const text = await this.text(entry);
		try {
			return JSON.parse(text) as unknown;
		} catch (error) {
			throw new ImportError(
				`${this.fileName}: ${entry.name}: not JSON, or cut off (${error instanceof Error ? error.message : String(error)})`
			);
		}
	}

	close(): void {
		this.#zip.close();
	}
}
