// SVG export: a standalone copy of a chart's SVG with computed styles inlined, so theme variables resolve.

/** Presentation properties that scoped CSS and theme variables set on chart marks. */
export const INLINED_PROPERTIES = [
	'fill',
	'fill-opacity',
	'stroke',
	'stroke-width',
	'stroke-opacity',
	'stroke-dasharray',
	'stroke-linecap',
	'stroke-linejoin',
	'opacity',
	'font-family',
	'font-size',
	'font-weight',
	'text-anchor',
	'dominant-baseline',
	'visibility',
	'display'
] as const;

// Values that are the initial value anyway: leaving them out keeps the exported file small.
const DEFAULTS: Partial<Record<(typeof INLINED_PROPERTIES)[number], string>> = {
	'fill-opacity': '1',
	'stroke-opacity': '1',
	opacity: '1',
	'stroke-dasharray': 'none',
	'stroke-linecap': 'butt',
	'stroke-linejoin': 'miter',
	visibility: 'visible',
	'dominant-baseline': 'auto'
};

/** A `style` attribute value from a computed-style reader, skipping empty and default values. */
export function inlineStyle(
	read: (property: string) => string,
	properties: readonly (typeof INLINED_PROPERTIES)[number][] = INLINED_PROPERTIES
): string {
	return properties
		.flatMap((property) => {
			const value = read(property).trim();
			if (!value || DEFAULTS[property] === value) return [];
			return [`${property}:${value}`];
		})
		.join(';');
}

/** A bitmap to embed in the exported SVG (the heatmap's canvas), in the SVG's coordinates. */
export interface EmbeddedCanvas {
	canvas: HTMLCanvasElement;
	x: number;
	y: number;
	width: number;
	height: number;
}

export interface SvgExportOptions {
	/** Canvas-drawn marks to embed as an image under the SVG marks. */
	embed?: EmbeddedCanvas;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A copy of the chart's SVG that stands on its own: every element's computed style written onto
 * it, and what only makes sense on screen (tab stops, roles, ids of tooltips) dropped.
 */
export function standaloneSvg(svg: SVGSVGElement, options: SvgExportOptions = {}): SVGSVGElement {
	const copy = svg.cloneNode(true);
	if (!(copy instanceof SVGSVGElement)) throw new Error('SVG export: the chart is not an <svg>');
	const originals = [svg, ...svg.querySelectorAll('*')];
	const copies = [copy, ...copy.querySelectorAll('*')];
	originals.forEach((original, index) => {
		const target = copies[index];
		if (!target) return;
		const computed = getComputedStyle(original);
		const style = inlineStyle((property) => computed.getPropertyValue(property));
		if (style) target.setAttribute('style', style);
		else target.removeAttribute('style');
		for (const attribute of ['class', 'tabindex', 'aria-describedby', 'data-index']) {
			target.removeAttribute(attribute);
		}
	});
	const { width, height } = svg.viewBox.baseVal;
	copy.setAttribute('xmlns', SVG_NS);
	copy.setAttribute('width', String(width));
	copy.setAttribute('height', String(height));
	if (options.embed) {
		const { canvas, x, y, width: w, height: h } = options.embed;
		const image = document.createElementNS(SVG_NS, 'image');
		image.setAttribute('href', canvas.toDataURL('image/png'));
		image.setAttribute('x', String(x));
		image.setAttribute('y', String(y));
		image.setAttribute('width', String(w));
		image.setAttribute('height', String(h));
		image.setAttribute('preserveAspectRatio', 'none');
		image.setAttribute('style', 'image-rendering:pixelated');
		copy.prepend(image);
	}
	return copy;
}
