// Legend entries of the sleep charts, in the colours the chart components draw with.
import type { LegendItem } from '$lib/charts/frame/legend';

export const phaseLegend: LegendItem[] = [
	{ label: 'Falling asleep', color: 'var(--sleep-latency)' },
	{ label: 'Awake', color: 'var(--sleep-awake)' },
	{ label: 'Light sleep', color: 'var(--sleep-light)' },
	{ label: 'Deep sleep', color: 'var(--sleep-deep)' }
];

export const bedtimeLegend: LegendItem[] = [
	{ label: 'In bed', color: 'var(--sleep-in-bed)' },
	{ label: 'Fell asleep', color: 'var(--sleep-deep)' }
];
