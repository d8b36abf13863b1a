// How a move's day totals and its hourly_totals grow from its minutes: one rule for every writer of
// moves (the reference API's demo band and the Apple Health importer).

/** One local hour of a move, as `details.hourly_totals` holds it. */
export interface HourTotals {
	distance: number;
	calories: number;
	steps: number;
	active_time: number;
	inactive_time: number;
	longest_active_time: number;
	longest_idle_time: number;
}

/** What one minute adds: `active` and `idle` are seconds of the minute (together at most 60). */
export interface TallyMinute {
	steps: number;
	distance: number;
	calories: number;
	active: number;
	idle: number;
}

function emptyHour(): HourTotals {
	return {
		distance: 0,
		calories: 0,
		steps: 0,
		active_time: 0,
		inactive_time: 0,
		longest_active_time: 0,
		longest_idle_time: 0
	};
}

/**
 * Sums minutes, in order, into the day's totals and its hours. The longest active and idle runs
 * are kept for the day and within each hour: a minute with any active seconds continues an active
 * run and ends an idle one; a minute with none continues an idle run by its idle seconds; `pause()`
 * (a minute asleep or not worn) ends both. A local hour met twice (the clocks going back, flying
 * west) folds into one entry.
 */
export class MoveTally {
	readonly hourly: Record<string, HourTotals> = {};
	steps = 0;
	distance = 0;
	activeTime = 0;
	inactiveTime = 0;
	longestActive = 0;
	longestIdle = 0;
	private hour: HourTotals | null = null;
	private hourActiveRun = 0;
	private hourIdleRun = 0;
	private dayActiveRun = 0;
	private dayIdleRun = 0;

	/** The minutes that follow belong to this local hour (`YYYYMMDDHH`); its runs start afresh. */
	enterHour(key: string): void {
		this.hour = this.listHour(key);
		this.hourActiveRun = 0;
		this.hourIdleRun = 0;
	}

	/** Lists an hour without adding to it (the hour under way before its first whole minute). */
	listHour(key: string): HourTotals {
		const hour = (this.hourly[key] ??= emptyHour());
		return hour;
	}

	add(minute: TallyMinute): void {
		const hour = this.hour;
		if (hour === null) throw new Error('a minute is added to an hour: call enterHour first');
		hour.steps += minute.steps;
		hour.distance += minute.distance;
		hour.calories += minute.calories;
		hour.active_time += minute.active;
		hour.inactive_time += minute.idle;
		this.steps += minute.steps;
		this.distance += minute.distance;
		this.activeTime += minute.active;
		this.inactiveTime += minute.idle;
		if (minute.active > 0) {
			this.hourActiveRun += minute.active;
			this.dayActiveRun += minute.active;
			this.hourIdleRun = 0;
			this.dayIdleRun = 0;
		} else {
			this.hourIdleRun += minute.idle;
			this.dayIdleRun += minute.idle;
			this.hourActiveRun = 0;
			this.dayActiveRun = 0;
		}
		hour.longest_active_time = Math.max(hour.longest_active_time, this.hourActiveRun);
		hour.longest_idle_time = Math.max(hour.longest_idle_time, this.hourIdleRun);
		this.longestActive = Math.max(this.longestActive, this.dayActiveRun);
		this.longestIdle = Math.max(this.longestIdle, this.dayIdleRun);
	}

	/** A minute asleep or not worn: it adds nothing and ends every run. */
	pause(): void {
		this.hourActiveRun = 0;
		this.hourIdleRun = 0;
		this.dayActiveRun = 0;
		this.dayIdleRun = 0;
	}
}
