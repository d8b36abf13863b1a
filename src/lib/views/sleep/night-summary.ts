// A night's totals and times as the page lists them, in the sleep's own zone.
import type { Hypnogram } from '$lib/metrics/types';
import { formatDuration } from '$lib/metrics/units';
import { formatClock } from '$lib/time/zone';

export interface NightFigure {
	/** Stable key, also the `data-total` the page and its tests find a figure by. */
	key: keyof Hypnogram['totals'];
	label: string;
	seconds: number;
	text: string;
}

const LABELS: Record<keyof Hypnogram['totals'], string> = {
	latency: 'Time to fall asleep',
	awake: 'Awake',
	rem: 'REM sleep',
	light: 'Light sleep',
	deep: 'Deep sleep',
	asleep: 'Asleep',
	inBed: 'In bed'
};

const ORDER: (keyof Hypnogram['totals'])[] = [
	'asleep',
	'inBed',
	'latency',
	'awake',
	'rem',
	'light',
	'deep'
];

/**
 * The totals in reading order: asleep and in bed first, then the parts of the night; REM only
 * for a night that has some (a band records none).
 */
export function nightFigures(night: Hypnogram): NightFigure[] {
	return ORDER.filter((key) => key !== 'rem' || night.totals.rem > 0).map((key) => ({
		key,
		label: LABELS[key],
		seconds: night.totals[key],
		text: formatDuration(night.totals[key])
	}));
}

/** `23:36 – 07:21 (Europe/Berlin)`: bed and wake on the sleep's own wall clock. */
export function nightTimes(night: Hypnogram): string {
	return `${formatClock(night.bedtime, night.tz)} – ${formatClock(night.wake, night.tz)} (${night.tz})`;
}
