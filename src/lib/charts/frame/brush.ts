// A horizontal d3 brush as a Svelte attachment: the one place d3 touches the DOM, since Svelte cannot draw a brush.
import { brushX } from 'd3-brush';
import { select } from 'd3-selection';
import type { D3BrushEvent } from 'd3-brush';
import type { Attachment } from 'svelte/attachments';

/**
 * Lets the user drag across the plot; on release reports the dragged pixel span and clears the
 * selection (the chart zooms instead of keeping a grey band). Spans under 4 px are treated as clicks.
 */
export function horizontalBrush(
	width: number,
	height: number,
	onSelect: (span: [number, number]) => void
): Attachment<SVGGElement> {
	return (node) => {
		const group = select(node);
		const brush = brushX<unknown>()
			.extent([
				[0, 0],
				[width, height]
			])
			.on('end', (event: D3BrushEvent<unknown>) => {
				const selection = event.selection;
				// A programmatic clear also fires `end`, without a source event: ignore it.
				if (!event.sourceEvent || !selection) return;
				const [from, to] = selection;
				if (typeof from !== 'number' || typeof to !== 'number') return;
				brush.clear(group);
				if (to - from >= 4) onSelect([from, to]);
			});
		group.call(brush);
		return () => {
			brush.on('end', null);
			group.on('.brush', null);
			group.selectAll('*').remove();
		};
	};
}
