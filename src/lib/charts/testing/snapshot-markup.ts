// Cuts the chart SVG out of server-rendered markup and strips what changes between builds, and
// checks its coordinates are rounded.
import { expect } from 'vitest';

/**
 * Returns every `<svg>…</svg>` of the markup (a chart may have several), without Svelte's
 * hydration comments and scoped-style class hashes, one element per line for readable diffs.
 */
export function chartSvgMarkup(html: string): string {
	const svgs = html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
	return (
		svgs
			.map((svg) =>
				svg
					.replace(/<!--[\s\S]*?-->/g, '')
					.replace(/\s?svelte-[a-z0-9]+/g, '')
					.replace(/ class=""/g, '')
					.replace(/><(?!\/)/g, '>\n<')
			)
			.join('\n\n') + '\n'
	);
}

/** Every numeric attribute in the snapshots is rounded to 0.01 at layout time: this guards it. */
export function expectRoundedCoordinates(svg: string): void {
	const numbers = svg.match(/(?<=\s(?:x|y|x1|x2|y1|y2|width|height|cx|cy)=")[^"]+/g) ?? [];
	expect(numbers.length).toBeGreaterThan(0);
	for (const value of numbers) expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
}
