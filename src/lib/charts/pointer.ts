// Pointer tracking as an attachment, for canvas-backed charts whose cells have no element to hover.
import type { Attachment } from 'svelte/attachments';

/** Reports pointer positions relative to the element's top-left corner, and when it leaves. */
export function trackPointer(
	onMove: (x: number, y: number) => void,
	onLeave: () => void
): Attachment<Element> {
	return (node) => {
		const move = (event: Event) => {
			if (!(event instanceof PointerEvent)) return;
			const box = node.getBoundingClientRect();
			onMove(event.clientX - box.left, event.clientY - box.top);
		};
		node.addEventListener('pointermove', move);
		node.addEventListener('pointerleave', onLeave);
		return () => {
			node.removeEventListener('pointermove', move);
			node.removeEventListener('pointerleave', onLeave);
		};
	};
}
