// Which files of a Garmin Connect export ("Export your data": DI_CONNECT/…) hold what.
import type { ArchiveEntry } from '../archive/zip-archive';

export type GarminFile = 'daily' | 'sleep' | 'activities' | 'biometrics' | 'fit';

const KINDS: readonly [RegExp, GarminFile][] = [
	[/\/UDSFile_[^/]*\.json$/, 'daily'],
	[/_sleepData\.json$/, 'sleep'],
	[/_summarizedActivities\.json$/, 'activities'],
	[/_userBioMetrics\.json$/, 'biometrics'],
	[/\.fit$/i, 'fit']
];
const EXPORT_ROOT = /(^|\/)DI_CONNECT\//;

/** What an entry of the export holds, or null for the files the importer does not read. */
export function garminFileOf(entry: ArchiveEntry): GarminFile | null {
	if (!EXPORT_ROOT.test(entry.name)) return null;
	for (const [pattern, kind] of KINDS) if (pattern.test(entry.name)) return kind;
	return null;
}

/** A Garmin Connect export: `DI_CONNECT/` with one of the files the importer reads. */
export function isGarminArchive(names: readonly string[]): boolean {
	return names.some(
		(name) =>
			EXPORT_ROOT.test(name) &&
			KINDS.some(([pattern, kind]) => kind !== 'fit' && pattern.test(name))
	);
}

/** What a file the importer leaves out holds, for the "not imported" counts; null for the rest. */
export function unreadGarminKind(entry: ArchiveEntry): string | null {
	if (!EXPORT_ROOT.test(entry.name)) return null;
	if (/\.zip$/i.test(entry.name))
		return 'zips of uploaded files inside the export (their FIT files are not opened)';
	if (
		/_healthStatusData\.json$/.test(entry.name) ||
		/_hydration|HydrationLogFile_/.test(entry.name)
	)
		return 'health-status and hydration files (no place in the API)';
	return null;
}
