// Cuts the chart SVG out of server-rendered markup and strips what changes between builds.

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
