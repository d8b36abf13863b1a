// Named fixtures of the mood calendar's tests and snapshot: March 2026 as the demo user might log it.
import type { MoodSubType } from '$lib/api';
import { calendarDays, type MoodCalendarDay } from '../mood-calendar/mood-calendar';

/** Sub_types logged on the days of March 2026 (0: no mood that day), up to the 30th. */
const MARCH: readonly number[] = [
	1, 8, 4, 0, 3, 2, 8, 8, 5, 0, 6, 7, 4, 8, 3, 1, 2, 0, 8, 4, 5, 8, 3, 3, 0, 8, 1, 2, 4, 0
];

/** March 2026 with its moods; today is the 30th, so the 31st is still to come. */
export const moodMarch: MoodCalendarDay[] = calendarDays(20260301, 20260331, 20260330, (date) => {
	const subType = MARCH[(date % 100) - 1] ?? 0;
	return subType === 0 ? null : { subType: subType as MoodSubType, title: 'Logged' };
});
