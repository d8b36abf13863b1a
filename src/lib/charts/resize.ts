// Container width through a ResizeObserver, as an attachment: charts lay out to the space they get.
import type { Attachment } from 'svelte/attachments';

/**
 * Reports the element's content width (whole pixels) whenever it changes. Unlike
 * `bind:clientWidth` it never reads the width synchronously while mounting, which would force
 * the browser to lay the page out mid-render; the first report arrives before the first paint.
 */
export function observeWidth(onWidth: (width: number) => void): Attachment<HTMLElement> {
	return (node) => {
		const observer = new ResizeObserver((entries) => {
			for (const entry of entries) onWidth(Math.round(entry.contentRect.width));
		});
		observer.observe(node);
		return () => observer.disconnect();
	};
}
