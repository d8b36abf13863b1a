// What a vendor's importer is: how it recognises its export, and what it gets to read it with.
import type { Collector } from '../collector';
import type { ImportFormat, ImportOptions, ImportZone } from '../types';
import type { ArchiveEntry, ZipArchive } from './zip-archive';

/** What a vendor's reader gets: the open archive, the collector, and where to count what it leaves out. */
export interface VendorContext {
	archive: ZipArchive;
	collector: Collector;
	options: ImportOptions;
	/** Reads one entry as a JSON list of records, counting its bytes for the progress bar. */
	list(entry: ArchiveEntry): Promise<unknown[]>;
	/** Reads one entry as text, counting its bytes for the progress bar. */
	text(entry: ArchiveEntry): Promise<string>;
	/** Reads one entry's bytes, counting them for the progress bar. */
	bytes(entry: ArchiveEntry): Promise<Buffer>;
	/** Counts things the export holds that the API has no place for (shown as "not imported"). */
	notImported(what: string, count?: number): void;
}

/** One vendor: how to recognise its archive by the names inside, and how to read it. */
export interface VendorImporter {
	format: Extract<ImportFormat, 'fitbit-zip' | 'garmin-zip' | 'oura-zip'>;
	/** Whether the entry names are this vendor's export (by its folders and files, not the zip's name). */
	recognises(names: readonly string[]): boolean;
	/** Names the entries it will read, so progress can be told against their total. */
	wanted(entries: readonly ArchiveEntry[]): ArchiveEntry[];
	/** Reads the archive into the collector; answers the zone it read local times in, if any. */
	read(context: VendorContext): Promise<ImportZone | null>;
}
