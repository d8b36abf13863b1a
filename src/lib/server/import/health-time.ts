// Apple Health's dates ("2024-03-31 01:59:00 +0100"): instants with the offset the device was in.

export interface HealthInstant {
	/** Epoch seconds. */
	epoch: number;
	/** Minutes east of UTC the device's clock was at, as the export wrote it. */
	offset: number;
}

const HEALTH_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** Parses an export date, or null when the text is not one. */
export function parseHealthDate(text: string): HealthInstant | null {
	const m = HEALTH_DATE.exec(text);
	if (!m) return null;
	const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number);
	if (
		year === undefined ||
		month === undefined ||
		day === undefined ||
		hour === undefined ||
		minute === undefined ||
		second === undefined
	)
		return null;
	if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
		return null;
	const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
	const wall = Date.UTC(year, month - 1, day, hour, minute, second);
	if (new Date(wall).getUTCDate() !== day) return null;
	return { epoch: wall / 1000 - offset * 60, offset };
}

/**
 * The API's fixed-offset zone for an offset in minutes: `GMT+0100`. The export records offsets,
 * not zone names, and one offset fits many Olson zones, so the importer never guesses a name.
 */
export function gmtZone(offset: number): string {
	const sign = offset < 0 ? '-' : '+';
	const abs = Math.abs(offset);
	return `GMT${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The wall clock at an instant seen with a fixed offset (minutes east of UTC). */
export function wallClock(epoch: number, offset: number): Date {
	return new Date((epoch + offset * 60) * 1000);
}

/** The local date `YYYYMMDD` at an instant for a fixed offset. */
export function localDateAt(epoch: number, offset: number): number {
	const wall = wallClock(epoch, offset);
	return wall.getUTCFullYear() * 10000 + (wall.getUTCMonth() + 1) * 100 + wall.getUTCDate();
}

/** The `YYYYMMDDHH` key of the local hour at an instant for a fixed offset. */
export function localHourKey(epoch: number, offset: number): string {
	const wall = wallClock(epoch, offset);
	return `${localDateAt(epoch, offset)}${String(wall.getUTCHours()).padStart(2, '0')}`;
}

/** `12,345` */
export function withThousands(n: number): string {
	return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `7h 05m` */
export function hoursAndMinutes(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** Rounds to a fixed number of decimals so stored numbers stay short and stable. */
export function round(value: number, decimals: number): number {
	const factor = 10 ** decimals;
	return Math.round(value * factor) / factor;
}
