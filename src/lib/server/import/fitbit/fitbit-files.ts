// Which files of a Fitbit archive (Google Takeout or the older fitbit.com export) hold what.
import type { ArchiveEntry } from '../archive/zip-archive';

/** The JSON series the importer reads, by the file name's prefix (`steps-2018-04-01.json`). */
export type FitbitSeries =
	'steps' | 'distance' | 'calories' | 'sleep' | 'resting_heart_rate' | 'weight' | 'exercise';

const SERIES_NAMES: Readonly<Record<string, FitbitSeries>> = {
	steps: 'steps',
	distance: 'distance',
	calories: 'calories',
	sleep: 'sleep',
	resting_heart_rate: 'resting_heart_rate',
	weight: 'weight',
	exercise: 'exercise'
};
const SERIES = /^(steps|distance|calories|sleep|resting_heart_rate|weight|exercise)-[\d-]+\.json$/;
/** Folders the per-day or per-month JSON files live in: Takeout's, and the fitbit.com archive's. */
const EXPORT_FOLDER = /(^|\/)(Global Export Data|user-site-export)\//;
const PROFILE = /(^|\/)(Your Profile|user-profile)\/Profile\.csv$/i;
/** The newer CSV folders of Google's data (read by name only: see the README). */
const GOOGLE_DATA = /(^|\/)[^/]*_GoogleData\//;

function baseName(name: string): string {
	return name.slice(name.lastIndexOf('/') + 1);
}

/** The series a file holds, or null when it is not one the importer reads. */
export function seriesOf(entry: ArchiveEntry): FitbitSeries | null {
	if (!EXPORT_FOLDER.test(entry.name)) return null;
	const match = SERIES.exec(baseName(entry.name));
	return match ? (SERIES_NAMES[match[1] ?? ''] ?? null) : null;
}

export function isProfile(entry: ArchiveEntry): boolean {
	return PROFILE.test(entry.name);
}

/**
 * A Fitbit archive: a file of one of the series in Takeout's `Fitbit/Global Export Data/` or the
 * fitbit.com archive's `user-site-export/`.
 */
export function isFitbitArchive(names: readonly string[]): boolean {
	return names.some((name) => EXPORT_FOLDER.test(name) && SERIES.test(baseName(name)));
}

/** What a file the importer does not read holds, for the "not imported" counts; null for the rest. */
export function unreadKind(entry: ArchiveEntry): string | null {
	const name = baseName(entry.name);
	if (EXPORT_FOLDER.test(entry.name)) {
		if (/^heart_rate-/.test(name))
			return 'days of heart-rate samples (the API keeps resting heart rate only)';
		const other = /^([a-z_]+)-[\d-]+\.json$/.exec(name);
		if (other) return `${(other[1] ?? '').replace(/_/g, ' ')} files (no place in the API)`;
		return null;
	}
	if (GOOGLE_DATA.test(entry.name) && name.endsWith('.csv'))
		return 'CSV files of the newer Google data folders (the JSON series hold the same days)';
	return null;
}
