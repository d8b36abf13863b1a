import { describe, expect, it } from 'vitest';
import { cssVariableName, headerLayout, PNG_PADDING } from './header';

// A stand-in for canvas text measurement: 7 px per character.
const measure = (text: string) => text.length * 7;

describe('headerLayout', () => {
	it('stacks title, subtitle and legend, and reserves their height above the chart', () => {
		const layout = headerLayout(
			600,
			'Sleep',
			'Mar 2026',
			[{ label: 'Deep', color: 'var(--sleep-deep)' }],
			measure
		);
		expect(layout.title.x).toBe(PNG_PADDING);
		expect(layout.subtitle?.y).toBeGreaterThan(layout.title.y);
		expect(layout.legend[0]?.y).toBeGreaterThan(layout.subtitle?.y ?? 0);
		expect(layout.height).toBeGreaterThan(layout.legend[0]?.y ?? 0);
	});

	it('wraps legend entries that do not fit on one line', () => {
		const legend = ['Falling asleep', 'Awake', 'Light sleep', 'Deep sleep'].map((label) => ({
			label,
			color: '#000'
		}));
		const wide = headerLayout(800, 'Sleep', undefined, legend, measure);
		const narrow = headerLayout(200, 'Sleep', undefined, legend, measure);
		expect(new Set(wide.legend.map((entry) => entry.y)).size).toBe(1);
		expect(new Set(narrow.legend.map((entry) => entry.y)).size).toBeGreaterThan(1);
		expect(narrow.height).toBeGreaterThan(wide.height);
		for (const entry of narrow.legend) {
			expect(entry.x + 18 + measure(entry.item.label)).toBeLessThanOrEqual(
				200 - PNG_PADDING + 1e-9
			);
		}
	});

	it('leaves no legend band without legend entries', () => {
		const plain = headerLayout(600, 'Steps', undefined, [], measure);
		const withLegend = headerLayout(
			600,
			'Steps',
			undefined,
			[{ label: 'Steps', color: '#000' }],
			measure
		);
		expect(plain.legend).toEqual([]);
		expect(withLegend.height).toBeGreaterThan(plain.height);
	});
});

describe('cssVariableName', () => {
	it('finds the variable in var() with or without a fallback', () => {
		expect(cssVariableName('var(--accent)')).toBe('--accent');
		expect(cssVariableName(' var( --sleep-deep , #123 ) ')).toBe('--sleep-deep');
		expect(cssVariableName('#0f766e')).toBeNull();
	});
});
