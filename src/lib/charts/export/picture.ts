// An exported picture of a chart: its header (title, dates, legend) and marks, read once in the chosen colour scheme, as SVG or PNG.
import type { LegendItem } from '../frame/legend';
import { headerLayout, PNG_PADDING, resolveColor, type HeaderLayout } from './header';
import { REPAINT_EVENT } from './repaint';
import { standaloneSvg } from './svg';

/** Set on the root element while an export reads colours: the theme then gives its light tokens. */
export const EXPORT_SCHEME_ATTRIBUTE = 'data-export-scheme';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A copy of a canvas's pixels as they are now, so a later repaint of the page leaves it alone. */
function snapshotCanvas(element: HTMLCanvasElement): HTMLCanvasElement {
	const copy = document.createElement('canvas');
	copy.width = element.width;
	copy.height = element.height;
	copy.getContext('2d')?.drawImage(element, 0, 0);
	return copy;
}

export interface ChartPictureOptions {
	/** The chart's SVG (axes, marks, labels). */
	svg: SVGSVGElement;
	/** A canvas drawn under the SVG (the heatmap cells), placed at its offset inside the SVG. */
	canvas?: { element: HTMLCanvasElement; x: number; y: number; width: number; height: number };
	title: string;
	subtitle?: string;
	legend?: readonly LegendItem[];
}

/** The resolved colours the header is drawn with. */
export interface HeaderColours {
	background: string;
	text: string;
	muted: string;
	/** One per legend entry, in order. */
	swatches: string[];
}

/** Everything an export draws, read from the page in one go (see `readInScheme`). */
export interface ChartPicture {
	title: string;
	subtitle?: string;
	font: string;
	colours: HeaderColours;
	header: HeaderLayout;
	/** The picture's size in CSS px: the chart with a margin and the header above it. */
	width: number;
	height: number;
	chartWidth: number;
	chartHeight: number;
	/** The chart as a standalone SVG with its styles inlined. */
	chart: SVGSVGElement;
	canvas?: ChartPictureOptions['canvas'];
}

/**
 * Runs `read` with the page's colours set to the light scheme when `light` is true, and puts the
 * page back before it returns: the person never sees the switch, since nothing is drawn between.
 * `read` must read every colour it needs before it returns (nothing after an await).
 */
export function readInScheme<T>(light: boolean, read: () => T): T {
	if (!light) return read();
	const root = document.documentElement;
	const before = root.getAttribute(EXPORT_SCHEME_ATTRIBUTE);
	root.setAttribute(EXPORT_SCHEME_ATTRIBUTE, 'light');
	try {
		return read();
	} finally {
		if (before === null) root.removeAttribute(EXPORT_SCHEME_ATTRIBUTE);
		else root.setAttribute(EXPORT_SCHEME_ATTRIBUTE, before);
		// Canvases painted in the light scheme during `read` go back to the page's colours.
		for (const canvas of root.querySelectorAll('canvas')) {
			canvas.dispatchEvent(new Event(REPAINT_EVENT));
		}
	}
}

/** Reads the chart, its colours and the header's layout from the page (synchronously). */
export function chartPicture(options: ChartPictureOptions): ChartPicture {
	const { svg, title, subtitle, legend = [] } = options;
	// The canvas paints again in the scheme being read, and its pixels are kept as they are now.
	options.canvas?.element.dispatchEvent(new Event(REPAINT_EVENT));
	const canvas = options.canvas && {
		...options.canvas,
		element: snapshotCanvas(options.canvas.element)
	};
	const { width: chartWidth, height: chartHeight } = svg.viewBox.baseVal;
	const font = getComputedStyle(svg).getPropertyValue('font-family') || 'sans-serif';
	const measuring = document.createElement('canvas').getContext('2d');
	if (!measuring) throw new Error('Export: no 2D canvas available');
	measuring.font = `12px ${font}`;
	const width = chartWidth + PNG_PADDING * 2;
	const header = headerLayout(
		width,
		title,
		subtitle,
		legend,
		(label) => measuring.measureText(label).width
	);
	return {
		title,
		subtitle,
		font,
		colours: {
			background: resolveColor('var(--surface)', svg),
			text: resolveColor('var(--text)', svg),
			muted: resolveColor('var(--muted)', svg),
			swatches: legend.map((item) => resolveColor(item.color, svg))
		},
		header,
		width,
		height: header.height + chartHeight + PNG_PADDING,
		chartWidth,
		chartHeight,
		chart: standaloneSvg(svg, { embed: canvas && { ...canvas, canvas: canvas.element } }),
		canvas
	};
}

/** Text safe inside an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
	return text
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;');
}

const SWATCH = 12;

/**
 * The header as SVG elements: the title, the dates line and the legend (swatch, then label), at
 * the positions `headerLayout` gave, in the resolved colours, the same as the PNG draws them.
 */
export function headerSvgMarkup(
	header: HeaderLayout,
	text: { title: string; subtitle?: string },
	font: string,
	colours: HeaderColours
): string {
	const family = `font-family="${escapeXml(font)}"`;
	const parts = [
		`<text x="${header.title.x}" y="${header.title.y}" ${family} font-size="16" font-weight="600" fill="${colours.text}">${escapeXml(text.title)}</text>`
	];
	if (text.subtitle && header.subtitle) {
		parts.push(
			`<text x="${header.subtitle.x}" y="${header.subtitle.y}" ${family} font-size="12" fill="${colours.muted}">${escapeXml(text.subtitle)}</text>`
		);
	}
	header.legend.forEach(({ item, x, y }, index) => {
		const colour = colours.swatches[index] ?? colours.text;
		if (item.dashed) {
			parts.push(
				`<line x1="${x}" y1="${y - 4}" x2="${x + SWATCH}" y2="${y - 4}" stroke="${colour}" stroke-width="2" stroke-dasharray="4 2"/>`
			);
		} else if (item.mark === 'ring') {
			parts.push(
				`<circle cx="${x + SWATCH / 2}" cy="${y - SWATCH / 2 + 2}" r="3.5" fill="${colours.background}" stroke="${colour}" stroke-width="1.5"/>`
			);
		} else if (item.mark === 'dot') {
			parts.push(
				`<circle cx="${x + SWATCH / 2}" cy="${y - SWATCH / 2 + 2}" r="3" fill="${colour}"/>`
			);
		} else {
			parts.push(
				`<rect x="${x}" y="${y - SWATCH + 2}" width="${SWATCH}" height="${SWATCH}" fill="${colour}"/>`
			);
		}
		parts.push(
			`<text x="${x + SWATCH + 6}" y="${y}" ${family} font-size="12" fill="${colours.text}">${escapeXml(item.label)}</text>`
		);
	});
	return parts.join('');
}

/** The picture as a standalone SVG file: background, header, then the chart below it. */
export function pictureToSvg(picture: ChartPicture): string {
	const { width, height, header, colours } = picture;
	const chart = picture.chart.cloneNode(true);
	if (!(chart instanceof SVGSVGElement)) throw new Error('SVG export: the chart is not an <svg>');
	chart.setAttribute('x', String(PNG_PADDING));
	chart.setAttribute('y', String(header.height));
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		`<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
		`<title>${escapeXml(picture.title)}</title>`,
		`<rect width="100%" height="100%" fill="${colours.background}"/>`,
		headerSvgMarkup(header, picture, picture.font, colours),
		new XMLSerializer().serializeToString(chart),
		'</svg>'
	].join('\n');
}
