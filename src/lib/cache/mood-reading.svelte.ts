// How far a read of a range of moods has come, for the page to show beside the days read so far.
import { NO_DAYS, type MoodDaysProgress } from './mood-days';

/** The progress of one mood query's read of the API (moods.ts); idle when nothing is asked. */
export class MoodReading {
	/** Days answered so far, of `total` asked. */
	read = $state(0);
	total = $state(0);
	/**
	 * Dates of the range with no answer in what the query shows yet: they are drawn as not read,
	 * never as days without a mood. Empty once the read is done.
	 */
	unread = $state.raw<ReadonlySet<number>>(NO_DAYS);
	/**
	 * Dates of the range the cache holds an answer for (a mood, or none logged), as of what the
	 * query shows; null before the cache was read. A date without one was never read: offline, or
	 * after a read that failed, it is "not read yet", never a day without a mood.
	 */
	answered = $state.raw<ReadonlySet<number> | null>(null);

	/** Whether days of the range are still to be read (a read of today and yesterday alone is not). */
	get active(): boolean {
		return this.unread.size > 0;
	}

	/** The counts of the read as it stands. */
	count(progress: MoodDaysProgress): void {
		this.read = progress.read;
		this.total = progress.total;
	}

	/** The days still unread in what the query now shows. */
	shown(unread: ReadonlySet<number>): void {
		this.unread = unread;
	}

	/** The dates the cache answers for, read with the moods the query shows. */
	known(dates: ReadonlySet<number>): void {
		this.answered = dates;
	}

	/** The read ended (done, failed or stopped): nothing is shown as being read. */
	finish(): void {
		this.read = 0;
		this.total = 0;
		this.unread = NO_DAYS;
	}
}
