// Which files of an Oura data export (the membership hub's download) hold what.
import type { ArchiveEntry } from '../archive/zip-archive';

export type OuraFile = 'activity' | 'sleep' | 'workout';

const FILES: Readonly<Record<string, OuraFile>> = {
	'dailyactivity.csv': 'activity',
	'sleepmodel.csv': 'sleep',
	'workout.csv': 'workout'
};

function baseName(name: string): string {
	return name.slice(name.lastIndexOf('/') + 1).toLowerCase();
}

export function ouraFileOf(entry: ArchiveEntry): OuraFile | null {
	return FILES[baseName(entry.name)] ?? null;
}

/** An Oura export: `sleepmodel.csv` or `dailyactivity.csv` (in `App Data/` in the hub's download). */
export function isOuraArchive(names: readonly string[]): boolean {
	return names.some((name) => {
		const base = baseName(name);
		return base === 'sleepmodel.csv' || base === 'dailyactivity.csv';
	});
}

/** The other CSV files (scores, readiness, SpO2, heart-rate samples…): counted as not imported. */
export function unreadOuraKind(entry: ArchiveEntry): string | null {
	const base = baseName(entry.name);
	if (!base.endsWith('.csv') || FILES[base]) return null;
	return `${base} (scores and samples the API has no place for)`;
}
