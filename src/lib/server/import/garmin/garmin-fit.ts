// A FIT activity file of a Garmin export, read with Garmin's own SDK: its sessions as workouts' figures.
import { Decoder, Stream } from '@garmin/fitsdk';

/** Seconds between the Unix epoch and the FIT epoch (1989-12-31T00:00:00Z). */
const FIT_EPOCH = 631065600;

export interface FitSession {
	start: number;
	seconds: number;
	elapsed: number;
	meters: number | null;
	kcal: number | null;
	sport: string;
	/** Minutes east of UTC from the activity's local timestamp, when the file has one. */
	offset: number | null;
}

function seconds(value: unknown): number | null {
	if (value instanceof Date) return Math.floor(value.getTime() / 1000);
	return typeof value === 'number' && Number.isFinite(value) ? value + FIT_EPOCH : null;
}

function number(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The sessions of a FIT file (an activity holds one per sport), or a message saying why the file
 * cannot be read. Monitoring and other non-activity files have no sessions and answer none.
 */
export function readFitSessions(bytes: Uint8Array): { sessions: FitSession[] } | { error: string } {
	const stream = Stream.fromByteArray(bytes);
	if (!Decoder.isFIT(stream)) return { error: 'not a FIT file' };
	const decoder = new Decoder(stream);
	if (!decoder.checkIntegrity()) return { error: 'a FIT file that is damaged or cut off' };
	const { messages, errors } = decoder.read({ convertDateTimesToDates: false });
	if (errors.length > 0) return { error: errors[0]?.message ?? 'unreadable FIT data' };
	const activity = messages.activityMesgs?.[0];
	const stamp = seconds(activity?.timestamp);
	const local = seconds(activity?.localTimestamp);
	const offset = stamp !== null && local !== null ? Math.round((local - stamp) / 60) : null;
	const sessions: FitSession[] = [];
	for (const session of messages.sessionMesgs ?? []) {
		const start = seconds(session.startTime);
		const elapsed = number(session.totalElapsedTime);
		if (start === null || elapsed === null) continue;
		sessions.push({
			start,
			seconds: number(session.totalTimerTime) ?? elapsed,
			elapsed,
			meters: number(session.totalDistance),
			kcal: number(session.totalCalories),
			sport: typeof session.sport === 'string' ? session.sport : String(session.sport ?? ''),
			offset: offset !== null && Math.abs(offset) <= 14 * 60 ? offset : null
		});
	}
	return { sessions };
}
