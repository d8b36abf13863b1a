// The header of an exported picture (title, dates, legend laid out above the chart) and the theme
// colours it is drawn in, shared by the picture that reads them and the PNG that draws them.
import type { LegendItem } from '../frame/legend';

export interface HeaderLayout {
	/** Total height of the header band above the chart, in CSS px. */
	height: number;
	title: { x: number; y: number };
	subtitle: { x: number; y: number } | null;
	legend: Array<{ item: LegendItem; x: number; y: number }>;
}

export const PNG_PADDING = 16;
const TITLE_LINE = 22;
const SUBTITLE_LINE = 18;
const LEGEND_LINE = 18;
/** The side of a legend swatch, in CSS px. */
export const SWATCH = 12;
const LEGEND_GAP = 16;

/**
 * Where header text goes for a picture `width` px wide: title, subtitle, then legend entries
 * flowing left to right and wrapping. `measure` returns a label's width (a canvas in the browser,
 * a stub in tests). Text positions are baselines.
 */
export function headerLayout(
	width: number,
	title: string,
	subtitle: string | undefined,
	legend: readonly LegendItem[],
	measure: (text: string) => number
): HeaderLayout {
	let y = PNG_PADDING + 16;
	const titlePosition = { x: PNG_PADDING, y };
	let subtitlePosition: HeaderLayout['subtitle'] = null;
	if (subtitle) {
		y += SUBTITLE_LINE;
		subtitlePosition = { x: PNG_PADDING, y };
	}
	const entries: HeaderLayout['legend'] = [];
	if (legend.length) {
		y += LEGEND_LINE + 4;
		let x = PNG_PADDING;
		for (const item of legend) {
			const itemWidth = SWATCH + 6 + measure(item.label);
			if (x > PNG_PADDING && x + itemWidth > width - PNG_PADDING) {
				x = PNG_PADDING;
				y += LEGEND_LINE;
			}
			entries.push({ item, x, y });
			x += itemWidth + LEGEND_GAP;
		}
	}
	return {
		height: y + (TITLE_LINE - 16) + 8,
		title: titlePosition,
		subtitle: subtitlePosition,
		legend: entries
	};
}

/** `--accent` from `var(--accent)` or `var(--accent, #000)`; null for a plain colour. */
export function cssVariableName(value: string): string | null {
	const match = /^var\(\s*(--[\w-]+)\s*(?:,[^)]*)?\)$/.exec(value.trim());
	return match?.[1] ?? null;
}

/** A colour usable on a canvas: theme variables are read from `element`'s computed style. */
export function resolveColor(value: string, element: Element): string {
	const variable = cssVariableName(value);
	if (!variable) return value;
	return getComputedStyle(element).getPropertyValue(variable).trim() || '#000000';
}
