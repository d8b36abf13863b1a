// Legend entries of the sleep charts, in the colours the chart components draw with.
import type { LegendItem } from '$lib/charts/frame/legend';

export const phaseLegend: LegendItem[] = [
	{ label: 'Falling asleep', color: 'var(--sleep-latency)' },
	{ label: 'Awake', color: 'var(--sleep-awake)' },
	{ label: 'Light sleep', color: 'var(--sleep-light)' },
	{ label: 'Deep sleep', color: 'var(--sleep-deep)' }
];

/** The phase legend of nights some of which have REM (an imported watch's). */
export const phaseLegendWithRem: LegendItem[] = [
	{ label: 'Falling asleep', color: 'var(--sleep-latency)' },
	{ label: 'Awake', color: 'var(--sleep-awake)' },
	{ label: 'REM sleep', color: 'var(--sleep-rem)' },
	{ label: 'Light sleep', color: 'var(--sleep-light)' },
	{ label: 'Deep sleep', color: 'var(--sleep-deep)' }
];

/** The legend for nights: with REM when one of them has some. */
export function phaseLegendFor(hasRem: boolean): LegendItem[] {
	return hasRem ? phaseLegendWithRem : phaseLegend;
}

export const bedtimeLegend: LegendItem[] = [
	{ label: 'In bed', color: 'var(--sleep-in-bed)' },
	{ label: 'Fell asleep', color: 'var(--sleep-deep)' }
];
