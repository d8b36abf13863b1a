// Legend entries shared by chart cards and PNG export.

export interface LegendItem {
	label: string;
	/** A CSS colour, usually a theme variable such as `var(--sleep-deep)`. */
	color: string;
	/** Drawn as a dashed line rather than a filled swatch (e.g. a comparison period). */
	dashed?: boolean;
	/**
	 * Drawn as a small dot, like a mark placed over a bar (e.g. the met days of a goal), or as a
	 * hollow ring, like the point of a week or month not over yet.
	 */
	mark?: 'dot' | 'ring';
}
