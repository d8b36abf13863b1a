// Lets a chart's datum be chosen (click, Enter or Space) from outside the chart, by its data-index.
import type { Attachment } from 'svelte/attachments';

/** The `data-index` of the datum an event came from, if it lies inside `container`. */
function datumIndex(container: Element, target: EventTarget | null): number | null {
	if (!(target instanceof Element)) return null;
	const datum = target.closest('[data-index]');
	if (!datum || !container.contains(datum)) return null;
	const index = Number(datum.getAttribute('data-index'));
	return Number.isInteger(index) && index >= 0 ? index : null;
}

/**
 * The chart components report hover and focus but not a choice; this listens on a wrapper for
 * clicks and Enter/Space on the focusable datum marks (which carry `data-index`) and reports the
 * chosen index. Arrow keys stay with the chart.
 */
export function datumActivation(onActivate: (index: number) => void): Attachment<HTMLElement> {
	return (node) => {
		const onClick = (event: MouseEvent) => {
			const index = datumIndex(node, event.target);
			if (index !== null) onActivate(index);
		};
		const onKeydown = (event: KeyboardEvent) => {
			if (event.key !== 'Enter' && event.key !== ' ') return;
			const index = datumIndex(node, event.target);
			if (index === null) return;
			event.preventDefault();
			onActivate(index);
		};
		node.addEventListener('click', onClick);
		node.addEventListener('keydown', onKeydown);
		return () => {
			node.removeEventListener('click', onClick);
			node.removeEventListener('keydown', onKeydown);
		};
	};
}
