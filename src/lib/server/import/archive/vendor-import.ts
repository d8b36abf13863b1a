// Imports a Fitbit, Garmin Connect or Oura export zip, recognised by the files it holds, all or nothing.
export type { VendorContext, VendorImporter } from './vendor';
import { Collector } from '../collector';
import { fitbitImporter } from '../fitbit/fitbit-import';
import { garminImporter } from '../garmin/garmin-import';
import { ouraImporter } from '../oura/oura-import';
import {
	ImportError,
	type ImportOptions,
	type ImportSink,
	type ImportSummary,
	type ImportZone
} from '../types';
import type { VendorContext, VendorImporter } from './vendor';
import { ZipArchive, type ArchiveEntry } from './zip-archive';

export const VENDOR_IMPORTERS: readonly VendorImporter[] = [
	fitbitImporter,
	garminImporter,
	ouraImporter
];

function isList(value: unknown): value is unknown[] {
	return Array.isArray(value);
}

/** The vendor whose export these entry names are, or null (an Apple Health zip, or something else). */
export function vendorOf(names: readonly string[]): VendorImporter | null {
	return VENDOR_IMPORTERS.find((vendor) => vendor.recognises(names)) ?? null;
}

/**
 * Imports a vendor's export zip into the sink, or answers null (having touched nothing) when the
 * zip is no vendor's export. On any error the sink is aborted and nothing is committed.
 */
export async function importVendorArchive(
	path: string,
	sink: ImportSink,
	options: ImportOptions
): Promise<ImportSummary | null> {
	let archive: ZipArchive;
	try {
		archive = await ZipArchive.open(path);
	} catch (error) {
		const failure = error instanceof Error ? error : new ImportError(String(error));
		await sink.abort(failure);
		throw failure;
	}
	try {
		const vendor = vendorOf(archive.entries.map((entry) => entry.name));
		if (!vendor) return null;
		const collector = new Collector(sink);
		/** What the export holds that the API has no place for, with counts (shown as "not imported"). */
		const notImported: Record<string, number> = {};
		const total = vendor.wanted(archive.entries).reduce((sum, entry) => sum + entry.size, 0);
		let bytes = 0;
		const counted = (entry: ArchiveEntry) => {
			bytes += entry.size;
			options.onProgress?.(bytes, total);
		};
		const context: VendorContext = {
			archive,
			collector,
			options,
			list: async (entry) => {
				const value = await archive.json(entry);
				counted(entry);
				if (!isList(value))
					throw new ImportError(`${archive.fileName}: ${entry.name}: not a list of records`);
				return value;
			},
			text: async (entry) => {
				const value = await archive.text(entry);
				counted(entry);
				return value;
			},
			bytes: async (entry) => {
				const value = await archive.bytes(entry);
				counted(entry);
				return value;
			},
			notImported: (what, count = 1) => {
				notImported[what] = (notImported[what] ?? 0) + count;
			}
		};
		let zone: ImportZone | null;
		try {
			zone = await vendor.read(context);
		} catch (error) {
			const failure =
				error instanceof ImportError
					? error
					: new ImportError(
							`${archive.fileName}: ${error instanceof Error ? error.message : String(error)}`
						);
			await sink.abort(failure);
			throw failure;
		}
		const outcome = await sink.commit();
		return {
			format: vendor.format,
			records: collector.counts,
			skipped: collector.skipped,
			notImported,
			zone,
			bytes,
			outcome,
			repeatOf: null
		};
	} finally {
		archive.close();
	}
}
