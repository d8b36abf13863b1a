// Moods on one good-to-bad scale: the API numbers its sub_types out of order (8 Good sits between 3 and 4).
import type { MoodSubType } from '$lib/api';

/** Every mood the API knows, best first, with the name the app gives it. */
export const MOOD_SCALE: readonly { subType: MoodSubType; name: string }[] = [
	{ subType: 1, name: 'Amazing' },
	{ subType: 2, name: 'Pumped' },
	{ subType: 3, name: 'Energized' },
	{ subType: 8, name: 'Good' },
	{ subType: 4, name: 'Meh' },
	{ subType: 5, name: 'Dragging' },
	{ subType: 6, name: 'Exhausted' },
	{ subType: 7, name: 'Totally Done' }
];

/** The highest score, the best mood's. */
export const MOOD_SCORE_MAX = MOOD_SCALE.length;

/** Place on the scale: 1 for Amazing down to 8 for Totally Done. */
export function moodRank(subType: MoodSubType): number {
	return MOOD_SCALE.findIndex((entry) => entry.subType === subType) + 1;
}

/** A score to average: 8 for Amazing down to 1 for Totally Done. */
export function moodScore(subType: MoodSubType): number {
	return MOOD_SCORE_MAX + 1 - moodRank(subType);
}

/** The app's name of a mood. */
export function moodName(subType: MoodSubType): string {
	return MOOD_SCALE.find((entry) => entry.subType === subType)?.name ?? 'Mood';
}

/** The theme colour of a place on the scale (`--mood-1` best … `--mood-8` worst, src/app.css). */
export function moodColor(rank: number): string {
	return `var(--mood-${rank})`;
}
